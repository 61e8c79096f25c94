import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/billing-cycles (docs/costs.md, '2. Billing cycles and periods'): ids 1 monthly, 2 quarterly, 3 half-yearly, 4 yearly. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('GET /api/billing-cycles', () => {
  it('answers the four cycles by id with their Dutch names, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing-cycles', headers: auth(await t.login('klant@demo.nl')) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Maandelijks' },
      { id: 2, name: 'Per kwartaal' },
      { id: 3, name: 'Per halfjaar' },
      { id: 4, name: 'Jaarlijks' },
    ]);
  });

  it('is the same list for every company', async () => {
    const klant = await t.app.inject({ method: 'GET', url: '/api/billing-cycles', headers: auth(await t.login('klant@demo.nl')) });
    const admin = await t.app.inject({ method: 'GET', url: '/api/billing-cycles', headers: auth(await t.login('admin@demo.nl')) });
    expect(admin.json()).toEqual(klant.json());
  });
});
