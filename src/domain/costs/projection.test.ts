import { projectMonth, type MonthProjectionInput } from './projection';

const NOVEMBER = { year: 2026, month: 11 }; // 30 days
const DECEMBER = { year: 2026, month: 12 }; // 31 days
const FEBRUARY_LEAP = { year: 2028, month: 2 }; // 29 days

const input = (over: Partial<MonthProjectionInput>): MonthProjectionInput => ({
  month: NOVEMBER,
  certain: { periodic: '0', full: '0', setup: '0' },
  usageSoFar: '0',
  through: null,
  ...over,
});

const day = (month: { year: number; month: number }, d: number) => ({ ...month, day: d });

describe('projectMonth', () => {
  it('projects usage from the days covered (the worked example of docs/rules.md)', () => {
    // November 2026 (30 days), usage records up to and including 10-11-2026:
    //   certain   = periodic 120,00 + new connections 41,66 + set up 25,00 = € 186,66
    //   usage     = € 123,45 over 10 of 30 days
    //   expected  = 123,45 x 30 / 10 = 370,35 (exact, nothing to round)
    //   total     = 186,66 + 370,35 = € 557,01
    expect(
      projectMonth(
        input({ certain: { periodic: '120.00', full: '41.66', setup: '25.00' }, usageSoFar: '123.45', through: day(NOVEMBER, 10) }),
      ),
    ).toEqual({
      basis: 'projected',
      daysCovered: 10,
      daysInMonth: 30,
      certain: '186.66',
      usageSoFar: '123.45',
      expectedUsage: '370.35',
      expectedTotal: '557.01',
    });
  });

  it('rounds the projected usage half-up to cents once', () => {
    // 10,00 over 3 of 31 days: 10 x 31 / 3 = 103,333… -> 103,33
    expect(projectMonth(input({ month: DECEMBER, usageSoFar: '10.00', through: day(DECEMBER, 3) })).expectedUsage).toBe('103.33');
    // 1,00 over 7 of 30 days: 30 / 7 = 4,2857… -> 4,29
    expect(projectMonth(input({ usageSoFar: '1.00', through: day(NOVEMBER, 7) })).expectedUsage).toBe('4.29');
    // 0,05 over 4 of 30 days: 0,05 x 30 / 4 = 0,375 exactly -> 0,38 (half-up, not half-even)
    expect(projectMonth(input({ usageSoFar: '0.05', through: day(NOVEMBER, 4) })).expectedUsage).toBe('0.38');
    // 0,01 over 3 of 29 days: 0,29 / 3 = 0,09666… -> 0,10
    expect(projectMonth(input({ month: FEBRUARY_LEAP, usageSoFar: '0.01', through: day(FEBRUARY_LEAP, 3) })).expectedUsage).toBe('0.10');
  });

  it('never goes through a rounded daily rate', () => {
    // 100,00 over 3 of 30 days: a rounded daily rate (33,33 x 30 = 999,90) would lose 10 cents;
    // 100 x 30 / 3 = 1000,00 exactly.
    expect(projectMonth(input({ usageSoFar: '100.00', through: day(NOVEMBER, 3) })).expectedUsage).toBe('1000.00');
  });

  it('keeps exact decimals that floats would not: 0,1 + 0,2 certain is 0,30', () => {
    // In binary floating point 0.1 + 0.2 = 0.30000000000000004.
    const p = projectMonth(input({ certain: { periodic: '0.1', full: '0.2', setup: '0' }, usageSoFar: '0.70', through: day(NOVEMBER, 30) }));
    expect(p.certain).toBe('0.30');
    expect(p.expectedTotal).toBe('1.00');
  });

  it('projects nothing without usage records: the usage so far (0) is expected', () => {
    expect(projectMonth(input({ certain: { periodic: '50', full: '0', setup: '25' } }))).toEqual({
      basis: 'none',
      daysCovered: 0,
      daysInMonth: 30,
      certain: '75.00',
      usageSoFar: '0.00',
      expectedUsage: '0.00',
      expectedTotal: '75.00',
    });
  });

  it('answers the actual usage when the records cover the whole month', () => {
    const p = projectMonth(input({ month: DECEMBER, certain: { periodic: '10', full: '0', setup: '0' }, usageSoFar: '19.03', through: day(DECEMBER, 31) }));
    expect(p).toMatchObject({ basis: 'complete', daysCovered: 31, daysInMonth: 31, expectedUsage: '19.03', expectedTotal: '29.03' });
  });

  it('projects day 1 over the whole month', () => {
    // 2,50 on 1 of 29 days: 2,50 x 29 = 72,50
    expect(projectMonth(input({ month: FEBRUARY_LEAP, usageSoFar: '2.50', through: day(FEBRUARY_LEAP, 1) })).expectedUsage).toBe('72.50');
  });

  it('refuses a covered day outside the month', () => {
    expect(() => projectMonth(input({ through: day(DECEMBER, 1) }))).toThrow(RangeError);
    expect(() => projectMonth(input({ through: day(NOVEMBER, 31) }))).toThrow(RangeError);
    expect(() => projectMonth(input({ through: day(NOVEMBER, 0) }))).toThrow(RangeError);
  });
});
