import { sql } from 'drizzle-orm';
import { addMonths, businessDateOf, isoDate, todayNoon } from '../../domain/time';
import { queryRows } from '../db';
import { auth, createTestApp, type TestApp } from '../testing/testApp';
import { seedDemoUsage } from './demoUsage';

/** The demo usage: three months of records for the Van Dijk branches, through the real import. */

let t: TestApp;
const today = businessDateOf(todayNoon());
const months = [-2, -1, 0].map((delta) => isoDate(addMonths(today.year, today.month, delta)));

beforeAll(async () => {
  t = await createTestApp();
  // As at a first start: in the transaction that seeds the demo data.
  await t.database.db.transaction(async (tx) => seedDemoUsage(tx));
}, 120_000);
afterAll(() => t.close());

it('imports a few thousand records over the last three months, with every kind of record', async () => {
  const [totals] = await queryRows<{ records: number; unmatched: number; months: string[]; priceless_out: number; priced: number }>(
    t.database.db,
    sql`select (select count(*)::int from usage_records) as records,
      (select count(*)::int from usage_unmatched) as unmatched,
      (select array_agg(distinct to_char(month, 'YYYY-MM-DD') order by to_char(month, 'YYYY-MM-DD')) from usage_monthly) as months,
      (select count(*)::int from usage_records where type = 'data' and bundle = 'out' and price > 0) as priceless_out,
      (select count(*)::int from usage_records where type <> 'data' and price > 0) as priced`,
  );
  expect(totals.records).toBeGreaterThan(1000);
  expect(totals.records).toBeLessThan(6000);
  expect(totals.unmatched).toBeGreaterThan(0);
  expect(totals.months).toEqual(months);
  expect(totals.priceless_out).toBeGreaterThan(0);
  expect(totals.priced).toBeGreaterThan(0);
});

it("shows on klant@demo.nl's usage report and group bundle", async () => {
  const token = await t.login('klant@demo.nl');
  const report = await t.app.inject({ method: 'GET', url: `/api/report?report_date_from=${months[1]}&report_date_to=${months[2]}`, headers: auth(token) });
  expect(report.json().length).toBeGreaterThan(5);
  const bundle = await t.app.inject({ method: 'GET', url: `/api/groupbundlecosts?costs_date_from=${months[1]}`, headers: auth(token) });
  expect(bundle.json().gb_used).toBeGreaterThan(1);
  expect(bundle.json().gb_used).toBeLessThan(bundle.json().total_gb);
});
