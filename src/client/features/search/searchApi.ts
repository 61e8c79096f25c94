import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { searchText } from '../../../domain/names';
import { currentUserApi } from '../../api/currentUserApi';
import { api, listTags } from '../../api/api';
import { selectActingCompanyId } from '../../base/authSlice';
import type { RootState } from '../../base/hooks';
import type {
  ArticleHitAnswer,
  EndUserRefAnswer,
  FieldInputHitAnswer,
  FreeFieldHitAnswer,
  SearchAnswer,
  ServiceRefAnswer,
} from '../../../server/routes/search/schemas';

export interface SearchResults {
  articles: EntityState<ArticleHitAnswer, number>;
  endUsers: EntityState<EndUserRefAnswer, number>;
  fieldInputs: EntityState<FieldInputHitAnswer, number>;
  freeFields: EntityState<FreeFieldHitAnswer, number>;
}

const articlesAdapter = createEntityAdapter<ArticleHitAnswer>();
const endUsersAdapter = createEntityAdapter<EndUserRefAnswer>();
const fieldInputsAdapter = createEntityAdapter<FieldInputHitAnswer>();
// The server answers one free-field hit per service.
const freeFieldsAdapter = createEntityAdapter<FreeFieldHitAnswer, number>({ selectId: (hit) => hit.service_id });

export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSearchResults: build.query<SearchResults, string>({
      query: (term) => ({ url: 'search', params: { term } }),
      transformResponse: (response: SearchAnswer): SearchResults => ({
        articles: articlesAdapter.setAll(articlesAdapter.getInitialState(), response.article),
        endUsers: endUsersAdapter.setAll(endUsersAdapter.getInitialState(), response.end_user),
        fieldInputs: fieldInputsAdapter.setAll(fieldInputsAdapter.getInitialState(), response.service_article_group_field_input),
        freeFields: freeFieldsAdapter.setAll(freeFieldsAdapter.getInitialState(), response.input_field),
      }),
      // Hits show names of articles, end users and services: editing any of them refreshes the results.
      providesTags: (result) => {
        const serviceIds = result
          ? [...Object.values(result.fieldInputs.entities).map((hit) => hit.service_id), ...result.freeFields.ids]
          : [];
        return [
          ...listTags('Article', result?.articles.ids),
          ...listTags('EndUser', result?.endUsers.ids),
          ...listTags('Service', [...new Set(serviceIds)]),
        ];
      },
    }),
  }),
});

export const { useGetSearchResultsQuery } = searchApi;

const selectSearchData = (state: RootState, term: string) => searchApi.endpoints.getSearchResults.select(term)(state).data;

const articleSelectors = articlesAdapter.getSelectors();
const endUserSelectors = endUsersAdapter.getSelectors();
const fieldInputSelectors = fieldInputsAdapter.getSelectors();
const freeFieldSelectors = freeFieldsAdapter.getSelectors();

const NONE: never[] = [];

export const selectArticleHits = createSelector([selectSearchData], (data) =>
  data ? articleSelectors.selectAll(data.articles) : NONE,
);

export const selectEndUserHits = createSelector([selectSearchData], (data) =>
  data ? endUserSelectors.selectAll(data.endUsers) : NONE,
);

export const selectFieldInputHits = createSelector([selectSearchData], (data) =>
  data ? fieldInputSelectors.selectAll(data.fieldInputs) : NONE,
);

const FREE_FIELDS = [
  { field: 'input_field_1', label: 'input_label_1' },
  { field: 'input_field_2', label: 'input_label_2' },
  { field: 'input_field_3', label: 'input_label_3' },
  { field: 'input_field_4', label: 'input_label_4' },
] as const;

const selectActingCompany = (state: RootState) =>
  currentUserApi.endpoints.getCompany.select(selectActingCompanyId(state) ?? skipToken)(state).data;

/** The acting company's names for its free fields 1-4; a field without a name gets a generic one. */
export const selectFreeFieldLabels = createSelector([selectActingCompany], (company) =>
  FREE_FIELDS.map(({ label }, index) => company?.[label] || `Vrij veld ${index + 1}`),
);

/** One row of the 'Vrije velden' section: one matching free field of a service. */
export interface FreeFieldMatch {
  key: string;
  label: string;
  value: string;
  service: ServiceRefAnswer;
}

/**
 * The free fields that contain the term, one row each under the company's label. The server
 * matches the four fields joined by spaces, so a term spanning two fields matches none alone:
 * then every filled field of that service is shown.
 */
export const selectFreeFieldMatches = createSelector(
  [selectSearchData, selectFreeFieldLabels, (_state: RootState, term: string) => searchText(term.trim())],
  (data, labels, term): FreeFieldMatch[] =>
    (data ? freeFieldSelectors.selectAll(data.freeFields) : NONE).flatMap((hit: FreeFieldHitAnswer) => {
      const filled = FREE_FIELDS.map(({ field }, index) => ({ index, value: hit[field] ?? '' })).filter(({ value }) => value !== '');
      // As the server matches: any case, any accents.
      const matching = filled.filter(({ value }) => searchText(value).includes(term));
      return (matching.length > 0 ? matching : filled).map(({ index, value }) => ({
        key: `${hit.service_id}-${index + 1}`,
        label: labels[index],
        value,
        service: hit.service,
      }));
    }),
);
