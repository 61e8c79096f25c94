import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../../domain/messages';
import { compareNames } from '../../../domain/names';
import type { RequestKind, RequestState } from '../../../domain/requests';
import { api, listTags } from '../../api/api';
import { declareToasts, inServerWords, serverMessage, success } from '../../base/callToasts';
import type { CompanyWithUsersAnswer } from '../../../server/routes/company/schemas';
import type { QueueArticlesAnswer, RequestAnswer, RequestsPageAnswer, RequestSummaryAnswer } from '../../../server/routes/requests/schemas';

export type QueuedRequest = RequestAnswer;
export type QueuedRequestSummary = RequestSummaryAnswer;

/** Rows per page of the queue. */
export const QUEUE_PAGE = 25;

/** 'Iedereen' (no filter), 'Van mij' or 'Niet opgepakt'. */
export type HandlerFilter = 'me' | 'none';

/** The queue's filters (GET /request-queue); without a state the open requests. */
export interface QueueFilter {
  state?: RequestState;
  kind?: RequestKind;
  companyId?: number;
  handler?: HandlerFilter;
  q?: string;
  /** Zero-based. */
  page: number;
}

/** What carrying out sends (POST /request-queue/{id}/carry-out, `carryOutBody`). */
export interface CarryOutInput {
  sim_number?: string;
  article_id?: number;
  start_date?: string;
  end_user_id?: number | null;
  text?: string;
}

/** A company of the company filter. */
export interface QueueCompany {
  id: number;
  name: string;
}

/** An article the handler can pick for a porting (GET /request-queue/{id}/articles). */
export type QueueArticle = QueueArticlesAnswer[number];

/** The PUK import's answer: how many codes the file held (docs/requests.md, 'PUK codes'). */
export interface PukImportAnswer {
  imported: number;
}

/** A step changes the request, the queue and the dashboard's figures. */
const stepTags = (id: number) => [{ type: 'QueuedRequest' as const, id }, { type: 'QueuedRequest' as const, id: 'LIST' as const }];

/** Carrying out changes afnames (docs/requests.md, 'Carrying out'), and with them costs and the change log. */
const CARRIED_OUT_TAGS = ['Service', 'ArticleGroupCount', 'Costs', 'Report', 'AuditLog'] as const;

const queueParams = ({ state, kind, companyId, handler, q, page }: QueueFilter) => ({
  ...(state ? { state } : {}),
  ...(kind ? { kind } : {}),
  ...(companyId ? { company_id: companyId } : {}),
  ...(handler ? { handler } : {}),
  ...(q ? { q } : {}),
  offset: page * QUEUE_PAGE,
  limit: QUEUE_PAGE,
});

/** The provider's queue of requests (docs/requests.md, 'The queue'), its steps and the PUK import. */
export const requestQueueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRequestQueue: build.query<RequestsPageAnswer, QueueFilter>({
      query: (filter) => ({ url: 'request-queue', params: queueParams(filter) }),
      providesTags: (result) => listTags('QueuedRequest', result?.items.map((item) => item.id)),
    }),
    getQueuedRequest: build.query<QueuedRequest, number>({
      query: (id) => `request-queue/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'QueuedRequest', id }],
    }),
    /** The companies of the company filter: the same call the admin screens make. */
    getQueueCompanies: build.query<QueueCompany[], void>({
      query: () => 'companies',
      transformResponse: (companies: Pick<CompanyWithUsersAnswer, 'id' | 'name'>[]) =>
        companies.map(({ id, name }) => ({ id, name })).sort((a, b) => compareNames(a.name, b.name)),
      providesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    /** The articles a porting may become: the request's company's, of its article group (GET /request-queue/{id}/articles). */
    getQueueArticles: build.query<QueueArticle[], number>({
      query: (id) => `request-queue/${id}/articles`,
      providesTags: [{ type: 'Article', id: 'LIST' }],
    }),
    pickUpQueuedRequest: build.mutation<QueuedRequest, number>({
      query: (id) => ({ url: `request-queue/${id}/pick-up`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : stepTags(id)),
    }),
    carryOutQueuedRequest: build.mutation<QueuedRequest, { id: number; body: CarryOutInput }>({
      query: ({ id, body }) => ({ url: `request-queue/${id}/carry-out`, method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...stepTags(id), ...CARRIED_OUT_TAGS]),
    }),
    rejectQueuedRequest: build.mutation<QueuedRequest, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `request-queue/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [...stepTags(id), 'Service']),
    }),
    sendQueuedRequestMessage: build.mutation<QueuedRequest, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `request-queue/${id}/messages`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'QueuedRequest', id }]),
    }),
    /** All or nothing: a refused file answers 400 naming its lines (docs/requests.md, 'PUK codes'). */
    importPukCodes: build.mutation<PukImportAnswer, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: 'puk-codes/import', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['AuditLog']),
    }),
  }),
});

export const {
  useGetRequestQueueQuery,
  useGetQueuedRequestQuery,
  useGetQueueCompaniesQuery,
  useGetQueueArticlesQuery,
  usePickUpQueuedRequestMutation,
  useCarryOutQueuedRequestMutation,
  useRejectQueuedRequestMutation,
  useSendQueuedRequestMessageMutation,
  useImportPukCodesMutation,
} = requestQueueApi;

/** As the end-user import (docs/screens.md, 'End users'): the refusal as the server wrote it, for 10 seconds, or that nothing was imported. */
const importFailed = (error: FetchBaseQueryError) => {
  const message = serverMessage(error);
  const noAnswer = typeof error.status === 'string' || message === undefined;
  return { message: noAnswer ? MSG.importNoResponse : message, autoHideDuration: TOAST_MS.importError };
};

declareToasts(requestQueueApi.endpoints, {
  pickUpQueuedRequest: { succeeded: () => success('Je hebt de aanvraag opgepakt.'), failed: inServerWords },
  carryOutQueuedRequest: { succeeded: () => success('De aanvraag is uitgevoerd.'), failed: inServerWords },
  rejectQueuedRequest: { succeeded: () => success('De aanvraag is afgewezen.'), failed: inServerWords },
  sendQueuedRequestMessage: { succeeded: () => success('Je bericht is verstuurd.'), failed: inServerWords },
  importPukCodes: { failed: importFailed },
});
