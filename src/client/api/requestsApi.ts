import type { RequestKind, RequestState } from '../../domain/requests';
import type {
  CreateRequestBody,
  RequestAnswer,
  RequestsPageAnswer,
  RequestSummaryAnswer,
} from '../../server/routes/requests/schemas';
import type { PukAnswer } from '../../server/routes/puk-codes/schemas';
import { declareToasts, inServerWords, success } from '../base/callToasts';
import { api } from './api';

/**
 * The customer's side of requests (docs/requests.md): asking, the company's 'Aanvragen', the
 * steps of a request, the approval setting and the PUK code. Shared: the afname screen asks, the
 * requests screens follow them, the dashboard lists them and Mijn bedrijf holds the setting.
 */

export type Request = RequestAnswer;
export type RequestSummary = RequestSummaryAnswer;
export type RequestsPage = RequestsPageAnswer;
export type NewRequest = CreateRequestBody;

/** GET /requests: a page of the company's requests, newest first. */
export interface RequestsQuery {
  state?: RequestState;
  /** Only the open ones (awaiting approval, submitted, in progress). */
  open?: boolean;
  kind?: RequestKind;
  q?: string;
  offset?: number;
  limit?: number;
}

/** What a step answers with: the request as it is now. */
type StepArg = { id: number };

/**
 * A request about an afname moves its block state (docs/requests.md, 'Blocking'): the afname's
 * own tag is what its screen, the article page's rows, the search and the end user's services
 * provide, so they show the new state.
 */
const afnameTags = (serviceId: number | null | undefined) => (serviceId ? [{ type: 'Service' as const, id: serviceId }] : []);

/** A step changes the request, the lists it is in and, for a block, its afname. */
const stepTags = (result: Request | undefined, error: unknown, { id }: StepArg) =>
  error ? [] : [{ type: 'Request' as const, id }, { type: 'Request' as const, id: 'LIST' }, ...afnameTags(result?.service_id), 'AuditLog' as const];

export const requestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRequests: build.query<RequestsPage, RequestsQuery>({
      query: (params) => ({ url: 'requests', params }),
      providesTags: (result) => [...(result?.items ?? []).map(({ id }) => ({ type: 'Request' as const, id })), { type: 'Request', id: 'LIST' }],
    }),
    getRequest: build.query<Request, number>({
      query: (id) => `requests/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Request', id }],
    }),
    /**
     * POST /requests. `idempotencyKey`: one per opened form, sent again with a retried submit, so
     * a double click or a retry after a lost answer makes one request (docs/requests.md, 'Around it').
     */
    createRequest: build.mutation<Request, { body: NewRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: 'requests', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (_result, error, { body }) =>
        error ? [] : [{ type: 'Request', id: 'LIST' }, ...afnameTags(body.service_id), 'AuditLog'],
    }),
    withdrawRequest: build.mutation<Request, StepArg>({
      query: ({ id }) => ({ url: `requests/${id}/withdraw`, method: 'POST' }),
      invalidatesTags: stepTags,
    }),
    approveRequest: build.mutation<Request, StepArg>({
      query: ({ id }) => ({ url: `requests/${id}/approve`, method: 'POST' }),
      invalidatesTags: stepTags,
    }),
    rejectRequest: build.mutation<Request, StepArg & { reason: string }>({
      query: ({ id, reason }) => ({ url: `requests/${id}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: stepTags,
    }),
    sendRequestMessage: build.mutation<Request, StepArg & { text: string }>({
      query: ({ id, text }) => ({ url: `requests/${id}/messages`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Request', id }, { type: 'Request', id: 'LIST' }]),
    }),
    getRequestSettings: build.query<{ approval_required: boolean }, void>({
      query: () => 'requests/settings',
      providesTags: ['RequestSettings'],
    }),
    editRequestSettings: build.mutation<{ approval_required: boolean }, { approval_required: boolean }>({
      query: (body) => ({ url: 'requests/settings', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['RequestSettings', 'AuditLog']),
    }),
    /**
     * POST /services/{id}/puk. The code is an answer to show, never to keep: the screen holds
     * it in its own state, and no cache entry is made (a mutation's result leaves with its component).
     */
    showPuk: build.mutation<PukAnswer, { serviceId: number; password: string; code?: string }>({
      query: ({ serviceId, password, code }) => ({
        url: `services/${serviceId}/puk`,
        method: 'POST',
        body: code ? { password, code } : { password },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['AuditLog']),
    }),
  }),
});

export const {
  useGetRequestsQuery,
  useGetRequestQuery,
  useCreateRequestMutation,
  useWithdrawRequestMutation,
  useApproveRequestMutation,
  useRejectRequestMutation,
  useSendRequestMessageMutation,
  useGetRequestSettingsQuery,
  useEditRequestSettingsMutation,
  useShowPukMutation,
} = requestsApi;

/** The toast after submitting: whether the request waits for a colleague's approval (docs/requests.md, 'Approval'). */
export const submittedText = (request: Pick<Request, 'state'>): string =>
  request.state === 'awaiting_approval' ? 'Aanvraag wacht op goedkeuring.' : 'Aanvraag ingediend.';

declareToasts(requestsApi.endpoints, {
  // The success names the request's state, which only the answer knows: the form raises it.
  createRequest: { failed: inServerWords },
  withdrawRequest: { succeeded: () => success('Aanvraag ingetrokken.'), failed: inServerWords },
  approveRequest: { succeeded: () => success('Aanvraag goedgekeurd.'), failed: inServerWords },
  rejectRequest: { succeeded: () => success('Aanvraag afgewezen.'), failed: inServerWords },
  sendRequestMessage: { succeeded: () => success('Bericht verstuurd.'), failed: inServerWords },
  editRequestSettings: {
    succeeded: ({ approval_required }) =>
      success(approval_required ? 'Aanvragen vereisen nu goedkeuring.' : 'Aanvragen vereisen geen goedkeuring meer.'),
    failed: inServerWords,
  },
  // A wrong password or code, or an unknown PUK, shows in the dialog itself.
  showPuk: { failed: 'shownByScreen' },
});
