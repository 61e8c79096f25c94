import { checkDateRange, isPortalInstant, MAX_RANGE_MONTHS, portalEpochBounds } from './dateRange';
import { businessDateOf } from './time';

const errorOf = (from: string, to: string) => {
  const result = checkDateRange({ from, to });
  return 'error' in result ? result.error : null;
};

describe('checkDateRange', () => {
  it('accepts a month, a single day and exactly 24 months', () => {
    expect(checkDateRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      range: { from: { year: 2026, month: 3, day: 1 }, to: { year: 2026, month: 3, day: 31 } },
    });
    expect(errorOf('2026-02-28', '2026-02-28')).toBeNull();
    expect(errorOf('2024-01-15', '2025-12-31')).toBeNull();
    expect(errorOf('2024-02-29', '2024-03-01')).toBeNull();
  });

  it('refuses days that do not exist', () => {
    expect(errorOf('2026-02-30', '2026-03-01')).toMatch(/^Ongeldige periode: de begindatum/);
    expect(errorOf('2026-02-01', '2026-02-29')).toMatch(/^Ongeldige periode: de einddatum/);
    expect(errorOf('2026-13-01', '2026-12-31')).toMatch(/^Ongeldige periode/);
    expect(errorOf('2026-00-10', '2026-01-31')).toMatch(/^Ongeldige periode/);
    expect(errorOf('2026-1-1', '2026-01-31')).toMatch(/^Ongeldige periode/);
  });

  it('refuses years outside 1900-2199, also ones Date would read as 19xx', () => {
    // Date.UTC(26, …) is 1926: the year 0026 must not be read as that.
    expect(errorOf('0026-01-01', '0026-01-31')).toMatch(/^Ongeldige periode/);
    expect(errorOf('0026-01-01', '2026-01-31')).toMatch(/^Ongeldige periode/);
    expect(errorOf('1899-12-31', '1900-01-01')).toMatch(/^Ongeldige periode/);
    expect(errorOf('2199-12-01', '2200-01-01')).toMatch(/^Ongeldige periode/);
    expect(errorOf('1900-01-01', '1900-01-31')).toBeNull();
    expect(errorOf('2199-12-01', '2199-12-31')).toBeNull();
  });

  it('refuses a start after the end', () => {
    expect(errorOf('2026-03-02', '2026-03-01')).toBe('Ongeldige periode: de begindatum ligt na de einddatum.');
  });

  it(`refuses more than ${MAX_RANGE_MONTHS} calendar months`, () => {
    expect(errorOf('2024-01-31', '2026-01-01')).toBe('Ongeldige periode: kies een periode van hoogstens 24 maanden.');
    expect(errorOf('1900-01-01', '2199-12-31')).toMatch(/hoogstens 24 maanden/);
  });
});

describe('isPortalInstant', () => {
  it('takes the instants of the years 1900-2199 in business time, and no second more', () => {
    const { first, last } = portalEpochBounds();
    expect(businessDateOf(first)).toEqual({ year: 1900, month: 1, day: 1 });
    expect(businessDateOf(last)).toEqual({ year: 2199, month: 12, day: 31 });
    expect([first - 1, first, last, last + 1, 8640000000001].map(isPortalInstant)).toEqual([false, true, true, false, false]);
  });
});
