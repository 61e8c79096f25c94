import { sql } from 'drizzle-orm';
import { projectMonth } from '../../../domain/costs';
import { monthNumber } from '../../../domain/costs/calendar';
import type { CostMonth } from '../../../domain/costs/types';
import { formatDate } from '../../../domain/format';
import { businessTimeToEpoch, currentMonth, daysInMonth, parseIsoDate, shiftMonth, type CalendarDate } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { costsByMonth } from './index';

/**
 * `GET /costs/forecast` (docs/rules.md, 'Expected costs of the current month'): the month's expected costs, the certain costs plus the usage
 * so far projected over the month (domain/costs/projection.ts; the rule and its worked example in
 * docs/rules.md). The month's figures are those of `/costsbymonth`, so the forecast of a month
 * always starts from what /kosten shows for it.
 */

/** The instant a business day starts, ISO (as services/usage/report.ts bounds its records). */
const dayStartIso = (date: CalendarDate) => new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000).toISOString();

/**
 * The latest business date (Europe/Amsterdam) of the company's usage records in the month, or
 * null when it has none. The records are the usage's own evidence of how far it reaches: an import
 * that lags a few days behind does not make the month look emptier than it is.
 */
export const lastUsageDay = async (db: Db, companyId: number, month: CostMonth): Promise<CalendarDate | null> => {
  const next = shiftMonth(month, 1);
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(max(record_time) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as day
      from usage_records
      where company_id = ${companyId}
        and record_time >= ${dayStartIso({ ...month, day: 1 })}::timestamptz
        and record_time < ${dayStartIso({ ...next, day: 1 })}::timestamptz`,
  );
  return row?.day ? parseIsoDate(row.day) : null;
};

/**
 * The forecast of one month. A month that is over counts as wholly covered (its usage is what
 * it is); the current month is covered up to its last day with usage records; a month still to
 * come has no usage.
 */
export const costsForecast = async (db: Db, companyId: number, month: CostMonth, nowMs = Date.now()) => {
  const now = currentMonth(nowMs);
  const order = monthNumber(month) - monthNumber(now);
  const [[figures], lastDay] = await Promise.all([
    costsByMonth(db, companyId, { from: month, to: month }),
    order === 0 ? lastUsageDay(db, companyId, month) : Promise.resolve(null),
  ]);
  const through = order < 0 ? { ...month, day: daysInMonth(month.year, month.month) } : lastDay;
  const projection = projectMonth({
    month,
    certain: { periodic: String(figures.periodic), full: String(figures.full), setup: String(figures.setup) },
    usageSoFar: String(figures.usage),
    through,
  });
  return {
    provisional: order === 0,
    through: through && formatDate(businessTimeToEpoch(through.year, through.month, through.day, 12)),
    days_covered: projection.daysCovered,
    days_in_month: projection.daysInMonth,
    certain: Number(projection.certain),
    usage_so_far: Number(projection.usageSoFar),
    expected_usage: Number(projection.expectedUsage),
    expected_total: Number(projection.expectedTotal),
  };
};
