import { firstOpenDay } from '../../../domain/closedMonths';
import { businessTimeToEpoch } from '../../../domain/time';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

// Dates in the current business month: a customer may not change a billed month (docs/rules.md, 'Billed months are closed').
const month = firstOpenDay().slice(0, 7);
const [year, monthNumber] = month.split('-').map(Number);
const dayOfMonth = (day: number) => `${month}-${String(day).padStart(2, '0')}`;

let t: TestApp;
let klant: string;
let kees: string;
let article: { id: number; price: number; article_group: { fields: { id: number; name: string; used_for_cdr: boolean }[] } };
let phoneFieldId: number;
let simFieldId: number;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(klant) })).json();
  const mobile = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie');
  const list = (await t.app.inject({ method: 'GET', url: `/api/articles?article_group_id=${mobile.id}`, headers: auth(klant) })).json();
  article = (await t.app.inject({ method: 'GET', url: `/api/articles/${list[0].id}`, headers: auth(klant) })).json();
  phoneFieldId = article.article_group.fields.find((f) => f.used_for_cdr)!.id;
  simFieldId = article.article_group.fields.find((f) => f.name === 'SIM nummer')!.id;
}, 60_000);
afterAll(() => t.close());

const createService = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/services/create', headers: auth(token), payload: { article_id: article.id, start_time: `${dayOfMonth(5)}T12:00:00+01:00`, ...payload } });

describe('PUT /api/services/create', () => {
  it('creates a service with a new end user in the acting company, leaving out empty field inputs', async () => {
    const res = await createService(klant, {
      end_user: { firstname: 'Nieuwe', lastname: 'Collega' },
      order_reference: 'PO-1',
      article_group_field_inputs: [
        { article_group_field_id: phoneFieldId, value: '0611112222' },
        { article_group_field_id: simFieldId, value: '' },
      ],
      input_field_1: 'KP-1',
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      end_user: { firstname: 'Nieuwe', lastname: 'Collega' },
      order_reference: 'PO-1',
      contract_period: 'Maandelijks',
      input_field_1: 'KP-1',
      start_time: Date.parse(`${dayOfMonth(5)}T11:00:00Z`) / 1000,
    });
    expect(data.article_group_field_inputs).toEqual([
      { article_group_field_id: phoneFieldId, article_group_field: { name: 'Telefoonnummer', used_for_cdr: true }, value: '0611112222' },
    ]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(klant) })).json();
    expect(all.some((u: { id: number }) => u.id === data.end_user.id)).toBe(true);
  });

  it('refuses a phone number already in use by an active service of the company', async () => {
    const res = await createService(klant, { article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value: '0611112222' }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Telefoonnummer is al geregistreerd binnen dit bedrijf.');
  });

  it('refuses an end date before start plus one day', async () => {
    const res = await createService(klant, { start_time: dayOfMonth(1), end_time: `${dayOfMonth(1)}T12:00:00+01:00` });
    expect(res.statusCode).toBe(400);
    expect((await createService(klant, { start_time: dayOfMonth(1), end_time: dayOfMonth(2) })).statusCode).toBe(201);
  });

  it("refuses another company's end user and article", async () => {
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(kees) })).json();
    expect((await createService(klant, { end_user_id: theirs[0].id })).statusCode).toBe(404);
    expect((await createService(kees, {})).statusCode).toBe(404);
  });

  it('keeps provider fields for callers with EDIT_SPIE_FIELDS', async () => {
    expect((await createService(klant, { spie_field_1: 'X' })).statusCode).toBe(403);
  });
});

describe('GET, PUT and DELETE /api/services/:id', () => {
  it('keeps an own price and setup price of numeric 0 as 0, not "no own price" (docs/rules.md)', async () => {
    const staff = await t.manage(await t.login('admin@demo.nl'), claimsOf(klant).company_id);
    const created = await createService(staff, { price: 0, setup_price: 0 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ price: 0, setup_price: 0, period_price: 0, one_off_price: 0 });
    const id = created.json().data.id;
    expect((await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth(staff), payload: { price: 12.5 } })).json().data.price).toBe(12.5);
    const zero = await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth(staff), payload: { price: 0 } });
    expect(zero.json().data).toMatchObject({ price: 0, period_price: 0 });
    const none = await t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth(staff), payload: { price: null, setup_price: null } });
    expect(none.json().data).toMatchObject({ price: null, setup_price: null });
    expect(none.json().data.period_price).toBe(article.price);
  });

  it('answers {data: service}; edits dates within the rules; hard delete removes it', async () => {
    const created = (await createService(klant, { end_user: { firstname: 'Tijdelijk', lastname: 'Medewerker' } })).json().data;
    const got = await t.app.inject({ method: 'GET', url: `/api/services/${created.id}`, headers: auth(klant) });
    expect(got.json().data).toMatchObject({ id: created.id, period_price: expect.any(Number), spie_field_1: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${created.id}`, headers: auth(kees) })).statusCode).toBe(404);

    const bad = await t.app.inject({ method: 'PUT', url: `/api/services/${created.id}`, headers: auth(klant), payload: { end_time: dayOfMonth(1) } });
    expect(bad.statusCode).toBe(400);
    const ended = await t.app.inject({ method: 'PUT', url: `/api/services/${created.id}`, headers: auth(klant), payload: { end_time: dayOfMonth(20) } });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.end_time).toBe(businessTimeToEpoch(year, monthNumber, 20));

    expect((await t.app.inject({ method: 'DELETE', url: `/api/services/${created.id}/hard`, headers: auth(kees) })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/services/${created.id}/hard`, headers: auth(klant) });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${created.id}`, headers: auth(klant) })).statusCode).toBe(404);
  });

  it('frees a phone number from the end of its service on', async () => {
    const number = [{ article_group_field_id: phoneFieldId, value: '0699990000' }];
    const first = (await createService(klant, { start_time: dayOfMonth(1), article_group_field_inputs: number })).json().data;
    await t.app.inject({ method: 'PUT', url: `/api/services/${first.id}`, headers: auth(klant), payload: { end_time: dayOfMonth(10) } });
    expect((await createService(klant, { start_time: dayOfMonth(9), article_group_field_inputs: number })).statusCode).toBe(409);
    const second = await createService(klant, { start_time: dayOfMonth(10), article_group_field_inputs: number });
    expect(second.statusCode).toBe(201);
  });
});
