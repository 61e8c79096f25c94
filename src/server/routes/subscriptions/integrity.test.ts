import { eq } from 'drizzle-orm';
import { firstOpenDay } from '../../../domain/closedMonths';
import { addMonths, isoDate, parseIsoDate } from '../../../domain/time';
import { services } from '../../db/schema';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Tenant and billing integrity of services: phone numbers are global (docs/rules.md, 'Phone numbers are global'), prices
 * are the provider's (section 2), billed months are closed to customers (section 13).
 */

let t: TestApp;
let klant: string;
let kees: string;
/** admin@demo.nl managing klant's and kees's companies. */
let staffForKlant: string;
let staffForKees: string;
let klantCompanyId: number;
let articleOf: Record<'klant' | 'kees', number>;
let phoneFieldId: number;

const thisMonth = parseIsoDate(firstOpenDay())!;
/** A day of the current month (open) or of a month before it (closed), ISO. */
const day = (monthsBack: number, dayOfMonth: number) => isoDate({ ...addMonths(thisMonth.year, thisMonth.month, -monthsBack), day: dayOfMonth });

const CLOSED = { message: 'Deze wijziging raakt een maand die al gefactureerd is. Neem contact op met je accountmanager.' };
const ELSEWHERE = { message: 'Dit telefoonnummer is in gebruik bij een andere klant. Neem contact op met je accountmanager.' };
const FORBIDDEN = { message: 'Geen toestemming voor deze actie.' };

const impersonate = async (companyId: number) => t.manage(await t.login('admin@demo.nl'), companyId);

/** A mobile article of the company the token acts for (the demo gives kees none, so staff add one). */
const mobileArticle = async (reader: string, writer: string) => {
  const groups = (await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(reader) })).json();
  const mobile = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/articles/create',
    headers: auth(writer),
    payload: { article_group_id: mobile.id, name: 'Integriteit SIM', description: 'Testartikel', price: 10 },
  });
  const article = (await t.app.inject({ method: 'GET', url: `/api/articles/${res.json().id}`, headers: auth(reader) })).json();
  phoneFieldId = article.article_group.fields.find((f: { used_for_cdr: boolean }) => f.used_for_cdr).id;
  return article.id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
  klantCompanyId = claimsOf(klant).company_id;
  staffForKlant = await impersonate(klantCompanyId);
  staffForKees = await impersonate(claimsOf(kees).company_id);
  articleOf = { klant: await mobileArticle(klant, staffForKlant), kees: await mobileArticle(kees, staffForKees) };
});
afterAll(() => t.close());

const companyOf = (token: string) => (token === kees || token === staffForKees ? 'kees' : 'klant');

const create = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/services/create',
    headers: auth(token),
    payload: { article_id: articleOf[companyOf(token)], start_time: day(0, 1), ...payload },
  });
const update = (token: string, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/services/${id}`, headers: auth(token), payload });
const hardDelete = (token: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/services/${id}/hard`, headers: auth(token) });
const withNumber = (value: string) => ({ article_group_field_inputs: [{ article_group_field_id: phoneFieldId, value }] });
const stored = async (id: number) => (await t.database.db.select().from(services).where(eq(services.id, id)))[0];
const countServices = async () => (await t.database.db.select({ id: services.id }).from(services)).length;

describe('phone numbers are global', () => {
  it("refuses another company's number in an overlapping period, saying nothing about that company", async () => {
    expect((await create(klant, withNumber('0687000001'))).statusCode).toBe(201);
    const before = await countServices();
    const res = await create(kees, { start_time: day(0, 20), ...withNumber('0687000001') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(ELSEWHERE);
    expect(await countServices()).toBe(before);
    // Provider staff managing the other company are held to it too: the usage import needs one holder.
    expect((await create(staffForKees, { start_time: day(3, 1), ...withNumber('0687000001') })).json()).toEqual(ELSEWHERE);
  });

  it('refuses the same number twice within a company with its own message', async () => {
    const res = await create(klant, { start_time: day(0, 10), ...withNumber('0687000001') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Telefoonnummer is al geregistreerd binnen dit bedrijf.' });
  });

  it("refuses an update to another company's number", async () => {
    const own = (await create(kees, withNumber('0687000002'))).json().data;
    const res = await update(kees, own.id, withNumber('0687000001'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(ELSEWHERE);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${own.id}`, headers: auth(kees) })).json().data.article_group_field_inputs).toEqual([
      expect.objectContaining({ value: '0687000002' }),
    ]);
  });

  it('lets a number move to another company once the first service has ended (porting), and refuses dates that make them overlap', async () => {
    const first = (await create(klant, { end_time: day(0, 10), ...withNumber('0687000003') })).json().data;
    const ported = await create(kees, { start_time: day(0, 10), ...withNumber('0687000003') });
    expect(ported.statusCode).toBe(201);
    // A date change can create an overlap too: either side moving into the other's period.
    const later = await update(klant, first.id, { end_time: day(0, 15) });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toEqual(ELSEWHERE);
    const earlier = await update(kees, ported.json().data.id, { start_time: day(0, 5) });
    expect(earlier.json()).toEqual(ELSEWHERE);
    expect((await stored(first.id)).endTime?.getTime()).toBe(first.end_time * 1000);
  });

  it('lets only one of concurrent saves of one number pass', async () => {
    const attempts = await Promise.all(
      [klant, kees, klant, kees, klant, kees].map((token, i) => create(token, { start_time: day(0, 1 + i), ...withNumber('0687000004') })),
    );
    expect(attempts.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  });
});

describe('prices belong to the provider', () => {
  it("refuses a customer's price or setup price, and creates nothing", async () => {
    const before = await countServices();
    for (const prices of [{ price: 1 }, { setup_price: '12,50' }]) {
      const res = await create(klant, prices);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await countServices()).toBe(before);
  });

  it("lets a customer save a service without prices, and refuses changing its prices; staff's price writes are kept", async () => {
    const created = (await create(klant, { price: null })).json().data;
    expect((await update(klant, created.id, { price: '15' })).json()).toEqual(FORBIDDEN);
    expect((await update(klant, created.id, { price: null, order_reference: 'PO-9' })).statusCode).toBe(200);
    const byStaff = await update(staffForKlant, created.id, { price: '15', setup_price: 2.5 });
    expect(byStaff.statusCode).toBe(200);
    expect(await stored(created.id)).toMatchObject({ price: '15.000000', setupPrice: '2.500000' });
    // Sending the prices it has is no price write.
    expect((await update(klant, created.id, { price: 15, setup_price: '2.50', order_reference: 'PO-10' })).statusCode).toBe(200);
    expect((await create(staffForKlant, { price: '7,25' })).statusCode).toBe(201);
  });
});

describe('billed months are closed to customers', () => {
  /** klant's audit log as provider staff read it (the Wijzigingslog screen's call). */
  const auditOf = async (entityId: number, action: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit-log?company_id=${klantCompanyId}`, headers: auth(await t.login('admin@demo.nl')) });
    return res.json().items.find((e: { entity_id: string; action: string }) => e.entity_id === String(entityId) && e.action === action);
  };

  it('refuses a customer creating a service that starts in a closed month', async () => {
    const before = await countServices();
    const res = await create(klant, { start_time: day(1, 28) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(CLOSED);
    expect(await countServices()).toBe(before);
  });

  it("refuses a customer's date changes that alter a closed month, changing nothing; ending from today is fine", async () => {
    const created = await create(staffForKlant, { start_time: day(3, 5) });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const original = await stored(id);
    for (const change of [{ end_time: day(1, 15) }, { start_time: day(2, 3) }, { start_time: day(0, 2) }]) {
      const res = await update(klant, id, change);
      expect({ change, status: res.statusCode, body: res.json() }).toEqual({ change, status: 409, body: CLOSED });
    }
    expect(await stored(id)).toEqual(original);
    const hard = await hardDelete(klant, id);
    expect(hard.statusCode).toBe(409);
    expect(hard.json()).toEqual(CLOSED);
    expect(await stored(id)).toEqual(original);

    const ended = await update(klant, id, { end_time: day(0, 1) });
    expect(ended.statusCode).toBe(200);
    // An end date that lies in a closed month cannot be moved by the customer either.
    const endedEarly = (await create(staffForKlant, { start_time: day(3, 5), end_time: day(2, 10) })).json().data;
    expect((await update(klant, endedEarly.id, { end_time: null })).json()).toEqual(CLOSED);
  });

  it('lets provider staff change a closed month, with the old and new values in the audit log', async () => {
    const { id } = (await create(staffForKlant, { start_time: day(3, 5) })).json().data;
    const res = await update(staffForKlant, id, { end_time: day(1, 15) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.end_time).toBe((await stored(id)).endTime!.getTime() / 1000);
    const entry = await auditOf(id, 'service.update');
    expect(entry).toMatchObject({
      company_id: klantCompanyId,
      user: { firstname: 'Mark', lastname: 'Jansen' },
      changes: {
        closed_month: true,
        before: { start_time: res.json().data.start_time, end_time: null },
        after: { start_time: res.json().data.start_time, end_time: res.json().data.end_time },
      },
    });
    expect(await auditOf(id, 'service.create')).toMatchObject({ changes: { closed_month: true, before: null } });

    const deleted = await hardDelete(staffForKlant, id);
    expect(deleted.statusCode).toBe(200);
    expect(await auditOf(id, 'service.delete')).toMatchObject({
      changes: { closed_month: true, before: { end_time: res.json().data.end_time }, after: null },
    });
  });

  it('lets a customer hard-delete a service without costs in a closed month, and marks no open change', async () => {
    const { id } = (await create(klant, { start_time: day(0, 2) })).json().data;
    expect((await update(klant, id, { end_time: day(0, 20) })).statusCode).toBe(200);
    expect((await auditOf(id, 'service.update')).changes.closed_month).toBeUndefined();
    expect((await hardDelete(klant, id)).statusCode).toBe(200);
  });
});
