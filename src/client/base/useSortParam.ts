import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SortDirection = 'asc' | 'desc';

/** A table's order: the column it is sorted on and which way. */
export interface Sort<Key extends string> {
  key: Key;
  direction: SortDirection;
}

/**
 * The order lives in the address (`?sorteer=kosten&volgorde=aflopend`), so a reload, a bookmark,
 * 'back' or a shared link shows the table as it was sorted (docs/screens.md, 'Sorting').
 */
export const SORT_PARAM = 'sorteer';
export const DIRECTION_PARAM = 'volgorde';
const DIRECTION_WORDS: Record<SortDirection, string> = { asc: 'oplopend', desc: 'aflopend' };

/** Reads a sort from an address's query; an unknown column or direction gives `fallback`. */
export const sortFromParams = <Key extends string>(params: URLSearchParams, keys: readonly Key[], fallback: Sort<Key>): Sort<Key> => {
  const key = params.get(SORT_PARAM);
  if (!key || !(keys as readonly string[]).includes(key)) return fallback;
  const direction = params.get(DIRECTION_PARAM) === DIRECTION_WORDS.desc ? 'desc' : 'asc';
  return { key: key as Key, direction };
};

/** The next order after a click on `key`'s header: the same column turns around, another starts at `first`. */
export const nextSort = <Key extends string>(current: Sort<Key>, key: Key, first: SortDirection = 'asc'): Sort<Key> =>
  current.key === key ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: first };

/** The value of `aria-sort` on a column header. */
export const ariaSort = <Key extends string>(sort: Sort<Key>, key: Key) =>
  sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

/**
 * A table's order in the address. `sortBy(key)` is a header's click; `setSort` sets an order
 * outright (a phone's sort menu). Changing the order replaces the history entry and keeps the
 * address's other parameters (a month, a search).
 */
export function useSortParam<Key extends string>(keys: readonly Key[], fallback: Sort<Key>) {
  const [params, setParams] = useSearchParams();
  const { key: fallbackKey, direction: fallbackDirection } = fallback;
  const sort = useMemo(
    () => sortFromParams(params, keys, { key: fallbackKey, direction: fallbackDirection }),
    [params, keys, fallbackKey, fallbackDirection],
  );
  const setSort = useCallback(
    (next: Sort<Key>) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(SORT_PARAM, next.key);
          updated.set(DIRECTION_PARAM, DIRECTION_WORDS[next.direction]);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const sortBy = useCallback((key: Key, first: SortDirection = 'asc') => setSort(nextSort(sort, key, first)), [setSort, sort]);
  return { sort, sortBy, setSort };
}
