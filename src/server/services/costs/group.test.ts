import { sql } from 'drizzle-orm';
import { currentMonth, previousMonth } from '../../../domain/time';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { groupCosts, RUNNING_MONTH_FIGURES_MS } from './group';

/**
 * The group view's stored figures (company_month_figures): shown again while the branch's data is
 * unchanged, computed anew as soon as anything they come from changes (the version triggers of
 * migration 0010), and of the running month for a minute only.
 */

let t: TestApp;
let branchId: number;
const month = previousMonth(currentMonth());

beforeAll(async () => {
  t = await createTestApp();
  branchId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
});
afterAll(() => t.close());

const db = () => t.database.db;
const periodicOf = async (m = month, nowMs = Date.now()) =>
  (await groupCosts(db(), branchId, m, nowMs))!.branches.find((b) => b.company_id === branchId)!.periodic;
/** Marks the stored figures so a test can tell them from computed ones. */
const markStored = (m = month) =>
  db().execute(sql`update company_month_figures set figures = jsonb_set(figures, '{periodic}', '12345.67') where company_id = ${branchId}
    and month = make_date(${m.year}, ${m.month}, 1)`);
const version = async (companyId = branchId) =>
  Number((await queryRows<{ v: string }>(db(), sql`select coalesce(sum(changes), 0)::text as v from company_changes where company_id = ${companyId}`))[0].v);

it('shows stored figures again while nothing changed, and computes them anew after a change', async () => {
  const computed = await periodicOf();
  expect(computed).toBeGreaterThan(0);
  await markStored();
  expect(await periodicOf()).toBe(12345.67);

  // Any change of the branch's services raises its version: the stored row no longer counts.
  await db().execute(sql`update services set order_reference = order_reference where id = (select min(id) from services where company_id = ${branchId})`);
  expect(await periodicOf()).toBe(computed);
});

it('raises the company version for every table its figures come from, and only for that company', async () => {
  const other = (await findCompanyByName(db(), 'Bakkerij De Korenschoof'))!.id;
  const changes = [
    sql`update services set order_reference = order_reference where company_id = ${branchId}`,
    sql`update bulk_services set amount = amount where company_id = ${branchId}`,
    sql`update articles set name = name where company_id = ${branchId}`,
    sql`update article_price_history set price = price where company_id = ${branchId}`,
    sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
      values (${branchId}, '2001-01-01', 0, '0600000000', 'sms', 'uitgaand', 'out', 1, 1, 0.1)`,
    sql`delete from usage_monthly where company_id = ${branchId} and month = '2001-01-01'`,
    sql`insert into usage_company_months (company_id, month, type, bundle, price) values (${branchId}, '2001-01-01', 'sms', 'out', 0.1)`,
    sql`update usage_company_months set price = 0.2 where company_id = ${branchId} and month = '2001-01-01'`,
    sql`delete from usage_company_months where company_id = ${branchId} and month = '2001-01-01'`,
    sql`insert into group_bundle_months (company_id, month, total_gb, gb_used) values (${branchId}, '2001-01-01', 1, 0)`,
    sql`delete from group_bundle_months where company_id = ${branchId} and month = '2001-01-01'`,
    sql`update companies set price_mb = price_mb + 0.01 where id = ${branchId}`,
  ];
  for (const change of changes) {
    const [before, otherBefore] = [await version(), await version(other)];
    await db().execute(change);
    expect([changes.indexOf(change), (await version()) > before]).toEqual([changes.indexOf(change), true]);
    expect(await version(other)).toBe(otherBefore);
  }
});

it('adds up many rows of changes into one, keeping the version', async () => {
  await db().execute(sql`insert into company_changes (company_id) select ${branchId} from generate_series(1, 1200)`);
  const before = await version();
  await groupCosts(db(), branchId, month);
  const [{ rows }] = await queryRows<{ rows: number }>(db(), sql`select count(*)::int as rows from company_changes where company_id = ${branchId}`);
  expect(rows).toBe(1);
  expect(await version()).toBe(before);
  // Still the version the stored figures were computed at.
  await markStored();
  expect(await periodicOf()).toBe(12345.67);
});

it("keeps the running month's figures for a minute: its services are counted now", async () => {
  const running = currentMonth();
  const now = Date.now();
  const computed = await periodicOf(running, now);
  await markStored(running);
  expect(await periodicOf(running, now + RUNNING_MONTH_FIGURES_MS - 1000)).toBe(12345.67);
  expect(await periodicOf(running, now + RUNNING_MONTH_FIGURES_MS + 1000)).toBe(computed);
});

it('answers the same figures stored or computed', async () => {
  await db().execute(sql`delete from company_month_figures`);
  const computed = await groupCosts(db(), branchId, month);
  const stored = await groupCosts(db(), branchId, month);
  expect(stored).toEqual(computed);
  const rows = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from company_month_figures`);
  expect(rows[0].n).toBe(computed!.branches.length);
});
