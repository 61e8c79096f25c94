import Decimal from 'decimal.js';
import { businessDateOf, zonedParts } from './time';

/** Amounts travel as JSON numbers or decimal strings; never compute on them as floats. */
export type Amount = string | number | Decimal;

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Dutch notation with a fixed number of decimals, rounded half-up: 1234.5 -> "1.234,50". */
export const formatDecimal = (value: Amount, decimals = 2): string => {
  const fixed = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
  const negative = fixed.startsWith('-') && !/^-0(\.0+)?$/.test(fixed);
  const [intPart, frac] = fixed.replace('-', '').split('.');
  const body = frac ? `${groupThousands(intPart)},${frac}` : groupThousands(intPart);
  return negative ? `-${body}` : body;
};

/** Euro amount in Dutch notation: "€ 1.234,56". */
export const formatEuro = (value: Amount): string => {
  const text = formatDecimal(value, 2);
  return text.startsWith('-') ? `€ -${text.slice(1)}` : `€ ${text}`;
};

/** Spec section 9: GB values show 2 decimals. */
export const formatGb = (value: Amount): string => `${formatDecimal(value, 2)} GB`;

const SIZE_UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** Spec section 9: data sizes as B, kB, MB, GB in 1024 steps. */
export const formatBytes = (bytes: number): string => {
  let value = new Decimal(bytes);
  let unit = 0;
  while (value.abs().gte(1024) && unit < SIZE_UNITS.length - 1) {
    value = value.div(1024);
    unit += 1;
  }
  return unit === 0 ? `${value.toFixed(0)} B` : `${formatDecimal(value, 2)} ${SIZE_UNITS[unit]}`;
};

/** Spec section 9: call time as hh:mm:ss. */
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
