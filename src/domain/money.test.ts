import { parseAmount, roundCents, sumAmounts } from './money';

describe('exact money', () => {
  it('parses amounts typed with a comma or a dot, up to 6 decimals', () => {
    expect(parseAmount('12,50')).toBe('12.5');
    expect(parseAmount(0.1)).toBe('0.1');
    expect(parseAmount('0.012345')).toBe('0.012345');
    expect(parseAmount('1.1234567')).toBeNull();
    expect(parseAmount('12abc')).toBeNull();
    expect(parseAmount(Number.NaN)).toBeNull();
  });

  it('adds without binary floating point error', () => {
    expect(sumAmounts(['0.1', '0.2']).toString()).toBe('0.3');
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('rounds half-up to cents once', () => {
    expect(roundCents('2.675').toFixed(2)).toBe('2.68');
    expect(roundCents('-2.675').toFixed(2)).toBe('-2.68');
    expect(roundCents('2.674999999').toFixed(2)).toBe('2.67');
  });
});
