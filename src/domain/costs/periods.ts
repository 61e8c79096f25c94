/**
 * An article's plan for a month (docs/costs.md, '1. Active days, in Amsterdam time', '2. Billing
 * cycles and periods' and '3. The price for a month'): the days a service is active, the billing
 * period the month lies in, and the prices valid at the instant that decides them.
 */
import {
  assertMonth,
  billingCycleMonths,
  monthNumber,
  monthStartInstant,
  periodMonths,
  priceMonth,
  type MonthCalendar,
} from './calendar';
import { monthlyRateCents, priceCents, type CostCache } from './amounts';
import type { CostArticle, CostMonth } from './types';

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

/*
 * Active days (docs/costs.md, '1. Active days'): a service is active on a day when its start date is on or
 * before that day and it has no end or its end date is after that day, dates in the business time
 * zone. Dates are never formatted here: times are compared with the month's midnights. An open end
 * is passed as Infinity.
 */

/** How many of the month's days have ended at or before `time`, i.e. the index of the day `time` falls on. */
export const daysEndedBy = (calendar: MonthCalendar, time: number): number => {
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
export const activeDaysIn = (startTime: number, endTime: number, calendar: MonthCalendar): number => {
  const first = daysEndedBy(calendar, startTime);
  const end = daysEndedBy(calendar, endTime);
  return end > first ? end - first : 0;
};

/** Whether the start date falls in the month. */
export const startsIn = (startTime: number, calendar: MonthCalendar): boolean =>
  startTime >= calendar.midnights[0] && startTime < calendar.midnights[calendar.days];

/** Active on the month's first day. */
export const activeOnFirstDay = (startTime: number, endTime: number, calendar: MonthCalendar) =>
  startTime < calendar.midnights[1] && endTime >= calendar.midnights[1];

/** Active on the first day of `first` and on every day up to the last day of `last`. */
export const activeThroughout = (startTime: number, endTime: number, first: MonthCalendar, last: MonthCalendar) =>
  startTime < first.midnights[1] && endTime >= last.midnights[last.days];

/** The months of the billing period containing the month being computed. */
export interface Period {
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
export interface ArticlePlan {
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
export interface ArticlePrices {
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
export const planMonth = (
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
export const plansById = (plans: readonly ArticlePlan[]): Map<number, ArticlePlan> => new Map(plans.map((p) => [p.article.id, p]));
