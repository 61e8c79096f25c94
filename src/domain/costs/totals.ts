/**
 * Totals of cost lines (docs/rules.md, 'Exact money'; docs/costs.md, '8. Rounding and lines of
 * 0.00'): a total is the exact sum of the rounded lines' `total_price`, per billing cycle and kind.
 * `CycleCounts` is the one way totals are made, from lines or from counted services.
 */
import { Decimal } from '../money';
import type { CostKind, CostLine, KindTotals } from './types';

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
export class CycleCounts {
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
