import { isProviderStaff } from './permissions';
import { businessDateOf, isoDate, monthStart, zonedParts } from './time';

/**
 * docs/rules.md, 'Billed months are closed': the provider bills a month once it is over, so every month before the
 * current business month is closed. A customer user's change may not alter a closed month's costs;
 * provider staff may, and each such change of theirs goes into the audit log.
 *
 * Costs count whole business days (docs/costs.md): a service is active from its start date up to
 * the day before its end date, its setup falls in its start month, and a bulk entry counts from
 * its date on. So a change alters a closed month exactly when it alters the service's days before
 * the first open day, or its start date there (the setup), or adds or removes a bulk entry dated
 * there. What a change does to the current and later months is free.
 *
 * Worked example, today 26 November 2026 (the first open day is 1 November):
 * - a service started 5 January, still running, ended from 26 November: its days before
 *   1 November stay 5 January .. 31 October, so the change is free;
 * - the same service ended on 31 October instead: 31 October drops out, refused;
 * - a service started 10 November moved to 20 November: both dates are open, free;
 * - a service started 5 October moved to 10 November: October's days and setup drop out, refused;
 * - a service started 5 January moved to 3 February: January's days and setup move, refused;
 * - a bulk entry dated 30 October, added or deleted: refused; dated 1 November: free;
 * - the hard delete of a service started 5 January: its costs vanish from January on, refused;
 *   of one started 3 November: free.
 */

/** The first day of the current business month, 'YYYY-MM-01': every day before it is in a closed month. */
export const firstOpenDay = (nowMs: number = Date.now()): string => monthStart(zonedParts(nowMs));

const dayOf = (epochSeconds: number): string => isoDate(businessDateOf(epochSeconds));

/** A service's dates as the API speaks them: Unix seconds, no end for a running service. */
export interface ServicePeriod {
  start: number;
  end: number | null;
}

/**
 * What the closed months' costs see of a service: its start date and its end date clipped to the
 * first open day; null when it starts in an open month (no closed month sees it).
 */
const closedPart = (period: ServicePeriod | null, openFrom: string): string | null => {
  if (!period) return null;
  const start = dayOf(period.start);
  if (start >= openFrom) return null;
  const end = period.end === null ? openFrom : dayOf(period.end);
  return `${start}/${end < openFrom ? end : openFrom}`;
};

/**
 * Whether changing a service's dates from `before` to `after` alters the costs of a closed month.
 * `before` null: the service is created; `after` null: it is hard-deleted.
 */
export const serviceChangeTouchesClosedMonth = (
  before: ServicePeriod | null,
  after: ServicePeriod | null,
  nowMs: number = Date.now(),
): boolean => {
  const openFrom = firstOpenDay(nowMs);
  return closedPart(before, openFrom) !== closedPart(after, openFrom);
};

/** Whether adding or deleting a bulk entry at `time` (Unix seconds) alters the costs of a closed month. */
export const bulkEntryTouchesClosedMonth = (time: number, nowMs: number = Date.now()): boolean =>
  dayOf(time) < firstOpenDay(nowMs);

/**
 * What happens to a change: 'free' when it touches no closed month, 'refused' for a customer user
 * (decided by the user's role, so a customer managing a branch is refused too), 'audited' for
 * provider staff, also while they manage a company.
 */
export type ClosedMonthVerdict = 'free' | 'refused' | 'audited';

export const closedMonthVerdict = (touchesClosedMonth: boolean, roleId: number): ClosedMonthVerdict => {
  if (!touchesClosedMonth) return 'free';
  return isProviderStaff(roleId) ? 'audited' : 'refused';
};
