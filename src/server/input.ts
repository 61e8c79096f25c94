import { checkDateRange, isPortalInstant, parseRangeDate, PORTAL_YEARS, type CalendarRange } from '../domain/dateRange';
import { businessTimeToEpoch, type DateRange } from '../domain/time';
import { HttpError } from './httpError';

/** Helpers for routes: fields from query or body, blank text, e-mail addresses, date ranges. */

/**
 * docs/api.md, 'Paths and parameters': where a call takes "params" the fields come from the query string or a
 * JSON body; a field in both takes the body's value.
 */
export const paramsOf = <T extends object>(query: T | undefined, body: T | null | undefined): T => ({
  ...query,
  ...body,
}) as T;

/** Trimmed text, or null when empty or absent. */
export const textOrNull = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/**
 * docs/screens.md, 'Contact person form': an address must look like one. The HTML e-mail pattern (WHATWG), with at least
 * one dot in the domain.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL_PATTERN.test(value);

/**
 * The constraint a PostgreSQL unique violation (23505) broke, as the driver or Drizzle's wrapper
 * reports it; null for any other error. Checks before a write answer the usual case; this one
 * answers a race between two writes.
 */
export const uniqueViolationOf = (error: unknown): string | null => {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1, e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
};

/**
 * The range of a request's two ISO dates under the one rule of every date range (domain
 * dateRange.ts: real dates, years 1900-2199, from not after to, at most 24 months); 400 with
 * the Dutch reason otherwise. The usage report, the costs calls and the billing export use it.
 */
export const dateRangeOf = (range: DateRange): CalendarRange => {
  const result = checkDateRange(range);
  if ('error' in result) throw new HttpError(400, result.error);
  return result.range;
};

const NOT_A_PORTAL_DATE = `JJJJ-MM-DD (of met tijd en tijdzone), jaar ${PORTAL_YEARS}`;

/**
 * An ISO date ("2026-11-22", midnight in Amsterdam) or date-time with offset
 * ("2026-11-22T12:00:00+01:00"), as a Date; null for null or empty. Only in the years every date
 * range allows (domain dateRange.ts): "0026-01-01" is refused, never read as 1926.
 */
export const parseInstant = (value: string | null | undefined, field: string): Date | null => {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  const date = parseRangeDate(text);
  if (date) return new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms) && isPortalInstant(Math.floor(ms / 1000))) return new Date(ms);
  }
  throw new HttpError(400, `Veld '${field}' is geen geldige datum: ${NOT_A_PORTAL_DATE}.`);
};
