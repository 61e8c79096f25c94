import { firstOpenDay } from '../../../domain/closedMonths';
import { businessTimeToEpoch, parseIsoDate } from '../../../domain/time';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let klant: string;
/** admin@demo.nl managing klant's company: the provider adds articles, and may date entries in billed months. */
let staff: string;
let articleId: number;
const day = 86400;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  staff = await t.manage(await t.login('admin@demo.nl'), claimsOf(klant).company_id);
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(klant) })).json();
  const hardware = groups.find((g: { name: string }) => g.name === 'Hardware');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/articles/create',
    headers: auth(staff),
    payload: { article_group_id: hardware.id, name: 'Monitor', description: '27 inch' },
  });
  articleId = created.json().id;
});
afterAll(() => t.close());

const add = (amount: number, time: number, token = staff) =>
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

  it('refuses a removal that would make a running total negative, with the Dutch message', async () => {
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
    expect((await t.app.inject({ method: 'DELETE', url: `/api/articles/${articleId}/bulk-services/${firstAdd.id}`, headers: auth(staff) })).json()).toEqual({
      message: 'Er zijn niet genoeg afnames om te verwijderen.',
    });
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

describe('bulk entries in billed months', () => {
  const CLOSED = { message: 'Deze wijziging raakt een maand die al gefactureerd is. Neem contact op met je accountmanager.' };
  const open = parseIsoDate(firstOpenDay())!;
  /** The first instant of the current month, and the last second of the month before. */
  const openFrom = businessTimeToEpoch(open.year, open.month, 1);
  const lastClosedSecond = openFrom - 1;
  const remove = (bulkId: number, token: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/articles/${articleId}/bulk-services/${bulkId}`, headers: auth(token) });

  it("refuses a customer's entry dated before the current month, and allows one from its first day", async () => {
    const before = await entries();
    const res = await add(3, lastClosedSecond, klant);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(CLOSED);
    expect(await entries()).toEqual(before);
    expect((await add(3, openFrom, klant)).statusCode).toBe(201);
  });

  it("refuses a customer's deletion of an entry in a closed month; staff may, and the audit log keeps the entry", async () => {
    const staffEntry = await add(2, lastClosedSecond - 86400);
    expect(staffEntry.statusCode).toBe(201);
    const { id } = staffEntry.json();
    const refused = await remove(id, klant);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(CLOSED);
    expect((await entries()).some((e: { id: number }) => e.id === id)).toBe(true);

    expect((await remove(id, staff)).statusCode).toBe(200);
    const log = await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: auth(staff) });
    const mine = log.json().items.filter((e: { entity: string; entity_id: string }) => e.entity === 'bulk_service' && e.entity_id === String(id));
    expect(mine.map((e: { action: string; changes: object }) => [e.action, e.changes])).toEqual([
      ['bulk_service.delete', expect.objectContaining({ closed_month: true, before: { amount: 2, time: lastClosedSecond - 86400 }, after: null })],
      ['bulk_service.create', expect.objectContaining({ closed_month: true, before: null, after: { amount: 2, time: lastClosedSecond - 86400 } })],
    ]);
  });
});
