import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { usageCategoryTotals, usageCostsOfMonth } from './costs';

/** The priced usage of a month for the cost engine: exact sums from usage_monthly. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
}, 60_000);
afterAll(() => t.close());

it('sums prices per category and per service, exactly and unrounded, for one company and month', async () => {
  const row = (companyId: number, month: string, serviceId: number, type: string, bundle: string, price: string) =>
    sql`(${companyId}, ${month}::date, ${serviceId}, '0612345678', ${type}, 'uitgaand', ${bundle}, 1, 1, ${price})`;
  await t.database.db.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    values ${sql.join(
      [
        row(1, '2026-10-01', 10, 'data', 'out', '0.000001'),
        row(1, '2026-10-01', 10, 'data', 'in', '0.000002'),
        row(1, '2026-10-01', 10, 'voice', 'out', '1.105000'),
        row(1, '2026-10-01', 11, 'sms', 'out', '0.100000'),
        row(1, '2026-09-01', 11, 'sms', 'out', '5'),
        row(2, '2026-10-01', 12, 'voice', 'out', '7'),
      ],
      sql`, `,
    )}`);
  const costs = await usageCostsOfMonth(t.database.db, 1, { year: 2026, month: 10 });
  expect(costs.byCategory).toEqual({ data: '0.000003', voice: '1.105', sms: '0.1' });
  expect(costs.byService).toEqual([
    { serviceId: 10, amount: '1.105003' },
    { serviceId: 11, amount: '0.1' },
  ]);
  expect(await usageCostsOfMonth(t.database.db, 1, { year: 2026, month: 11 })).toEqual({
    byCategory: { data: '0', voice: '0', sms: '0' },
    byService: [],
  });
});

it('usageCategoryTotals: the priced usage per month and category from usage_company_months, exact strings', async () => {
  const row = (companyId: number, month: string, type: string, bundle: string, price: string) =>
    sql`(${companyId}, ${month}::date, ${type}, ${bundle}, ${price})`;
  await t.database.db.execute(sql`insert into usage_company_months (company_id, month, type, bundle, price)
    values ${sql.join(
      [
        row(3, '2026-09-01', 'data', 'in', '0.000001'),
        row(3, '2026-09-01', 'data', 'out', '1.250000'),
        row(3, '2026-09-01', 'voice', 'out', '2.105000'),
        row(3, '2026-10-01', 'sms', 'out', '0.100000'),
        row(3, '2026-12-01', 'sms', 'out', '9'),
        row(4, '2026-09-01', 'voice', 'out', '7'),
      ],
      sql`, `,
    )}`);
  const totals = await usageCategoryTotals(t.database.db, 3, [
    { year: 2026, month: 9 },
    { year: 2026, month: 10 },
    { year: 2026, month: 11 },
  ]);
  expect([...totals]).toEqual([
    ['2026-09', { data: '1.250001', voice: '2.105', sms: '0' }],
    ['2026-10', { data: '0', voice: '0', sms: '0.1' }],
    ['2026-11', { data: '0', voice: '0', sms: '0' }],
  ]);
  expect(await usageCategoryTotals(t.database.db, 3, [])).toEqual(new Map());
});
