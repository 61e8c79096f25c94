/**
 * The cost engine's amounts (docs/costs.md, '4. The monthly rate' and '8. Rounding and lines of
 * 0.00'; docs/rules.md, 'Exact money'): a period price's pro-rata part, the group bundle's overage,
 * and each line's amount rounded half-up to cents once, from unrounded decimal.js intermediates at
 * 40 significant digits. `CostCache` keeps the rounded amounts and the months' calendars for reuse.
 */
import { Decimal, roundCents } from '../money';
import { monthCalendar, monthNumber, type MonthCalendar } from './calendar';
import type { CostMonth } from './types';

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
export const priceCents = (cache: CostCache, price: string) => {
  const known = cache.cents(price, 0);
  return known !== undefined ? known : cache.remember(price, 0, cache.value(price));
};

/** The monthly rate price / L rounded to cents. */
export const monthlyRateCents = (cache: CostCache, price: string, cycleMonths: number) => {
  const known = cache.cents(price, cycleMonths);
  return known !== undefined ? known : cache.remember(price, cycleMonths, cache.value(price).div(cycleMonths));
};

/** units x price / L rounded to cents (bulk units; L = 1 for a period price). */
export const unitsCents = (cache: CostCache, price: string, units: number, cycleMonths: number) => {
  const key = -1 - (units * 13 + cycleMonths);
  const known = cache.cents(price, key);
  return known !== undefined ? known : cache.remember(price, key, cache.value(price).times(units).div(cycleMonths));
};

/** proRata(price, L, days, monthDays) rounded to cents; `days` may be unit-days. */
export const proRataCents = (cache: CostCache, price: string, cycleMonths: number, days: number, monthDays: number) => {
  const key = 100 + (days * 13 + cycleMonths) * 32 + monthDays;
  const known = cache.cents(price, key);
  return known !== undefined ? known : cache.remember(price, key, proRata(cache.value(price), cycleMonths, days, monthDays));
};

