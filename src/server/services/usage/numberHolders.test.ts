import { sql } from 'drizzle-orm';
import { businessTimeToEpoch, daysInMonth, isoDate } from '../../../domain/time';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { ambiguousNote } from './import';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from './testSupport';

/**
 * A usage record goes to the company whose service held its number at the record's time, never to
 * another (docs/rules.md, 'Phone numbers are global'): a number ported from company A to company B on the 10th splits the
 * month's records at the 10th, 00:00; and where data from before the rule has services of two
 * companies holding the number at once, the record is kept aside and counted, given to neither.
 */

let t: TestApp;
let adminToken: string;
let tokenA: string;
let tokenB: string;
let companyA: number;
let companyB: number;
/** Company A's service; its number becomes NUMBER, held until the 10th. */
let serviceA: NumberedService;
/** Company B's service of NUMBER, from the 10th (inserted by each test). */
let serviceB: number;

const NUMBER = '+31612345678';
/** NUMBER as the records store it (domain/phoneNumbers): a service written `+31…` gets the records of `06…`. */
const STORED = '0612345678';
const month = previousMonth();
const MONTH = `${month.year}-${String(month.month).padStart(2, '0')}`;
const instant = (day: number, hour = 0) => new Date(businessTimeToEpoch(month.year, month.month, day, hour) * 1000);
const firstDay = isoDate({ ...month, day: 1 });
const lastDay = isoDate({ ...month, day: daysInMonth(month.year, month.month) });
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n';

const upload = (csv: string) => {
  const { payload, headers } = multipartFile('usage', csv);
  return t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(adminToken) } });
};

const report = async (token: string, from: string, to: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/report?report_date_from=${from}&report_date_to=${to}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { mobile_number: string; call_seconds: number; sms: number; total_price: number }[]).filter((r) => r.mobile_number === STORED);
};

/** A copy of company A's service for company B, holding NUMBER from `start` (legacy data may overlap: written directly). */
const serviceOfB = async (start: Date, end: Date | null) => {
  const [{ id }] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into services (company_id, article_id, start_time, end_time) select ${companyB}, article_id, ${start.toISOString()}, ${end?.toISOString() ?? null}
      from services where id = ${serviceA.id} returning id`,
  );
  await t.database.db.execute(sql`insert into service_field_inputs (service_id, company_id, article_group_field_id, value)
    select ${id}, ${companyB}, article_group_field_id, value from service_field_inputs where service_id = ${serviceA.id}`);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
  tokenA = await t.login('klant@demo.nl');
  tokenB = await t.login('kees@korenschoof.nl');
  companyA = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  companyB = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
  serviceA = (await numberedServices(t.database.db, companyA)).find((s) => s.startTime < instant(1) && s.endTime === null && s.number.startsWith('06'))!;
  expect(serviceA).toBeTruthy();
  await t.database.db.execute(sql`update service_field_inputs set value = ${NUMBER} from article_group_fields f
    where f.id = article_group_field_id and f.used_for_cdr and service_id = ${serviceA.id}`);
}, 60_000);
afterAll(() => t.close());

beforeEach(async () => {
  for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'group_bundle_months', 'usage_imports']) {
    await t.database.db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  if (serviceB) await t.database.db.execute(sql`delete from services where id = ${serviceB}`);
});

/** Calls of NUMBER: [day, time, seconds, price]; a seconds figure says whose record it is (A: < 100, B: ≥ 100). */
const CALLS: [number, string, number, string][] = [
  [5, '12:00:00', 11, '0,11'],
  [9, '23:59:59', 13, '0,13'],
  [10, '00:00:00', 170, '1,70'],
  [20, '08:30:00', 190, '1,90'],
];
const csvOf = (calls: typeof CALLS) =>
  HEADER + calls.map(([day, time, seconds, price]) => `${dutchDate(month, day)};${time};${NUMBER};0201234567;uitgaand;voice;${seconds};out;${price}\n`).join('');

describe('a number ported from company A to company B on the 10th', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`update services set end_time = ${instant(10).toISOString()} where id = ${serviceA.id}`);
    serviceB = await serviceOfB(instant(10), null);
  });

  it('gives the records before the 10th to A and from the 10th to B, and each report shows only its own', async () => {
    const res = await upload(csvOf(CALLS));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 4, unmatched: 0, ambiguous: 0, months: [MONTH] });
    const records = await queryRows<{ length: string; company_id: number; service_id: number }>(
      t.database.db,
      sql`select length::text, company_id, service_id from usage_records order by record_time`,
    );
    expect(records.map((r) => [Number(r.length), r.company_id, r.service_id])).toEqual([
      [11, companyA, serviceA.id],
      [13, companyA, serviceA.id],
      [170, companyB, serviceB],
      [190, companyB, serviceB],
    ]);

    // The whole month (read from the month's totals) and a part of it (read from the records).
    for (const [from, to] of [
      [firstDay, lastDay],
      [isoDate({ ...month, day: 9 }), isoDate({ ...month, day: 15 })],
    ]) {
      const partial = from !== firstDay;
      expect(await report(tokenA, from, to)).toEqual([expect.objectContaining({ call_seconds: partial ? 13 : 24, total_price: partial ? 0.13 : 0.24 })]);
      expect(await report(tokenB, from, to)).toEqual([expect.objectContaining({ call_seconds: partial ? 170 : 360, total_price: partial ? 1.7 : 3.6 })]);
    }
    // B's detail of the number lists B's records only.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/report/0/${encodeURIComponent(NUMBER)}?report_date_from=${firstDay}&report_date_to=${lastDay}`,
      headers: auth(tokenB),
    });
    expect(detail.statusCode).toBe(200);
    expect((detail.json() as { data: { records: { length: number }[] } }).data.records.map((r) => r.length)).toEqual([170, 190]);
  });
});

describe('a number that services of two companies held at the same time (data from before the rule)', () => {
  beforeEach(async () => {
    // A holds the number all month; B's service, registered before numbers were global, from the 10th to the 20th.
    await t.database.db.execute(sql`update services set end_time = null where id = ${serviceA.id}`);
    serviceB = await serviceOfB(instant(10), instant(20));
  });

  it('keeps the records of the overlap aside and counts them, given to neither company', async () => {
    const res = await upload(csvOf(CALLS));
    expect(res.statusCode).toBe(200);
    // The 5th, the 9th and the 20th are A's alone; the 10th both held it.
    expect(res.json()).toMatchObject({ imported: 3, unmatched: 1, ambiguous: 1, message: expect.stringContaining(ambiguousNote(1)) });
    const kept = await queryRows<{ length: string; line: number }>(t.database.db, sql`select length::text, line from usage_unmatched`);
    expect(kept).toEqual([{ length: '170', line: 4 }]);
    const records = await queryRows<{ length: string; company_id: number }>(t.database.db, sql`select length::text, company_id from usage_records order by record_time`);
    expect(records.map((r) => [Number(r.length), r.company_id])).toEqual([
      [11, companyA],
      [13, companyA],
      [190, companyA],
    ]);
    expect(await report(tokenB, firstDay, lastDay)).toEqual([]);
    expect(await report(tokenA, firstDay, lastDay)).toEqual([expect.objectContaining({ call_seconds: 214 })]);

    // Once the overlap is resolved (B's service ended before the 10th), a re-import gives the kept record to A.
    await t.database.db.execute(sql`update services set end_time = ${instant(9).toISOString()} where id = ${serviceB}`);
    const again = await upload(csvOf(CALLS));
    expect(again.json()).toMatchObject({ imported: 1, duplicates: 3, unmatched: 0, ambiguous: 0 });
    expect(await queryRows(t.database.db, sql`select 1 from usage_unmatched`)).toEqual([]);
  });
});
