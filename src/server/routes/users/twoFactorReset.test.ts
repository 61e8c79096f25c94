import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { ROLE } from '../../../domain/permissions';
import { auditLog, recoveryCodes, users } from '../../db/schema';
import { DEMO_PASSWORD, findCompanyByName } from '../../seed/demo';
import { hashPassword } from '../../services/auth/password';
import { encryptSecret, newTotpSecret, replaceRecoveryCodes } from '../../services/auth/twoFactor';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { TWO_FACTOR_RESET_TEXT } from './index';

/** POST /api/users/:id/two-factor/reset: provider staff reset a user's lost two-factor login (docs/rules.md). */

let t: TestApp;
let passwordHash: string;
let ids: { provider: number; installatie: number; bakkerij: number };
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  const id = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;
  ids = { provider: await id('Demo ICT Diensten'), installatie: await id('Van Dijk Installatietechniek B.V.'), bakkerij: await id('Bakkerij De Korenschoof') };
}, 60_000);
afterAll(() => t.close());

/** A user with two-factor login on and ten recovery codes. */
const userWithTwoFactor = async (companyId: number, roleId: number = ROLE.endUser) => {
  const [user] = await t.database.db
    .insert(users)
    .values({
      email: `reset-${crypto.randomUUID()}@voorbeeld.nl`,
      firstname: 'Sanne',
      lastname: 'de Vries',
      companyId,
      roleId,
      passwordHash,
      totpSecret: encryptSecret(t.config.twoFactorKey, newTotpSecret()),
      totpEnabledAt: new Date(),
    })
    .returning();
  await replaceRecoveryCodes(t.database.db, user.id);
  return user;
};

const staffToken = async (roleId: number) => t.tokenFor((await userWithTwoFactor(ids.provider, roleId)).id);
const resetOf = (token: string, id: number, reason: unknown = 'Telefoon en herstelcodes kwijt, gebeld op 06-nummer') =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/two-factor/reset`, headers: auth(token), payload: { reason } });
const stored = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const codesOf = async (id: number) => t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id));

describe('POST /api/users/:id/two-factor/reset', () => {
  it("turns a customer user's two-factor login off with a reason: logged, mailed, the user's sessions ended", async () => {
    const admin = await staffToken(ROLE.admin);
    const acting = await t.manage(admin, ids.installatie);
    const user = await userWithTwoFactor(ids.installatie);
    const userSession = await t.tokenFor(user.id);

    const res = await resetOf(acting, user.id, '  Telefoon en herstelcodes kwijt  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TWO_FACTOR_RESET_TEXT.done });
    expect(await stored(user.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    expect(await codesOf(user.id)).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth(userSession) })).statusCode).toBe(401);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.reset'), eq(auditLog.entityId, String(user.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ companyId: ids.installatie, impersonatingFrom: ids.provider, changes: expect.objectContaining({ reason: 'Telefoon en herstelcodes kwijt' }) });
    const mail = t.outbox().filter((eml) => eml.includes(`To: ${user.email}`)).at(-1);
    expect(mail).toMatch(/Subject: Je tweestapsverificatie is gereset/);
    // The user logs in again with the password alone.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: DEMO_PASSWORD } });
    expect(login.json()).toEqual({ token: expect.any(String) });
  });

  it('needs a reason of 3 to 500 characters with 3 visible letters, and changes nothing without one', async () => {
    const acting = await t.manage(await staffToken(ROLE.admin), ids.installatie);
    const user = await userWithTwoFactor(ids.installatie);
    for (const reason of ['', 'ab', '...', 'x'.repeat(501)]) {
      const res = await resetOf(acting, user.id, reason);
      expect({ reason, status: res.statusCode }).toEqual({ reason, status: 400 });
      expect(res.json().errors).toEqual([{ field: 'reason', message: expect.stringMatching(/^Geef een reden op/) }]);
    }
    expect((await stored(user.id)).totpEnabledAt).not.toBeNull();
    expect(await codesOf(user.id)).toHaveLength(10);
  });

  it('refuses customers (403), another company\'s user (404), and a user with two-factor login off (409)', async () => {
    const user = await userWithTwoFactor(ids.installatie);
    const customer = await t.tokenFor((await userWithTwoFactor(ids.installatie)).id);
    expect((await resetOf(customer, user.id)).statusCode).toBe(403);
    const acting = await t.manage(await staffToken(ROLE.admin), ids.bakkerij);
    const foreign = await resetOf(acting, user.id);
    expect(foreign.statusCode).toBe(404);
    expect((await stored(user.id)).totpEnabledAt).not.toBeNull();
    const [off] = await t.database.db
      .insert(users)
      .values({ email: `uit-${crypto.randomUUID()}@voorbeeld.nl`, firstname: 'Uit', lastname: 'Staat', companyId: ids.bakkerij, roleId: ROLE.endUser, passwordHash })
      .returning();
    const offAnswer = await resetOf(acting, off.id);
    expect(offAnswer.statusCode).toBe(409);
    expect(offAnswer.json()).toEqual({ message: MSG.twoFactorOff });
  });

  it("lets only a superadmin reset provider staff's", async () => {
    const colleague = await userWithTwoFactor(ids.provider, ROLE.admin);
    const byAdmin = await resetOf(await staffToken(ROLE.admin), colleague.id);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ message: TWO_FACTOR_RESET_TEXT.superadminOnly });
    expect((await stored(colleague.id)).totpEnabledAt).not.toBeNull();
    expect((await resetOf(await staffToken(ROLE.superadmin), colleague.id)).statusCode).toBe(200);
    expect((await stored(colleague.id)).totpEnabledAt).toBeNull();
  });
});
