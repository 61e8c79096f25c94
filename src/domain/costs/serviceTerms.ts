/**
 * A service in a month (docs/costs.md, '5. What a month costs: periodic, full and setup' and
 * '7. What is invoiced in a month'): its terms (`decideService`, from its times) and the amounts
 * of those terms (`serviceAmounts`, from its article's plan and its own prices, docs/rules.md,
 * 'A service's own price'). Nothing else decides a service's kind or amount.
 */
import { Decimal } from '../money';
import { monthNumber, type MonthCalendar } from './calendar';
import { monthlyRateCents, priceCents, proRata, proRataCents, type CostCache } from './amounts';
import { activeDaysIn, activeOnFirstDay, activeThroughout, daysEndedBy, startsIn, type ArticlePlan, type Period } from './periods';
import type { CostKind } from './types';

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

export const newTerms = (): ServiceTerms => ({ costDays: 0, starts: false, invoice: INVOICE_NONE });

/** Active days run from 0 to 31: terms pack into one integer, so services with the same terms count together. */
const DAY_SLOTS = 32;

export const termsKey = ({ costDays, starts, invoice }: ServiceTerms): number =>
  ((invoice - INVOICE_AS_COSTS) * 2 + (starts ? 1 : 0)) * DAY_SLOTS + costDays;

export const termsOfKey = (key: number, terms: ServiceTerms): void => {
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
export const decideService = (
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

export const newAmounts = (): ServiceAmounts => ({
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
export const serviceAmounts = (
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
