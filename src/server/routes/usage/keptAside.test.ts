import { sql } from 'drizzle-orm';
import { firstOpenDay } from '../../../domain/closedMonths';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { multipartFile } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Kept-aside usage belongs to nobody until provider staff attach it (docs/rules.md): a customer's
 * own registration of a number takes none of the records kept before it, staff's does, the
 * admin's list attaches a number's records to whichever company's service held it at their time,
 * and a deleted service's records return to the kept-aside list, so a re-import adds nothing.
 */

// Dates in the current business month: a customer may register and delete services there (docs/rules.md, billed months are closed).
const [year, month] = firstOpenDay().slice(0, 7).split('-').map(Number);
const day = (d: number) => `${String(d).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
const iso = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

let t: TestApp;
let admin: string;
let klant: string;
let installatie: number;
let elektro: number;
let adminId: number;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

/** Three records of the number (a priced call, a text, out-of-bundle data without a price) and one of another. */
const usageFile = (number: string) =>
  [
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
    `${day(1)};09:00:00;${number};0201234567;uitgaand;voice;60;out;0,25`,
    `${day(3)};10:00:00;0201234567;${number};inkomend;sms;1;in;`,
    `${day(12)};11:00:00;${number};internet;uitgaand;data;1048576;out;`,
    `${day(12)};12:00:00;0699000999;0201234567;uitgaand;voice;30;in;`,
  ].join('\n');

const upload = async (csv: string) => {
  const { payload, headers } = multipartFile('usage', csv, 'verbruik.csv');
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin) } });
  expect(res.statusCode).toBe(200);
  return res.json() as { imported: number; duplicates: number; unmatched: number };
};

/** The kept records of a number as the import stored them (no ids, no lines). */
const keptOf = (number: string) =>
  queryRows<{ record_time: string; sender: string; receiver: string; type: string; length: string; price: string | null; key: string }>(
    t.database.db,
    sql`select record_time::text, sender, receiver, type, length::text, price::text, encode(record_key, 'hex') as key from usage_unmatched
      where ${number} in (sender, receiver) order by record_time`,
  );

/** The usage the company's report shows for the number this month (record times). */
const shownTimes = async (token: string, number: string) => {
  const res = await inject('GET', `/api/report/0/${number}?report_date_from=${iso(1)}&report_date_to=${iso(28)}`, token);
  return res.statusCode === 404 ? [] : (res.json().data.records as { time: string }[]).map((r) => r.time);
};

/** The phone field and a mobile article the acting company of `token` may take. */
const mobileArticle = async (token: string) => {
  const groups = (await inject('GET', '/api/article-groups/visible', token)).json();
  const mobile = groups.find((g: { name: string }) => g.name === 'Mobiele telefonie');
  const list = (await inject('GET', `/api/articles?article_group_id=${mobile.id}`, token)).json();
  const article = (await inject('GET', `/api/articles/${list[0].id}`, token)).json();
  return { articleId: article.id as number, fieldId: article.article_group.fields.find((f: { used_for_cdr: boolean }) => f.used_for_cdr).id as number };
};

/** Registers a service with the number for the acting company of `token`: its id. */
const register = async (token: string, number: string, start: string, end?: string) => {
  const { articleId, fieldId } = await mobileArticle(token);
  const res = await inject('PUT', '/api/services/create', token, {
    article_id: articleId,
    start_time: start,
    ...(end ? { end_time: end } : {}),
    article_group_field_inputs: [{ article_group_field_id: fieldId, value: number }],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};

/** Provider staff managing a company (one managed company at a time). */
const managing = (companyId: number) => t.manage(admin, companyId);

const hardDelete = async (token: string, id: number) => expect((await inject('DELETE', `/api/services/${id}/hard`, token)).statusCode).toBe(200);

const serviceRows = async (table: string, serviceId: number) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)} where service_id = ${serviceId}`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  elektro = (await findCompanyByName(t.database.db, 'Van Dijk Elektrotechniek B.V.'))!.id;
  [{ id: adminId }] = await queryRows<{ id: number }>(t.database.db, sql`select id from users where email = 'admin@demo.nl'`);
}, 60_000);
afterAll(() => t.close());

describe('registering a number with kept records', () => {
  it("gives a customer's own registration from the 1st none of the records kept before it; deleting it keeps them", async () => {
    const number = '0699100001';
    expect(await upload(usageFile(number))).toMatchObject({ imported: 0, unmatched: 4 });
    const kept = await keptOf(number);
    expect(kept).toHaveLength(3);

    const id = await register(klant, number, iso(1));
    expect(await shownTimes(klant, number)).toEqual([]);
    expect(await keptOf(number)).toEqual(kept);

    await hardDelete(klant, id);
    expect(await keptOf(number)).toEqual(kept);
  });

  it("attaches them when provider staff register it; the service's delete returns them as they were, and a re-import adds nothing", async () => {
    const number = '0699100002';
    await upload(usageFile(number));
    const kept = await keptOf(number);

    const staffForKlant = await managing(installatie);
    const id = await register(staffForKlant, number, iso(1));
    expect(await shownTimes(klant, number)).toEqual(['09:00:00', '10:00:00', '11:00:00']);
    expect(await keptOf(number)).toEqual([]);
    // The attach is in the audit log with the acting user and the company they managed.
    const entries = await queryRows<{ user_id: number; company_id: number; file: string }>(
      t.database.db,
      sql`select user_id, company_id, changes->>'file' as file from audit_log where action = 'usage.import' and changes->>'file' = ${`Later gekoppeld: ${number}`}`,
    );
    expect(entries).toEqual([{ user_id: adminId, company_id: installatie, file: `Later gekoppeld: ${number}` }]);

    await hardDelete(staffForKlant, id);
    // Same records, same keys, the price as the file gave it (the data record had none).
    expect(await keptOf(number)).toEqual(kept);
    expect(kept.map((r) => r.price)).toEqual(['0.250000', null, null]);
    for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days']) expect(await serviceRows(table, id)).toBe(0);
    const [{ price }] = await queryRows<{ price: string }>(
      t.database.db,
      sql`select coalesce(sum(price), 0)::text as price from usage_company_months where company_id = ${installatie}`,
    );
    expect(Number(price)).toBe(0);

    // The same file again: nothing new, nothing kept twice.
    expect(await upload(usageFile(number))).toMatchObject({ imported: 0, unmatched: 0, duplicates: 4 });
    expect(await keptOf(number)).toEqual(kept);
  });
});

describe('POST /api/usage/unmatched/attach', () => {
  it("attaches a number's kept records to the service of each company that held it at their time", async () => {
    const number = '0699100003';
    await upload(usageFile(number));
    // Ported: klant's company held it until the 10th, the sibling branch from the 10th; each registered it itself.
    const early = await register(klant, number, iso(1), iso(10));
    const staffForElektro = await managing(elektro);
    const late = await register(staffForElektro, number, iso(10));
    // Staff's registration of the later period attached what it covers; the earlier stays kept.
    expect(await shownTimes(staffForElektro, number)).toEqual(['11:00:00']);
    expect(await shownTimes(klant, number)).toEqual([]);
    expect(await keptOf(number)).toHaveLength(2);

    const res = await inject('POST', '/api/usage/unmatched/attach', admin, { number });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 verbruiksregels gekoppeld.', attached: 2 });
    expect(await shownTimes(klant, number)).toEqual(['09:00:00', '10:00:00']);
    expect(await shownTimes(staffForElektro, number)).toEqual(['11:00:00']);
    expect(await keptOf(number)).toEqual([]);
    const [entry] = await queryRows<{ user_id: number; n: number }>(
      t.database.db,
      sql`select user_id, (changes->>'imported')::int as n from audit_log where action = 'usage.import' and changes->>'file' = ${`Later gekoppeld: ${number}`}
        order by id desc limit 1`,
    );
    expect(entry).toEqual({ user_id: adminId, n: 2 });

    // A customer's delete (its period is in the open month) returns its records, never destroys them.
    await hardDelete(klant, early);
    expect((await keptOf(number)).map((r) => r.type)).toEqual(['voice', 'sms']);
    expect(await serviceRows('usage_records', late)).toBe(1);
    expect(await upload(usageFile(number))).toMatchObject({ imported: 0, unmatched: 0 });
    expect(await keptOf(number)).toHaveLength(2);
  });

  it('attaches nothing of a time no service held the number, and says so', async () => {
    const number = '0699100004';
    await upload(usageFile(number));
    const res = await inject('POST', '/api/usage/unmatched/attach', admin, { number });
    expect(res.json()).toEqual({
      message: 'Er zijn geen verbruiksregels gekoppeld: geen afname had dit nummer op het moment van die regels (of meer dan één klant tegelijk).',
      attached: 0,
    });
    expect(await keptOf(number)).toHaveLength(3);
    expect((await inject('POST', '/api/usage/unmatched/attach', admin, { number: '0699100099' })).json()).toEqual({
      message: 'Voor dit nummer zijn geen verbruiksregels apart gezet.',
      attached: 0,
    });
  });

  it('is refused to customers (403) and to bad input (400), changing nothing', async () => {
    const number = '0699100005';
    await upload(usageFile(number));
    await register(klant, number, iso(1));
    const refused = await inject('POST', '/api/usage/unmatched/attach', klant, { number });
    expect(refused.statusCode).toBe(403);
    for (const body of [{}, { number: '' }, { number: 'x'.repeat(101) }]) {
      expect((await inject('POST', '/api/usage/unmatched/attach', admin, body)).statusCode).toBe(400);
    }
    expect(await keptOf(number)).toHaveLength(3);
    expect(await shownTimes(klant, number)).toEqual([]);
  });
});
