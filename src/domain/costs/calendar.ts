/**
 * Calendar maths of the cost engine (docs/rules.md, 'Business time'; docs/costs.md, '2. Billing cycles and periods'): months, billing periods aligned
 * to the calendar year, and the midnights of a month's days in the business time zone
 * (Europe/Amsterdam). The engine compares service and entry times with these midnights, so it never
 * formats a date per service; it keeps the calendars it uses in its `CostCache`.
 */
import { businessTimeToEpoch, daysInMonth } from '../time';
import type { CostMonth } from './types';

const CYCLE_MONTHS: Record<number, number> = { 1: 1, 2: 3, 3: 6, 4: 12 };

/** Months in a billing cycle: 1 monthly, 2 quarterly (3), 3 half-yearly (6), 4 yearly (12). */
export const billingCycleMonths = (billingCycleId: number): number => {
  const months = CYCLE_MONTHS[billingCycleId];
  if (months === undefined) throw new RangeError(`Unknown billing cycle ${billingCycleId}`);
  return months;
};

export const assertMonth = (month: CostMonth): void => {
  if (!Number.isInteger(month.year) || !Number.isInteger(month.month) || month.month < 1 || month.month > 12) {
    throw new RangeError(`Not a month: ${month.year}-${month.month}`);
  }
};

/** Months counted from year 0, so that months compare and add as integers. */
export const monthNumber = (month: CostMonth): number => month.year * 12 + month.month - 1;

export const monthOfNumber = (n: number): CostMonth => ({ year: Math.floor(n / 12), month: n - Math.floor(n / 12) * 12 + 1 });

/** Every month from `from` to `to`, both included, ascending; empty when `from` is after `to`. */
export const monthsInRange = (from: CostMonth, to: CostMonth): CostMonth[] => {
  assertMonth(from);
  assertMonth(to);
  const months: CostMonth[] = [];
  for (let n = monthNumber(from); n <= monthNumber(to); n += 1) months.push(monthOfNumber(n));
  return months;
};

/** The first month of the L-month period that contains `month`: periods start in January, April, July... */
export const periodStart = (month: CostMonth, cycleMonths: number): CostMonth => ({
  year: month.year,
  month: Math.floor((month.month - 1) / cycleMonths) * cycleMonths + 1,
});

/** The months of the L-month period that contains `month`, in order. */
export const periodMonths = (month: CostMonth, cycleMonths: number): CostMonth[] => {
  const first = monthNumber(periodStart(month, cycleMonths));
  return Array.from({ length: cycleMonths }, (_, i) => monthOfNumber(first + i));
};

/** The month whose first instant decides the price of `month`: the start of the previous period. */
export const priceMonth = (month: CostMonth, cycleMonths: number): CostMonth =>
  monthOfNumber(monthNumber(periodStart(month, cycleMonths)) - cycleMonths);

/** A month's days in the business time zone. */
export interface MonthCalendar {
  month: CostMonth;
  days: number;
  /**
   * `midnights[i]` is the epoch of 00:00 on day i + 1; `midnights[days]` is the first instant of
   * the next month. A day is 23 or 25 hours long around a daylight-saving switch: days are
   * counted between these boundaries, never as 86,400 seconds.
   */
  midnights: readonly number[];
}

/** The first instant of a month: 00:00 on its first day. */
export const monthStartInstant = (month: CostMonth): number => businessTimeToEpoch(month.year, month.month, 1);

export const monthCalendar = (month: CostMonth): MonthCalendar => {
  const days = daysInMonth(month.year, month.month);
  const midnights = Array.from({ length: days }, (_, i) => businessTimeToEpoch(month.year, month.month, i + 1));
  const next = monthOfNumber(monthNumber(month) + 1);
  midnights.push(businessTimeToEpoch(next.year, next.month, 1));
  return { month: { year: month.year, month: month.month }, days, midnights };
};
