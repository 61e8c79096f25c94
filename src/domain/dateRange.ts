import { businessTimeToEpoch, isoDate, parseIsoDate, type CalendarDate, type DateRange } from './time';

/**
 * The one rule for every date range a caller chooses (the usage report's `report_date_*`, the
 * costs calls' and billing export's `costs_date_*`): real calendar dates in years 1900-2199, the
 * start not after the end, and at most MAX_RANGE_MONTHS calendar months touched. Outside it a
 * caller could ask for the year 0026 (which JavaScript's Date reads as 1926) or for centuries
 * of months that each cost a query.
 */

/** The longest range: two years (the costs chart asks twelve months). */
export const MAX_RANGE_MONTHS = 24;

const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

/**
 * The same years for an instant (a Unix-seconds parameter, a service's date): its first and last
 * second in business time. Made on first use: the years lie outside the time zone rule of
 * time.ts, so the time zone database answers.
 */
let epochBounds: { first: number; last: number } | null = null;
export const portalEpochBounds = (): { first: number; last: number } =>
  (epochBounds ??= { first: businessTimeToEpoch(FIRST_YEAR, 1, 1), last: businessTimeToEpoch(LAST_YEAR + 1, 1, 1) - 1 });

/** Whether an instant in Unix seconds lies in the years the portal knows. */
export const isPortalInstant = (epochSeconds: number): boolean => {
  const { first, last } = portalEpochBounds();
  return epochSeconds >= first && epochSeconds <= last;
};

/** The years the portal knows, as a message names them. */
export const PORTAL_YEARS = `${FIRST_YEAR}-${LAST_YEAR}`;

/** Why an instant is refused, as a field error. */
export const NOT_A_PORTAL_INSTANT = `moet een tijdstip in de jaren ${PORTAL_YEARS} zijn`;

/** A checked range's two days, both included, read as calendar dates: a `DateRange` (domain/time.ts) once checked. */
export interface CalendarRange {
  from: CalendarDate;
  to: CalendarDate;
}

export type DateRangeResult = { range: CalendarRange } | { error: string };

/** A real calendar date in the years the portal knows, or null. */
export const parseRangeDate = (value: string): CalendarDate | null => {
  const date = parseIsoDate(value);
  if (!date || date.year < FIRST_YEAR || date.year > LAST_YEAR) return null;
  return date;
};

/** The calendar months `from` .. `to` touch, both counted whole. */
export const monthsTouched = (from: CalendarDate, to: CalendarDate): number =>
  (to.year - from.year) * 12 + to.month - from.month + 1;

/** Why a range's date is refused: 'begindatum' or 'einddatum'. */
export const notARangeDate = (which: 'begindatum' | 'einddatum'): string =>
  `Ongeldige periode: de ${which} is geen bestaande datum (JJJJ-MM-DD, jaar ${FIRST_YEAR}-${LAST_YEAR}).`;

/** The days of a range of ISO dates, or the Dutch reason it is refused. */
export const checkDateRange = ({ from: fromText, to: toText }: DateRange): DateRangeResult => {
  const from = parseRangeDate(fromText);
  if (!from) return { error: notARangeDate('begindatum') };
  const to = parseRangeDate(toText);
  if (!to) return { error: notARangeDate('einddatum') };
  if (isoDate(from) > isoDate(to)) return { error: 'Ongeldige periode: de begindatum ligt na de einddatum.' };
  if (monthsTouched(from, to) > MAX_RANGE_MONTHS) {
    return { error: `Ongeldige periode: kies een periode van hoogstens ${MAX_RANGE_MONTHS} maanden.` };
  }
  return { range: { from, to } };
};
