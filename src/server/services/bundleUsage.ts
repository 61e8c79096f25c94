import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { projectBundle } from '../../domain/bundleProjection';
import { businessDateOf, daysInMonth, isoDate, monthKey, monthStart, type CalendarDate, type Month } from '../../domain/time';
import { queryRows, type Db } from '../db';
import { lastUsageDay } from './costs/forecast';
import { groupBundleFigures } from './groupBundle';

/**
 * `GET /costs/groupbundle/usage` (docs/usage.md, 'Where the bundle is going'): where the group bundle of a month is going. The
 * figures are the dashboard's (`groupBundleFigures`: the stored figures of the last import or
 * "Herberekenen", else computed now), the projection the domain's (`projectBundle`, the costs'
 * day basis), and the days and the top numbers count what gb_used counts (docs/rules.md, 'Bundle size and use'):
 * in-bundle data (type data, bundle 'in', both directions) of the services whose article is from
 * the group bundle. The days read the daily report table (usage_number_days, month-to-date totals:
 * a day's own use is its total less the day before's), the top numbers the monthly one
 * (usage_number_months, the usage report's own figures).
 */

const GB = new Decimal(1024).pow(3);
const TOP_NUMBERS = 10;

/** GB of a byte count as a JSON number: exact to far below the 2 decimals shown. */
const gbOf = (bytes: string | number) => new Decimal(bytes).div(GB).toNumber();

export interface BundleDay {
  day: string;
  bytes: number;
  gb: number;
}

export interface BundleTopNumber {
  number: string;
  service_id: number;
  end_user: { id: number; firstname: string; lastname: string } | null;
  article: { id: number; name: string };
  bytes: number;
  gb: number;
}

export interface BundleUsage {
  has_group_bundle: boolean;
  month: string;
  total_gb: number;
  gb_used: number;
  projection: {
    basis: 'none' | 'projected' | 'complete';
    /** The last business day the usage records cover (ISO), or null. */
    through: string | null;
    days_covered: number;
    days_in_month: number;
    projected_gb: number;
    /** The day the bundle runs out at this pace (ISO), or null. */
    runs_out_on: string | null;
    used_up: boolean;
    text: string;
  } | null;
  days: BundleDay[];
  top: BundleTopNumber[];
}

/**
 * In-bundle data of the group bundle's services in the month up to and including each business
 * day, in bytes (usage_number_days holds month-to-date totals per service, on every day from the
 * service's first day with records to the month's last day).
 */
const bytesToDate = async (db: Db, companyId: number, month: Month) => {
  const rows = await queryRows<{ day: string; bytes: string }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.data_ink_in_length + d.data_uit_in_length)::text as bytes
      from usage_number_days d
        join services s on s.id = d.service_id
        join articles a on a.id = s.article_id
      where d.company_id = ${companyId}
        and d.day >= ${monthStart(month)}::date
        and d.day <= ${isoDate({ ...month, day: daysInMonth(month.year, month.month) })}::date
        and a.from_group_bundle
      group by d.day`,
  );
  return new Map(rows.map((r) => [r.day, BigInt(r.bytes)]));
};

/**
 * Every day of the month so far with its own in-bundle data (its month-to-date total less the day
 * before's, so the days add up to the month's total): all days of a month that is over, days
 * 1 .. today of the running month (or up to a later day that has usage), none of a month still to
 * come unless it has usage.
 */
const daysOfMonth = (month: Month, today: CalendarDate, toDate: Map<string, bigint>): BundleDay[] => {
  let before = 0n;
  const all = Array.from({ length: daysInMonth(month.year, month.month) }, (_, i) => {
    const day = isoDate({ ...month, day: i + 1 });
    // A day without rows has no service with records yet: its total is the day before's (0).
    const total = toDate.get(day) ?? before;
    const bytes = total - before;
    before = total;
    return { day, bytes: Number(bytes), gb: gbOf(bytes.toString()) };
  });
  const order = month.year * 12 + month.month - (today.year * 12 + today.month);
  const lastWithUsage = all.findLastIndex((d) => d.bytes !== 0) + 1;
  const last = order < 0 ? all.length : Math.max(order === 0 ? today.day : 0, lastWithUsage);
  return all.slice(0, last);
};

/** The numbers with the most in-bundle data of the group bundle's services in the month (one row per service). */
const topNumbers = async (db: Db, companyId: number, month: Month): Promise<BundleTopNumber[]> => {
  const rows = await queryRows<{
    number: string;
    service_id: number;
    end_user_id: number | null;
    firstname: string | null;
    lastname: string | null;
    article_id: number;
    article_name: string;
    bytes: string;
  }>(
    db,
    sql`select u.number, u.service_id, e.id as end_user_id, e.firstname, e.lastname, a.id as article_id, a.name as article_name,
        (u.data_ink_in_length + u.data_uit_in_length)::text as bytes
      from usage_number_months u
        join articles a on a.id = u.article_id
        left join end_users e on e.id = u.end_user_id
      where u.company_id = ${companyId} and u.month = ${monthStart(month)}::date and a.from_group_bundle
        and u.data_ink_in_length + u.data_uit_in_length > 0
      order by u.data_ink_in_length + u.data_uit_in_length desc, u.number, u.service_id
      limit ${TOP_NUMBERS}`,
  );
  return rows.map((r) => ({
    number: r.number,
    service_id: r.service_id,
    end_user: r.end_user_id === null ? null : { id: r.end_user_id, firstname: r.firstname ?? '', lastname: r.lastname ?? '' },
    article: { id: r.article_id, name: r.article_name },
    bytes: Number(r.bytes),
    gb: gbOf(r.bytes),
  }));
};

export const bundleUsage = async (db: Db, companyId: number, month: Month, nowMs = Date.now()): Promise<BundleUsage> => {
  const figures = await groupBundleFigures(db, companyId, { ...month, day: 1 });
  const empty = { month: monthKey(month), total_gb: figures.total_gb, gb_used: figures.gb_used, projection: null, days: [], top: [] };
  if (!figures.has_group_bundle) return { has_group_bundle: false, ...empty };
  const today = businessDateOf(Math.floor(nowMs / 1000));
  const running = month.year === today.year && month.month === today.month;
  // One query after the other: inside a transaction they share one connection.
  const through = running ? await lastUsageDay(db, companyId, month) : null;
  const days = daysOfMonth(month, today, await bytesToDate(db, companyId, month));
  const top = await topNumbers(db, companyId, month);
  const projection = projectBundle({
    month,
    today,
    totalGb: String(figures.total_gb),
    usedGb: String(figures.gb_used),
    through,
  });
  return {
    has_group_bundle: true,
    ...empty,
    days,
    top,
    projection: projection && {
      basis: projection.basis,
      through: through && isoDate(through),
      days_covered: projection.daysCovered,
      days_in_month: projection.daysInMonth,
      projected_gb: Number(projection.projectedGb),
      runs_out_on: projection.runsOutOn && isoDate(projection.runsOutOn),
      used_up: projection.usedUp,
      text: projection.text,
    },
  };
};
