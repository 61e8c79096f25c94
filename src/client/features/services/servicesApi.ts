import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { ArticleServiceSort, SortOrder } from '../../../domain/listSorts';
import { MSG } from '../../../domain/messages';
import type {
  ArticleAnswer,
  ArticleDetailAnswer as ArticleDetailOfServer,
  ArticleListItemAnswer,
  ArticleServiceRowAnswer,
} from '../../../server/routes/articles/schemas';
import type { BulkEntryAnswer } from '../../../server/routes/bulk-services/schemas';
import type { FieldInputAnswer } from '../../../server/routes/schemas';
import type { ServiceAnswer, ServiceDataAnswer } from '../../../server/routes/subscriptions/schemas';
import { api, listTags } from '../../api/api';
import type { ArticleGroup } from '../../api/catalogApi';
import { declareToasts, serverMessage, success } from '../../base/callToasts';
import type { ToastRequest } from '../../base/toastsSlice';

/** The fields every article answer carries. */
export type Article = ArticleAnswer;

/** A row of the article table of a group. */
export type ArticleListItem = ArticleListItemAnswer;

export type PriceHistoryEntry = ArticleDetailOfServer['price_history'][number];

/** A row of an article page's services table: only what the table shows and links to. */
export type ServiceRow = ArticleServiceRowAnswer;

/** A category value as the article table has it: the field's name is the article group's. */
export type FieldValue = ServiceRow['article_group_field_inputs'][number];

/** A category value with its field, as `GET /services/{id}` answers it. */
export type FieldInput = FieldInputAnswer;

export interface EndUser {
  id: number;
  firstname: string;
  lastname: string;
}

/** The article with its group as the catalogue has it; `services_count` counts all services (matching showHistoric). */
export interface ArticleDetail extends Omit<ArticleDetailOfServer, 'article_group' | 'services'> {
  article_group: ArticleGroup;
  /** Normalized: a big article has thousands of services. Only the asked window of them. */
  services: EntityState<ServiceRow, number>;
}

/** `GET /articles/{id}`'s answer, its group as the catalogue has it. */
export type ArticleDetailAnswer = Omit<ArticleDetail, 'services'> & { services: ServiceRow[] };

/** A service as `GET /services/{id}` answers it. */
export type Service = ServiceAnswer;

/** The article form as sent; amounts are the strings the user typed. */
export interface ArticleInput {
  name: string;
  description: string;
  sku: string | null;
  /** Only with EDIT_PRICES (docs/permissions.md, 'Who may edit prices'). */
  price?: string;
  setup_price?: string;
  is_visible: boolean;
  gigabyte: string | null;
  from_group_bundle: boolean;
  billing_cycle_id?: number;
  article_group_id?: number;
}

export const FREE_FIELDS = ['input_field_1', 'input_field_2', 'input_field_3', 'input_field_4'] as const;
export const SPIE_FIELDS = ['spie_field_1', 'spie_field_2', 'spie_field_3'] as const;
export type FreeField = (typeof FREE_FIELDS)[number];
export type SpieField = (typeof SPIE_FIELDS)[number];

/** The editable fields of a service; empty values travel as null. */
export type ServiceInput = {
  order_reference?: string | null;
  /** ISO date-time with offset. */
  start_time?: string;
  end_time?: string | null;
  article_group_field_inputs?: { article_group_field_id: number; value: string }[];
} & Partial<Record<FreeField | SpieField, string | null>>;

/** docs/api.md, 'Paths and parameters': the end user one of three ways, matching the tabs of the add-service screen. */
export type NewServiceInput = ServiceInput & {
  article_id: number;
  start_time: string;
  end_user_id?: number;
  end_user?: { firstname: string; lastname: string };
};

export interface ArticleQuery {
  id: number;
  /** Also list ended services ('Toon Historische Afnames'). */
  showHistoric: boolean;
  /** The services' order (docs/screens.md, 'Sorting'); oldest start first without it. */
  order?: { sort: ArticleServiceSort; order: SortOrder };
  /** A window of the services (in that order, then id): skip `offset`, at most `limit`. */
  offset?: number;
  limit?: number;
}

/**
 * The article page loads its services in windows: the first (which every article screen asks,
 * so they share it) holds enough rows for the first screen, later ones are asked while scrolling.
 */
export const FIRST_SERVICES_WINDOW = 100;
export const SERVICES_WINDOW = 200;

/**
 * The arguments of the article with its `page`-th window of services (page 0 the first), in
 * `order` (none: oldest start first). Another order is another set of cached windows.
 */
export const articleWindowQuery = (id: number, showHistoric: boolean, page: number, order?: ArticleQuery['order']): ArticleQuery => ({
  id,
  showHistoric,
  ...(order ? { order } : {}),
  ...(page === 0
    ? { offset: 0, limit: FIRST_SERVICES_WINDOW }
    : { offset: FIRST_SERVICES_WINDOW + (page - 1) * SERVICES_WINDOW, limit: SERVICES_WINDOW }),
});

/** `GET /articles/{id}` for a query: with ended services or not, in which order, and which window of services. */
export const articleRequest = ({ id, showHistoric, order, offset, limit }: ArticleQuery) => {
  const params = {
    ...(showHistoric ? { show_historic: true } : {}),
    ...order,
    ...(limit === undefined ? {} : { services_offset: offset ?? 0, services_limit: limit }),
  };
  return { url: `articles/${id}`, params: Object.keys(params).length > 0 ? params : undefined };
};

/** The window that holds the service at `index` of the table. */
export const serviceWindowOf = (index: number) =>
  index < FIRST_SERVICES_WINDOW ? 0 : 1 + Math.floor((index - FIRST_SERVICES_WINDOW) / SERVICES_WINDOW);

/** The picker shows 100 end users; one more tells that more match. */
export const END_USER_OPTIONS_LIMIT = 101;

export const articlesAdapter = createEntityAdapter<ArticleListItem>();
export const serviceRowsAdapter = createEntityAdapter<ServiceRow>();

/** `GET /articles/{id}`'s answer as the store keeps it: the services normalized. */
export const articleDetailOf = ({ services, ...article }: ArticleDetailAnswer): ArticleDetail => ({
  ...article,
  services: serviceRowsAdapter.setAll(serviceRowsAdapter.getInitialState(), services),
});
export const endUsersAdapter = createEntityAdapter<EndUser>();

/** A service change moves counts on the group page, the dashboard tiles and the costs. */
/**
 * What a change of services alters: the article, counts and costs; and the usage report and
 * import history, since a service's numbers and dates decide which usage is its (a new or
 * corrected service takes the usage kept aside for its numbers, a deleted one takes its usage along).
 */
const serviceChangeTags = (articleId: number) =>
  [{ type: 'Article', id: articleId }, 'ArticleGroupCount', 'Costs', 'GroupBundle', 'Report', 'UsageImports'] as const;

export const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getArticles: build.query<EntityState<ArticleListItem, number>, number>({
      query: (articleGroupId) => ({ url: 'articles', params: { article_group_id: articleGroupId } }),
      transformResponse: (articles: ArticleListItem[]) => articlesAdapter.setAll(articlesAdapter.getInitialState(), articles),
      providesTags: (result) => listTags('Article', result?.ids),
    }),
    getArticle: build.query<ArticleDetail, ArticleQuery>({
      query: articleRequest,
      transformResponse: articleDetailOf,
      providesTags: (result, _error, { id }) => [
        { type: 'Article', id },
        { type: 'BulkService', id: `article-${id}` },
        ...listTags('Service', result?.services.ids),
      ],
    }),
    addArticle: build.mutation<Article, ArticleInput>({
      query: (article) => ({ url: 'articles/create', method: 'POST', body: article }),
      invalidatesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    editArticle: build.mutation<Article, ArticleInput & { id: number }>({
      query: ({ id, ...article }) => ({ url: `articles/${id}`, method: 'PUT', body: article }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Article', id }, 'Costs', 'GroupBundle'],
    }),
    deleteArticle: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `articles/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Article', id }]),
    }),
    getService: build.query<Service, number>({
      query: (id) => `services/${id}`,
      transformResponse: (answer: ServiceDataAnswer) => answer.data,
      providesTags: (_result, _error, id) => [{ type: 'Service', id }],
    }),
    addService: build.mutation<Service, NewServiceInput>({
      query: (service) => ({ url: 'services/create', method: 'PUT', body: service }),
      transformResponse: (answer: ServiceDataAnswer) => answer.data,
      invalidatesTags: (_result, error, { article_id, end_user }) =>
        error
          ? []
          : [
              ...serviceChangeTags(article_id),
              { type: 'Service', id: 'LIST' },
              ...(end_user ? [{ type: 'EndUser' as const, id: 'LIST' }] : []),
            ],
    }),
    editService: build.mutation<Service, ServiceInput & { id: number; articleId: number }>({
      query: ({ id, articleId: _articleId, ...service }) => ({ url: `services/${id}`, method: 'PUT', body: service }),
      transformResponse: (answer: ServiceDataAnswer) => answer.data,
      invalidatesTags: (_result, error, { id, articleId }) =>
        error ? [] : [...serviceChangeTags(articleId), { type: 'Service', id }, { type: 'EndUser', id: 'LIST' }],
    }),
    /**
     * Hard delete. The service's own tag is left alone: the screen that deleted it still shows
     * the outcome and must not refetch a service that is gone.
     */
    deleteService: build.mutation<{ message: string }, { id: number; articleId: number }>({
      query: ({ id }) => ({ url: `services/${id}/hard`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { articleId }) =>
        error ? [] : [...serviceChangeTags(articleId), { type: 'Service', id: 'LIST' }, { type: 'EndUser', id: 'LIST' }],
    }),
    addBulkService: build.mutation<BulkEntryAnswer, { articleId: number; amount: number; time: number }>({
      query: ({ articleId, amount, time }) => ({ url: `articles/${articleId}/bulk-services`, method: 'POST', body: { amount, time } }),
      invalidatesTags: (_result, error, { articleId }) => (error ? [] : serviceChangeTags(articleId)),
    }),
    deleteBulkService: build.mutation<{ message: string }, { articleId: number; id: number }>({
      query: ({ articleId, id }) => ({ url: `articles/${articleId}/bulk-services/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { articleId }) => (error ? [] : serviceChangeTags(articleId)),
    }),
    /** The 'Bestaande gebruiker' picker: the company's end users whose name holds every word of the term. */
    getEndUserOptions: build.query<EntityState<EndUser, number>, string>({
      query: (term) => ({ url: 'end-users/all', params: { term, limit: END_USER_OPTIONS_LIMIT } }),
      transformResponse: (endUsers: EndUser[]) => endUsersAdapter.setAll(endUsersAdapter.getInitialState(), endUsers),
      providesTags: (result) => listTags('EndUser', result?.ids),
    }),
  }),
});

export const {
  useGetArticlesQuery,
  useGetArticleQuery,
  useAddArticleMutation,
  useEditArticleMutation,
  useDeleteArticleMutation,
  useGetServiceQuery,
  useAddServiceMutation,
  useEditServiceMutation,
  useDeleteServiceMutation,
  useAddBulkServiceMutation,
  useDeleteBulkServiceMutation,
  useGetEndUserOptionsQuery,
} = servicesApi;

/**
 * docs/rules.md, 'Billed months are closed' and 'Phone numbers are global': refusals the fixed texts of the
 * service calls (docs/screens.md, 'Toasts') would misstate (a billed month, another customer's number); they are shown as the server words them.
 */
const DECIDED_REFUSALS: readonly string[] = [MSG.closedMonth, MSG.phoneNumberTakenElsewhere];

/** A decided refusal in the server's words, or else the call's fixed text (null: only logged). */
const decidedRefusalOr =
  (otherwise: ToastRequest | null) =>
  (error: unknown): ToastRequest | null => {
    const message = serverMessage(error);
    return message !== undefined && DECIDED_REFUSALS.includes(message) ? { message } : otherwise;
  };

// docs/screens.md, 'Toasts': any failure to save a service reads as the taken phone number.
const serviceSaveFailed = decidedRefusalOr({ message: MSG.phoneNumberTaken });

declareToasts(servicesApi.endpoints, {
  addArticle: { succeeded: ({ name }) => success(`Artikel '${name}' succesvol toegevoegd.`) },
  editArticle: { succeeded: ({ name }) => success(`Artikel '${name}' succesvol opgeslagen.`) },
  // A refusal shows in the dialog, in red (docs/screens.md, 'Deleting an article').
  deleteArticle: { succeeded: () => success('Artikel succesvol verwijderd.') },
  addService: { succeeded: () => success('Afname succesvol toegevoegd.'), failed: serviceSaveFailed },
  editService: { succeeded: () => success('Afname succesvol opgeslagen.'), failed: serviceSaveFailed },
  // The outcome, good or bad, is the modal 'Gelukt!' or 'Whoops!' (docs/screens.md, 'Editing a service').
  deleteService: { failed: decidedRefusalOr(null) },
  addBulkService: { succeeded: () => success('Bulkafname toegevoegd.'), failed: decidedRefusalOr({ message: MSG.bulkNotEnough }) },
  deleteBulkService: {
    succeeded: () => ({ message: MSG.bulkDeleted, variant: 'success' }),
    failed: decidedRefusalOr({ message: MSG.bulkDeleteFailed }),
  },
});
