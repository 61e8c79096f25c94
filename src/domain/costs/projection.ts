/**
 * The expected costs of a month that is not over yet (docs/rules.md, 'Expected costs of the current month'): what is certain (periodic costs,
 * new connections and set up, docs/costs.md, '5. What a month costs') plus the usage so far projected over the whole
 * month from the days the usage records cover. Money is exact (docs/rules.md, 'Exact money'): the projected
 * usage is rounded half-up to cents once, and the expected total is the exact sum of the figures
 * it is shown with. docs/rules.md has the worked example.
 */
import { Decimal, roundCents } from '../money';
import { daysInMonth, type CalendarDate, type Month } from '../time';
import { toCents } from './sums';

export interface MonthProjectionInput {
  month: Month;
  /** The month's certain costs (all billing cycles), exact decimal strings. */
  certain: { periodic: string; full: string; setup: string };
  /** Verbruik of the month so far, exact decimal string. */
  usageSoFar: string;
  /** The last business day of the month that usage records cover, or null when there is none yet. */
  through: CalendarDate | null;
}

/**
 * How the expected usage was found: `none` no usage records yet (expected usage = usage so far,
 * so 0), `projected`
 * usage so far x days in the month / days covered, `complete` the records cover the whole month
 * (expected usage = the usage itself).
 */
export type ProjectionBasis = 'none' | 'projected' | 'complete';

export interface MonthProjection {
  basis: ProjectionBasis;
  /** Days 1 .. `through`: 0 without usage records. */
  daysCovered: number;
  daysInMonth: number;
  /** The amounts below are 2-decimal strings ("370.35"). */
  certain: string;
  usageSoFar: string;
  expectedUsage: string;
  /** certain + expectedUsage. */
  expectedTotal: string;
}

/** How far a month's usage reaches: the basis of every projection from the days so far. */
export interface DayBasis {
  basis: ProjectionBasis;
  /** Days 1 .. `through`: 0 without usage records. */
  daysCovered: number;
  daysInMonth: number;
}

/**
 * The day basis of a month's projection (the one rule for the costs and the group bundle, docs/rules.md):
 * the days covered are days 1 .. `through`, the last business day of the month that usage records
 * cover (null: none yet).
 */
export const dayBasis = (month: Month, through: CalendarDate | null): DayBasis => {
  const days = daysInMonth(month.year, month.month);
  if (through === null) return { basis: 'none', daysCovered: 0, daysInMonth: days };
  if (through.year !== month.year || through.month !== month.month || through.day < 1 || through.day > days) {
    throw new RangeError(`Day ${through.year}-${through.month}-${through.day} is not in ${month.year}-${month.month}`);
  }
  return { basis: through.day === days ? 'complete' : 'projected', daysCovered: through.day, daysInMonth: days };
};

export const projectMonth = (input: MonthProjectionInput): MonthProjection => {
  const { basis, daysCovered, daysInMonth: days } = dayBasis(input.month, input.through);
  const certain = roundCents(new Decimal(input.certain.periodic).plus(input.certain.full).plus(input.certain.setup));
  const usageSoFar = new Decimal(input.usageSoFar);
  // One division, one rounding: usage x days / covered days, never a daily rate rounded first.
  // Without covered days nothing is projected: the usage so far stands (0 without usage).
  const expectedUsage = roundCents(basis === 'projected' ? usageSoFar.times(days).dividedBy(daysCovered) : usageSoFar);
  return {
    basis,
    daysCovered,
    daysInMonth: days,
    certain: toCents(certain),
    usageSoFar: toCents(usageSoFar),
    expectedUsage: toCents(expectedUsage),
    expectedTotal: toCents(certain.plus(expectedUsage)),
  };
};
