import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '../../../domain/messages';
import { ROLE } from '../../../domain/permissions';
import { auditLog, companies, users } from '../../db/schema';
import { DEMO_PASSWORD, findCompanyByName } from '../../seed/demo';
import { hashPassword } from '../../services/auth/password';
import { auth, claimsOf, createTestApp, FROM_PORTAL, refreshCookieOf, type TestApp } from '../../testing/testApp';

/** Two-factor login (docs/rules.md, 'Two-factor login') of one's own account, from 'Mijn account', and the staff's obligation. */

let t: TestApp;
let passwordHash: string;
let providerId: number;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword(DEMO_PASSWORD);
  providerId = (await findCompanyByName(t.database.db, 'Demo ICT Diensten'))!.id;
  customerId = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
});
afterAll(() => t.close());

const newAccount = async (companyId: number, roleId: number) => {
  const [user] = await t.database.db
    .insert(users)
    .values({ email: `tfa-${crypto.randomUUID()}@voorbeeld.nl`, firstname: 'Twee', lastname: 'Stappen', companyId, roleId, passwordHash })
    .returning();
  return user;
};

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/account/two-factor${url}`, headers: auth(token), payload });

const codeOf = (secret: string, timestamp = Date.now()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

/** Setup and enable through the API, as the section does; answers the secret and the enable's answer. */
const turnOn = async (token: string) => {
  const setup = await call('POST', '/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await call('POST', '/enable', token, { code: codeOf(secret) });
  expect(enable.statusCode).toBe(200);
  return { secret, enabled: enable.json() as { recovery_codes: string[]; token?: string } };
};

const login = (email: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('turning two-factor login on', () => {
  it('shows a QR code and the secret of an otpauth address for "Mijn Portaal" and the user, not on until a code of it is entered', async () => {
    const user = await newAccount(customerId, ROLE.endUser);
    const token = await t.tokenFor(user.id);
    const before = await call('GET', '', token);
    expect(before.json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });

    const setup = await call('POST', '/setup', token);
    expect(setup.statusCode).toBe(200);
    const { otpauth_uri, secret, qr_code } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Mijn Portaal:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Mijn Portaal', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    expect((await call('GET', '', token)).json().enabled).toBe(false);
    // Still a password-only login until the code is entered.
    expect((await login(user.email)).json()).toEqual({ token: expect.any(String) });
  });

  it('keeps the secret encrypted at rest: the column holds no base32 secret', async () => {
    const user = await newAccount(customerId, ROLE.endUser);
    const { secret } = (await call('POST', '/setup', await t.tokenFor(user.id))).json();
    const [row] = await t.database.db.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, user.id));
    expect(row.totpSecret).toEqual(expect.any(String));
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpSecret).not.toContain(secret.toLowerCase());
    expect(row.totpSecret).not.toContain(Buffer.from(secret).toString('base64'));
  });

  it('turns on with a right code, answers ten single-use recovery codes once, and logs the change', async () => {
    const user = await newAccount(customerId, ROLE.endUser);
    const token = await t.tokenFor(user.id);
    const { secret } = (await call('POST', '/setup', token)).json();
    const wrong = await call('POST', '/enable', token, { code: codeOf(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Code onjuist. Probeer het opnieuw.' });
    expect((await call('GET', '', token)).json().enabled).toBe(false);

    const enable = await call('POST', '/enable', token, { code: codeOf(secret) });
    expect(enable.statusCode).toBe(200);
    const codes: string[] = enable.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    // A full session stays as it was: no new token.
    expect(enable.json().token).toBeUndefined();

    const status = (await call('GET', '', token)).json();
    expect(status).toEqual({ enabled: true, enabled_at: expect.any(Number), recovery_codes_left: 10, required: false });
    expect(Math.abs(status.enabled_at - Date.now() / 1000)).toBeLessThan(60);
    expect((await call('POST', '/setup', token)).statusCode).toBe(409);
    expect((await call('POST', '/enable', token, { code: codeOf(secret) })).statusCode).toBe(409);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(user.id))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => e.action)).toEqual(['two_factor.setup', 'two_factor.enable']);
    expect(entries.every((e) => e.userId === user.id && e.companyId === customerId)).toBe(true);

    // The login now asks for the code.
    expect((await login(user.email)).json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });

  it('answers 400 in Dutch to bad input and changes nothing', async () => {
    const token = await t.tokenFor((await newAccount(customerId, ROLE.endUser)).id);
    const res = await call('POST', '/enable', token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), errors: [expect.objectContaining({ field: 'code' })] });
    expect((await call('POST', '/enable', token, { code: '123456' })).statusCode).toBe(409);
  });
});

describe('turning it off and new recovery codes', () => {
  /** A code of the next time step: the step of the enable's code is used up. */
  const nextCode = (secret: string) => codeOf(secret, Date.now() + 30_000);

  it('turns off with the password and a current code, not with either alone', async () => {
    const user = await newAccount(customerId, ROLE.endUser);
    const token = await t.tokenFor(user.id);
    const { secret } = await turnOn(token);
    const wrong = await call('POST', '/disable', token, { password: 'niet-het-wachtwoord', code: nextCode(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Wachtwoord onjuist.', errors: [{ field: 'password', message: 'Wachtwoord onjuist.' }] });
    const noCode = await call('POST', '/disable', token, { password: DEMO_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual([expect.objectContaining({ field: 'code' })]);
    const wrongCode = await call('POST', '/disable', token, { password: DEMO_PASSWORD, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: MSG.twoFactorCodeWrong, errors: [{ field: 'code', message: MSG.twoFactorCodeWrong }] });
    expect((await call('GET', '', token)).json().enabled).toBe(true);

    expect((await call('POST', '/disable', token, { password: DEMO_PASSWORD, code: nextCode(secret) })).statusCode).toBe(204);
    expect((await call('GET', '', token)).json()).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.totpSecret).toBeNull();
    expect((await login(user.email)).json()).toEqual({ token: expect.any(String) });
  });

  it('makes ten new recovery codes with the password and a recovery code; the old ones no longer work', async () => {
    const user = await newAccount(customerId, ROLE.endUser);
    const token = await t.tokenFor(user.id);
    const { enabled } = await turnOn(token);
    const withoutCode = await call('POST', '/recovery-codes', token, { password: DEMO_PASSWORD, code: '123456' });
    expect(withoutCode.statusCode).toBe(400);
    expect(withoutCode.json().errors).toEqual([{ field: 'code', message: MSG.twoFactorCodeWrong }]);
    const renewed = await call('POST', '/recovery-codes', token, { password: DEMO_PASSWORD, code: enabled.recovery_codes[1] });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => enabled.recovery_codes.includes(code))).toBe(false);

    const { challenge } = (await login(user.email)).json();
    const codeStep = (code: string) => t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code } });
    expect((await codeStep(enabled.recovery_codes[0])).statusCode).toBe(401);
    expect((await codeStep(fresh[0])).statusCode).toBe(200);
    expect((await call('GET', '', token)).json().recovery_codes_left).toBe(9);
  });

  it('refuses new codes while it is off', async () => {
    const token = await t.tokenFor((await newAccount(customerId, ROLE.endUser)).id);
    const res = await call('POST', '/recovery-codes', token, { password: DEMO_PASSWORD, code: '123456' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Tweestapsverificatie staat uit.' });
  });

  it('cannot be turned off by provider staff', async () => {
    const admin = await newAccount(providerId, ROLE.admin);
    const token = await t.tokenFor(admin.id);
    await turnOn(token);
    const res = await call('POST', '/disable', token, { password: DEMO_PASSWORD, code: '123456' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Tweestapsverificatie is verplicht voor je account en kan niet uit.' });
    expect((await call('GET', '', token)).json()).toMatchObject({ enabled: true, required: true });
  });
});

describe('provider staff without two-factor login', () => {
  it('get a session that can only set it up; it becomes a full one when it is on', async () => {
    const admin = await newAccount(providerId, ROLE.admin);
    const res = await login(admin.email);
    expect(res.statusCode).toBe(200);
    const token: string = res.json().token;
    expect(claimsOf(token).scope).toBe('two-factor-setup');

    const refused = await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Stel eerst tweestapsverificatie in.' });
    const customer = await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.');
    const manage = await t.app.inject({
      method: 'POST',
      url: `/api/auth/impersonate?company_id=${customer!.id}`,
      headers: auth(token),
      payload: { reason: 'Poging zonder tweestapsverificatie' },
    });
    expect(manage.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) })).statusCode).toBe(200);
    expect((await call('GET', '', token)).json()).toMatchObject({ enabled: false, required: true });
    // A refresh keeps the scope.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: refreshCookieOf(res), ...FROM_PORTAL } });
    expect(claimsOf(refreshed.json().token).scope).toBe('two-factor-setup');

    const { enabled } = await turnOn(token);
    expect(enabled.token).toEqual(expect.any(String));
    expect(claimsOf(enabled.token!)).toMatchObject({ sub: admin.id, company_id: providerId, impersonate: null, sid: claimsOf(token).sid });
    expect(claimsOf(enabled.token!).scope).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth(enabled.token!) })).statusCode).toBe(200);
  });

  it('can no longer log in with the password alone once it is on', async () => {
    const admin = await newAccount(providerId, ROLE.superadmin);
    await turnOn((await login(admin.email)).json().token);
    expect((await login(admin.email)).json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  });
});

describe("a company's requirement", () => {
  it('gives its users without two-factor login a setup-only session, and keeps them from turning it off', async () => {
    const [company] = await t.database.db.insert(companies).values({ name: `Verplicht ${crypto.randomUUID()} B.V.`, requireTwoFactor: true }).returning();
    const user = await newAccount(company.id, ROLE.endUser);
    const token: string = (await login(user.email)).json().token;
    expect(claimsOf(token).scope).toBe('two-factor-setup');
    expect((await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(token) })).statusCode).toBe(403);
    expect((await call('GET', '', token)).json()).toMatchObject({ required: true });

    const { enabled } = await turnOn(token);
    const full = enabled.token!;
    expect((await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(full) })).statusCode).toBe(200);
    expect((await call('POST', '/disable', full, { password: DEMO_PASSWORD, code: '123456' })).statusCode).toBe(403);
  });
});

describe('PUT /api/company/{id}/two-factor', () => {
  const put = (companyId: number, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/company/${companyId}/two-factor`, headers: auth(token), payload });

  it("lets the company's user admin require it, shows it in GET /company/{id}, and logs the change", async () => {
    const [company] = await t.database.db.insert(companies).values({ name: `Eigen ${crypto.randomUUID()} B.V.` }).returning();
    const manager = await newAccount(company.id, ROLE.endUser);
    const token = await t.tokenFor(manager.id);
    // Only with two-factor login on for the own account.
    const refused = await put(company.id, token, { require_two_factor: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MSG.twoFactorOwnFirst);
    expect((await t.database.db.select().from(companies).where(eq(companies.id, company.id)))[0].requireTwoFactor).toBe(false);
    await turnOn(token);
    // A colleague without it, logged in now, is logged out when it becomes required.
    const colleague = await newAccount(company.id, ROLE.endUser);
    const colleagueToken = await t.tokenFor(colleague.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(colleagueToken) })).statusCode).toBe(200);
    const res = await put(company.id, token, { require_two_factor: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, require_two_factor: true });
    const read = await t.app.inject({ method: 'GET', url: `/api/company/${company.id}`, headers: auth(token) });
    expect(read.json().require_two_factor).toBe(true);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(company.id))));
    expect(entry).toMatchObject({ action: 'company.update', userId: manager.id, changes: { name: company.name, require_two_factor: true } });

    // The colleague's session has ended; logging in again gives a session that can only set it up.
    expect((await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(colleagueToken) })).statusCode).toBe(401);
    expect(claimsOf((await login(colleague.email)).json().token).scope).toBe('two-factor-setup');
    // The manager, with it on, goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(token) })).statusCode).toBe(200);
  });

  it("refuses another customer's company with 404 and bad input with 400, changing nothing", async () => {
    const token = await t.tokenFor((await newAccount(customerId, ROLE.endUser)).id);
    const installatie = await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.');
    const foreign = await put(installatie!.id, token, { require_two_factor: true });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Van Dijk');
    const bad = await put(customerId, token, { require_two_factor: 'ja' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, installatie!.id));
    expect(row.requireTwoFactor).toBe(false);
  });

  it('is also part of the company as provider staff edit it (PUT /company/{id})', async () => {
    const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!;
    const admin = await t.login('admin@demo.nl');
    const edit = (require_two_factor: boolean) =>
      t.app.inject({ method: 'PUT', url: `/api/company/${installatie.id}`, headers: auth(admin), payload: { require_two_factor } });
    expect((await edit(true)).json().require_two_factor).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, String(installatie.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.changes).toMatchObject({ require_two_factor: true });
    expect((await edit(false)).json().require_two_factor).toBe(false);
  });

  it("lets provider staff set it for any company, in that company's own change log", async () => {
    const [company] = await t.database.db.insert(companies).values({ name: `Klant ${crypto.randomUUID()} B.V.` }).returning();
    const res = await put(company.id, await t.login('admin@demo.nl'), { require_two_factor: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().require_two_factor).toBe(true);
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(company.id))));
    expect(entries.map((e) => [e.action, e.companyId])).toEqual([['company.update', company.id]]);
  });
});
