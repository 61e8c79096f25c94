import fc from 'fast-check';
import { addMonths, businessTimeToEpoch, currentMonth, lastWholeMonth, monthKey, monthLabel, monthOf, monthOptions, monthRange, monthStart, parseIsoDate, parseMonthKey, previousMonth, shiftMonth, todayNoon, zonedParts, zonedPartsFromDatabase } from './time';

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

describe('the EU rule against the time zone database', () => {
  const HOUR = 3_600_000;
  const span = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

  it('gives the wall clock of every 3 hours from 1996 to 2099 as the database does', () => {
    const mismatches = span(Date.UTC(1996, 0, 1), Date.UTC(2099, 11, 31, 21), 3 * HOUR).filter(
      (at) => JSON.stringify(zonedParts(at)) !== JSON.stringify(zonedPartsFromDatabase(at)),
    );
    expect(mismatches.map((at) => new Date(at).toISOString())).toEqual([]);
  });

  it('switches in the very second the database does, every spring and autumn from 1996 to 2099', () => {
    const checked: number[] = [];
    for (let year = 1996; year <= 2099; year += 1) {
      for (const month of [2, 9]) {
        // Every second of the two hours around 01:00 UTC on each Sunday of the month's last week.
        for (let day = 22; day <= 31; day += 1) {
          const oneUtc = Date.UTC(year, month, day, 1);
          if (new Date(oneUtc).getUTCMonth() !== month || new Date(oneUtc).getUTCDay() !== 0) continue;
          checked.push(...span(oneUtc - 2_000, oneUtc + 2_000, 500), oneUtc - HOUR, oneUtc + HOUR);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(104 * 2 * 9);
    expect(checked.filter((at) => JSON.stringify(zonedParts(at)) !== JSON.stringify(zonedPartsFromDatabase(at)))).toEqual([]);
  });

  it('agrees with the database on any instant, and leaves years outside 1996-2099 to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }), (at) => {
        expect(zonedParts(at)).toEqual(zonedPartsFromDatabase(at));
      }),
      { numRuns: 20_000 },
    );
    // 1995 ended summer time on the last Sunday of September: the database decides there.
    expect(zonedParts(Date.UTC(1995, 9, 10, 12)).hour).toBe(13);
    expect(zonedParts(Date.UTC(1996, 9, 10, 12)).hour).toBe(14);
  });

  it('turns wall-clock times in the switch hours into the instants the database gives', () => {
    // 02:30 on 29 March 2026 does not exist (clocks go 02:00 -> 03:00): it becomes 03:30 summer time.
    // 02:30 on 25 October happens twice: the second one, in winter time.
    expect(new Date(businessTimeToEpoch(2026, 3, 29, 2, 30) * 1000).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(businessTimeToEpoch(2026, 10, 25, 2, 30) * 1000).toISOString()).toBe('2026-10-25T01:30:00.000Z');
    expect(new Date(businessTimeToEpoch(2026, 3, 29, 3, 0) * 1000).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(businessTimeToEpoch(2026, 10, 25, 3, 0) * 1000).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('month keys', () => {
  it('writes a month as YYYY-MM and its first day as YYYY-MM-01, zero-padded', () => {
    expect(monthKey({ year: 2026, month: 3 })).toBe('2026-03');
    expect(monthKey({ year: 2026, month: 12 })).toBe('2026-12');
    expect(monthStart({ year: 2027, month: 1 })).toBe('2027-01-01');
  });
});

describe('months', () => {
  it('reads the month of an ISO date, refusing what is no real date', () => {
    expect(monthOf('2026-03-31')).toEqual({ year: 2026, month: 3 });
    expect(monthOf('2026-02-30')).toBeNull();
    expect(monthOf('2026-03')).toBeNull();
  });

  it('parses a month key as the address carries it, and nothing else', () => {
    expect(parseMonthKey('2026-09')).toEqual({ year: 2026, month: 9 });
    expect(parseMonthKey(monthKey({ year: 2025, month: 12 }))).toEqual({ year: 2025, month: 12 });
    for (const invalid of ['2026-13', '2026-00', '2026-9', '2026-09-01', ' 2026-09', '09-2026', '', null, undefined]) {
      expect(parseMonthKey(invalid)).toBeNull();
    }
  });

  it('shifts months across years', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2026, month: 3 }, -11)).toEqual({ year: 2025, month: 4 });
    expect(shiftMonth({ year: 2025, month: 12 }, 13)).toEqual({ year: 2027, month: 1 });
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(addMonths(2026, 1, -1)).toEqual({ year: 2025, month: 12, day: 1 });
  });

  it('spans a month, or months, from the first to the last day', () => {
    expect(monthRange({ year: 2024, month: 2 })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange({ year: 2025, month: 2 })).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(monthRange({ year: 2025, month: 4 }, { year: 2026, month: 3 })).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('knows the business month of an instant: Amsterdam is already in March at 23:30 UTC on 28 February', () => {
    expect(currentMonth(Date.UTC(2026, 1, 28, 23, 30))).toEqual({ year: 2026, month: 3 });
    expect(currentMonth(Date.UTC(2026, 1, 28, 22, 30))).toEqual({ year: 2026, month: 2 });
  });

  it('takes the month before the current one as the last whole month, the default of Kosten and Verbruik', () => {
    expect(lastWholeMonth(Date.UTC(2026, 10, 28, 12))).toEqual({ year: 2026, month: 10 });
    expect(lastWholeMonth(Date.UTC(2026, 0, 1, 9))).toEqual({ year: 2025, month: 12 });
    // 31 December 23:30 UTC is already 1 January in Amsterdam: the last whole month is December.
    expect(lastWholeMonth(Date.UTC(2025, 11, 31, 23, 30))).toEqual({ year: 2025, month: 12 });
  });

  it('names a month in Dutch', () => {
    expect(monthLabel({ year: 2026, month: 5 })).toBe('mei 2026');
  });
});
