import { formatBytes, formatDate, formatDecimal, formatDuration, formatEuro, formatGb } from './format';
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
