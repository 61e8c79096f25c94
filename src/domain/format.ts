import type Decimal from 'decimal.js';
import { businessDateOf, parseIsoDate, zonedParts } from './time';

/** Amounts travel as JSON numbers or decimal strings; never compute on them as floats. */
export type Amount = string | number | Decimal;

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** A plain decimal numeral: sign, digits, optionally a point and digits (no exponent). */
const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * The exact decimal numeral of an amount. A number is read by its shortest round-trip numeral
 * (`String`), as decimal.js reads it; an exponent numeral (1e21, 1e-7) is written out in full.
 * A decimal.js value gives its own full numeral.
 */
const numeralOf = (value: Amount): { negative: boolean; int: string; frac: string } => {
  let text = typeof value === 'object' ? value.toFixed() : String(value).trim();
  const exponent = /^([+-]?)(\d*)(?:\.(\d*))?e([+-]?\d+)$/i.exec(text);
  if (exponent) {
    const [, sign, int = '', frac = '', exp] = exponent;
    const digits = `${int}${frac}`;
    const point = int.length + Number(exp);
    const padded = point <= 0 ? `${'0'.repeat(1 - point)}${digits}` : digits.padEnd(point, '0');
    const at = Math.max(point, 1);
    text = `${sign}${padded.slice(0, at)}.${padded.slice(at)}`;
  }
  const plain = PLAIN.exec(text);
  if (!plain || (plain[2] === '' && (plain[3] ?? '') === '')) throw new Error(`[DecimalError] Invalid argument: ${String(value)}`);
  return { negative: plain[1] === '-', int: plain[2] || '0', frac: plain[3] ?? '' };
};

/** Adds one to a string of decimal digits: "0999" -> "1000". */
const incremented = (digits: string): string => {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i -= 1) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
};

/**
 * An amount rounded half-up (ties away from zero, as decimal.js's ROUND_HALF_UP) to `decimals`
 * places, as sign, integer digits and decimal digits: exact digit arithmetic on the numeral, no
 * binary floating point and no decimal library, so that formatting a price needs no 31 kB of
 * decimal.js in a page's first render.
 */
const roundedHalfUp = (value: Amount, decimals: number) => {
  const { negative, int, frac } = numeralOf(value);
  let kept = `${int}${frac.slice(0, decimals).padEnd(decimals, '0')}`;
  if ((frac[decimals] ?? '0') >= '5') kept = incremented(kept);
  const intDigits = kept.slice(0, kept.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  return { negative: negative && /[1-9]/.test(kept), int: intDigits, frac: kept.slice(kept.length - decimals) };
};

/** NaN and the infinities, shown as their names (as decimal.js did); undefined for a finite amount. */
const nonFinite = (value: Amount): string | undefined => {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : String(value);
  if (typeof value === 'object') return value.isFinite() ? undefined : value.toString();
  return undefined;
};

/** Dutch notation with a fixed number of decimals, rounded half-up: 1234.5 -> "1.234,50". */
export const formatDecimal = (value: Amount, decimals = 2): string => {
  const special = nonFinite(value);
  if (special !== undefined) return special;
  const { negative, int, frac } = roundedHalfUp(value, decimals);
  const body = frac ? `${groupThousands(int)},${frac}` : groupThousands(int);
  return negative ? `-${body}` : body;
};

/** Euro amount in Dutch notation: "€ 1.234,56". */
export const formatEuro = (value: Amount): string => {
  const text = formatDecimal(value, 2);
  return text.startsWith('-') ? `€ -${text.slice(1)}` : `€ ${text}`;
};

/** docs/screens.md, 'Dutch notation': GB values show 2 decimals. */
export const formatGb = (value: Amount): string => `${formatDecimal(value, 2)} GB`;

const SIZE_UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/**
 * docs/screens.md, 'Dutch notation': data sizes as B, kB, MB, GB in 1024 steps; bytes whole (half-up), the larger
 * units with 2 decimals rounded half-up. Exact: the amount as a fraction of integers, scaled to
 * hundredths of the unit with integer arithmetic.
 */
export const formatBytes = (bytes: Amount): string => {
  const special = nonFinite(bytes);
  if (special !== undefined) return `${special} B`;
  const { negative, int, frac } = numeralOf(bytes);
  const scale = 10n ** BigInt(frac.length);
  const size = BigInt(`${int}${frac}`);
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && size >= 1024n ** BigInt(unit + 1) * scale) unit += 1;
  const divisor = 1024n ** BigInt(unit) * scale;
  // Half-up, ties away from zero: (x + divisor / 2) / divisor on the magnitude.
  const half = (numerator: bigint) => (numerator * 2n + divisor) / (divisor * 2n);
  const sign = negative && size > 0n ? '-' : '';
  if (unit === 0) {
    const whole = half(size);
    return `${whole === 0n ? '' : sign}${whole} B`;
  }
  const hundredths = half(size * 100n);
  return `${formatDecimal(`${sign}${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`, 2)} ${SIZE_UNITS[unit]}`;
};

/** docs/screens.md, 'Dutch notation': call time as hh:mm:ss. */
export const formatDuration = (totalSeconds: number): string => {
  const s = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** dd-mm-yyyy of an epoch-seconds instant in the business zone. */
export const formatDate = (epochSeconds: number): string => {
  const { year, month, day } = businessDateOf(epochSeconds);
  return `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;
};

/** dd-mm-yyyy hh:mm of an epoch-seconds instant in the business zone. */
export const formatDateTime = (epochSeconds: number): string => {
  const p = zonedParts(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(p.day)}-${pad(p.month)}-${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
};

/** dd-mm-yyyy of an ISO date ('YYYY-MM-DD'); anything else as it is. */
export const formatIsoDate = (value: string): string => {
  const date = parseIsoDate(value);
  return date ? `${String(date.day).padStart(2, '0')}-${String(date.month).padStart(2, '0')}-${date.year}` : value;
};

/**
 * How long ago something happened, in whole units the Dutch way: '5 minuten', '1 uur', '3 dagen'
 * (docs/requests.md, 'The queue': a request's age). Under a minute is 'minder dan een minuut'.
 */
export const formatAge = (seconds: number): string => {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'minder dan een minuut';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} uur`;
  const days = Math.floor(hours / 24);
  return `${formatDecimal(days, 0)} ${days === 1 ? 'dag' : 'dagen'}`;
};
