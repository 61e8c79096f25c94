import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { createSelector } from 'reselect';
import { bundlePercentage } from '../../../domain/bundle';
import { api, listTags } from '../../api/api';
import { selectArticleGroups } from '../../api/catalogApi';
import { declareToasts } from '../../base/callToasts';
import type { RootState } from '../../base/hooks';
import type { GroupBundleAnswer, GroupBundleUsageAnswer } from '../../../server/routes/group-bundle/schemas';
import type { ArticleGroupCountAnswer } from '../../../server/routes/article-groups/schemas';

export type ArticleGroupCount = ArticleGroupCountAnswer;

export type GroupBundle = GroupBundleAnswer;

/** `GET /costs/groupbundle/usage` (docs/usage.md, 'Where the bundle is going'): the month's bundle, where it is going, its days and top numbers. */
export type GroupBundleUsage = GroupBundleUsageAnswer;

const countsAdapter = createEntityAdapter<ArticleGroupCount>();

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArticleGroupCounts: build.query<EntityState<ArticleGroupCount, number>, void>({
      query: () => 'article-groups/count',
      transformResponse: (counts: ArticleGroupCount[]) => countsAdapter.setAll(countsAdapter.getInitialState(), counts),
      providesTags: (result) => listTags('ArticleGroupCount', result?.ids),
    }),
    /** `month` is the month's first day (`monthStart`), the API's `costs_date_from`. */
    getGroupBundle: build.query<GroupBundle, string>({
      query: (month) => ({ url: 'groupbundlecosts', params: { costs_date_from: month } }),
      providesTags: (_result, _error, month) => [{ type: 'GroupBundle', id: month }],
    }),
    /** `month` is the month's first day; the same tag as getGroupBundle, so an import or Herberekenen refreshes both. */
    getGroupBundleUsage: build.query<GroupBundleUsage, string>({
      query: (month) => ({ url: 'costs/groupbundle/usage', params: { costs_date_from: month } }),
      providesTags: (_result, _error, month) => [{ type: 'GroupBundle', id: month }],
    }),
    recalculateGroupBundle: build.mutation<GroupBundle, string>({
      query: (month) => ({ url: 'costs/groupbundle/recalculate', params: { costs_date_from: month } }),
      // The bundle overage is part of the month's usage costs.
      invalidatesTags: (_result, _error, month) => [{ type: 'GroupBundle', id: month }, 'Costs'],
    }),
  }),
});

export const {
  useGetArticleGroupCountsQuery,
  useGetGroupBundleQuery,
  useGetGroupBundleUsageQuery,
  useRecalculateGroupBundleMutation,
} = dashboardApi;

declareToasts(dashboardApi.endpoints, {
  recalculateGroupBundle: { succeeded: () => ({ message: 'De groepsbundel is herberekend.', variant: 'success' }) },
});

const selectArticleGroupCountsData = createSelector(
  [dashboardApi.endpoints.getArticleGroupCounts.select()],
  (result) => result.data ?? countsAdapter.getInitialState(),
);

export const { selectEntities: selectArticleGroupCountEntities } = countsAdapter.getSelectors(
  (state: RootState) => selectArticleGroupCountsData(state),
);

/** One tile per visible article group, with its service count once that has loaded. */
export const selectArticleGroupTiles = createSelector(
  [selectArticleGroups, selectArticleGroupCountEntities],
  (groups, counts) => groups.map((group) => ({ group, servicesCount: counts[group.id]?.services_count ?? null })),
);

const selectGroupBundle = (state: RootState, month: string) =>
  dashboardApi.endpoints.getGroupBundle.select(month)(state).data;

/** docs/screens.md, 'Dashboard': the share of the bundle used, clamped to 0-100 (100 for an empty bundle). */
export const selectBundlePercentage = createSelector([selectGroupBundle], (bundle) =>
  bundle ? bundlePercentage(bundle.total_gb, bundle.gb_used) : 0,
);
