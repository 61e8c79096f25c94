import Decimal from 'decimal.js';

/** docs/rules.md, 'Exact money': at least 9 decimals in between; amounts are rounded half-up once per line. */
Decimal.set({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export { Decimal };

const MONEY_PATTERN = /^-?\d{1,12}([.,]\d{1,6})?$/;

/**
 * A user-typed or JSON amount as an exact decimal string ("12,50" and 12.5 both give "12.5"),
 * or null when it is not an amount with at most 6 decimals.
 */
export const parseAmount = (value: string | number): string | null => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!MONEY_PATTERN.test(text)) return null;
  return new Decimal(text.replace(',', '.')).toFixed();
};

/** Rounds half-up to cents: the one rounding of a line (docs/rules.md, 'Exact money'). */
export const roundCents = (value: Decimal.Value): Decimal =>
  new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Sums exact amounts. */
export const sumAmounts = (values: Iterable<Decimal.Value>): Decimal => {
  let total = new Decimal(0);
  for (const v of values) total = total.plus(v);
  return total;
};
