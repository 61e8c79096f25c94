import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { shallowEqual } from 'react-redux';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from './hooks';
import type { RootState } from './hooks';

/** The parts of an RTK Query query endpoint that loading in windows needs. */
interface WindowEndpoint<Arg, Result> {
  initiate(arg: Arg): ThunkAction<{ unsubscribe: () => void }, any, any, UnknownAction>;
  select(arg: Arg): (state: RootState) => { data?: Result };
}

/** How a list is cut into windows: each window's query arguments and where its rows stand. */
export interface WindowLayout<Arg> {
  /** The query arguments of window `page`. */
  argOf: (page: number) => Arg;
  /** The window holding the row at `index`. */
  pageOf: (index: number) => number;
  /** The index of window `page`'s first row. */
  startOf: (page: number) => number;
}

/** Windows of `size` rows each; `argAt` builds the query arguments of the window starting at `offset`. */
export const evenWindows = <Arg,>(size: number, argAt: (offset: number) => Arg): WindowLayout<Arg> => ({
  argOf: (page) => argAt(page * size),
  pageOf: (index) => Math.floor(index / size),
  startOf: (page) => page * size,
});

/**
 * The rows of a long list loaded in windows as a windowed VirtualTable shows them: each window is
 * the endpoint's query for `layout.argOf(page)`, cached by RTK Query by its arguments and held
 * while the list is shown (a window another hook holds too is asked only once); another `key`
 * (other filters, another article) lets go of the old windows. `rowAt` answers undefined for a
 * row whose window has not arrived yet (`rowOf` reads the row at an index of a window's answer);
 * `onRangeChange` is the table's, asking the windows of the rows it renders. `windowData(page)`
 * is a window's answer, when it is there.
 */
export const useQueryWindows = <Arg, Result, Row>(
  endpoint: WindowEndpoint<Arg, Result>,
  key: string,
  layout: WindowLayout<Arg>,
  rowOf: (result: Result, index: number) => Row | undefined,
) => {
  const dispatch = useAppDispatch();
  const [asked, setAsked] = useState<{ key: string; pages: number[] }>({ key, pages: [0] });
  const pages = useMemo(() => (asked.key === key ? asked.pages : [0]), [asked, key]);
  const subscriptions = useRef(new Map<number, { unsubscribe: () => void }>());
  // The layout follows the key: the latest one builds the arguments.
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

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
      subscriptions.current.set(page, dispatch(endpoint.initiate(layoutRef.current.argOf(page))));
    }
  }, [dispatch, endpoint, pages, key]);

  const windows = useAppSelector(
    (state) => pages.map((page) => endpoint.select(layoutRef.current.argOf(page))(state).data),
    shallowEqual,
  );
  const byPage = useMemo(() => new Map(pages.map((page, i) => [page, windows[i]])), [pages, windows]);

  const windowData = useCallback((page: number) => byPage.get(page), [byPage]);

  const rowAt = useCallback(
    (index: number): Row | undefined => {
      const page = layoutRef.current.pageOf(index);
      const data = byPage.get(page);
      return data === undefined ? undefined : rowOf(data, index - layoutRef.current.startOf(page));
    },
    [byPage, rowOf],
  );

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const { pageOf } = layoutRef.current;
      const wanted: number[] = [];
      for (let page = pageOf(start); page <= pageOf(Math.max(start, end - 1)); page++) wanted.push(page);
      setAsked((current) => {
        const have = current.key === key ? current.pages : [0];
        const missing = wanted.filter((page) => !have.includes(page));
        return missing.length === 0 && current.key === key ? current : { key, pages: [...have, ...missing] };
      });
    },
    [key],
  );

  return { rowAt, onRangeChange, windowData };
};
