import { MAX_ID, parseId } from './ids';

describe('parseId', () => {
  it('reads a row id from text or a number', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId(42)).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('answers null for anything that names no row', () => {
    for (const value of ['', '0', '-1', '+1', '01', ' 1', '1 ', '1e3', '1.0', '12abc', '0x1f', String(MAX_ID + 1), '99999999999']) {
      expect(parseId(value)).toBeNull();
    }
    for (const value of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_ID + 1, undefined, null, true, {}, [1]]) {
      expect(parseId(value)).toBeNull();
    }
  });
});
