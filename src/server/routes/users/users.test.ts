import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/users/:id: yourself, or a contact person of the acting company with LIST_USERS. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const getUser = (id: number | string, token: string) => t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth(token) });

describe('GET /api/users/:id', () => {
  it('answers the caller with the fields of the API, with its company, and nothing secret', async () => {
    const klant = await userByEmail('klant@demo.nl');
    const res = await getUser(klant.id, await t.login('klant@demo.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: klant.id,
      firstname: 'Pieter',
      lastname: 'van Dijk',
      email: 'klant@demo.nl',
      phonenumber: '010 765 4321',
      company_id: klant.companyId,
      role_id: 3,
      approves_requests: true,
      receives_cost_specification: false,
      company: { id: klant.companyId, name: 'Van Dijk Installatietechniek B.V.' },
    });
    expect(res.body).not.toMatch(/password|scrypt|disabled/);
  });

  it('answers a colleague of the acting company', async () => {
    const klant = await userByEmail('klant@demo.nl');
    const [colleague] = await t.database.db
      .insert(users)
      .values({ email: 'collega@vandijk.nl', firstname: 'Karin', lastname: 'Smit', companyId: klant.companyId, roleId: 3 })
      .returning();
    const res = await getUser(colleague.id, await t.login('klant@demo.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: colleague.id, email: 'collega@vandijk.nl', role_id: 3 });
  });

  it("answers 404 for a user of another company, also to provider staff, without the user's data", async () => {
    const kees = await userByEmail('kees@korenschoof.nl');
    for (const email of ['klant@demo.nl', 'admin@demo.nl', 'superadmin@demo.nl']) {
      const res = await getUser(kees.id, await t.login(email));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.body).not.toContain('korenschoof');
    }
  });

  it("lets an admin read a customer's contact person while acting for that company", async () => {
    const klant = await userByEmail('klant@demo.nl');
    const installatie = await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.');
    const admin = await t.login('admin@demo.nl');
    const acting = await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${installatie!.id}`, headers: auth(admin), payload: { reason: 'Test' } });
    const res = await getUser(klant.id, acting.json().data.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('klant@demo.nl');
  });

  it('answers 404 for a user that does not exist and 400 for a malformed id', async () => {
    const token = await t.login('klant@demo.nl');
    expect((await getUser(999999, token)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await getUser(bad, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
