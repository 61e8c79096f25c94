/**
 * Bulk units (docs/rules.md, 'Bulk services'; docs/costs.md, '6. Bulk units' and '7. What is
 * invoiced in a month'): an article's entries form a running total; an entry counts from its
 * business date on, so from the first day that ends after its time. An article's bulk units make
 * at most a `periodic` and a `full` line in a month, for its costs and for its invoice.
 */
import { Decimal } from '../money';
import { monthNumber, type MonthCalendar } from './calendar';
import { proRata, proRataCents, unitsCents, type CostCache } from './amounts';
import { daysEndedBy, startsIn, type ArticlePlan } from './periods';
import type { CostBulkEntry } from './types';

/** An article's bulk entries in time order (entries at the same time keep their order), with their sum and extent. */
export interface BulkUnits {
  entries: CostBulkEntry[];
  /** The units after the last entry (may be below 0: a day never has fewer than 0). */
  total: number;
  firstTime: number;
  lastTime: number;
}

export const bulkUnitsByArticle = (entries: readonly CostBulkEntry[]): Map<number, BulkUnits> => {
  const byArticle = new Map<number, CostBulkEntry[]>();
  for (const entry of entries) {
    const list = byArticle.get(entry.articleId);
    if (list) list.push(entry);
    else byArticle.set(entry.articleId, [entry]);
  }
  const bulk = new Map<number, BulkUnits>();
  for (const [articleId, list] of byArticle) {
    list.sort((a, b) => a.time - b.time);
    const total = list.reduce((sum, e) => sum + e.amount, 0);
    bulk.set(articleId, { entries: list, total, firstTime: list[0].time, lastTime: list[list.length - 1].time });
  }
  return bulk;
};

/**
 * The units of consecutive months as runs of days with the same units (never below 0): run k has
 * `units[k]` units from day `starts[k]` on (days counted from the first month's first day) up to
 * the next run's first day or `days`. `entries` are in time order. `positive`: some day has units.
 */
interface UnitRuns {
  starts: number[];
  units: number[];
  days: number;
  positive: boolean;
}

const unitRuns = ({ entries }: BulkUnits, calendars: readonly MonthCalendar[]): UnitRuns => {
  const starts = [0];
  const units: number[] = [];
  let total = 0;
  let next = 0;
  // The entries counting from the first day on (or before it).
  while (next < entries.length && entries[next].time < calendars[0].midnights[1]) total += entries[next++].amount;
  units.push(Math.max(0, total));
  let positive = total > 0;
  let offset = 0;
  for (const calendar of calendars) {
    const monthEnd = calendar.midnights[calendar.days];
    while (next < entries.length && entries[next].time < monthEnd) {
      // An entry counts from the first day that ends after its time; entries of one day together.
      const day = offset + daysEndedBy(calendar, entries[next].time);
      while (next < entries.length && entries[next].time < monthEnd && offset + daysEndedBy(calendar, entries[next].time) === day) {
        total += entries[next++].amount;
      }
      const u = Math.max(0, total);
      if (starts[starts.length - 1] === day) units[units.length - 1] = u;
      else {
        starts.push(day);
        units.push(u);
      }
      if (u > 0) positive = true;
    }
    offset += calendar.days;
  }
  return { starts, units, days: offset, positive };
};

/** Bulk lines of an article, decided: a `periodic` and a `full` line, each optional. */
export interface BulkTerms {
  periodicUnits: number;
  /** null: no periodic line. */
  periodic: string | null;
  fullUnits: number;
  /** null: no full line. */
  full: string | null;
}

const NO_BULK: BulkTerms = { periodicUnits: 0, periodic: null, fullUnits: 0, full: null };

/**
 * Bulk costs of an article in the month: the units active on every day are one `periodic` line
 * (units x monthly rate); the remaining unit-days one `full` line (monthly rate x unit-days / days
 * in the month, quantity the largest number of extra units on one day).
 */
const bulkCostTerms = (cache: CostCache, calendar: MonthCalendar, plan: ArticlePlan, bulk: BulkUnits): BulkTerms => {
  if (bulk.lastTime < calendar.midnights[1]) {
    // Every entry counts from the first day on (or before it): the same units every day.
    const units = Math.max(0, bulk.total);
    if (units === 0) return NO_BULK;
    return { periodicUnits: units, periodic: unitsCents(cache, plan.price, units, plan.cycleMonths), fullUnits: 0, full: null };
  }
  // No entry counts before the month ends: no units.
  if (bulk.firstTime >= calendar.midnights[calendar.days]) return NO_BULK;
  const runs = unitRuns(bulk, [calendar]);
  if (!runs.positive) return NO_BULK;
  let least = Infinity;
  let most = 0;
  let unitDays = 0;
  runs.units.forEach((u, k) => {
    least = Math.min(least, u);
    most = Math.max(most, u);
    unitDays += u * ((k + 1 < runs.starts.length ? runs.starts[k + 1] : runs.days) - runs.starts[k]);
  });
  const extraUnitDays = unitDays - least * calendar.days;
  return {
    periodicUnits: least,
    periodic: least > 0 ? unitsCents(cache, plan.price, least, plan.cycleMonths) : null,
    fullUnits: most - least,
    full: extraUnitDays > 0 ? proRataCents(cache, plan.price, plan.cycleMonths, extraUnitDays, calendar.days) : null,
  };
};

/** A block of bulk units active together on the consecutive days [first, end) of a period. */
interface UnitBlock {
  units: number;
  first: number;
  end: number;
}

/**
 * Splits the units into blocks, treating the units as a stack: a removal takes the most recently
 * added units first. Every unit-day belongs to exactly one block.
 */
const unitBlocks = (runs: UnitRuns): UnitBlock[] => {
  const blocks: UnitBlock[] = [];
  const open: { units: number; first: number }[] = [];
  let height = 0;
  runs.units.forEach((u, k) => {
    const day = runs.starts[k];
    if (u > height) open.push({ units: u - height, first: day });
    while (height > u) {
      const top = open[open.length - 1];
      const taken = Math.min(top.units, height - u);
      blocks.push({ units: taken, first: top.first, end: day });
      top.units -= taken;
      height -= taken;
      if (top.units === 0) open.pop();
    }
    height = u;
  });
  for (const block of open) blocks.push({ units: block.units, first: block.first, end: runs.days });
  return blocks;
};

/** The rounded sum of the pro-rata amounts of `unitDays[i]` unit-days in month i of the period. */
const unitDaysCents = (cache: CostCache, plan: ArticlePlan, unitDays: readonly number[]): string | null => {
  const { calendars } = plan.period;
  const key = `units:${monthNumber(calendars[0].month)}:${plan.cycleMonths}:${unitDays.join(',')}`;
  const known = cache.cents(plan.price, key);
  if (known !== undefined) return known;
  let amount = new Decimal(0);
  calendars.forEach((c, i) => {
    if (unitDays[i] > 0) amount = amount.plus(proRata(cache.value(plan.price), plan.cycleMonths, unitDays[i], c.days));
  });
  return cache.remember(plan.price, key, amount);
};

/**
 * Bulk invoice of an L > 1 article in the month: each block of units is billed like a service,
 * once per period, in the month of its first day in the period. Blocks active on every day of the
 * period make one `periodic` line (units x period price) in the period's first month; the other
 * blocks starting in the month one `full` line (their pro-rata amounts up to the period's end;
 * quantity: their units).
 */
const bulkInvoiceTerms = (cache: CostCache, calendar: MonthCalendar, plan: ArticlePlan, bulk: BulkUnits): BulkTerms => {
  const { calendars, index, monthStarts, days: periodDays } = plan.period;
  // Outside the period's first month, units can only start in the month with an addition in it.
  if (index > 0 && (bulk.lastTime < calendar.midnights[0] || bulk.firstTime >= calendar.midnights[calendar.days])) return NO_BULK;
  if (index > 0 && !bulk.entries.some((e) => e.amount > 0 && startsIn(e.time, calendar))) return NO_BULK;
  const last = calendars[calendars.length - 1];
  // No entry counts before the period ends: no units.
  if (bulk.firstTime >= last.midnights[last.days]) return NO_BULK;
  if (bulk.lastTime < calendars[0].midnights[1]) {
    // Every entry counts from the period's first day on (or before it): one block of the whole period.
    if (bulk.total <= 0 || index > 0) return NO_BULK;
    return { periodicUnits: bulk.total, periodic: unitsCents(cache, plan.price, bulk.total, 1), fullUnits: 0, full: null };
  }
  const runs = unitRuns(bulk, calendars);
  if (!runs.positive) return NO_BULK;
  const monthFirst = monthStarts[index];
  const monthEnd = monthFirst + calendar.days;
  let wholeUnits = 0;
  let newUnits = 0;
  // Unit-days of the blocks billed as `full`, per month of the period.
  const unitDays = calendars.map(() => 0);
  for (const block of unitBlocks(runs)) {
    if (block.first < monthFirst || block.first >= monthEnd) continue;
    if (block.first === 0 && block.end === periodDays) {
      wholeUnits += block.units;
      continue;
    }
    newUnits += block.units;
    calendars.forEach((c, i) => {
      const days = Math.min(block.end, monthStarts[i] + c.days) - Math.max(block.first, monthStarts[i]);
      if (days > 0) unitDays[i] += days * block.units;
    });
  }
  return {
    periodicUnits: wholeUnits,
    periodic: wholeUnits > 0 ? unitsCents(cache, plan.price, wholeUnits, 1) : null,
    fullUnits: newUnits,
    full: newUnits > 0 ? unitDaysCents(cache, plan, unitDays) : null,
  };
};

/** An article's bulk lines in a month: its costs and its invoice (a monthly article's invoice is its costs). */
export const bulkAmounts = (
  cache: CostCache,
  calendar: MonthCalendar,
  plan: ArticlePlan,
  bulk: BulkUnits,
): { costs: BulkTerms; invoice: BulkTerms } => {
  const costs = bulkCostTerms(cache, calendar, plan, bulk);
  return { costs, invoice: plan.cycleMonths === 1 ? costs : bulkInvoiceTerms(cache, calendar, plan, bulk) };
};
