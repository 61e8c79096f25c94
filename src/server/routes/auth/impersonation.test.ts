import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { auditLog, companies, impersonations, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

/** 'Beheren' (docs/permissions.md, 'Managing a company') takes a reason, ends by itself after an hour, and is logged with its changes. */

let t: TestApp;
let ids: { provider: number; installatie: number; elektro: number; bakkerij: number };
let userIds: { admin: number; klant: number };

const userId = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  const id = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;
  ids = {
    provider: await id('Demo ICT Diensten'),
    installatie: await id('Van Dijk Installatietechniek B.V.'),
    elektro: await id('Van Dijk Elektrotechniek B.V.'),
    bakkerij: await id('Bakkerij De Korenschoof'),
  };
  userIds = { admin: await userId('admin@demo.nl'), klant: await userId('klant@demo.nl') };
}, 60_000);
afterAll(() => t.close());

const impersonate = (token: string, companyId: number, body?: object) =>
  t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${companyId}`, headers: auth(token), ...(body && { payload: body }) });
const stop = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/impersonate/stop', headers: auth(token) });
const policies = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });
const addContactPerson = (token: string, lastname: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: auth(token),
    payload: { firstname: 'Via', lastname, email: `${lastname.toLowerCase()}@vandijk.nl` },
  });
const log = async (token: string, companyId?: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: auth(token), query: companyId ? { company_id: String(companyId) } : {} })).json();

const rowsOfSession = (sid: string) => t.database.db.select().from(impersonations).where(eq(impersonations.sessionId, sid));
const entriesOf = (impersonationId: number) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.impersonationId, impersonationId)).orderBy(auditLog.id);
const countImpersonations = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(impersonations))[0].n;

/** Moves time: the impersonation ran out `minutesAgo` minutes ago, an hour after it started. */
const expire = (impersonationId: number, minutesAgo = 1) =>
  t.database.db
    .update(impersonations)
    .set({
      startedAt: new Date(Date.now() - (60 + minutesAgo) * 60_000),
      expiresAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .where(eq(impersonations.id, impersonationId));

const start = async (token: string, companyId: number, reason = 'Klant belde over een factuur') => {
  const res = await impersonate(token, companyId, { reason });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

describe('POST /api/auth/impersonate', () => {
  it('asks for a reason of 3 to 500 characters and starts nothing without one', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const before = await countImpersonations();
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: ' ab ' }, { reason: 'x'.repeat(501) }]) {
      const res = await impersonate(admin, ids.installatie, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(/^Geef een reden op/);
      expect(res.json().errors).toEqual([{ field: 'reason', message: res.json().message }]);
    }
    expect((await impersonate(admin, ids.installatie)).json().message).toBe(MSG.impersonationReasonRequired);
    expect((await impersonate(admin, ids.installatie, { reason: 'ab' })).json().message).toBe(MSG.impersonationReasonLength);
    expect(await countImpersonations()).toBe(before);
    const starts = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'impersonation.start'));
    expect(starts).toHaveLength(0);
  });

  it('answers a token naming a new impersonation of one hour, with the reason trimmed and the start logged', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const res = await impersonate(admin, ids.installatie, { reason: '  Controle van de afnames  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { token: expect.any(String) } });
    const claims = claimsOf(res.json().data.token);
    const [row] = await rowsOfSession(claimsOf(admin).sid);
    expect(row).toMatchObject({ userId: userIds.admin, companyId: ids.installatie, reason: 'Controle van de afnames', endedAt: null });
    expect(row.expiresAt.getTime() - row.startedAt.getTime()).toBe(60 * 60 * 1000);
    expect(claims).toMatchObject({ company_id: ids.installatie, impersonate: ids.provider, imp: row.id, imp_exp: Math.floor(row.expiresAt.getTime() / 1000) });
    expect((await policies(res.json().data.token)).statusCode).toBe(200);
    expect(await entriesOf(row.id)).toMatchObject([
      { action: 'impersonation.start', companyId: ids.installatie, userId: userIds.admin, impersonatingFrom: ids.provider },
    ]);
  });

  it('logs every change made while managing with its impersonation', async () => {
    const acting = await start(await t.tokenFor(userIds.admin), ids.installatie);
    expect((await addContactPerson(acting, 'Logboek')).statusCode).toBe(201);
    const [change] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'user.create')).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(change).toMatchObject({ companyId: ids.installatie, impersonatingFrom: ids.provider, impersonationId: claimsOf(acting).imp });
  });

  it('resumes the live impersonation of the same session without a reason, after a reload', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const first = await start(admin, ids.installatie);
    const entries = await entriesOf(claimsOf(first).imp);

    const again = await impersonate(admin, ids.installatie);
    expect(again.statusCode).toBe(200);
    expect(claimsOf(again.json().data.token)).toMatchObject({ imp: claimsOf(first).imp, imp_exp: claimsOf(first).imp_exp });
    expect(await rowsOfSession(claimsOf(admin).sid)).toHaveLength(1);
    expect(await entriesOf(claimsOf(first).imp)).toEqual(entries);

    // Another session of the same user, or another company, has nothing to resume.
    expect((await impersonate(await t.tokenFor(userIds.admin), ids.installatie)).statusCode).toBe(400);
    expect((await impersonate(admin, ids.bakkerij)).statusCode).toBe(400);
  });

  it('ends the live impersonation of the session when another one starts', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const first = await start(admin, ids.installatie);
    const second = await start(admin, ids.bakkerij, 'Vraag over de groepsbundel');
    expect((await policies(first)).statusCode).toBe(401);
    expect((await policies(second)).statusCode).toBe(200);
    const [ended] = await t.database.db.select().from(impersonations).where(eq(impersonations.id, claimsOf(first).imp));
    expect(ended.endedAt).not.toBeNull();
    expect((await entriesOf(ended.id)).map((e) => [e.action, e.changes])).toEqual([
      ['impersonation.start', null],
      ['impersonation.end', { minutes: 0 }],
    ]);
  });

  it('holds for an hour: after it every call with the token answers 401, and there is nothing to resume', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.installatie);
    await expire(claimsOf(acting).imp);
    const refused = await policies(acting);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: expect.any(String) });
    expect((await addContactPerson(acting, 'Telaat')).statusCode).toBe(401);
    expect((await impersonate(admin, ids.installatie)).json()).toMatchObject({ message: MSG.impersonationReasonRequired });
    // The user's own token still works.
    expect((await policies(admin)).statusCode).toBe(200);
  });

  it("refuses a token whose impersonation is another session's, user's or company's", async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.installatie);
    const other = await t.tokenFor(userIds.admin);
    const { sub, company_id, impersonate: from, imp, imp_exp } = claimsOf(acting);
    const forged = (claims: object) => t.app.tokens.sign({ sub, company_id, impersonate: from, sid: claimsOf(other).sid, imp, imp_exp, ...claims });
    expect((await policies(forged({}))).statusCode).toBe(401);
    expect((await policies(forged({ sid: claimsOf(admin).sid, company_id: ids.bakkerij }))).statusCode).toBe(401);
    expect((await policies(forged({ sid: claimsOf(admin).sid, imp: undefined }))).statusCode).toBe(401);
    expect((await policies(forged({ sid: claimsOf(admin).sid }))).statusCode).toBe(200);
  });
});

describe('POST /api/auth/impersonate: what a reason must show', () => {
  it('counts only letters and digits a reader sees, and starts nothing otherwise', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const before = await countImpersonations();
    for (const reason of ['\u200b\u200b\u200bab', '\u3164\u3164\u3164', 'a\u2800\u115f\uffa0b', '...', '!?!']) {
      const res = await impersonate(admin, ids.installatie, { reason });
      expect({ reason, status: res.statusCode }).toEqual({ reason, status: 400 });
      expect(res.json().errors).toEqual([{ field: 'reason', message: expect.any(String) }]);
    }
    expect(await countImpersonations()).toBe(before);
  });
});

describe('POST /api/auth/impersonate: a branch that requires two-factor login', () => {
  const requireTwoFactor = (companyId: number, require: boolean) =>
    t.database.db.update(companies).set({ requireTwoFactor: require }).where(eq(companies.id, companyId));
  const setTwoFactor = (id: number, on: boolean) =>
    t.database.db.update(users).set({ totpEnabledAt: on ? new Date() : null }).where(eq(users.id, id));
  afterEach(async () => {
    await requireTwoFactor(ids.elektro, false);
    await setTwoFactor(userIds.klant, false);
  });

  it('refuses a customer without two-factor login with a Dutch 403, also on the resume after a reload', async () => {
    const klant = await t.tokenFor(userIds.klant);
    await start(klant, ids.elektro, 'Collega op vakantie');
    await requireTwoFactor(ids.elektro, true);
    const before = await countImpersonations();
    const refused = await impersonate(klant, ids.elektro, { reason: 'Collega op vakantie' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.twoFactorToActFor });
    const resumed = await impersonate(klant, ids.elektro);
    expect(resumed.statusCode).toBe(403);
    expect(await countImpersonations()).toBe(before);
  });

  it('ends a token acting for the branch once the branch requires it', async () => {
    const klant = await t.tokenFor(userIds.klant);
    const acting = await start(klant, ids.elektro, 'Collega op vakantie');
    expect((await policies(acting)).statusCode).toBe(200);
    await requireTwoFactor(ids.elektro, true);
    expect((await policies(acting)).statusCode).toBe(401);
  });

  it('lets a customer with two-factor login act for the branch', async () => {
    await requireTwoFactor(ids.elektro, true);
    await setTwoFactor(userIds.klant, true);
    const klant = await t.tokenFor(userIds.klant);
    const acting = await start(klant, ids.elektro, 'Collega op vakantie');
    expect((await policies(acting)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/impersonate/stop', () => {
  it('ends the live impersonation, logs how long it lasted, and the token stops working', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.installatie);
    await t.database.db
      .update(impersonations)
      .set({ startedAt: new Date(Date.now() - 25 * 60_000) })
      .where(eq(impersonations.id, claimsOf(acting).imp));
    const res = await stop(admin);
    expect(res.statusCode).toBe(204);
    expect((await policies(acting)).statusCode).toBe(401);
    const [row] = await rowsOfSession(claimsOf(admin).sid);
    expect(row.endedAt).not.toBeNull();
    const entries = await entriesOf(row.id);
    expect(entries.at(-1)).toMatchObject({ action: 'impersonation.end', companyId: ids.installatie, impersonatingFrom: ids.provider, changes: { minutes: 25 } });

    // Nothing live: still 204, nothing more logged.
    expect((await stop(admin)).statusCode).toBe(204);
    expect(await entriesOf(row.id)).toHaveLength(entries.length);
  });

  it('takes the managing token too', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.elektro);
    expect((await stop(acting)).statusCode).toBe(204);
    expect((await rowsOfSession(claimsOf(admin).sid))[0].endedAt).not.toBeNull();
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the live impersonation of the session and logs how long it lasted', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.installatie);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...auth(acting), 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBe(204);
    const [row] = await rowsOfSession(claimsOf(admin).sid);
    expect(row.endedAt).not.toBeNull();
    expect((await entriesOf(row.id)).at(-1)).toMatchObject({ action: 'impersonation.end', companyId: ids.installatie });
  });
});

describe('the change log of a managed company', () => {
  interface Entry {
    action: string;
    user: { firstname: string; lastname: string } | null;
    impersonating_from_name: string | null;
    impersonation: { reason: string; started_at: number; ended_at: number | null; expires_at: number; minutes: number } | null;
    changes: Record<string, unknown> | null;
  }

  it("shows the customer who managed it, from where, why and for how long, and its changes 'door … van …'", async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.installatie, 'Nummerbehoud aangevraagd door de klant');
    await addContactPerson(acting, 'Beheerder');
    await t.database.db
      .update(impersonations)
      .set({ startedAt: new Date(Date.now() - 12 * 60_000) })
      .where(eq(impersonations.id, claimsOf(acting).imp));
    await stop(admin);

    const klant = await t.tokenFor(userIds.klant);
    const [end, change, begin] = (await log(klant)).items as Entry[];
    const impersonation = {
      reason: 'Nummerbehoud aangevraagd door de klant',
      started_at: expect.any(Number),
      ended_at: expect.any(Number),
      expires_at: expect.any(Number),
      minutes: 12,
    };
    for (const entry of [end, change, begin]) {
      expect(entry).toMatchObject({ user: { firstname: 'Mark', lastname: 'Jansen' }, impersonating_from_name: 'Demo ICT Diensten', impersonation });
    }
    expect([end.action, change.action, begin.action]).toEqual(['impersonation.end', 'user.create', 'impersonation.start']);
    expect(end.changes).toEqual({ minutes: 12 });
    expect(begin.impersonation!.ended_at! - begin.impersonation!.started_at).toBeGreaterThanOrEqual(12 * 60 - 1);
  });

  it('shows an impersonation that ran out as ended at its hour, and a live one without an end', async () => {
    const admin = await t.tokenFor(userIds.admin);
    const acting = await start(admin, ids.elektro, 'Loopt vanzelf af');
    const live = ((await log(admin, ids.elektro)).items as Entry[])[0];
    expect(live).toMatchObject({ action: 'impersonation.start', impersonation: { reason: 'Loopt vanzelf af', ended_at: null, minutes: 0 } });

    await expire(claimsOf(acting).imp, 5);
    const [ranOut] = (await log(admin, ids.elektro)).items as Entry[];
    expect(ranOut.impersonation).toMatchObject({ minutes: 60 });
    expect(ranOut.impersonation!.ended_at).toBe(ranOut.impersonation!.expires_at);
  });

  it('names the parent company a customer came from when it manages a sibling branch', async () => {
    const klant = await t.tokenFor(userIds.klant);
    const acting = await start(klant, ids.elektro, 'Collega op vakantie');
    await t.app.inject({ method: 'POST', url: '/api/users', headers: auth(acting), payload: { firstname: 'Tijdelijk', lastname: 'Collega', email: 'tijdelijk@elektro.nl' } });
    const [newest] = (await log(acting)).items as Entry[];
    expect(newest).toMatchObject({ action: 'user.create', user: { firstname: 'Pieter' }, impersonating_from_name: 'Van Dijk Groep' });
  });

  it("never shows a company another company's impersonations", async () => {
    const admin = await t.tokenFor(userIds.admin);
    await start(admin, ids.bakkerij, 'Geheime reden voor de bakkerij');
    await stop(admin);
    const klant = await t.tokenFor(userIds.klant);
    expect(JSON.stringify(await log(klant))).not.toContain('Geheime reden');
    expect(JSON.stringify(await log(admin, ids.installatie))).not.toContain('Geheime reden');
    expect(JSON.stringify(await log(admin, ids.bakkerij))).toContain('Geheime reden');
    const bakkerijRows = await t.database.db
      .select()
      .from(impersonations)
      .where(and(eq(impersonations.companyId, ids.bakkerij), eq(impersonations.reason, 'Geheime reden voor de bakkerij')));
    expect(bakkerijRows).toHaveLength(1);
  });
});
