import { daysInMonth, isoDate, parseIsoDate } from '../../../domain/time';
import { HttpError } from '../../plugins/errors';
import type { MonthRange } from '../../services/costs/input';
import { isoDateSchema } from '../schemas';

/** The longest range a costs call or export takes: two years (the chart asks twelve months). */
export const MAX_RANGE_MONTHS = 24;

export interface CostsRangeQuery {
  costs_date_from: string;
  costs_date_to: string;
}

export const costsRangeQuery = {
  type: 'object',
  properties: { costs_date_from: isoDateSchema, costs_date_to: isoDateSchema },
  required: ['costs_date_from', 'costs_date_to'],
} as const;

/**
 * The months a costs call covers: every calendar month touched by `costs_date_from` ..
 * `costs_date_to`, whole (costs are computed per month, decisions section 5). So 2026-03-15 ..
 * 2026-04-02 means March and April. 400 on an impossible date, from after to, or more than
 * MAX_RANGE_MONTHS months.
 */
export const monthRangeOf = (query: CostsRangeQuery): MonthRange => {
  const from = parseIsoDate(query.costs_date_from);
  const to = parseIsoDate(query.costs_date_to);
  if (!from || !to) throw new HttpError(400, 'Ongeldige datum.');
  if (isoDate(from) > isoDate(to)) throw new HttpError(400, 'De begindatum ligt na de einddatum.');
  const months = (to.year - from.year) * 12 + to.month - from.month + 1;
  if (months > MAX_RANGE_MONTHS) throw new HttpError(400, `Kies een periode van hoogstens ${MAX_RANGE_MONTHS} maanden.`);
  return { from: { year: from.year, month: from.month }, to: { year: to.year, month: to.month } };
};

/** The first and last day of the months a range covers, as ISO dates. */
export const rangeDates = (range: MonthRange) => ({
  start: isoDate({ ...range.from, day: 1 }),
  end: isoDate({ ...range.to, day: daysInMonth(range.to.year, range.to.month) }),
});
