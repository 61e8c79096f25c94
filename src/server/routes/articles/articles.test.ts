import { and, eq } from 'drizzle-orm';
import { searchText, surnameSortKey } from '../../../domain/names';
import { ROLE } from '../../../domain/permissions';
import { articles as articlesTable, companies, rolePermissions } from '../../db/schema';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
let kees: string;
/** Provider staff managing klant's company: articles and their prices are the provider's (docs/permissions.md, 'Who may edit prices'). */
let staff: string;
/** The same admin acting for the provider's own company. */
let admin: string;
let mobileGroupId: number;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  admin = await t.login('admin@demo.nl');
  staff = await t.manage(admin, claimsOf(klant).company_id);
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(klant) })).json();
  mobileGroupId = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie').id;
}, 60_000);
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
  it('requires a name and a description with the Dutch messages of the form, and creates nothing', async () => {
    const before = (await t.database.db.select().from(articlesTable)).length;
    const noName = await create(staff, { article_group_id: mobileGroupId, name: ' ', description: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe("Veld 'Artikelnaam' is verplicht.");
    const noDescription = await create(staff, { article_group_id: mobileGroupId, name: 'X' });
    expect(noDescription.json().message).toBe("Veld 'Omschrijving' is verplicht");
    expect((await t.database.db.select().from(articlesTable)).length).toBe(before);
  });

  it('defaults to billing cycle 1, visible, and starts the price history', async () => {
    const res = await create(staff, {
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
    expect((await create(staff, { article_group_id: 7, name: 'X', description: 'Y' })).statusCode).toBe(404);
    expect((await create(staff, { article_group_id: mobileGroupId, name: 'X', description: 'Y', company_id: provider.id })).statusCode).toBe(400);
  });
});

describe('prices belong to the provider', () => {
  const put = (token: string, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/articles/${id}`, headers: auth(token), payload });

  it('keeps article creation and editing from customer users (CREATE_ARTICLE is provider staff only)', async () => {
    const before = (await t.database.db.select().from(articlesTable)).length;
    const res = await create(klant, { article_group_id: mobileGroupId, name: 'Eigen artikel', description: 'Door de klant' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Geen toestemming voor deze actie.' });
    const created = (await create(staff, { article_group_id: mobileGroupId, name: 'Van de provider', description: 'x', price: 5 })).json();
    expect((await put(klant, created.id, { description: 'Anders' })).statusCode).toBe(403);
    expect((await t.database.db.select().from(articlesTable)).length).toBe(before + 1);
  });

  it('keeps a numeric 0 as 0: price, setup price and gigabyte (docs/rules.md, a price of 0)', async () => {
    const created = (await create(staff, { article_group_id: mobileGroupId, name: 'Gratis', description: 'x', price: 5, setup_price: 2, gigabyte: 3 })).json();
    const res = await put(staff, created.id, { price: 0, setup_price: 0, gigabyte: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: 0, setup_price: 0, gigabyte: 0 });
    const [row] = await t.database.db.select().from(articlesTable).where(eq(articlesTable.id, created.id));
    expect([Number(row.price), Number(row.setupPrice), row.gigabyte === null ? null : Number(row.gigabyte)]).toEqual([0, 0, 0]);
    // null is still "no bundle".
    expect((await put(staff, created.id, { gigabyte: null })).json().gigabyte).toBeNull();
  });

  it('refuses price writes without EDIT_PRICES, also to a role that may create articles', async () => {
    // A provider may give customers CREATE_ARTICLE in the role table; the prices stay theirs.
    await t.database.db.insert(rolePermissions).values({ roleId: ROLE.endUser, permissionName: 'CREATE_ARTICLE' });
    try {
      const priced = await create(klant, { article_group_id: mobileGroupId, name: 'Met prijs', description: 'x', setup_price: '1,00' });
      expect(priced.statusCode).toBe(403);
      expect(priced.json()).toEqual({ message: 'Geen toestemming voor deze actie.' });
      const free = await create(klant, { article_group_id: mobileGroupId, name: 'Zonder prijs', description: 'x' });
      expect(free.statusCode).toBe(201);
      const { id } = free.json();
      expect((await put(klant, id, { price: 9.99 })).statusCode).toBe(403);
      // Sending the price it already has writes nothing new.
      expect((await put(klant, id, { price: 0, description: 'Gewijzigd' })).statusCode).toBe(200);
      const detail = (await t.app.inject({ method: 'GET', url: `/api/articles/${id}`, headers: auth(klant) })).json();
      expect(detail).toMatchObject({ price: 0, setup_price: 0, description: 'Gewijzigd' });
      expect(detail.price_history).toHaveLength(1);
      expect((await put(staff, id, { price: 9.99 })).statusCode).toBe(200);
    } finally {
      await t.database.db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, ROLE.endUser), eq(rolePermissions.permissionName, 'CREATE_ARTICLE')));
    }
  });
});

describe('PUT and DELETE /api/articles/:id', () => {
  it('adds a price history entry on a price change, and locks the billing cycle', async () => {
    const created = (await create(staff, { article_group_id: mobileGroupId, name: 'Prijstest', description: 'Omschrijving', price: 10 })).json();
    const locked = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(staff), payload: { billing_cycle_id: 2 } });
    expect(locked.statusCode).toBe(400);
    const edited = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(staff), payload: { price: '12.345678', name: 'Prijstest 2' } });
    expect(edited.statusCode).toBe(200);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/articles/${created.id}`, headers: auth(klant) })).json();
    expect(detail.name).toBe('Prijstest 2');
    expect(detail.price_history.map((p: { price: number }) => p.price)).toEqual([10, 12.345678]);
    const unchanged = await t.app.inject({ method: 'PUT', url: `/api/articles/${created.id}`, headers: auth(staff), payload: { description: 'Nieuw' } });
    expect(unchanged.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/articles/${created.id}`, headers: auth(klant) })).json();
    expect(after.price_history).toHaveLength(2);
  });

  it('refuses to delete an article with services, with a message for the modal', async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) })).json();
    const withServices = list.find((a: { name: string }) => a.name === 'Zakelijk Onbeperkt 10GB');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/articles/${withServices.id}`, headers: auth(staff) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/kan niet worden verwijderd/);
  });

  it("deletes an unused article; another company's article is not found", async () => {
    const created = (await create(staff, { article_group_id: mobileGroupId, name: 'Weg', description: 'Weg ermee' })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${created.id}`, headers: auth(admin) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${created.id}`, headers: auth(staff) })).statusCode).toBe(200);
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

  it('answers slim service rows: what the table shows, the values by field id', async () => {
    const list = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) })).json();
    const withServices = list.find((a: { services_count: number }) => a.services_count > 0);
    const article = (await t.app.inject({ method: 'GET', url: `/api/articles/${withServices.id}`, headers: auth(klant) })).json();
    const fieldIds = article.article_group.fields.map((f: { id: number }) => f.id);
    expect(article.services.length).toBeGreaterThan(0);
    for (const row of article.services) {
      expect(Object.keys(row).sort()).toEqual(
        ['article_group_field_inputs', 'block_state', 'end_time', 'end_user', 'end_user_id', 'id', 'input_field_1', 'start_time'],
      );
      expect(row.end_user === null ? null : row.end_user.id).toBe(row.end_user_id);
      for (const input of row.article_group_field_inputs) {
        expect(Object.keys(input).sort()).toEqual(['article_group_field_id', 'value']);
        expect(fieldIds).toContain(input.article_group_field_id);
      }
    }
    // The rest of a service, and the values with their field names, come from GET /services/{id}.
    const [first] = article.services;
    const service = (await t.app.inject({ method: 'GET', url: `/api/services/${first.id}`, headers: auth(klant) })).json().data;
    expect(service).toMatchObject({ id: first.id, start_time: first.start_time, end_time: first.end_time, input_field_1: first.input_field_1 });
    expect(service.article_group_field_inputs.map((i: { article_group_field_id: number; value: string }) => [i.article_group_field_id, i.value]))
      .toEqual(first.article_group_field_inputs.map((i: { article_group_field_id: number; value: string }) => [i.article_group_field_id, i.value]));
    const starts = article.services.map((s: { start_time: number }) => s.start_time);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("answers 404 for another company's article, with none of its services", async () => {
    const [article] = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobileGroupId}`, headers: auth(klant) })).json();
    for (const url of [`/api/articles/${article.id}`, `/api/articles/${article.id}?show_historic=true`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(kees) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Artikel niet gevonden.' });
    }
  });
});

describe('GET /api/articles/:id with services_offset and services_limit', () => {
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  type Row = { id: number; start_time: number };

  /** The demo article with the most services, ended ones included. */
  const busiestArticle = async () => {
    const list = (await get(klant, `/api/articles?article_group_id=${mobileGroupId}`)).json();
    let best = { id: 0, count: -1 };
    for (const article of list) {
      const count = (await get(klant, `/api/articles/${article.id}?show_historic=true`)).json().services.length;
      if (count > best.count) best = { id: article.id, count };
    }
    return best;
  };

  it('answers the window in the full order (oldest start first, then id), with the total count', async () => {
    const { id, count } = await busiestArticle();
    expect(count).toBeGreaterThanOrEqual(3);
    for (const historic of ['', '&show_historic=true']) {
      const full = (await get(klant, `/api/articles/${id}?x=1${historic}`)).json();
      expect(full.services_count).toBe(full.services.length);
      const order = (a: Row, b: Row) => a.start_time - b.start_time || a.id - b.id;
      expect(full.services).toEqual([...full.services].sort(order));
      const windows: Row[] = [];
      for (let offset = 0; offset < full.services.length + 2; offset += 2) {
        const res = await get(klant, `/api/articles/${id}?services_offset=${offset}&services_limit=2${historic}`);
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect(page.services_count).toBe(full.services.length);
        expect(page.services.length).toBeLessThanOrEqual(2);
        // The rest of the answer is the article as always.
        expect({ ...page, services: [] }).toEqual({ ...full, services: [] });
        windows.push(...page.services);
      }
      expect(windows).toEqual(full.services);
    }
    const first = (await get(klant, `/api/articles/${id}?services_limit=1&show_historic=true`)).json();
    expect(first).toMatchObject({ services_count: count, services: [expect.objectContaining({ id: expect.any(Number) })] });
    expect(first.services).toHaveLength(1);
    const beyond = (await get(klant, `/api/articles/${id}?services_offset=${count}&services_limit=500&show_historic=true`)).json();
    expect(beyond).toMatchObject({ services: [], services_count: count });
  });

  it('counts only services not ended without show_historic', async () => {
    const { id } = await busiestArticle();
    const current = (await get(klant, `/api/articles/${id}?services_limit=500`)).json();
    const all = (await get(klant, `/api/articles/${id}?services_limit=500&show_historic=true`)).json();
    const now = Date.now() / 1000;
    expect(current.services_count).toBe(all.services.filter((s: { end_time: number | null }) => s.end_time === null || s.end_time > now).length);
    expect(current.services.map((s: Row) => s.id)).toEqual(
      all.services.filter((s: { end_time: number | null }) => s.end_time === null || s.end_time > now).map((s: Row) => s.id),
    );
  });

  it('refuses bad windows with 400', async () => {
    const { id } = await busiestArticle();
    for (const query of ['services_limit=0', 'services_limit=501', 'services_limit=-1', 'services_limit=abc', 'services_offset=-1&services_limit=10', 'services_offset=1.5&services_limit=10', 'services_offset=5']) {
      const res = await get(klant, `/api/articles/${id}?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it("answers 404 for another company's article, windowed too", async () => {
    const { id } = await busiestArticle();
    const res = await get(kees, `/api/articles/${id}?services_offset=0&services_limit=100&show_historic=true`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Artikel niet gevonden.' });
  });
});

describe('GET /api/articles/:id with sort and order', () => {
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  type Row = {
    id: number;
    start_time: number;
    end_time: number | null;
    end_user: { firstname: string; lastname: string } | null;
    input_field_1: string | null;
    block_state: string | null;
    article_group_field_inputs: { article_group_field_id: number; value: string }[];
  };
  type Value = string | number | null;

  /** The demo article with the most services, ended ones included, and its group's fields. */
  let article: { id: number; count: number; fields: { id: number; name: string }[] };
  beforeAll(async () => {
    const list = (await get(klant, `/api/articles?article_group_id=${mobileGroupId}`)).json();
    let best = { id: 0, count: -1, fields: [] as { id: number; name: string }[] };
    for (const { id } of list) {
      const answer = (await get(klant, `/api/articles/${id}?show_historic=true`)).json();
      if (answer.services.length > best.count) best = { id, count: answer.services.length, fields: answer.article_group.fields };
    }
    article = best;
  });

  const fieldValue = (row: Row, name: string) => {
    const field = article.fields.find((f) => f.name === name)!;
    return row.article_group_field_inputs.find((i) => i.article_group_field_id === field.id)?.value ?? null;
  };

  /** What each sort orders by, as the server compares it (text without case). */
  const valueOf: Record<string, (row: Row) => Value> = {
    start_time: (row) => row.start_time,
    end_time: (row) => row.end_time,
    // Surname without particles, then first name ('de Boer' under B), without case or accents.
    end_user: (row) => (row.end_user ? `${searchText(surnameSortKey(row.end_user.lastname))}\u0000${searchText(row.end_user.firstname)}` : null),
    phone_number: (row) => fieldValue(row, 'Telefoonnummer'),
    sim_number: (row) => fieldValue(row, 'SIM nummer'),
    input_field_1: (row) => row.input_field_1?.toLowerCase() ?? null,
    block_state: (row) => row.block_state,
  };

  /** Going up: empty values last, equal values by id. */
  const ascending = (value: (row: Row) => Value) => (a: Row, b: Row) => {
    const [x, y] = [value(a), value(b)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    }
    return a.id - b.id;
  };

  it('sorts by each column both ways, equal values by id, descending the exact reverse', async () => {
    expect(article.count).toBeGreaterThanOrEqual(5);
    // The demo article has the values the sorts need, so the orders differ.
    expect(article.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Telefoonnummer', 'SIM nummer']));
    for (const [sort, value] of Object.entries(valueOf)) {
      const up = (await get(klant, `/api/articles/${article.id}?show_historic=true&sort=${sort}&order=asc`)).json();
      const down = (await get(klant, `/api/articles/${article.id}?show_historic=true&sort=${sort}&order=desc`)).json();
      const expected = [...up.services].sort(ascending(value));
      expect({ sort, ids: up.services.map((r: Row) => r.id) }).toEqual({ sort, ids: expected.map((r: Row) => r.id) });
      expect({ sort, ids: down.services.map((r: Row) => r.id) }).toEqual({ sort, ids: expected.map((r: Row) => r.id).reverse() });
      expect(up.services_count).toBe(article.count);
    }
    const phoneOrder = (await get(klant, `/api/articles/${article.id}?show_historic=true&sort=phone_number`)).json().services;
    const startOrder = (await get(klant, `/api/articles/${article.id}?show_historic=true`)).json().services;
    expect(phoneOrder.map((r: Row) => r.id)).not.toEqual(startOrder.map((r: Row) => r.id));
  });

  it('pages a sorted list in windows that together are the whole list, no row twice or missing', async () => {
    for (const [sort, order] of [['block_state', 'asc'], ['end_user', 'desc'], ['phone_number', 'desc'], ['start_time', 'desc']]) {
      const query = `show_historic=true&sort=${sort}&order=${order}`;
      const full = (await get(klant, `/api/articles/${article.id}?${query}`)).json().services.map((r: Row) => r.id);
      const windows: number[] = [];
      for (let offset = 0; offset < full.length + 3; offset += 3) {
        const page = (await get(klant, `/api/articles/${article.id}?${query}&services_offset=${offset}&services_limit=3`)).json();
        expect(page.services_count).toBe(full.length);
        windows.push(...page.services.map((r: Row) => r.id));
      }
      expect({ sort, order, windows }).toEqual({ sort, order, windows: full });
      expect(new Set(windows).size).toBe(full.length);
    }
  });

  it('keeps the current-only filter with a sort', async () => {
    const all = (await get(klant, `/api/articles/${article.id}?show_historic=true&sort=end_user`)).json().services;
    const current = (await get(klant, `/api/articles/${article.id}?sort=end_user`)).json().services;
    const now = Date.now() / 1000;
    expect(current.map((r: Row) => r.id)).toEqual(all.filter((r: Row) => r.end_time === null || r.end_time > now).map((r: Row) => r.id));
  });

  it('refuses an unknown column or direction with 400 in Dutch', async () => {
    for (const query of ['sort=price', 'sort=', 'sort=id;drop', 'order=up', 'sort=end_user&order=ASC', 'order=']) {
      const res = await get(klant, `/api/articles/${article.id}?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json().message).toBe('Ongeldige invoer.');
      expect(res.json().errors[0].message).toMatch(/^moet een van deze waarden zijn: /);
    }
  });

  it("answers 404 for another company's article, sorted too", async () => {
    const res = await get(kees, `/api/articles/${article.id}?sort=phone_number&order=desc&services_offset=0&services_limit=100`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Artikel niet gevonden.' });
  });
});
