/**
 * The cost engine (its rules explained with worked examples in docs/costs.md): what a
 * month costs and what is invoiced in it, per service and per article's bulk units. Pure: the
 * same input and month always give the same lines, the input is never changed, and the module
 * keeps nothing between calls.
 *
 * One set of rules decides a month: an article's plan (prices and billing period), a service's
 * terms (`decideService`) and the amounts of those terms (`serviceAmounts`), an article's bulk
 * amounts (`bulkAmounts`). The two paths only consume them: `costsOfMonth` builds a line per
 * amount, `monthsTotals` counts services with the same terms and adds each amount times its count.
 *
 * Amounts are decimal.js values at 40 significant digits; every line is rounded half-up to cents
 * once, from unrounded intermediates, and totals are sums of the rounded lines (decisions
 * section 4). Quantities and day counts are integers and stay plain numbers.
 */
import { Decimal, roundCents } from '../money';
import {
  assertMonth,
  billingCycleMonths,
  monthCalendar,
  monthNumber,
  monthStartInstant,
  periodMonths,
  priceMonth,
  type MonthCalendar,
} from './calendar';
import type {
  CostArticle,
  CostBulkEntry,
  CostInput,
  CostKind,
  CostLine,
  CostMonth,
  CostService,
  KindTotals,
  MonthCosts,
} from './types';

export { billingCycleMonths, monthsInRange } from './calendar';

/**
 * The price and setup price of an article for a month (docs/costs.md, '3. The price for a month'): the
 * price history entry valid at the first instant of the period before the period containing the
 * month (for a monthly article the 1st of the previous month, 00:00 in Amsterdam). "Valid at t" is
 * the entry with the latest `fromTime` <= t; of entries with the same `fromTime` the later one in
 * the list wins. When no entry is valid yet, the earliest entry; with no history, the article's
 * own price and setup price.
 */
export const priceAt = (article: CostArticle, month: CostMonth): { price: string; setupPrice: string } => {
  assertMonth(month);
  return priceValidAt(article, priceInstant(month, billingCycleMonths(article.billingCycleId)));
};

/** The first instant of the period before the L-month period containing `month`. */
const priceInstant = (month: CostMonth, cycleMonths: number) => monthStartInstant(priceMonth(month, cycleMonths));

const priceValidAt = (article: CostArticle, instant: number): { price: string; setupPrice: string } => {
  const history = article.priceHistory;
  if (history.length === 0) return { price: article.price, setupPrice: article.setupPrice };
  let valid: (typeof history)[number] | undefined;
  let earliest = history[0];
  for (const entry of history) {
    if (entry.fromTime <= instant && (valid === undefined || entry.fromTime >= valid.fromTime)) valid = entry;
    if (entry.fromTime < earliest.fromTime) earliest = entry;
  }
  const chosen = valid ?? earliest;
  return { price: chosen.price, setupPrice: chosen.setupPrice };
};

/**
 * The unrounded pro-rata amount of a period price for some days of a month:
 * periodPrice / L x activeDays / daysInMonth, with a single division. Pro-rata parts of one month
 * that cover all its days add up to the monthly rate (to 40 significant digits).
 */
export const proRata = (
  periodPrice: Decimal.Value,
  cycleMonths: number,
  activeDays: number,
  daysInMonth: number,
): Decimal => new Decimal(periodPrice).times(activeDays).div(cycleMonths * daysInMonth);

/** docs/rules.md, 'Bundle size and use': max(0, gbUsed - totalGb) x 1024 x priceMb, unrounded. */
export const bundleOverage = (gbUsed: Decimal.Value, totalGb: Decimal.Value, priceMb: Decimal.Value): Decimal =>
  Decimal.max(0, new Decimal(gbUsed).minus(totalGb)).times(1024).times(priceMb);

/** Entries a cache keeps before it starts again: a bound for a cache that outlives one call. */
const CACHE_LIMIT = 200_000;

/**
 * What the engine works out once and reuses for many services and months: the months' calendars
 * and the rounded amounts. Tens of thousands of services share a few hundred distinct amounts, and
 * decimal arithmetic would otherwise be most of the engine's time. Answers never depend on what is
 * in it. Each call makes its own unless the caller passes one: a server that computes the same
 * customers' months again and again may keep one for longer, its lifetime visible where it is made.
 */
export class CostCache {
  private readonly calendars = new Map<number, MonthCalendar>();
  /**
   * Rounded amounts (null: rounds to 0.00, no line) per price string and a key standing for what
   * else decides them: 0 the price itself; 1-12 the monthly rate of an L-month cycle; from 100 a
   * pro-rata part of a month; negative: units x monthly rate; strings: a sum of pro-rata parts (of
   * a service's span of period days, or 'units:' of bulk unit-days per month of a period).
   */
  private readonly amounts = new Map<string, Map<number | string, string | null>>();
  private amountCount = 0;
  /** Each price string parsed once. */
  private readonly values = new Map<string, Decimal>();

  calendar(month: CostMonth): MonthCalendar {
    const key = monthNumber(month);
    let calendar = this.calendars.get(key);
    if (!calendar) {
      calendar = monthCalendar(month);
      this.calendars.set(key, calendar);
    }
    return calendar;
  }

  value(price: string): Decimal {
    let value = this.values.get(price);
    if (!value) {
      value = new Decimal(price);
      this.values.set(price, value);
    }
    return value;
  }

  /** The rounded amount of (price, key) if already known. */
  cents(price: string, key: number | string): string | null | undefined {
    return this.amounts.get(price)?.get(key);
  }

  /** Rounds `amount` to cents and keeps it under (price, key). */
  remember(price: string, key: number | string, amount: Decimal): string | null {
    if (this.amountCount >= CACHE_LIMIT) {
      this.amounts.clear();
      this.values.clear();
      this.amountCount = 0;
    }
    let byKey = this.amounts.get(price);
    if (!byKey) {
      byKey = new Map();
      this.amounts.set(price, byKey);
    }
    const rounded = roundCents(amount);
    const total = rounded.isZero() ? null : rounded.toFixed(2);
    byKey.set(key, total);
    this.amountCount += 1;
    return total;
  }
}

/** The price rounded to cents (a period price or a setup price). */
const priceCents = (cache: CostCache, price: string) => {
  const known = cache.cents(price, 0);
  return known !== undefined ? known : cache.remember(price, 0, cache.value(price));
};

/** The monthly rate price / L rounded to cents. */
const monthlyRateCents = (cache: CostCache, price: string, cycleMonths: number) => {
  const known = cache.cents(price, cycleMonths);
  return known !== undefined ? known : cache.remember(price, cycleMonths, cache.value(price).div(cycleMonths));
};

/** units x price / L rounded to cents (bulk units; L = 1 for a period price). */
const unitsCents = (cache: CostCache, price: string, units: number, cycleMonths: number) => {
  const key = -1 - (units * 13 + cycleMonths);
  const known = cache.cents(price, key);
  return known !== undefined ? known : cache.remember(price, key, cache.value(price).times(units).div(cycleMonths));
};

/** proRata(price, L, days, monthDays) rounded to cents; `days` may be unit-days. */
const proRataCents = (cache: CostCache, price: string, cycleMonths: number, days: number, monthDays: number) => {
  const key = 100 + (days * 13 + cycleMonths) * 32 + monthDays;
  const known = cache.cents(price, key);
  return known !== undefined ? known : cache.remember(price, key, proRata(cache.value(price), cycleMonths, days, monthDays));
};

/** A 2-decimal amount as the engine writes it: summed as integer cents while that is exact. */
const CENTS_PATTERN = /^-?\d+\.\d\d$/;

const sumDecimals = (amounts: Map<string, number>): string => {
  let total = new Decimal(0);
  for (const [amount, count] of amounts) total = total.plus(new Decimal(amount).times(count));
  return total.toFixed(2);
};

/**
 * Exact sum of 2-decimal amounts. Counts each distinct amount first and multiplies once: lines of
 * many services share a few hundred distinct amounts. Sums in integer cents, exact up to 2^53
 * cents; beyond that (or for another format) in decimals.
 */
const sumCents = (amounts: Map<string, number>): string => {
  let cents = 0;
  for (const [amount, count] of amounts) {
    if (!CENTS_PATTERN.test(amount)) return sumDecimals(amounts);
    const part = Number(amount.replace('.', '')) * count;
    cents += part;
    if (!Number.isSafeInteger(part) || !Number.isSafeInteger(cents)) return sumDecimals(amounts);
  }
  const whole = Math.trunc(cents / 100);
  const fraction = Math.abs(cents - whole * 100);
  return `${cents < 0 ? '-' : ''}${Math.abs(whole)}.${fraction < 10 ? '0' : ''}${fraction}`;
};

const countInto = (counts: Map<string, number>, amount: string, count = 1) =>
  counts.set(amount, (counts.get(amount) ?? 0) + count);

/** Sum of the lines' `total_price`, 2 decimals. */
export const sumLines = (lines: readonly CostLine[]): string => {
  const counts = new Map<string, number>();
  for (const line of lines) countInto(counts, line.total_price);
  return sumCents(counts);
};

const STANDARD_CYCLES = [1, 2, 3, 4];

/**
 * How many lines of each rounded amount there are, per billing cycle and kind: the one way totals
 * are made, from lines (`totalsByCycle`) or from counted services without lines (`monthsTotals`).
 */
class CycleCounts {
  private readonly counts = new Map<number, Record<CostKind, Map<string, number>>>();

  constructor() {
    for (const cycle of STANDARD_CYCLES) this.of(cycle);
  }

  private of(cycle: number) {
    let entry = this.counts.get(cycle);
    if (!entry) {
      entry = { setup: new Map(), full: new Map(), periodic: new Map() };
      this.counts.set(cycle, entry);
    }
    return entry;
  }

  /** `count` lines of `amount` (a 2-decimal string; null: no line). */
  add(cycle: number, kind: CostKind, amount: string | null, count = 1) {
    if (amount !== null && count > 0) countInto(this.of(cycle)[kind], amount, count);
  }

  /** Every cycle 1-4 and any other counted, ascending; every kind, '0.00' when there is nothing. */
  totals(): Map<number, KindTotals> {
    const totals = new Map<number, KindTotals>();
    for (const [cycle, c] of [...this.counts].sort(([a], [b]) => a - b)) {
      totals.set(cycle, { setup: sumCents(c.setup), full: sumCents(c.full), periodic: sumCents(c.periodic) });
    }
    return totals;
  }
}

/**
 * Totals per kind for each billing cycle, sums of `total_price`: every cycle 1-4 is present (and
 * any other cycle a line carries), every kind is present, '0.00' when there are no lines of it.
 */
export const totalsByCycle = (lines: readonly CostLine[]): Map<number, KindTotals> => {
  const counts = new CycleCounts();
  for (const line of lines) counts.add(line.billing_cycle_id, line.kind, line.total_price);
  return counts.totals();
};

/*
 * Active days (docs/costs.md, '1. Active days'): a service is active on a day when its start date is on or
 * before that day and it has no end or its end date is after that day, dates in the business time
 * zone. Dates are never formatted here: times are compared with the month's midnights. An open end
 * is passed as Infinity.
 */

/** How many of the month's days have ended at or before `time`, i.e. the index of the day `time` falls on. */
const daysEndedBy = (calendar: MonthCalendar, time: number): number => {
  const { midnights } = calendar;
  // Most services started before the month and have not ended: answer those without searching.
  if (time < midnights[1]) return 0;
  if (time >= midnights[calendar.days]) return calendar.days;
  let low = 1;
  let high = calendar.days - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (midnights[mid] <= time) low = mid;
    else high = mid - 1;
  }
  return low;
};

/** The number of days of the month on which a service is active. */
const activeDaysIn = (startTime: number, endTime: number, calendar: MonthCalendar): number => {
  const first = daysEndedBy(calendar, startTime);
  const end = daysEndedBy(calendar, endTime);
  return end > first ? end - first : 0;
};

/** Whether the start date falls in the month. */
const startsIn = (startTime: number, calendar: MonthCalendar): boolean =>
  startTime >= calendar.midnights[0] && startTime < calendar.midnights[calendar.days];

/** Active on the month's first day. */
const activeOnFirstDay = (startTime: number, endTime: number, calendar: MonthCalendar) =>
  startTime < calendar.midnights[1] && endTime >= calendar.midnights[1];

/** Active on the first day of `first` and on every day up to the last day of `last`. */
const activeThroughout = (startTime: number, endTime: number, first: MonthCalendar, last: MonthCalendar) =>
  startTime < first.midnights[1] && endTime >= last.midnights[last.days];

/** The months of the billing period containing the month being computed. */
interface Period {
  /** The instant that decides the prices of the month. */
  priceInstant: number;
  calendars: MonthCalendar[];
  /** The day of the period each month starts on (0 for the first). */
  monthStarts: number[];
  days: number;
  /** The place of the month being computed in `calendars`. */
  index: number;
}

const periodOf = (cache: CostCache, month: CostMonth, cycleMonths: number): Period => {
  const calendars = periodMonths(month, cycleMonths).map((m) => cache.calendar(m));
  const monthStarts: number[] = [];
  let days = 0;
  for (const calendar of calendars) {
    monthStarts.push(days);
    days += calendar.days;
  }
  return {
    priceInstant: priceInstant(month, cycleMonths),
    calendars,
    monthStarts,
    days,
    index: monthNumber(month) - monthNumber(calendars[0].month),
  };
};

/** One article in the month being computed: its prices and its billing period. */
interface ArticlePlan {
  article: CostArticle;
  cycleMonths: number;
  period: Period;
  price: string;
  setupPrice: string;
  /** `price` / L and `price` rounded to cents: the periodic cost and invoice lines of most services. */
  monthlyCents: string | null;
  periodCents: string | null;
}

/** An article's prices decided at `instant`, with their rounded amounts. */
interface ArticlePrices {
  instant: number;
  price: string;
  setupPrice: string;
  monthlyCents: string | null;
  periodCents: string | null;
}

const articlePrices = (cache: CostCache, article: CostArticle, cycleMonths: number, instant: number): ArticlePrices => {
  const { price, setupPrice } = priceValidAt(article, instant);
  return {
    instant,
    price,
    setupPrice,
    monthlyCents: monthlyRateCents(cache, price, cycleMonths),
    periodCents: priceCents(cache, price),
  };
};

/**
 * The articles' plans for the month, in the order of `articles`. `shared` keeps each article's
 * last prices for the next months: months of one period share the instant that decides them.
 */
const planMonth = (
  cache: CostCache,
  articles: readonly CostArticle[],
  month: CostMonth,
  shared: (ArticlePrices | undefined)[] = [],
): ArticlePlan[] => {
  const plans: ArticlePlan[] = [];
  const periods = new Map<number, Period>();
  articles.forEach((article, i) => {
    const cycleMonths = billingCycleMonths(article.billingCycleId);
    let period = periods.get(cycleMonths);
    if (!period) {
      period = periodOf(cache, month, cycleMonths);
      periods.set(cycleMonths, period);
    }
    let prices = shared[i];
    if (prices === undefined || prices.instant !== period.priceInstant) {
      prices = articlePrices(cache, article, cycleMonths, period.priceInstant);
      shared[i] = prices;
    }
    const { price, setupPrice, monthlyCents, periodCents } = prices;
    plans.push({ article, cycleMonths, period, price, setupPrice, monthlyCents, periodCents });
  });
  return plans;
};

/** Plans by article id: of two articles with one id, the later one's. */
const plansById = (plans: readonly ArticlePlan[]): Map<number, ArticlePlan> => new Map(plans.map((p) => [p.article.id, p]));

/*
 * A service in a month: its terms (`decideService`, from its times) and the amounts of those terms
 * (`serviceAmounts`, from its article's plan and its own prices). Nothing else decides a service's
 * kind or amount.
 */

/** `ServiceTerms.invoice` of a monthly article: its invoice is its costs. */
const INVOICE_AS_COSTS = -3;
/** `ServiceTerms.invoice`: a `periodic` line of the whole period price. */
const INVOICE_PERIOD = -2;
/** `ServiceTerms.invoice`: nothing invoiced in the month. */
const INVOICE_NONE = -1;
/** Invoice spans are packed as first * SPAN_BASE + end (period days, at most 366). */
const SPAN_BASE = 1024;

/** What decides a service's lines in a month, for its article's plan. */
interface ServiceTerms {
  /** Active days in the month: 0 no cost line, all the month's days `periodic`, otherwise `full`. */
  costDays: number;
  /** The start date falls in the month: a setup line. */
  starts: boolean;
  /**
   * The invoice: INVOICE_AS_COSTS (monthly article), INVOICE_NONE, INVOICE_PERIOD, or a `full`
   * line over the active period days [first, end), packed as first * SPAN_BASE + end.
   */
  invoice: number;
}

const newTerms = (): ServiceTerms => ({ costDays: 0, starts: false, invoice: INVOICE_NONE });

/** Active days run from 0 to 31: terms pack into one integer, so services with the same terms count together. */
const DAY_SLOTS = 32;

const termsKey = ({ costDays, starts, invoice }: ServiceTerms): number =>
  ((invoice - INVOICE_AS_COSTS) * 2 + (starts ? 1 : 0)) * DAY_SLOTS + costDays;

const termsOfKey = (key: number, terms: ServiceTerms): void => {
  terms.costDays = key % DAY_SLOTS;
  const rest = (key - terms.costDays) / DAY_SLOTS;
  terms.starts = rest % 2 === 1;
  terms.invoice = (rest - (terms.starts ? 1 : 0)) / 2 + INVOICE_AS_COSTS;
};

/**
 * The active days [first, end) of the period, from the month being computed to the period's end,
 * packed, or INVOICE_NONE when there are none. Its active days there are one run of period days.
 */
const restOfPeriodSpan = (period: Period, startTime: number, endTime: number): number => {
  const { calendars, monthStarts, index } = period;
  let first = -1;
  let end = -1;
  for (let i = index; i < calendars.length; i += 1) {
    const calendar = calendars[i];
    const firstDay = daysEndedBy(calendar, startTime);
    const endDay = daysEndedBy(calendar, endTime);
    if (endDay <= firstDay) continue;
    if (first < 0) first = monthStarts[i] + firstDay;
    end = monthStarts[i] + endDay;
  }
  return first < 0 ? INVOICE_NONE : first * SPAN_BASE + end;
};

/**
 * The invoice of a service of an L > 1 cycle in the month (docs/costs.md, section 7): each period
 * is billed once, in advance, in the month of the service's first active day in the period. Active
 * on every day of the period: the period price. Otherwise the pro-rata amounts of its active days
 * from that month to the period's end.
 */
const invoiceTerms = (period: Period, startTime: number, endTime: number, starts: boolean): number => {
  const { calendars, index } = period;
  if (index === 0 && activeOnFirstDay(startTime, endTime, calendars[0])) {
    if (activeThroughout(startTime, endTime, calendars[0], calendars[calendars.length - 1])) return INVOICE_PERIOD;
  } else if (!starts) {
    return INVOICE_NONE;
  }
  return restOfPeriodSpan(period, startTime, endTime);
};

/** Decides a service's lines in the month (`endTime` Infinity when open) into `terms`. */
const decideService = (
  terms: ServiceTerms,
  calendar: MonthCalendar,
  plan: ArticlePlan,
  startTime: number,
  endTime: number,
): void => {
  terms.costDays = activeDaysIn(startTime, endTime, calendar);
  terms.starts = startsIn(startTime, calendar);
  terms.invoice = plan.cycleMonths === 1 ? INVOICE_AS_COSTS : invoiceTerms(plan.period, startTime, endTime, terms.starts);
};

/** The cost amount of `days` (> 0) active days; `ownPrice` the service's own price or null. */
const costCents = (cache: CostCache, plan: ArticlePlan, ownPrice: string | null, days: number, calendar: MonthCalendar) => {
  if (days !== calendar.days) return proRataCents(cache, ownPrice ?? plan.price, plan.cycleMonths, days, calendar.days);
  return ownPrice === null ? plan.monthlyCents : monthlyRateCents(cache, ownPrice, plan.cycleMonths);
};

/** The invoice amount of an L > 1 service for INVOICE_PERIOD or a packed span. */
const invoiceCents = (cache: CostCache, plan: ArticlePlan, ownPrice: string | null, invoice: number): string | null => {
  if (invoice === INVOICE_PERIOD) return ownPrice === null ? plan.periodCents : priceCents(cache, ownPrice);
  const price = ownPrice ?? plan.price;
  const first = Math.floor(invoice / SPAN_BASE);
  const end = invoice - first * SPAN_BASE;
  const { calendars, monthStarts, index } = plan.period;
  const spanStart = monthStarts[index];
  const key = `${monthNumber(calendars[index].month)}:${plan.cycleMonths}:${first - spanStart}:${end - spanStart}`;
  const known = cache.cents(price, key);
  if (known !== undefined) return known;
  let amount = new Decimal(0);
  for (let i = index; i < calendars.length; i += 1) {
    const days = Math.min(end, monthStarts[i] + calendars[i].days) - Math.max(first, monthStarts[i]);
    if (days > 0) amount = amount.plus(proRata(cache.value(price), plan.cycleMonths, days, calendars[i].days));
  }
  return cache.remember(price, key, amount);
};

/**
 * A service's lines in a month as rounded amounts, null for no line (nothing to pay, or an amount
 * that rounds to 0.00). The setup line is both a cost and invoiced in the month it falls in.
 */
interface ServiceAmounts {
  costKind: CostKind;
  cost: string | null;
  setup: string | null;
  /** A monthly article's invoice line is its cost line itself. */
  invoiceIsCost: boolean;
  invoiceKind: CostKind;
  invoice: string | null;
}

const newAmounts = (): ServiceAmounts => ({
  costKind: 'periodic',
  cost: null,
  setup: null,
  invoiceIsCost: false,
  invoiceKind: 'periodic',
  invoice: null,
});

/**
 * The amounts of a service's `terms` into `out`: a cost line of all the month's days is `periodic`
 * (the monthly rate), of fewer `full` (pro rata); the setup price once, in the month of the start
 * date; the invoice of the whole period `periodic`, of a span `full`. `ownPrice` and
 * `ownSetupPrice` are the service's own prices or null for the article's.
 */
const serviceAmounts = (
  out: ServiceAmounts,
  cache: CostCache,
  calendar: MonthCalendar,
  plan: ArticlePlan,
  ownPrice: string | null,
  ownSetupPrice: string | null,
  terms: ServiceTerms,
): void => {
  out.costKind = terms.costDays === calendar.days ? 'periodic' : 'full';
  out.cost = terms.costDays > 0 ? costCents(cache, plan, ownPrice, terms.costDays, calendar) : null;
  out.setup = terms.starts ? priceCents(cache, ownSetupPrice ?? plan.setupPrice) : null;
  out.invoiceIsCost = terms.invoice === INVOICE_AS_COSTS;
  if (out.invoiceIsCost) {
    out.invoiceKind = out.costKind;
    out.invoice = out.cost;
  } else {
    out.invoiceKind = terms.invoice === INVOICE_PERIOD ? 'periodic' : 'full';
    out.invoice = terms.invoice === INVOICE_NONE ? null : invoiceCents(cache, plan, ownPrice, terms.invoice);
  }
};

/*
 * Bulk units (docs/rules.md, 'Bulk services'): an article's entries form a running total; an entry counts
 * from its business date on, so from the first day that ends after its time.
 */

/** An article's bulk entries in time order (entries at the same time keep their order), with their sum and extent. */
interface BulkUnits {
  entries: CostBulkEntry[];
  /** The units after the last entry (may be below 0: a day never has fewer than 0). */
  total: number;
  firstTime: number;
  lastTime: number;
}

const bulkUnitsByArticle = (entries: readonly CostBulkEntry[]): Map<number, BulkUnits> => {
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
interface BulkTerms {
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
const bulkAmounts = (
  cache: CostCache,
  calendar: MonthCalendar,
  plan: ArticlePlan,
  bulk: BulkUnits,
): { costs: BulkTerms; invoice: BulkTerms } => {
  const costs = bulkCostTerms(cache, calendar, plan, bulk);
  return { costs, invoice: plan.cycleMonths === 1 ? costs : bulkInvoiceTerms(cache, calendar, plan, bulk) };
};

/* The line path: one line per amount. */

const serviceLine = (
  kind: CostKind,
  plan: ArticlePlan,
  service: CostService,
  price: string,
  total: string,
): CostLine => ({
  kind,
  article_id: plan.article.id,
  article_name: plan.article.name,
  productgroup: plan.article.productgroup,
  billing_cycle_id: plan.article.billingCycleId,
  service_id: service.id,
  firstname: service.firstname,
  lastname: service.lastname,
  quantity: 1,
  price,
  total_price: total,
});

const bulkLine = (kind: CostKind, plan: ArticlePlan, quantity: number, total: string): CostLine => ({
  kind,
  article_id: plan.article.id,
  article_name: plan.article.name,
  productgroup: plan.article.productgroup,
  billing_cycle_id: plan.article.billingCycleId,
  service_id: null,
  firstname: null,
  lastname: null,
  quantity,
  price: plan.price,
  total_price: total,
});

const bulkLines = (plan: ArticlePlan, terms: BulkTerms): CostLine[] => {
  const lines: CostLine[] = [];
  if (terms.periodic !== null) lines.push(bulkLine('periodic', plan, terms.periodicUnits, terms.periodic));
  if (terms.full !== null) lines.push(bulkLine('full', plan, terms.fullUnits, terms.full));
  return lines;
};

/**
 * What a month costs and what is invoiced in it (docs/costs.md, '5. What a month costs' and '7. What is invoiced in a month'). Lines come
 * per service in input order (its periodic or full line, then its setup line), then the bulk lines
 * per article in input order. Lines that round to 0.00 are left out. Services and bulk entries of
 * an article missing from the input are ignored. For a 1-month cycle the invoice holds the very
 * same line objects as the costs: treat lines as read-only. A line is one service: a service with
 * a `count` other than 1 (collapsed services, for `monthsTotals` only) is a RangeError.
 */
export const costsOfMonth = (input: CostInput, month: CostMonth, cache = new CostCache()): MonthCosts => {
  assertMonth(month);
  const plans = plansById(planMonth(cache, input.articles, month));
  const calendar = cache.calendar(month);
  const costs: CostLine[] = [];
  const invoice: CostLine[] = [];
  const terms = newTerms();
  const amounts = newAmounts();
  for (const service of input.services) {
    if (service.count !== undefined && service.count !== 1) {
      throw new RangeError(`costsOfMonth needs one service per line: service ${service.id} has count ${service.count}`);
    }
    const plan = plans.get(service.articleId);
    if (!plan) continue;
    decideService(terms, calendar, plan, service.startTime, service.endTime ?? Infinity);
    serviceAmounts(amounts, cache, calendar, plan, service.price, service.setupPrice, terms);
    const price = service.price ?? plan.price;
    const cost = amounts.cost === null ? null : serviceLine(amounts.costKind, plan, service, price, amounts.cost);
    const setup =
      amounts.setup === null ? null : serviceLine('setup', plan, service, service.setupPrice ?? plan.setupPrice, amounts.setup);
    let billed: CostLine | null = null;
    if (amounts.invoiceIsCost) billed = cost;
    else if (amounts.invoice !== null) billed = serviceLine(amounts.invoiceKind, plan, service, price, amounts.invoice);
    if (cost) costs.push(cost);
    if (setup) costs.push(setup);
    if (billed) invoice.push(billed);
    if (setup) invoice.push(setup);
  }
  const bulk = bulkUnitsByArticle(input.bulkEntries);
  for (const article of input.articles) {
    const units = bulk.get(article.id);
    if (!units) continue;
    const plan = plans.get(article.id)!;
    const amountsOfBulk = bulkAmounts(cache, calendar, plan, units);
    const lines = bulkLines(plan, amountsOfBulk.costs);
    costs.push(...lines);
    invoice.push(...(amountsOfBulk.invoice === amountsOfBulk.costs ? lines : bulkLines(plan, amountsOfBulk.invoice)));
  }
  return { month: { year: month.year, month: month.month }, costs, invoice };
};

/* The totals path: services with the same terms counted, each amount added times its count. */

/** Totals of one month, costs and invoice, in the shape of `totalsByCycle`. */
export interface MonthTotals {
  costs: Map<number, KindTotals>;
  invoice: Map<number, KindTotals>;
}

/** Services of one article with the same own prices: the same amounts whenever their terms are the same. */
interface PriceGroup {
  /** The place in `articles` of the plan of the group's article id (the last article with that id). */
  place: number;
  ownPrice: string | null;
  ownSetupPrice: string | null;
}

/**
 * The input prepared once for any number of months: each service's price group (-1 when its
 * article is missing from the input), times (Infinity for no end) and count; bulk entries per
 * article in time order.
 */
interface PreparedInput {
  groups: PriceGroup[];
  groupOf: Int32Array;
  startTimes: Float64Array;
  endTimes: Float64Array;
  /** How many services each stands for (`CostService.count`). */
  counts: Float64Array;
  /** Per article (by place in `articles`): its bulk units, and the place of its id's plan. */
  bulk: (BulkUnits | undefined)[];
  planPlaceOf: Int32Array;
  /** Each article's last prices, for the next month (see `planMonth`). */
  prices: (ArticlePrices | undefined)[];
}

const prepareInput = (input: CostInput): PreparedInput => {
  const { articles, services } = input;
  // The plan of an article id is the one of the last article with that id (as in `plansById`).
  const lastPlace = new Map<number, number>();
  articles.forEach((article, i) => lastPlace.set(article.id, i));
  const groups: PriceGroup[] = [];
  // Most services have neither own price: one number lookup for those.
  const plainGroups = new Map<number, number>();
  const ownGroups = new Map<string, number>();
  const groupOf = new Int32Array(services.length);
  const startTimes = new Float64Array(services.length);
  const endTimes = new Float64Array(services.length);
  const counts = new Float64Array(services.length);
  services.forEach((service, i) => {
    const count = service.count ?? 1;
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new RangeError(`service ${service.id}: count must be a positive integer, not ${count}`);
    }
    const place = lastPlace.get(service.articleId);
    if (place === undefined) {
      groupOf[i] = -1;
      return;
    }
    const { price: ownPrice, setupPrice: ownSetupPrice } = service;
    const plain = ownPrice === null && ownSetupPrice === null;
    const ownKey = plain ? '' : JSON.stringify([place, ownPrice, ownSetupPrice]);
    let group = plain ? plainGroups.get(place) : ownGroups.get(ownKey);
    if (group === undefined) {
      group = groups.push({ place, ownPrice, ownSetupPrice }) - 1;
      if (plain) plainGroups.set(place, group);
      else ownGroups.set(ownKey, group);
    }
    groupOf[i] = group;
    startTimes[i] = service.startTime;
    endTimes[i] = service.endTime ?? Infinity;
    counts[i] = count;
  });
  const bulk = bulkUnitsByArticle(input.bulkEntries);
  return {
    groups,
    groupOf,
    startTimes,
    endTimes,
    counts,
    bulk: articles.map((article) => bulk.get(article.id)),
    planPlaceOf: Int32Array.from(articles, (article) => lastPlace.get(article.id)!),
    prices: [],
  };
};

const totalsOfMonth = (cache: CostCache, input: CostInput, prepared: PreparedInput, month: CostMonth): MonthTotals => {
  const plans = planMonth(cache, input.articles, month, prepared.prices);
  const calendar = cache.calendar(month);
  const { groups, groupOf, startTimes, endTimes, counts } = prepared;
  // Per price group: how many services have each terms (by `termsKey`).
  const tallies = groups.map(() => new Map<number, number>());
  const groupPlans = groups.map((g) => plans[g.place]);
  const terms = newTerms();
  for (let i = 0; i < groupOf.length; i += 1) {
    const group = groupOf[i];
    if (group < 0) continue;
    decideService(terms, calendar, groupPlans[group], startTimes[i], endTimes[i]);
    const tally = tallies[group];
    const key = termsKey(terms);
    tally.set(key, (tally.get(key) ?? 0) + counts[i]);
  }

  const costs = new CycleCounts();
  const invoice = new CycleCounts();
  const amounts = newAmounts();
  tallies.forEach((tally, group) => {
    const { ownPrice, ownSetupPrice } = groups[group];
    const plan = groupPlans[group];
    const cycle = plan.article.billingCycleId;
    for (const [key, count] of tally) {
      termsOfKey(key, terms);
      serviceAmounts(amounts, cache, calendar, plan, ownPrice, ownSetupPrice, terms);
      costs.add(cycle, amounts.costKind, amounts.cost, count);
      costs.add(cycle, 'setup', amounts.setup, count);
      invoice.add(cycle, amounts.invoiceKind, amounts.invoice, count);
      invoice.add(cycle, 'setup', amounts.setup, count);
    }
  });

  // Bulk lines per article in input order, each with the plan of its id (as `costsOfMonth`).
  prepared.bulk.forEach((units, i) => {
    if (!units) return;
    const plan = plans[prepared.planPlaceOf[i]];
    const cycle = plan.article.billingCycleId;
    const bulk = bulkAmounts(cache, calendar, plan, units);
    costs.add(cycle, 'periodic', bulk.costs.periodic);
    costs.add(cycle, 'full', bulk.costs.full);
    invoice.add(cycle, 'periodic', bulk.invoice.periodic);
    invoice.add(cycle, 'full', bulk.invoice.full);
  });
  return { costs: costs.totals(), invoice: invoice.totals() };
};

/**
 * The totals of several months without building lines: for each month exactly
 * `totalsByCycle(costsOfMonth(input, month).costs)` and `.invoice`. Services of an article with
 * the same own prices and the same terms in a month are counted together, and the amounts of each
 * such count are added times the count, exactly. Grouping the services and sorting the bulk
 * entries are done once for all months. A service with `count` N counts as N services with its
 * fields (N a positive integer). Counts are summed as doubles: exact while they stay below 2^53.
 */
export const monthsTotals = (input: CostInput, months: readonly CostMonth[], cache = new CostCache()): MonthTotals[] => {
  months.forEach(assertMonth);
  if (months.length === 0) return [];
  const prepared = prepareInput(input);
  return months.map((month) => totalsOfMonth(cache, input, prepared, month));
};

/** The totals of one month without building lines: `monthsTotals` of that month. */
export const monthTotals = (input: CostInput, month: CostMonth, cache = new CostCache()): MonthTotals =>
  monthsTotals(input, [month], cache)[0];
