import { Decimal } from '../../../domain/money';
import { sql } from 'drizzle-orm';
import { monthKey, monthStart } from '../../../domain/time';
import { queryRows, type Db } from '../../db';

export interface UsageCostsOfMonth {
  /** Sum of record prices per usage type, exact decimal strings, unrounded. */
  byCategory: { data: string; voice: string; sms: string };
  /** Sum of record prices per service (only services with usage in the month), exact and unrounded. */
  byService: { serviceId: number; amount: string }[];
}

/**
 * The priced usage of a company's month (docs/costs.md, '10. Usage (Verbruik)', `usage`), read from usage_monthly.
 * The group bundle overage is not in here: the cost engine adds it.
 */
export const usageCostsOfMonth = async (
  db: Db,
  companyId: number,
  month: { year: number; month: number },
): Promise<UsageCostsOfMonth> => {
  const first = monthStart(month);
  const rows = await queryRows<{ service_id: number; type: string; price: string }>(db, sql`
    select service_id, type, sum(price)::text as price
    from usage_monthly
    where company_id = ${companyId} and month = ${first}::date
    group by service_id, type
    order by service_id, type
  `);
  const byCategory = { data: new Decimal(0), voice: new Decimal(0), sms: new Decimal(0) };
  const byService = new Map<number, Decimal>();
  for (const row of rows) {
    const price = new Decimal(row.price);
    const type = row.type as keyof typeof byCategory;
    if (type in byCategory) byCategory[type] = byCategory[type].plus(price);
    byService.set(row.service_id, (byService.get(row.service_id) ?? new Decimal(0)).plus(price));
  }
  return {
    byCategory: { data: byCategory.data.toFixed(), voice: byCategory.voice.toFixed(), sms: byCategory.sms.toFixed() },
    byService: [...byService].map(([serviceId, amount]) => ({ serviceId, amount: amount.toFixed() })),
  };
};

/**
 * The priced usage per category of a company in each of the months, as exact, unrounded decimal
 * strings (`'0'` for a month or category without usage), keyed 'YYYY-MM'. Reads
 * usage_company_months: at most six rows (type x bundle) per month, whatever the company's size.
 */
export const usageCategoryTotals = async (
  db: Db,
  companyId: number,
  months: { year: number; month: number }[],
): Promise<Map<string, { data: string; voice: string; sms: string }>> => {
  const totals = new Map<string, { data: string; voice: string; sms: string }>();
  for (const m of months) totals.set(monthKey(m), { data: '0', voice: '0', sms: '0' });
  if (months.length === 0) return totals;
  const rows = await queryRows<{ month: string; type: string; price: string }>(db, sql`
    select to_char(month, 'YYYY-MM') as month, type, sum(price)::text as price
    from usage_company_months
    where company_id = ${companyId}
      and month in (${sql.join(months.map((m) => sql`${monthStart(m)}::date`), sql`, `)})
    group by month, type
  `);
  for (const row of rows) {
    const month = totals.get(row.month);
    if (month && (row.type === 'data' || row.type === 'voice' || row.type === 'sms')) month[row.type] = new Decimal(row.price).toFixed();
  }
  return totals;
};
