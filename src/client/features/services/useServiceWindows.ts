import { shallowEqual } from 'react-redux';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { articleWindowQuery, type ArticleDetail, serviceWindowOf, type ServiceRow, servicesApi } from './servicesApi';

type Subscription = { unsubscribe: () => void };

/**
 * The services of the article page's table, loaded in windows as the table shows them: the
 * first window comes with the article (useArticle), each further one is `GET /articles/{id}`
 * with services_offset/services_limit, cached by RTK Query by its arguments and kept while the
 * screen is open (a service change invalidates the article, which refetches them all).
 * `rowAt` answers undefined for a row whose window has not arrived yet.
 */
export const useServiceWindows = (articleId: number, showHistoric: boolean) => {
  const dispatch = useAppDispatch();
  const key = `${articleId}/${showHistoric}`;
  const [asked, setAsked] = useState<{ key: string; pages: number[] }>({ key, pages: [0] });
  const pages = useMemo(() => (asked.key === key ? asked.pages : [0]), [asked, key]);
  const subscriptions = useRef(new Map<number, Subscription>());

  // Another article or 'Toon Historische Afnames': let go of the old windows.
  useEffect(() => {
    const held = subscriptions.current;
    return () => {
      held.forEach((subscription) => subscription.unsubscribe());
      held.clear();
    };
  }, [key]);

  // Page 0 is the article itself (useArticle holds it); the others are held here.
  useEffect(() => {
    for (const page of pages) {
      if (page === 0 || subscriptions.current.has(page)) continue;
      subscriptions.current.set(page, dispatch(servicesApi.endpoints.getArticle.initiate(articleWindowQuery(articleId, showHistoric, page))));
    }
  }, [dispatch, pages, articleId, showHistoric]);

  const windows = useAppSelector(
    (state) => pages.map((page) => servicesApi.endpoints.getArticle.select(articleWindowQuery(articleId, showHistoric, page))(state).data),
    shallowEqual,
  );
  const byPage = useMemo(() => {
    const map = new Map<number, ArticleDetail>();
    pages.forEach((page, i) => {
      const data = windows[i];
      if (data) map.set(page, data);
    });
    return map;
  }, [pages, windows]);

  const total = byPage.get(0)?.services_count ?? 0;

  const rowAt = useCallback(
    (index: number): ServiceRow | undefined => {
      const page = serviceWindowOf(index);
      const data = byPage.get(page);
      if (!data) return undefined;
      const offset = articleWindowQuery(articleId, showHistoric, page).offset ?? 0;
      const id = data.services.ids[index - offset];
      return id === undefined ? undefined : data.services.entities[id];
    },
    [byPage, articleId, showHistoric],
  );

  const onRangeChange = useCallback(
    (start: number, end: number) => {
      const wanted = new Set<number>();
      for (let page = serviceWindowOf(start); page <= serviceWindowOf(Math.max(start, end - 1)); page++) wanted.add(page);
      setAsked((current) => {
        const have = current.key === key ? current.pages : [0];
        const missing = [...wanted].filter((page) => !have.includes(page));
        return missing.length === 0 && current.key === key ? current : { key, pages: [...have, ...missing] };
      });
    },
    [key],
  );

  return { total, rowAt, onRangeChange };
};
