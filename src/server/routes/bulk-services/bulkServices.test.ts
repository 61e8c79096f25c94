import { auth, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
let articleId: number;
const day = 86400;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(klant) })).json();
  const hardware = groups.find((g: { name: string }) => g.name === 'Hardware');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/articles/create',
    headers: auth(klant),
    payload: { article_group_id: hardware.id, name: 'Monitor', description: '27 inch' },
  });
  articleId = created.json().id;
});
afterAll(() => t.close());

const add = (amount: number, time: number, token = klant) =>
  t.app.inject({ method: 'POST', url: `/api/articles/${articleId}/bulk-services`, headers: auth(token), payload: { amount, time } });

const entries = async () =>
  (await t.app.inject({ method: 'GET', url: `/api/articles/${articleId}`, headers: auth(klant) })).json().bulk_services;

describe('bulk services', () => {
  const now = Math.floor(Date.now() / 1000);

  it('adds and removes units, keeping running totals in time order', async () => {
    expect((await add(10, now - 30 * day)).statusCode).toBe(201);
    expect((await add(-4, now - 10 * day)).statusCode).toBe(201);
    expect((await add(5, now + 10 * day)).statusCode).toBe(201);
    expect((await entries()).map((e: { total: number }) => e.total)).toEqual([10, 6, 11]);
  });

  it('refuses a removal that would make a running total negative, with the spec message', async () => {
    const res = await add(-7, now - 5 * day);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Er zijn niet genoeg afnames om te verwijderen.');
    expect(await entries()).toHaveLength(3);
  });

  it('refuses a zero amount', async () => {
    expect((await add(0, now)).statusCode).toBe(400);
  });

  it('deletes an entry unless that would leave a negative total', async () => {
    const list = await entries();
    const firstAdd = list[0];
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${articleId}/bulk-services/${firstAdd.id}`, headers: auth(klant) })).statusCode).toBe(409);
    const future = list[2];
    const res = await t.app.inject({ method: 'DELETE', url: `/api/articles/${articleId}/bulk-services/${future.id}`, headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Bulkafname verwijderd.');
  });

  it("is invisible to another company", async () => {
    const kees = await t.login('kees@korenschoof.nl');
    expect((await add(1, now, kees)).statusCode).toBe(404);
  });
});
