import { sql } from 'drizzle-orm';
import { CostCache, costsOfMonth, monthsInRange, monthsTotals, type MonthTotals } from '../../../domain/costs';
import type { CostKind, CostLine, CostMonth, KindTotals, MonthCosts } from '../../../domain/costs/types';
import { Decimal } from '../../../domain/money';
import { monthKey, type MonthRange } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { loadCostInput, loadCostTotalsInput } from './input';
import { usageOfMonths, type MonthUsage } from './usage';

export { loadCostInput, loadCostTotalsInput } from './input';

/**
 * The costs calls (docs/costs.md; docs/api.md, 'Answers') for the months of a range. The database is read
 * once for the whole range, then the domain engine computes each month; amounts stay exact
 * decimal strings until the answer turns them into JSON numbers.
 */


/**
 * The engine's calendars and rounded amounts, kept across requests: the same customers' months are
 * asked again and again, and working the amounts out anew for every request costs the large
 * customer's `/costsbymonth` about 30 ms of CPU (docs/performance.md, Costs). The engine's answers
 * never depend on what is in it, and it bounds its own size.
 */
const costCache = new CostCache();

/** Cost and invoice lines of every month of the range, in calendar order. */
export const costMonths = async (db: Db, companyId: number, range: MonthRange): Promise<MonthCosts[]> => {
  const input = await loadCostInput(db, companyId, range);
  return monthsInRange(range.from, range.to).map((month) => costsOfMonth(input, month, costCache));
};

/**
 * Totals per billing cycle and kind of every month of the range, costs and invoice, without
 * building lines (`monthsTotals`: exactly `totalsByCycle` of each month's lines), from services
 * collapsed in SQL (`loadCostTotalsInput`).
 */
export const costTotals = async (db: Db, companyId: number, range: MonthRange): Promise<MonthTotals[]> => {
  const input = await loadCostTotalsInput(db, companyId, range);
  return monthsTotals(input, monthsInRange(range.from, range.to), costCache);
};

const KINDS: CostKind[] = ['periodic', 'full', 'setup'];

/**
 * The totals of several months added per billing cycle: each the exact sum of the months' sums
 * of cent-rounded lines, so the same as the totals of all their lines together.
 */
const addTotals = (months: readonly Map<number, KindTotals>[]): Map<number, KindTotals> => {
  const sums = new Map<number, Record<CostKind, Decimal>>();
  for (const totals of months) {
    for (const [cycle, kinds] of totals) {
      const sum = sums.get(cycle) ?? { setup: new Decimal(0), full: new Decimal(0), periodic: new Decimal(0) };
      for (const kind of KINDS) sum[kind] = sum[kind].plus(kinds[kind]);
      sums.set(cycle, sum);
    }
  }
  return new Map(
    [...sums].map(([cycle, sum]) => [cycle, { setup: sum.setup.toFixed(2), full: sum.full.toFixed(2), periodic: sum.periodic.toFixed(2) }]),
  );
};


const ZERO_TOTALS: KindTotals = { setup: '0.00', full: '0.00', periodic: '0.00' };

const amounts = (totals: KindTotals = ZERO_TOTALS) => ({
  setup: Number(totals.setup),
  full: Number(totals.full),
  periodic: Number(totals.periodic),
});

const cents = (value: Decimal) => Number(value.toFixed(2));

/** The usage categories of the range: per category the sum of each month's rounded amount. */
const usageOfRange = (usage: readonly MonthUsage[]) => {
  const categories: MonthUsage['categories'] = { data: new Decimal(0), voice: new Decimal(0), sms: new Decimal(0) };
  for (const month of usage) {
    for (const [category, amount] of Object.entries(month.categories) as [keyof MonthUsage['categories'], Decimal][]) {
      categories[category] = (categories[category] ?? new Decimal(0)).plus(amount);
    }
  }
  const total = usage.reduce((sum, month) => sum.plus(month.total), new Decimal(0));
  return { categories, total };
};

/**
 * `GET /costs`: per billing cycle (all four, zeros included, so the screen's rows are stable)
 * what the range costs and what is invoiced in it, plus usage. Each amount is the exact sum of
 * cent-rounded lines.
 */
export const costsSummary = async (db: Db, companyId: number, range: MonthRange) => {
  const months = monthsInRange(range.from, range.to);
  const [totals, usage, cycles] = await Promise.all([
    costTotals(db, companyId, range),
    usageOfMonths(db, companyId, months),
    queryRows<{ id: number; name: string }>(db, sql`select id, name from billing_cycles order by id`),
  ]);
  const costs = addTotals(totals.map((m) => m.costs));
  const invoice = addTotals(totals.map((m) => m.invoice));
  const { categories, total } = usageOfRange(usage);
  return {
    billing_cycles: cycles.map((cycle) => ({
      id: cycle.id,
      name: cycle.name,
      costs: amounts(costs.get(cycle.id)),
      invoice: amounts(invoice.get(cycle.id)),
    })),
    usage: cents(total),
    usagedetail: {
      costs: {
        data: cents(categories.data),
        voice: cents(categories.voice),
        sms: cents(categories.sms),
        ...(categories.bundle === undefined ? {} : { bundle: cents(categories.bundle) }),
      },
    },
  };
};

/** `GET /costsbymonth`: per month of the range the costs per kind (all billing cycles) and usage. */
export const costsByMonth = async (db: Db, companyId: number, range: MonthRange) => {
  const months = monthsInRange(range.from, range.to);
  const [totals, usage] = await Promise.all([costTotals(db, companyId, range), usageOfMonths(db, companyId, months)]);
  return totals.map((m, i) => {
    const byKind = { periodic: new Decimal(0), full: new Decimal(0), setup: new Decimal(0) };
    for (const cycleTotals of m.costs.values()) {
      for (const kind of KINDS) byKind[kind] = byKind[kind].plus(cycleTotals[kind]);
    }
    return {
      month: monthKey(months[i]),
      periodic: cents(byKind.periodic),
      full: cents(byKind.full),
      setup: cents(byKind.setup),
      usage: cents(usage[i].total),
    };
  });
};

/** A cost line as the line calls answer it (docs/rules.md, 'Cost lines'), amounts as JSON numbers. */
const lineAnswer = (line: CostLine, month: CostMonth) => ({
  month: monthKey(month),
  article_id: line.article_id,
  article_name: line.article_name,
  productgroup: line.productgroup,
  billing_cycle_id: line.billing_cycle_id,
  service_id: line.service_id,
  firstname: line.firstname,
  lastname: line.lastname,
  quantity: line.quantity,
  price: Number(line.price),
  total_price: Number(line.total_price),
});

/**
 * `GET /costslinesmonthly|partly|setup`: the cost lines of one kind of every month of the range
 * (one line per service or bulk article, kind and month), highest amount first.
 */
export const costLines = async (db: Db, companyId: number, range: MonthRange, kind: CostKind) => {
  const monthCosts = await costMonths(db, companyId, range);
  const lines = monthCosts.flatMap((m) => m.costs.filter((line) => line.kind === kind).map((line) => lineAnswer(line, m.month)));
  return lines.sort(
    (a, b) =>
      b.total_price - a.total_price ||
      (a.month < b.month ? -1 : a.month > b.month ? 1 : 0) ||
      a.article_id - b.article_id ||
      (a.service_id ?? 0) - (b.service_id ?? 0),
  );
};
