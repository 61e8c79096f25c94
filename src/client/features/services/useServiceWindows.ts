import { useQueryWindows } from '../../base/useQueryWindows';
import { articleWindowQuery, type ArticleDetail, type ArticleQuery, serviceWindowOf, type ServiceRow, servicesApi } from './servicesApi';

/** The service at an index of a window's answer. */
const serviceOfWindow = (window: ArticleDetail, index: number): ServiceRow | undefined => {
  const id = window.services.ids[index];
  return id === undefined ? undefined : window.services.entities[id];
};

/**
 * The services of the article page's table, loaded in windows as the table shows them: the
 * first window comes with the article (useArticle asks the same call, so it is asked once), each
 * further one is `GET /articles/{id}` with services_offset/services_limit (and sort/order), cached by RTK Query by
 * its arguments and kept while the screen is open (a service change invalidates the article,
 * which refetches them all). `rowAt` answers undefined for a row whose window has not arrived yet;
 * `total` is undefined until the first window has.
 */
export const useServiceWindows = (articleId: number, showHistoric: boolean, order: ArticleQuery['order']) => {
  const { rowAt, onRangeChange, windowData } = useQueryWindows(
    servicesApi.endpoints.getArticle,
    // Another order is another list: its windows start over from the first (docs/screens.md, 'Sorting').
    `${articleId}/${showHistoric}/${order ? `${order.sort}/${order.order}` : ''}`,
    {
      argOf: (page) => articleWindowQuery(articleId, showHistoric, page, order),
      pageOf: serviceWindowOf,
      startOf: (page) => articleWindowQuery(articleId, showHistoric, page, order).offset ?? 0,
    },
    serviceOfWindow,
  );
  return { total: windowData(0)?.services_count, rowAt, onRangeChange };
};
