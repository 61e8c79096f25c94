import { businessTimeToEpoch, monthKey, monthOptions, monthStart, parseIsoDate, todayNoon } from './time';

describe('business time (Europe/Amsterdam)', () => {
  it('converts wall-clock time in winter (UTC+1) and summer (UTC+2)', () => {
    expect(new Date(businessTimeToEpoch(2026, 1, 15, 12) * 1000).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(new Date(businessTimeToEpoch(2026, 7, 15, 12) * 1000).toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('handles the days of the daylight-saving switches', () => {
    expect(new Date(businessTimeToEpoch(2026, 3, 29, 12) * 1000).toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(new Date(businessTimeToEpoch(2026, 10, 25, 12) * 1000).toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });

  it('finds today at noon in Amsterdam, also just after midnight there', () => {
    // 23:30 UTC on 21 Nov is 00:30 on 22 Nov in Amsterdam.
    const now = Date.UTC(2026, 10, 21, 23, 30);
    expect(new Date(todayNoon(now) * 1000).toISOString()).toBe('2026-11-22T11:00:00.000Z');
  });

  it('lists the current month plus six previous with Dutch labels', () => {
    const options = monthOptions(Date.UTC(2026, 10, 22, 10));
    expect(options).toHaveLength(7);
    expect(options[0]).toEqual({ value: '2026-11-01', label: 'november 2026' });
    expect(options[6]).toEqual({ value: '2026-05-01', label: 'mei 2026' });
  });

  it('parses only real ISO dates', () => {
    expect(parseIsoDate('2026-02-29')).toBeNull();
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('29-02-2028')).toBeNull();
  });
});

describe('month keys', () => {
  it('writes a month as YYYY-MM and its first day as YYYY-MM-01, zero-padded', () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthKey({ year: 2026, month: 12 })).toBe('2026-12');
    expect(monthStart({ year: 2027, month: 1 })).toBe('2027-01-01');
  });
});
