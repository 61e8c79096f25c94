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

describe("'Ontvangt kostenspecificatie' (docs/cost-specification.md, 'Mail')", () => {
  it('is off for a new contact person, is set and cleared by a colleague who may add contact persons, and is audited', async () => {
    const admin = await t.login('klant@demo.nl');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(admin),
      payload: { firstname: 'Fenna', lastname: 'Boekhouding', email: 'boekhouding@vandijk.nl' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ receives_cost_specification: false });
    const id = created.json().id as number;
    const put = (receives: boolean, token = admin) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: auth(token), payload: { receives_cost_specification: receives } });
    const marked = await put(true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ receives_cost_specification: true, approves_requests: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row.receivesCostSpecification).toBe(true);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(entries.map((e) => e.changes)).toContainEqual(expect.objectContaining({ receives_cost_specification: true }));
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: auth(admin) });
    expect(list.json().find((u: { id: number }) => u.id === id)).toMatchObject({ receives_cost_specification: true });
    // Another company's user cannot reach it.
    expect((await put(false, await t.login('kees@korenschoof.nl'))).statusCode).toBe(404);
    expect((await put(false)).json()).toMatchObject({ receives_cost_specification: false });
  });

  it('can be set when the contact person is added', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(await t.login('klant@demo.nl')),
      payload: { firstname: 'Frans', lastname: 'Financiën', email: 'financien@vandijk.nl', receives_cost_specification: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ receives_cost_specification: true });
  });
});
