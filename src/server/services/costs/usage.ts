import DefaultDecimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { bundleOverage } from '../../../domain/costs';
import type { CostMonth } from '../../../domain/costs/types';
import { Decimal, roundCents } from '../../../domain/money';
import { businessTimeToEpoch, daysInMonth, isoDate, todayNoon } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { hasGroupBundle } from '../groupBundle';
import { usageCostsOfMonth } from '../usage/costs';

/** The group bundle overage of a month (decisions section 8). */
export interface BundleOverage {
  /** Data used beyond the bundle, in MB (1 GB = 1024 MB), exact. */
  mb: Decimal;
  /** The company's price per MB, exact decimal text. */
  priceMb: string;
  /** mb x price per MB, rounded half-up to cents once. */
  amount: Decimal;
}

/** Verbruik of one month: every amount rounded to cents once, per line it is shown on. */
export interface MonthUsage {
  month: CostMonth;
  /** The usage categories of the costs screen; `bundle` only for a company with a group bundle. */
  categories: { data: Decimal; voice: Decimal; sms: Decimal; bundle?: Decimal };
  /** The sum of the rounded categories. */
  total: Decimal;
  /** Null when the company has no group bundle or stayed within it. */
  overage: BundleOverage | null;
}

const ZERO = new Decimal(0);
const CATEGORIES = ['data', 'voice', 'sms'] as const;
type Category = (typeof CATEGORIES)[number];

/**
 * The priced usage per month and category of a company: the sum of `price` in
 * usage_company_months (kept by the import beside usage_monthly), as usageCostsOfMonth's
 * byCategory, but for all months in one small query (the chart asks twelve, and
 * the per-service grouping is not needed here). Also the months with in-bundle data: without
 * any, gb_used is 0 and there is no overage, so the bundle figures need not be computed.
 */
const usageByMonth = async (db: Db, companyId: number, months: readonly CostMonth[]) => {
  const first = isoDate({ ...months[0], day: 1 });
  const last = isoDate({ ...months[months.length - 1], day: 1 });
  const rows = await queryRows<{ month: string; type: string; price: string; in_bundle_data: boolean }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, type, sum(price)::text as price,
        bool_or(type = 'data' and bundle = 'in') as in_bundle_data
      from usage_company_months
      where company_id = ${companyId} and month between ${first}::date and ${last}::date
      group by month, type`,
  );
  const prices = new Map<string, Partial<Record<Category, string>>>();
  const withBundleData = new Set<string>();
  for (const row of rows) {
    if ((CATEGORIES as readonly string[]).includes(row.type)) {
      prices.set(row.month, { ...prices.get(row.month), [row.type]: row.price });
    }
    if (row.in_bundle_data) withBundleData.add(row.month);
  }
  return { prices, withBundleData };
};

/** A month's group bundle figures as `groupBundleFigures` answers them. */
interface BundleFigures {
  total_gb: number;
  gb_used: number;
}

/**
 * `groupBundleFigures` (../groupBundle.ts) of several months in at most three queries instead of
 * four per month: the stored figures (kept by the import for every month it brings usage for, and
 * by "Herberekenen") where present; the other months computed now, together, by the same rules:
 * - total_gb: per article from the group bundle, gigabyte x (services active at the month's last
 *   day 12:00, or now for the running month, plus bulk units at that day 12:00 or today 12:00);
 * - gb_used: in-bundle data (type data, bundle in) of services whose article is from the group
 *   bundle, in GB of 1024^3 bytes.
 * Sums are exact in SQL numeric and become numbers as there (decimal.js at its default precision).
 * Keep in step with ../groupBundle.ts (`referenceInstants`, `bundleSizeGb`, `bundleUsedGb`).
 */
export const bundleFiguresOfMonths = async (
  db: Db,
  companyId: number,
  months: readonly CostMonth[],
  nowMs = Date.now(),
): Promise<Map<string, BundleFigures>> => {
  const keys = months.map((m) => isoDate({ ...m, day: 1 }));
  const figures = new Map<string, BundleFigures>();
  // The import stores the figures of every month it brings usage for: usually nothing is left to compute.
  const stored = await queryRows<{ month: string; total_gb: string; gb_used: string }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, total_gb::text as total_gb, gb_used::text as gb_used
      from group_bundle_months where company_id = ${companyId} and month in (select unnest(${`{${keys.join(',')}}`}::date[]))`,
  );
  for (const row of stored) figures.set(row.month, { total_gb: Number(row.total_gb), gb_used: Number(row.gb_used) });
  const missing = months.filter((_, i) => !figures.has(keys[i]));
  if (missing.length === 0) return figures;
  const missingKeys = missing.map((m) => isoDate({ ...m, day: 1 }));
  const instants = missing.map((m) => {
    const lastDayNoon = businessTimeToEpoch(m.year, m.month, daysInMonth(m.year, m.month), 12) * 1000;
    return {
      services_at: new Date(Math.min(nowMs, lastDayNoon)).toISOString(),
      bulk_at: new Date(Math.min(todayNoon(nowMs) * 1000, lastDayNoon)).toISOString(),
    };
  });
  const [sizes, used] = await Promise.all([bundleSizesOfMonths(db, companyId, instants), bundleUsedOfMonths(db, companyId, missingKeys)]);
  const usedBytes = new Map(used.map((r) => [r.month, r.bytes]));
  missingKeys.forEach((key, i) => {
    figures.set(key, {
      total_gb: new DefaultDecimal(sizes[i]).toNumber(),
      gb_used: new DefaultDecimal(usedBytes.get(key) ?? 0).div(1024 ** 3).toNumber(),
    });
  });
  return figures;
};

/**
 * total_gb of each month (`instants` in order), exact decimal text: one scan of the group bundle
 * articles' services and bulk entries, counting per article what is active at each month's
 * instants (a column per month), then gigabyte x (services + bulk units) summed per month.
 */
const bundleSizesOfMonths = async (
  db: Db,
  companyId: number,
  instants: readonly { services_at: string; bulk_at: string }[],
): Promise<string[]> => {
  const serviceCounts = instants.map(
    ({ services_at: at }, i) =>
      sql`count(*) filter (where s.start_time <= ${at}::timestamptz and (s.end_time is null or s.end_time > ${at}::timestamptz)) as ${sql.raw(`n${i}`)}`,
  );
  const bulkUnits = instants.map(
    ({ bulk_at: at }, i) => sql`coalesce(sum(b.amount) filter (where b.time <= ${at}::timestamptz), 0) as ${sql.raw(`n${i}`)}`,
  );
  const totals = instants.map((_, i) => {
    const n = sql.raw(`n${i}`);
    return sql`coalesce(sum(ga.gigabyte * (coalesce(sc.${n}, 0) + coalesce(bc.${n}, 0))), 0)::text as ${sql.raw(`m${i}`)}`;
  });
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`with ga as (
        select id, coalesce(gigabyte, 0) as gigabyte from articles where company_id = ${companyId} and from_group_bundle
      ), sc as (
        select s.article_id, ${sql.join(serviceCounts, sql`, `)} from services s join ga on ga.id = s.article_id group by s.article_id
      ), bc as (
        select b.article_id, ${sql.join(bulkUnits, sql`, `)} from bulk_services b join ga on ga.id = b.article_id group by b.article_id
      )
      select ${sql.join(totals, sql`, `)}
      from ga left join sc on sc.article_id = ga.id left join bc on bc.article_id = ga.id`,
  );
  return instants.map((_, i) => row?.[`m${i}`] ?? '0');
};

/** In-bundle data bytes of group bundle services per month (first days as ISO dates). */
const bundleUsedOfMonths = (db: Db, companyId: number, keys: readonly string[]) =>
  queryRows<{ month: string; bytes: string }>(
    db,
    sql`select to_char(u.month, 'YYYY-MM-DD') as month, sum(u.length)::text as bytes
      from usage_monthly u
        join services s on s.id = u.service_id
        join articles a on a.id = s.article_id
      where u.company_id = ${companyId} and u.month in (select unnest(${`{${keys.join(',')}}`}::date[]))
        and u.type = 'data' and u.bundle = 'in' and a.from_group_bundle
      group by u.month`,
  );

const overageOf = (figures: BundleFigures, priceMb: string): BundleOverage | null => {
  const unrounded = bundleOverage(figures.gb_used, figures.total_gb, priceMb);
  if (unrounded.lte(0)) return null;
  const mb = Decimal.max(0, new Decimal(figures.gb_used).minus(figures.total_gb)).times(1024);
  return { mb, priceMb, amount: roundCents(unrounded) };
};

/**
 * Verbruik per month (decisions section 5): the priced usage records of the month per category,
 * plus the group bundle overage (decisions section 8) as a category of its own. Each category is
 * rounded to cents once and the month's usage is their sum, so the costs screen's lines add up
 * to its total. `months` are consecutive, in calendar order.
 */
export const usageOfMonths = async (db: Db, companyId: number, months: readonly CostMonth[]): Promise<MonthUsage[]> => {
  if (months.length === 0) return [];
  const [[company], withBundle, usage] = await Promise.all([
    queryRows<{ price_mb: string }>(db, sql`select price_mb::text as price_mb from companies where id = ${companyId}`),
    hasGroupBundle(db, companyId),
    usageByMonth(db, companyId, months),
  ]);
  const priceMb = company?.price_mb ?? '0';
  const bundleMonths = withBundle ? months.filter((m) => usage.withBundleData.has(isoDate({ ...m, day: 1 }))) : [];
  const bundle = bundleMonths.length > 0 ? await bundleFiguresOfMonths(db, companyId, bundleMonths) : new Map<string, BundleFigures>();
  return months.map((month) => {
    const key = isoDate({ ...month, day: 1 });
    const figures = bundle.get(key);
    const overage = figures ? overageOf(figures, priceMb) : null;
    const prices = usage.prices.get(key) ?? {};
    const categories: MonthUsage['categories'] = {
      data: roundCents(prices.data ?? 0),
      voice: roundCents(prices.voice ?? 0),
      sms: roundCents(prices.sms ?? 0),
    };
    if (withBundle) categories.bundle = overage?.amount ?? ZERO;
    const total = [categories.data, categories.voice, categories.sms, categories.bundle ?? ZERO].reduce(
      (sum, amount) => sum.plus(amount),
      ZERO,
    );
    return { month, categories, total, overage };
  });
};

/** The priced usage per service of a month, each rounded to cents (the billing export's usage lines). */
export const usageByService = async (db: Db, companyId: number, month: CostMonth) =>
  (await usageCostsOfMonth(db, companyId, month)).byService.map((s) => ({ serviceId: s.serviceId, amount: roundCents(s.amount) }));
