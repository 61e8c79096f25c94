import { Type, type Static } from 'typebox';
import { monthRange, type DateRange, type MonthRange } from '../../domain/time';
import { HttpError } from '../httpError';
import { dateRangeOf } from '../input';
import { isoDateSchema } from './schemas';

export const costsRangeQuery = Type.Object({ costs_date_from: isoDateSchema, costs_date_to: isoDateSchema });

export type CostsRangeQuery = Static<typeof costsRangeQuery>;

/**
 * The months a costs call covers: every calendar month touched by `costs_date_from` ..
 * `costs_date_to`, whole (costs are computed per month, docs/costs.md). So 2026-03-15 ..
 * 2026-04-02 means March and April. 400 outside the rule of every date range (dateRangeOf).
 */
export const monthRangeOf = (query: CostsRangeQuery): MonthRange => {
  const { from, to } = dateRangeOf({ from: query.costs_date_from, to: query.costs_date_to });
  return { from: { year: from.year, month: from.month }, to: { year: to.year, month: to.month } };
};

/** The first and last day of the months a range covers. */
export const rangeDates = (range: MonthRange): DateRange => monthRange(range.from, range.to);

/** The one month a call about a month covers; 400 with `message` when the range touches more. */
export const oneMonthOf = (query: CostsRangeQuery, message: string) => {
  const { from, to } = monthRangeOf(query);
  if (from.year !== to.year || from.month !== to.month) throw new HttpError(400, message);
  return from;
};
