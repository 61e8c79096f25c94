import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { businessTimeToEpoch, daysInMonth, monthStart, todayNoon, type CalendarDate, type Month } from '../../domain/time';
import { queryRows, type Db } from '../db';
import { articles, groupBundleMonths } from '../db/schema';

export interface GroupBundleFigures {
  total_gb: number;
  gb_used: number;
  has_group_bundle: boolean;
}

export const hasGroupBundle = async (db: Db, companyId: number): Promise<boolean> => {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.companyId, companyId), eq(articles.fromGroupBundle, true)))
    .limit(1);
  return Boolean(row);
};

/** A month as year and month (1-12). */
/**
 * The instants at which a month's bundle size is read (docs/rules.md, 'Bulk services' and 'Bundle size and use'): services
 * active at the month's last day at 12:00, or now for the running month; bulk units at that day
 * 12:00, or today 12:00 for the running month.
 */
export const referenceInstants = (month: Month, nowMs: number) => {
  const lastDayNoon = businessTimeToEpoch(month.year, month.month, daysInMonth(month.year, month.month), 12) * 1000;
  return {
    servicesAt: new Date(Math.min(nowMs, lastDayNoon)).toISOString(),
    bulkAt: new Date(Math.min(todayNoon(nowMs) * 1000, lastDayNoon)).toISOString(),
  };
};

/**
 * total_gb of each month (docs/rules.md, 'Bundle size and use'), exact decimal text: per article from the group
 * bundle, gigabyte x (services active at the month's instant + bulk units at its instant), summed.
 * One scan of the group bundle articles' services and bulk entries for all months (a column per month).
 */
const bundleSizesOfMonths = async (db: Db, companyId: number, instants: readonly { servicesAt: string; bulkAt: string }[]) => {
  const serviceCounts = instants.map(
    ({ servicesAt: at }, i) =>
      sql`count(*) filter (where s.start_time <= ${at}::timestamptz and (s.end_time is null or s.end_time > ${at}::timestamptz)) as ${sql.raw(`n${i}`)}`,
  );
  const bulkUnits = instants.map(
    ({ bulkAt: at }, i) => sql`coalesce(sum(b.amount) filter (where b.time <= ${at}::timestamptz), 0) as ${sql.raw(`n${i}`)}`,
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

/**
 * gb_used (docs/rules.md, 'Bundle size and use'): in-bundle data (type data, bundle 'in') of the services whose
 * article is from the group bundle, as bytes per month (keyed by first day), read from the monthly
 * usage totals the import keeps.
 */
const bundleUsedBytesOfMonths = async (db: Db, companyId: number, firstDays: readonly string[]) => {
  const rows = await queryRows<{ month: string; bytes: string }>(
    db,
    sql`select to_char(u.month, 'YYYY-MM-DD') as month, sum(u.length)::text as bytes
      from usage_monthly u
        join services s on s.id = u.service_id
        join articles a on a.id = s.article_id
      where u.company_id = ${companyId} and u.month in (select unnest(${`{${firstDays.join(',')}}`}::date[]))
        and u.type = 'data' and u.bundle = 'in' and a.from_group_bundle
      group by u.month`,
  );
  return new Map(rows.map((r) => [r.month, r.bytes]));
};

/**
 * The group bundle figures of months computed now (docs/rules.md, 'Bundle size and use'), exact: total_gb and
 * gb_used in GB of 1024^3 bytes. Two queries whatever the number of months; one after the other,
 * since inside a transaction both run on the same connection.
 */
export const computeGroupBundleOfMonths = async (
  db: Db,
  companyId: number,
  months: readonly Month[],
  nowMs = Date.now(),
): Promise<{ total: Decimal; used: Decimal }[]> => {
  if (months.length === 0) return [];
  const sizes = await bundleSizesOfMonths(db, companyId, months.map((m) => referenceInstants(m, nowMs)));
  const usedBytes = await bundleUsedBytesOfMonths(db, companyId, months.map(monthStart));
  return months.map((m, i) => ({
    total: new Decimal(sizes[i]),
    used: new Decimal(usedBytes.get(monthStart(m)) ?? 0).div(1024 ** 3),
  }));
};

export const computeGroupBundle = async (db: Db, companyId: number, month: Month, nowMs = Date.now()) =>
  (await computeGroupBundleOfMonths(db, companyId, [month], nowMs))[0];

/** Stored figures of "Herberekenen" when present, else computed now. */
export const groupBundleFigures = async (db: Db, companyId: number, month: CalendarDate): Promise<GroupBundleFigures> => {
  const has = await hasGroupBundle(db, companyId);
  const [stored] = await db
    .select()
    .from(groupBundleMonths)
    .where(and(eq(groupBundleMonths.companyId, companyId), eq(groupBundleMonths.month, monthStart(month))))
    .limit(1);
  if (stored) return { total_gb: Number(stored.totalGb), gb_used: Number(stored.gbUsed), has_group_bundle: has };
  const { total, used } = await computeGroupBundle(db, companyId, month);
  return { total_gb: total.toNumber(), gb_used: used.toNumber(), has_group_bundle: has };
};

export const recalculateGroupBundle = async (db: Db, companyId: number, month: CalendarDate): Promise<GroupBundleFigures> => {
  const { total, used } = await computeGroupBundle(db, companyId, month);
  const values = { totalGb: total.toFixed(6), gbUsed: used.toFixed(6), calculatedAt: new Date() };
  await db
    .insert(groupBundleMonths)
    .values({ companyId, month: monthStart(month), ...values })
    .onConflictDoUpdate({ target: [groupBundleMonths.companyId, groupBundleMonths.month], set: values });
  return { total_gb: total.toNumber(), gb_used: used.toNumber(), has_group_bundle: await hasGroupBundle(db, companyId) };
};
