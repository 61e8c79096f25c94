import { eq } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * 'Mag aanvragen goedkeuren' (docs/requests.md, 'Approval'): APPROVE_REQUESTS is the role's, and
 * holds for a customer user only while the company marks the user so.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const policies = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) })).json() as Record<string, boolean>;

it('takes APPROVE_REQUESTS from an unmarked user at once, and gives it back when marked again', async () => {
  const [klant] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
  const [colleague] = await t.database.db
    .insert(users)
    .values({ email: 'goedkeuring@vandijk.nl', firstname: 'Karin', lastname: 'Smit', companyId: klant.companyId, roleId: 3, passwordHash: klant.passwordHash })
    .returning();
  const admin = await t.login('klant@demo.nl');
  const colleagueToken = await t.login('goedkeuring@vandijk.nl');
  expect(await policies(colleagueToken)).toMatchObject({ APPROVE_REQUESTS: true, REQUEST_CHANGES: true });

  const put = (approves: boolean) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${colleague.id}`, headers: auth(admin), payload: { approves_requests: approves } });
  const unmarked = await put(false);
  expect(unmarked.statusCode).toBe(200);
  expect(unmarked.json()).toMatchObject({ approves_requests: false });
  // The session goes on; its permissions are read with every call.
  expect(await policies(colleagueToken)).toMatchObject({ APPROVE_REQUESTS: false, REQUEST_CHANGES: true });
  const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(colleague.id)));
  expect(entry.changes).toMatchObject({ approves_requests: false });

  expect((await put(true)).statusCode).toBe(200);
  expect(await policies(colleagueToken)).toMatchObject({ APPROVE_REQUESTS: true });
});

it('lists the mark with every contact person', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(await t.login('klant@demo.nl')) });
  expect(res.statusCode).toBe(200);
  for (const person of res.json() as { approves_requests: boolean }[]) expect(typeof person.approves_requests).toBe('boolean');
});
