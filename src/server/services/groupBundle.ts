import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { businessTimeToEpoch, daysInMonth, isoDate, todayNoon, type CalendarDate } from '../../domain/time';
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

const firstOfMonth = (month: CalendarDate) => isoDate({ ...month, day: 1 });

/**
 * The instant at which a month's bundle size is read: the month's last day at 12:00,
 * or now for the running month (bulk units at today 12:00, decisions section 6).
 */
const referenceInstants = (month: CalendarDate, nowMs: number) => {
  const lastDayNoon = businessTimeToEpoch(month.year, month.month, daysInMonth(month.year, month.month), 12) * 1000;
  return {
    servicesAt: new Date(Math.min(nowMs, lastDayNoon)),
    bulkAt: new Date(Math.min(todayNoon(nowMs) * 1000, lastDayNoon)),
  };
};

/**
 * Decisions section 8: total_gb = sum over articles from the group bundle of
 * gigabyte x active count (services plus bulk units).
 */
export const bundleSizeGb = async (db: Db, companyId: number, month: CalendarDate, nowMs = Date.now()) => {
  const { servicesAt, bulkAt } = referenceInstants(month, nowMs);
  const rows = await queryRows<{ gigabyte: string | null; active: string }>(db, sql`
    select a.gigabyte,
      (select count(*) from services s
        where s.article_id = a.id and s.start_time <= ${servicesAt.toISOString()}
          and (s.end_time is null or s.end_time > ${servicesAt.toISOString()}))
      + (select coalesce(sum(b.amount), 0) from bulk_services b
        where b.article_id = a.id and b.time <= ${bulkAt.toISOString()}) as active
    from articles a
    where a.company_id = ${companyId} and a.from_group_bundle
  `);
  return rows.reduce(
    (sum, r) => sum.plus(new Decimal(r.gigabyte ?? 0).times(r.active)),
    new Decimal(0),
  );
};

/**
 * Decisions section 8: gb_used = in-bundle data (type data, bundle 'in') in the month of the
 * services whose article is from the group bundle, in GB of 1024^3 bytes, exact. Read from the
 * monthly usage totals the import keeps.
 */
export const bundleUsedGb = async (db: Db, companyId: number, month: CalendarDate): Promise<Decimal> => {
  const [row] = await queryRows<{ bytes: string | null }>(db, sql`
    select sum(u.length)::text as bytes
    from usage_monthly u
      join services s on s.id = u.service_id
      join articles a on a.id = s.article_id
    where u.company_id = ${companyId} and u.month = ${firstOfMonth(month)}::date
      and u.type = 'data' and u.bundle = 'in' and a.from_group_bundle
  `);
  return new Decimal(row?.bytes ?? 0).div(1024 ** 3);
};

export const computeGroupBundle = async (db: Db, companyId: number, month: CalendarDate) => {
  // One after the other: inside a transaction both run on the same connection.
  const total = await bundleSizeGb(db, companyId, month);
  const used = await bundleUsedGb(db, companyId, month);
  return { total, used };
};

/** Stored figures of "Herberekenen" when present, else computed now. */
export const groupBundleFigures = async (db: Db, companyId: number, month: CalendarDate): Promise<GroupBundleFigures> => {
  const has = await hasGroupBundle(db, companyId);
  const [stored] = await db
    .select()
    .from(groupBundleMonths)
    .where(and(eq(groupBundleMonths.companyId, companyId), eq(groupBundleMonths.month, firstOfMonth(month))))
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
    .values({ companyId, month: firstOfMonth(month), ...values })
    .onConflictDoUpdate({ target: [groupBundleMonths.companyId, groupBundleMonths.month], set: values });
  return { total_gb: total.toNumber(), gb_used: used.toNumber(), has_group_bundle: await hasGroupBundle(db, companyId) };
};
