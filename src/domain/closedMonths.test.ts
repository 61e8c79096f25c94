import {
  bulkEntryTouchesClosedMonth,
  closedMonthVerdict,
  firstOpenDay,
  serviceChangeTouchesClosedMonth,
  type ServicePeriod,
} from './closedMonths';
import { ROLE } from './permissions';
import { businessTimeToEpoch } from './time';

/** Noon, business time, on a date of 2026 (month 1-12). */
const at = (month: number, day: number, hour = 12) => businessTimeToEpoch(2026, month, day, hour);
// The worked example's today: 26 November 2026, 10:00 in Amsterdam.
const now = at(11, 26, 10) * 1000;
const period = (start: number, end: number | null = null): ServicePeriod => ({ start, end });
const touches = (before: ServicePeriod | null, after: ServicePeriod | null) => serviceChangeTouchesClosedMonth(before, after, now);

describe('closed months, the worked example of closedMonths.ts', () => {
  it('opens the current business month on its first day', () => {
    expect(firstOpenDay(now)).toBe('2026-11-01');
    // 31 October 23:30 UTC is already 1 November in Amsterdam.
    expect(firstOpenDay(Date.UTC(2026, 9, 31, 23, 30))).toBe('2026-11-01');
    expect(firstOpenDay(Date.UTC(2026, 9, 31, 22, 30))).toBe('2026-10-01');
  });

  it('lets a running service be ended from today, or from the first open day on', () => {
    const running = period(at(1, 5));
    expect(touches(running, period(at(1, 5), at(11, 26)))).toBe(false);
    expect(touches(running, period(at(1, 5), businessTimeToEpoch(2026, 11, 1)))).toBe(false);
    expect(touches(period(at(1, 5), at(12, 10)), period(at(1, 5), at(11, 27)))).toBe(false);
  });

  it('refuses an end date in a closed month, and moving one that lies there', () => {
    const running = period(at(1, 5));
    expect(touches(running, period(at(1, 5), at(10, 31)))).toBe(true);
    expect(touches(period(at(1, 5), at(10, 20)), period(at(1, 5), at(11, 20)))).toBe(true);
    expect(touches(period(at(1, 5), at(10, 20)), running)).toBe(true);
    // The same day at another hour changes no day's costs.
    expect(touches(period(at(1, 5), at(10, 20, 9)), period(at(1, 5), at(10, 20, 17)))).toBe(false);
  });

  it('refuses a start date moved into, out of or within the closed months', () => {
    expect(touches(period(at(11, 10)), period(at(11, 20)))).toBe(false);
    expect(touches(period(at(10, 5)), period(at(11, 10)))).toBe(true);
    expect(touches(period(at(11, 10)), period(at(10, 5)))).toBe(true);
    expect(touches(period(at(1, 5)), period(at(2, 3)))).toBe(true);
  });

  it('refuses creating a service that starts in a closed month, and hard-deleting one', () => {
    expect(touches(null, period(at(10, 31)))).toBe(true);
    expect(touches(null, period(at(11, 1)))).toBe(false);
    expect(touches(period(at(1, 5), at(3, 1)), null)).toBe(true);
    expect(touches(period(at(11, 3)), null)).toBe(false);
  });

  it('refuses bulk entries dated before the first open day, added or deleted', () => {
    expect(bulkEntryTouchesClosedMonth(at(10, 30), now)).toBe(true);
    expect(bulkEntryTouchesClosedMonth(businessTimeToEpoch(2026, 10, 31, 23, 59), now)).toBe(true);
    expect(bulkEntryTouchesClosedMonth(businessTimeToEpoch(2026, 11, 1), now)).toBe(false);
    expect(bulkEntryTouchesClosedMonth(at(12, 24), now)).toBe(false);
  });

  it('refuses customer users and audits provider staff, by role', () => {
    expect(closedMonthVerdict(false, ROLE.endUser)).toBe('free');
    expect(closedMonthVerdict(true, ROLE.endUser)).toBe('refused');
    expect(closedMonthVerdict(true, ROLE.admin)).toBe('audited');
    expect(closedMonthVerdict(true, ROLE.superadmin)).toBe('audited');
    expect(closedMonthVerdict(false, ROLE.admin)).toBe('free');
  });
});
