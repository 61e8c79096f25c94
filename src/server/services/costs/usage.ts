import { sql } from 'drizzle-orm';
import { bundleOverage } from '../../../domain/costs';
import type { CostMonth } from '../../../domain/costs/types';
import { Decimal, roundCents } from '../../../domain/money';
import { monthStart } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { computeGroupBundleOfMonths, hasGroupBundle } from '../groupBundle';
import { usageCostsOfMonth } from '../usage/costs';

/** The group bundle overage of a month (docs/rules.md, 'Bundle size and use'). */
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
  const first = monthStart(months[0]);
  const last = monthStart(months[months.length - 1]);
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
 * by "Herberekenen") where present; the other months computed now, together, by the group bundle
 * rules (`computeGroupBundleOfMonths`).
 */
export const bundleFiguresOfMonths = async (
  db: Db,
  companyId: number,
  months: readonly CostMonth[],
  nowMs = Date.now(),
): Promise<Map<string, BundleFigures>> => {
  const keys = months.map(monthStart);
  const figures = new Map<string, BundleFigures>();
  // The import stores the figures of every month it brings usage for: usually nothing is left to compute.
  const stored = await queryRows<{ month: string; total_gb: string; gb_used: string }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, total_gb::text as total_gb, gb_used::text as gb_used
      from group_bundle_months where company_id = ${companyId} and month in (select unnest(${`{${keys.join(',')}}`}::date[]))`,
  );
  for (const row of stored) figures.set(row.month, { total_gb: Number(row.total_gb), gb_used: Number(row.gb_used) });
  const missing = months.filter((_, i) => !figures.has(keys[i]));
  const computed = await computeGroupBundleOfMonths(db, companyId, missing, nowMs);
  missing.forEach((month, i) => {
    figures.set(monthStart(month), { total_gb: computed[i].total.toNumber(), gb_used: computed[i].used.toNumber() });
  });
  return figures;
};

const overageOf = (figures: BundleFigures, priceMb: string): BundleOverage | null => {
  const unrounded = bundleOverage(figures.gb_used, figures.total_gb, priceMb);
  if (unrounded.lte(0)) return null;
  const mb = Decimal.max(0, new Decimal(figures.gb_used).minus(figures.total_gb)).times(1024);
  return { mb, priceMb, amount: roundCents(unrounded) };
};

/**
 * Verbruik per month (docs/costs.md, '10. Usage (Verbruik)'): the priced usage records of the month per category,
 * plus the group bundle overage (docs/rules.md, 'Bundle size and use') as a category of its own. Each category is
 * rounded to cents once and the month's usage is their sum, so the costs screen's lines add up
 * to its total. `months` are consecutive, in calendar order.
 */
export const usageOfMonths = async (db: Db, companyId: number, months: readonly CostMonth[]): Promise<MonthUsage[]> => {
  if (months.length === 0) return [];
  // One after the other: inside a transaction (the usage alerts of an import) they share one connection.
  const [company] = await queryRows<{ price_mb: string }>(db, sql`select price_mb::text as price_mb from companies where id = ${companyId}`);
  const withBundle = await hasGroupBundle(db, companyId);
  const usage = await usageByMonth(db, companyId, months);
  const priceMb = company?.price_mb ?? '0';
  const bundleMonths = withBundle ? months.filter((m) => usage.withBundleData.has(monthStart(m))) : [];
  const bundle = bundleMonths.length > 0 ? await bundleFiguresOfMonths(db, companyId, bundleMonths) : new Map<string, BundleFigures>();
  return months.map((month) => {
    const key = monthStart(month);
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
