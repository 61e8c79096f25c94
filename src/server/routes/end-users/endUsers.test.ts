import { auth, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
let kees: string;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
});
afterAll(() => t.close());

describe('end users', () => {
  it("lists the acting company's end users only", async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(kees) })).json();
    expect(mine.length).toBeGreaterThan(10);
    expect(theirs.map((u: { lastname: string }) => u.lastname)).toEqual(['Korenschoof', 'Korenschoof']);
  });

  it('shows one end user with services; another company gets 404', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const res = await t.app.inject({ method: 'GET', url: `/api/end-users/${first.id}`, headers: auth(klant) });
    expect(res.json()).toMatchObject({ id: first.id, services: expect.any(Array) });
    expect((await t.app.inject({ method: 'GET', url: `/api/end-users/${first.id}`, headers: auth(kees) })).statusCode).toBe(404);
  });

  it('renames through query params or a JSON body, both names required', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    const viaQuery = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}?firstname=Anne&lastname=de%20Wit`, headers: auth(klant) });
    expect(viaQuery.json()).toEqual({ id: first.id, firstname: 'Anne', lastname: 'de Wit' });
    const viaBody = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(klant), payload: { firstname: 'Anna', lastname: 'de Wit' } });
    expect(viaBody.json().firstname).toBe('Anna');
    const missing = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(klant), payload: { firstname: 'Anna', lastname: ' ' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Veld 'Achternaam' is verplicht.");
    const foreign = await t.app.inject({ method: 'PUT', url: `/api/end-users/${first.id}`, headers: auth(kees), payload: { firstname: 'X', lastname: 'Y' } });
    expect(foreign.statusCode).toBe(404);
  });
});
