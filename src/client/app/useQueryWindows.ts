import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { shallowEqual } from 'react-redux';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import type { RootState } from './store';

/** The parts of an RTK Query query endpoint that loading in windows needs. */
interface WindowEndpoint<Arg, Result> {
  initiate(arg: Arg): ThunkAction<{ unsubscribe: () => void }, any, any, UnknownAction>;
  select(arg: Arg): (state: RootState) => { data?: Result };
}

/**
 * The rows of a long list loaded in windows of `size` as a windowed VirtualTable shows them:
 * each window is the endpoint's query for `argOf(offset)`, cached by RTK Query by its arguments
 * and held while the list is shown; another `key` (other filters) lets go of the old windows.
 * `rowAt` answers undefined for a row whose window has not arrived yet (`rowOf` reads the row at
 * an index of a window's answer); `onRangeChange` is the table's, asking the windows of the rows it
 * renders.
 */
export const useQueryWindows = <Arg, Result, Row>(
  endpoint: WindowEndpoint<Arg, Result>,
  key: string,
  argOf: (offset: number) => Arg,
  size: number,
  rowOf: (result: Result, index: number) => Row | undefined,
) => {
  const dispatch = useAppDispatch();
  const [asked, setAsked] = useState<{ key: string; pages: number[] }>({ key, pages: [0] });
  const pages = useMemo(() => (asked.key === key ? asked.pages : [0]), [asked, key]);
  const subscriptions = useRef(new Map<number, { unsubscribe: () => void }>());
  // The arguments follow the key: the latest function builds them.
  const argOfRef = useRef(argOf);
  argOfRef.current = argOf;

  // Another list: let go of the old windows.
  useEffect(() => {
    const held = subscriptions.current;
    return () => {
      held.forEach((subscription) => subscription.unsubscribe());
      held.clear();
    };
  }, [key]);

  useEffect(() => {
    for (const page of pages) {
      if (subscriptions.current.has(page)) continue;
      subscriptions.current.set(page, dispatch(endpoint.initiate(argOfRef.current(page * size))));
    }
  }, [dispatch, endpoint, pages, key, size]);

  const windows = useAppSelector(
    (state) => pages.map((page) => endpoint.select(argOfRef.current(page * size))(state).data),
    shallowEqual,
  );
  const byPage = useMemo(() => new Map(pages.map((page, i) => [page, windows[i]])), [pages, windows]);

  const rowAt = useCallback(
    (index: number): Row | undefined => {
      const page = Math.floor(index / size);
      const data = byPage.get(page);
      return data === undefined ? undefined : rowOf(data, index - page * size);
    },
    [byPage, size, rowOf],
  );

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const wanted: number[] = [];
      for (let page = Math.floor(start / size); page <= Math.floor(Math.max(start, end - 1) / size); page++) wanted.push(page);
      setAsked((current) => {
        const have = current.key === key ? current.pages : [0];
        const missing = wanted.filter((page) => !have.includes(page));
        return missing.length === 0 && current.key === key ? current : { key, pages: [...have, ...missing] };
      });
    },
    [key, size],
  );

  return { rowAt, onRangeChange };
};
