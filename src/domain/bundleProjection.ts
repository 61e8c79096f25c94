/**
 * Where the group bundle is going (docs/usage.md, 'Where the bundle is going'): the GB used so far projected to the month's end, and
 * the day the bundle runs out at this pace. Pure and exact (decimal.js, docs/rules.md, 'Exact money'); the
 * day basis is the costs projection's (`dayBasis`, domain/costs/projection.ts): the days covered
 * are days 1 .. the last business day of the month that usage records cover, so an import that
 * lags a few days does not make the bundle look emptier than it is. Only the running month has a
 * projection: a month that is over is what it is, one still to come has no usage.
 *
 * Worked examples (November 2026, 30 days; usage records up to and including 10-11-2026):
 * - 50 GB bundle, 12 GB used: 12 x 30 / 10 = 36 GB expected, below the bundle:
 *   'verwacht: 36,00 GB van 50,00 GB'.
 * - 50 GB bundle, 20 GB used: 20 x 30 / 10 = 60 GB expected, above the bundle. At 2 GB a day the
 *   bundle is used up on the first day n with 20 x n / 10 >= 50, n = 25:
 *   'Bij dit verbruik is de bundel op 25-11-2026 op'.
 * - 50 GB bundle, 50 GB used (or more): 100 %, 'De bundel is op.'
 * - No usage records in the month yet: nothing is projected, the usage so far (0) stands:
 *   'verwacht: 0,00 GB van 50,00 GB'.
 */
import { dayBasis, type ProjectionBasis } from './costs/projection';
import { formatDate, formatDecimal } from './format';
import { Decimal } from './money';
import { businessTimeToEpoch, type CalendarDate, type Month } from './time';

export interface BundleProjectionInput {
  month: Month;
  /** Today in business time (Europe/Amsterdam): decides whether `month` is the running month. */
  today: CalendarDate;
  /** total_gb and gb_used of the month (docs/rules.md, 'Bundle size and use'), exact decimal strings. */
  totalGb: string;
  usedGb: string;
  /** The last business day of the month that usage records cover, or null when there is none yet. */
  through: CalendarDate | null;
}

export interface BundleProjection {
  basis: ProjectionBasis;
  daysCovered: number;
  daysInMonth: number;
  /** GB at the month's end at this pace, 6 decimals ("36.000000"). */
  projectedGb: string;
  /** The bundle is used up already (gb_used >= total_gb). */
  usedUp: boolean;
  /** The day the bundle runs out at this pace, when the projection is above the bundle and it is not used up yet. */
  runsOutOn: CalendarDate | null;
  /** The line the screens show. */
  text: string;
}

/** The GB notation (docs/screens.md, 'Dutch notation') without its unit: 2 decimals, Dutch comma. */
const gb = (value: Decimal) => formatDecimal(value, 2);

const dutchDate = ({ year, month, day }: CalendarDate) => formatDate(businessTimeToEpoch(year, month, day, 12));

/**
 * The first day n of the month on which used x n / covered >= total (the pace of the days
 * covered, kept up): the least integer n with used x n >= total x covered. Exact: the quotient's
 * ceiling, checked by multiplication.
 */
const dayReaching = (total: Decimal, used: Decimal, daysCovered: number): number => {
  const target = total.times(daysCovered);
  let n = target.dividedBy(used).ceil().toNumber();
  while (n > 1 && used.times(n - 1).gte(target)) n -= 1;
  while (used.times(n).lt(target)) n += 1;
  return n;
};

export const projectBundle = (input: BundleProjectionInput): BundleProjection | null => {
  const { month, today } = input;
  if (month.year !== today.year || month.month !== today.month) return null;
  const { basis, daysCovered, daysInMonth } = dayBasis(month, input.through);
  const total = new Decimal(input.totalGb);
  const used = new Decimal(input.usedGb);
  // One division, as the costs do: used x days / covered days, never a rounded daily rate.
  const projected = basis === 'projected' ? used.times(daysInMonth).dividedBy(daysCovered) : used;
  const usedUp = used.gte(total);
  const runsOutOn =
    !usedUp && basis === 'projected' && projected.gt(total) ? { ...month, day: dayReaching(total, used, daysCovered) } : null;
  const text = usedUp
    ? 'De bundel is op.'
    : runsOutOn
      ? `Bij dit verbruik is de bundel op ${dutchDate(runsOutOn)} op`
      : `verwacht: ${gb(projected)} GB van ${gb(total)} GB`;
  return { basis, daysCovered, daysInMonth, projectedGb: projected.toFixed(6), usedUp, runsOutOn, text };
};
