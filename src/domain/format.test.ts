import Decimal from 'decimal.js';
import fc from 'fast-check';
import { formatAge, formatBytes, formatDate, formatDecimal, formatDuration, formatEuro, formatGb, formatIsoDate } from './format';
import { businessTimeToEpoch } from './time';

describe('Dutch notation', () => {
  it('formats euros with a decimal comma, thousands dots and 2 decimals, half-up', () => {
    expect(formatEuro('1234.5')).toBe('€ 1.234,50');
    expect(formatEuro('0.005')).toBe('€ 0,01');
    expect(formatEuro('-12.345')).toBe('€ -12,35');
    expect(formatEuro(1234567.891)).toBe('€ 1.234.567,89');
    expect(formatEuro('-0.001')).toBe('€ 0,00');
  });

  it('formats decimals and GB with 2 decimals', () => {
    expect(formatDecimal('2.675')).toBe('2,68');
    expect(formatGb(185)).toBe('185,00 GB');
  });

  it('formats data sizes in 1024 steps', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,50 kB');
    expect(formatBytes(1024 * 1024 * 3)).toBe('3,00 MB');
    expect(formatBytes(1024 ** 3 * 1.25)).toBe('1,25 GB');
  });

  it('formats call time as hh:mm:ss', () => {
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(59)).toBe('00:00:59');
  });

  it('formats dates as dd-mm-yyyy in Amsterdam time', () => {
    // 00:30 on 1 July in Amsterdam is still 30 June in UTC.
    expect(formatDate(businessTimeToEpoch(2026, 7, 1, 0, 30))).toBe('01-07-2026');
  });
});

/**
 * The formatter does its rounding on the numeral's digits (no decimal.js in a page's first render):
 * it must agree with decimal.js's ROUND_HALF_UP, which it replaced, on every kind of amount.
 */
describe('exact rounding without decimal.js', () => {
  const reference = (value: string | number, decimals: number): string => {
    const fixed = new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
    const negative = fixed.startsWith('-') && !/^-0(\.0+)?$/.test(fixed);
    const [intPart, frac] = fixed.replace('-', '').split('.');
    const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    const body = frac ? `${grouped},${frac}` : grouped;
    return negative ? `-${body}` : body;
  };

  it('rounds ties away from zero, carries through nines, and drops the sign of a zero', () => {
    expect(formatDecimal('0.995')).toBe('1,00');
    expect(formatDecimal('-0.995')).toBe('-1,00');
    expect(formatDecimal('999999.995')).toBe('1.000.000,00');
    expect(formatDecimal('-0.004')).toBe('0,00');
    expect(formatDecimal('2.5', 0)).toBe('3');
    expect(formatDecimal('-2.5', 0)).toBe('-3');
    expect(formatDecimal('.5', 0)).toBe('1');
    expect(formatDecimal('7.', 2)).toBe('7,00');
    expect(formatDecimal('+12.3')).toBe('12,30');
    expect(formatDecimal('000123.456')).toBe('123,46');
    expect(formatDecimal(new Decimal('12345678901234567890.125'))).toBe('12.345.678.901.234.567.890,13');
  });

  it('reads numbers by their shortest numeral, exponents written out', () => {
    // 1.005 is stored as 1.00499999999999989…: its numeral "1.005" rounds up, as decimal.js does.
    expect(formatDecimal(1.005)).toBe('1,01');
    expect(formatDecimal(1e21, 0)).toBe('1.000.000.000.000.000.000.000');
    expect(formatDecimal(1.5e-7, 7)).toBe('0,0000002');
    // -0.0025 rounds to a zero, which has no sign, as before.
    expect(formatDecimal(-2.5e-3)).toBe('0,00');
    expect(formatDecimal(-2.5e-3, 3)).toBe('-0,003');
  });

  it('shows NaN and the infinities by name, as decimal.js did', () => {
    expect(formatEuro(Number.NaN)).toBe('€ NaN');
    expect(formatDecimal(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(formatDecimal(new Decimal(Number.NEGATIVE_INFINITY))).toBe('-Infinity');
    expect(formatBytes(Number.NaN)).toBe('NaN B');
  });

  it('refuses what is not a number', () => {
    expect(() => formatDecimal('abc')).toThrow('Invalid argument');
    expect(() => formatDecimal('')).toThrow('Invalid argument');
    expect(() => formatDecimal('1.2.3')).toThrow('Invalid argument');
  });

  it('agrees with decimal.js on random decimal strings and numbers', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^\d{0,8}$/)).map(([neg, i, f]) => `${neg ? '-' : ''}${i}${f ? `.${f}` : ''}`),
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
          fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 4 }),
        (value, decimals) => {
          expect(formatDecimal(value, decimals)).toBe(reference(value, decimals));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('agrees with decimal.js on data sizes', () => {
    const bytesReference = (bytes: number): string => {
      let value = new Decimal(bytes);
      let unit = 0;
      const units = ['B', 'kB', 'MB', 'GB'];
      while (value.abs().gte(1024) && unit < units.length - 1) {
        value = value.div(1024);
        unit += 1;
      }
      return unit === 0 ? `${value.toFixed(0)} B` : `${reference(value.toFixed(), 2)} ${units[unit]}`;
    };
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1,00 kB');
    expect(formatBytes(1024 * 1.005)).toBe(bytesReference(1024 * 1.005));
    expect(formatBytes(1024 ** 4 * 3)).toBe('3.072,00 GB');
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 5_000_000 }), fc.double({ min: 0, max: 1e12, noNaN: true })),
        (bytes) => {
          expect(formatBytes(bytes)).toBe(bytesReference(bytes));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('formatIsoDate', () => {
  it('writes an ISO date as dd-mm-yyyy and leaves anything else', () => {
    expect(formatIsoDate('2026-03-01')).toBe('01-03-2026');
    expect(formatIsoDate('2026-02-31')).toBe('2026-02-31');
  });
});

describe('formatAge', () => {
  it('counts whole minutes, hours and days, in Dutch', () => {
    expect(formatAge(-5)).toBe('minder dan een minuut');
    expect(formatAge(59)).toBe('minder dan een minuut');
    expect(formatAge(60)).toBe('1 minuut');
    expect(formatAge(59 * 60 + 59)).toBe('59 minuten');
    expect(formatAge(3600)).toBe('1 uur');
    expect(formatAge(2 * 3600 + 1800)).toBe('2 uur');
    expect(formatAge(24 * 3600 - 1)).toBe('23 uur');
    expect(formatAge(24 * 3600)).toBe('1 dag');
    expect(formatAge(3 * 24 * 3600 + 7200)).toBe('3 dagen');
    expect(formatAge(1000 * 24 * 3600)).toBe('1.000 dagen');
  });
});
