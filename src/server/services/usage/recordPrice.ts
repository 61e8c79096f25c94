/**
 * A usage record's price (docs/usage.md, 'Import', Price): as imported, or for out-of-bundle data
 * without one MB x the company's `price_mb`, rounded exactly as PostgreSQL's numeric does; prices
 * as `numeric(18,6)` text. Exact: integers, BigInt and decimal strings, no binary floating point.
 */
import type { Fields, Price } from './recordFields';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Micros as `numeric(18,6)` text. */
export const microsText = (micros: bigint | number): string => {
  const value = BigInt(micros);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
};

const MB = 1_048_576n;

/** Rounds numerator / denominator (denominator > 0) half away from zero, as PostgreSQL's numeric does. */
const roundDiv = (numerator: bigint, denominator: bigint) => {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator + ((abs % denominator) * 2n >= denominator ? 1n : 0n);
  return negative ? -quotient : quotient;
};

/**
 * The price of out-of-bundle data without a price, in micros, exactly as PostgreSQL computes
 * `round(length::numeric / 1048576 * price_mb, 6)`: the division rounded at the scale numeric
 * division chooses (`select_div_scale`: 16 significant digits from the estimated weight of the
 * quotient in base-10000 digits), the product exact, then rounded to 6 decimals.
 */
export const outOfBundlePriceMicros = (length: number, priceMbMicros: bigint): bigint => {
  if (length === 0 || priceMbMicros === 0n) return 0n;
  const weight = Math.floor((String(length).length - 1) / 4);
  const firstDigit = Math.floor(length / 10_000 ** weight);
  // 1048576 is 104|8576 in base 10000: weight 1, first digit 104.
  const quotientWeight = weight - 1 - (firstDigit <= 104 ? 1 : 0);
  const scale = 10n ** BigInt(Math.min(Math.max(16 - quotientWeight * 4, 0), 1000));
  const quotient = roundDiv(BigInt(length) * scale, MB);
  return roundDiv(quotient * priceMbMicros, scale);
};

/**
 * A matched record's price: as imported; out-of-bundle data without a price at its company's
 * price_mb (`priceMbMicros`); anything else without a price costs 0.
 */
export const priceOf = ({ price, type, bundle, length }: Fields, priceMbMicros: bigint): Price => {
  if (price) return price;
  if (type !== 'data' || bundle !== 'out') return { text: '0.000000', micros: 0 };
  const computed = outOfBundlePriceMicros(Number(length), priceMbMicros);
  return { text: microsText(computed), micros: computed <= BigInt(MAX_SAFE) && computed >= -BigInt(MAX_SAFE) ? Number(computed) : null };
};
