import { sumToCents, toCents } from './sums';

describe('cost sums', () => {
  it('rounds a figure half-up to cents', () => {
    expect(toCents(1.005)).toBe('1.01');
    expect(toCents('0.004')).toBe('0.00');
    expect(toCents(-2.345)).toBe('-2.35');
  });

  it('sums exactly, where floats lose a cent', () => {
    expect(0.1 + 0.2 + 0.6 + 1.045).toBeLessThan(1.945);
    expect(sumToCents([0.1, 0.2, 0.6, 1.045])).toBe('1.95');
    expect(sumToCents(['0.30', '0.60', '0.00', '1.05'])).toBe('1.95');
    expect(sumToCents([])).toBe('0.00');
  });
});
