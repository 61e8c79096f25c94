import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { declareToasts, initialLoadFailed } from '../base/callToasts';
import type { RootState } from '../base/hooks';
import { api, listTags } from './api';
import type { BillingCycleAnswer } from '../../server/routes/billing-cycles/schemas';
import type { ArticleGroupAnswer } from '../../server/routes/schemas';

/** Keys of the article group icons the server knows. */
export type ArticleGroupIconKey = 'mobile' | 'phone' | 'apps' | 'hardware' | 'hosting' | 'connectivity' | 'services';

export type ArticleGroupField = ArticleGroupAnswer['fields'][number];

/** An article group with its category fields, its icon one the client knows. */
export type ArticleGroup = Omit<ArticleGroupAnswer, 'icon'> & { icon: ArticleGroupIconKey };

export type BillingCycle = BillingCycleAnswer;

const articleGroupsAdapter = createEntityAdapter<ArticleGroup>();
const billingCyclesAdapter = createEntityAdapter<BillingCycle>();

/** `GET /article-groups/visible`'s answer as the store keeps it. */
export const visibleGroupsOf = (groups: ArticleGroup[]) => articleGroupsAdapter.setAll(articleGroupsAdapter.getInitialState(), groups);

/** The provider's catalogue as the acting company sees it. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVisibleArticleGroups: build.query<EntityState<ArticleGroup, number>, void>({
      query: () => 'article-groups/visible',
      transformResponse: visibleGroupsOf,
      providesTags: (result) => listTags('ArticleGroup', result?.ids),
    }),
    getBillingCycles: build.query<EntityState<BillingCycle, number>, void>({
      query: () => 'billing-cycles',
      transformResponse: (cycles: BillingCycle[]) =>
        billingCyclesAdapter.setAll(billingCyclesAdapter.getInitialState(), cycles),
      providesTags: (result) => listTags('BillingCycle', result?.ids),
    }),
  }),
});

export const { useGetVisibleArticleGroupsQuery, useGetBillingCyclesQuery } = catalogApi;

declareToasts(catalogApi.endpoints, { getVisibleArticleGroups: { failed: initialLoadFailed } });

const selectVisibleArticleGroupsData = createSelector(
  [catalogApi.endpoints.getVisibleArticleGroups.select()],
  (result) => result.data ?? articleGroupsAdapter.getInitialState(),
);

export const { selectAll: selectArticleGroups, selectById: selectArticleGroupById } =
  articleGroupsAdapter.getSelectors((state: RootState) => selectVisibleArticleGroupsData(state));

const selectBillingCyclesData = createSelector(
  [catalogApi.endpoints.getBillingCycles.select()],
  (result) => result.data ?? billingCyclesAdapter.getInitialState(),
);

export const { selectAll: selectBillingCycles, selectById: selectBillingCycleById } =
  billingCyclesAdapter.getSelectors((state: RootState) => selectBillingCyclesData(state));
