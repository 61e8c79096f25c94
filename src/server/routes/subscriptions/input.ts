import { isPortalInstant, parseRangeDate, PORTAL_YEARS } from '../../../domain/dateRange';
import { businessTimeToEpoch } from '../../../domain/time';
import { HttpError } from '../../httpError';

const NOT_A_PORTAL_DATE = `JJJJ-MM-DD (of met tijd en tijdzone), jaar ${PORTAL_YEARS}`;

export const FREE_FIELDS = ['input_field_1', 'input_field_2', 'input_field_3', 'input_field_4'] as const;
export const SPIE_FIELDS = ['spie_field_1', 'spie_field_2', 'spie_field_3'] as const;

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

/** Empty strings are stored as null (docs/api.md, 'Paths and parameters'). */
export const emptyToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();
