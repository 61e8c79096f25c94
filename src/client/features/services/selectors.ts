import { createSelector } from 'reselect';
import { activeBulkCount, futureMutations, futureNetChange, withRunningTotals } from '../../../domain/bulk';
import type { RootState } from '../../base/hooks';
import { articlesAdapter, type ArticleQuery, servicesApi } from './servicesApi';

/** `at` is "today at 12:00" (todayNoon), passed in so that selectors stay pure. */
type At = number;

const selectArticlesData = (state: RootState, articleGroupId: number) =>
  servicesApi.endpoints.getArticles.select(articleGroupId)(state).data;

const selectArticleData = (state: RootState, query: ArticleQuery) => servicesApi.endpoints.getArticle.select(query)(state).data;

const selectAt = (_state: RootState, _arg: unknown, at: At) => at;

const { selectAll: selectAllArticles } = articlesAdapter.getSelectors();

export interface ArticleTableRow {
  id: number;
  name: string;
  description: string;
  /** docs/screens.md, 'Article table': Aantal, active services plus active bulk services. */
  count: number;
}

/** The article table of a group. */
export const selectArticleTableRows = createSelector([selectArticlesData, selectAt], (data, at): ArticleTableRow[] =>
  data
    ? selectAllArticles(data).map((article) => ({
        id: article.id,
        name: article.name,
        description: article.description,
        count: article.services_count + activeBulkCount(article.bulk_services, at),
      }))
    : [],
);

const selectBulkEntries = createSelector([selectArticleData], (data) => data?.bulk_services ?? []);

/** docs/rules.md, 'Bulk services': the total of the latest entry not after today 12:00. */
export const selectActiveBulkCount = createSelector([selectBulkEntries, selectAt], (entries, at) =>
  activeBulkCount(entries, at),
);

/** The net change still to come, and the entries that make it. */
export const selectFutureBulkChanges = createSelector([selectBulkEntries, selectAt], (entries, at) => ({
  netChange: futureNetChange(entries, at),
  mutations: futureMutations(entries, at),
}));

/** Every entry with its running total, in time order. */
export const selectBulkHistory = createSelector([selectBulkEntries], (entries) => withRunningTotals(entries));
