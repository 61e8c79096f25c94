import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Whether an address is registered is told to an acting user at most 10 times an hour, across
 * POST /api/users, PUT /api/users/:id and the address change of 'Mijn account' (POST
 * /api/account/email); the answer never names the company whose address it is.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const TAKEN = { message: 'Het emailadres is al geregistreerd.' };
const EXHAUSTED = { message: 'Je hebt het afgelopen uur te vaak een e-mailadres opgegeven dat al in gebruik is. Probeer het later opnieuw.' };
const fresh = () => `${crypto.randomUUID()}@voorbeeld.nl`;
const person = (email: string) => ({ firstname: 'Nieuwe', lastname: 'Collega', email });

const post = (token: string, email: string) => t.app.inject({ method: 'POST', url: '/api/users', headers: auth(token), payload: person(email) });
const put = (token: string, id: number, email: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: auth(token), payload: person(email) });
const changeOwnAddress = (token: string, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/email', headers: auth(token), payload: { email, password: 'Welkom123!' } });

describe('checks of taken addresses per acting user', () => {
  it('answers 409 for 10 taken addresses across the three routes, naming no company, then 429 for every address', async () => {
    const token = await t.login('klant@demo.nl');
    const colleague = (await post(token, fresh())).json();
    // Addresses of another company (Bakkerij Korenschoof's, the provider's) and of the own company.
    const taken = ['kees@korenschoof.nl', 'ADMIN@demo.nl', 'i.bakker@vandijk-elektro.nl', 'superadmin@demo.nl'];
    const answers = [
      ...(await Promise.all(taken.map((email) => post(token, email)))),
      await put(token, colleague.id, 'kees@korenschoof.nl'),
      await put(token, colleague.id, 'admin@demo.nl'),
      await put(token, colleague.id, 'klant@demo.nl'),
      await changeOwnAddress(token, 'kees@korenschoof.nl'),
      await changeOwnAddress(token, 'admin@demo.nl'),
      await changeOwnAddress(token, 'superadmin@demo.nl'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }

    // From now on a free address answers the same as a taken one, and nothing is written.
    const address = fresh();
    for (const res of [await post(token, address), await put(token, colleague.id, address), await changeOwnAddress(token, address)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(EXHAUSTED);
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, address))).toEqual([]);
    expect((await post(token, 'kees@korenschoof.nl')).json()).toEqual(EXHAUSTED);
    // An unchanged address is no check: the colleague's other details still save.
    expect((await put(token, colleague.id, colleague.email)).statusCode).toBe(200);
  });

  it('counts free addresses for nothing, and each acting user on their own', async () => {
    const token = await t.login('kees@korenschoof.nl');
    for (let created = 1; created <= 12; created += 1) expect((await post(token, fresh())).statusCode).toBe(201);
    expect((await post(token, 'klant@demo.nl')).json()).toEqual(TAKEN);
  });
});
