import { eq } from 'drizzle-orm';
import { articles as articlesTable, companies } from '../../db/schema';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
let kees: string;
let mobileGroupId: number;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(klant) })).json();
  mobileGroupId = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie').id;
});
afterAll(() => t.close());

const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/articles/create', headers: auth(token), payload });

describe('GET /api/articles', () => {
  it("lists the group's articles of the acting company only, with counts and bulk entries", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Data-only SIM 20GB', 'Zakelijk Basis 5GB', 'Zakelijk Onbeperkt 10GB']);
    expect(list.every((a: { article_group_id: number }) => a.article_group_id === mobileGroupId)).toBe(true);
    expect(list[0]).toMatchObject({ services_count: expect.any(Number), bulk_services: [], billing_cycle: { id: 1, name: 'Maandelijks' } });
    const other = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(kees) })).json();
    const ids = new Set(list.map((a: { id: number }) => a.id));
    expect(other.some((a: { id: number }) => ids.has(a.id))).toBe(false);
  });
});

describe('POST /api/articles/create', () => {
  it('requires a name and a description with the spec messages, and creates nothing', async () => {
    const before = (await t.database.db.select().from(articlesTable)).length;
    const noName = await create(klant, { article_group_id: mobileGroupId, name: ' ', description: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe("Veld 'Artikelnaam' is verplicht.");
    const noDescription = await create(klant, { article_group_id: mobileGroupId, name: 'X' });
    expect(noDescription.json().message).toBe("Veld 'Omschrijving' is verplicht");
    expect((await t.database.db.select().from(articlesTable)).length).toBe(before);
  });

  it('defaults to billing cycle 1, visible, and starts the price history', async () => {
    const res = await create(klant, {
      article_group_id: mobileGroupId,
      name: 'Zakelijk Extra 40GB',
      description: 'Veel data',
      price: '32,50',
      setup_price: 0,
      gigabyte: 40,
      from_group_bundle: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ billing_cycle_id: 1, is_visible: true, price: 32.5, gigabyte: 40, from_group_bundle: true });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/articles/${res.json().id}`, headers: auth(klant) })).json();
    expect(detail.price_history).toEqual([{ id: expect.any(Number), from_time: expect.any(Number), price: 32.5, setup_price: 0 }]);
  });

  it('refuses a group the company does not see, and company_id from the caller', async () => {
    const [provider] = await t.database.db.select().from(companies).where(eq(companies.isProvider, true));
    expect((await create(klant, { article_group_id: 7, name: 'X', description: 'Y' })).statusCode).toBe(404);
    expect((await create(klant, { article_group_id: mobileGroupId, name: 'X', description: 'Y', company_id: provider.id })).statusCode).toBe(400);
  });
});

describe('PUT and DELETE /api/articles/:id', () => {
  it('adds a price history entry on a price change, and locks the billing cycle', async () => {
    const created = (await create(klant, { article_group_id: mobileGroupId, name: 'Prijstest', description: 'Omschrijving', price: 10 })).json();
    const locked = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(klant), payload: { billing_cycle_id: 2 } });
    expect(locked.statusCode).toBe(400);
    const edited = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(klant), payload: { price: '12.345678', name: 'Prijstest 2' } });
    expect(edited.statusCode).toBe(200);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/articles/${created.id}`, headers: auth(klant) })).json();
    expect(detail.name).toBe('Prijstest 2');
    expect(detail.price_history.map((p: { price: number }) => p.price)).toEqual([10, 12.345678]);
    const unchanged = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(klant), payload: { description: 'Nieuw' } });
    expect(unchanged.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/articles/${created.id}`, headers: auth(klant) })).json();
    expect(after.price_history).toHaveLength(2);
  });

  it('refuses to delete an article with services, with a message for the modal', async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) })).json();
    const withServices = list.find((a: { name: string }) => a.name === 'Zakelijk Onbeperkt 10GB');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/articles/${withServices.id}`, headers: auth(klant) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/kan niet worden verwijderd/);
  });

  it("deletes an unused article; another company's article is not found", async () => {
    const created = (await create(klant, { article_group_id: mobileGroupId, name: 'Weg', description: 'Weg ermee' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${created.id}`, headers: auth(kees) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${created.id}`, headers: auth(klant) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/articles/${created.id}`, headers: auth(klant) })).statusCode).toBe(404);
  });
});

describe('GET /api/articles/:id', () => {
  it('shows current services, and ended ones only with show_historic', async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) })).json();
    let found = false;
    for (const article of list) {
      const current = (await t.app.inject({ method: 'GET', url: `/api/articles/${article.id}`, headers: auth(klant) })).json();
      const all = (await t.app.inject({ method: 'GET', url: `/api/articles/${article.id}?show_historic=true`, headers: auth(klant) })).json();
      const now = Date.now() / 1000;
      expect(current.services.every((s: { end_time: number | null }) => s.end_time === null || s.end_time > now)).toBe(true);
      if (all.services.length > current.services.length) found = true;
      expect(all.article_group.fields.map((f: { name: string }) => f.name)).toEqual(['Telefoonnummer', 'SIM nummer', 'Data']);
    }
    expect(found).toBe(true);
  });
});
