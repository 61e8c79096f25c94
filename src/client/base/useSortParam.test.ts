import { ariaSort, nextSort, sortFromParams } from './useSortParam';

const KEYS = ['naam', 'kosten'] as const;
const FALLBACK = { key: 'naam', direction: 'asc' } as const;

describe('a sort in the address', () => {
  it('reads the column and direction, and falls back on anything else', () => {
    expect(sortFromParams(new URLSearchParams('sorteer=kosten&volgorde=aflopend'), KEYS, FALLBACK)).toEqual({ key: 'kosten', direction: 'desc' });
    expect(sortFromParams(new URLSearchParams('sorteer=kosten'), KEYS, FALLBACK)).toEqual({ key: 'kosten', direction: 'asc' });
    expect(sortFromParams(new URLSearchParams('sorteer=wachtwoord&volgorde=aflopend'), KEYS, FALLBACK)).toEqual(FALLBACK);
    expect(sortFromParams(new URLSearchParams(''), KEYS, FALLBACK)).toEqual(FALLBACK);
  });

  it('turns the same column around and starts another at its first direction', () => {
    expect(nextSort({ key: 'naam', direction: 'asc' }, 'naam')).toEqual({ key: 'naam', direction: 'desc' });
    expect(nextSort({ key: 'naam', direction: 'desc' }, 'naam')).toEqual({ key: 'naam', direction: 'asc' });
    expect(nextSort({ key: 'naam', direction: 'asc' }, 'kosten', 'desc')).toEqual({ key: 'kosten', direction: 'desc' });
  });

  it('tells screen readers the sorted column only', () => {
    expect(ariaSort({ key: 'kosten', direction: 'desc' }, 'kosten')).toBe('descending');
    expect(ariaSort({ key: 'kosten', direction: 'desc' }, 'naam')).toBeUndefined();
  });
});
