import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { type Month, monthKey, monthRange } from '../../../domain/time';
import { api } from '../../api/api';
import { declareToasts, inServerWords } from '../../base/callToasts';
import { objectUrlOrError, textOrError } from '../../base/download';
import type {
  AllocationAfnameAnswer,
  AllocationAnswer,
  AllocationFieldsAnswer,
  AllocationRowAnswer,
} from '../../../server/routes/costs/schemas';
import { fileNameFromDisposition } from './costsApi';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): a month's costs per
 * value of a field the company chooses, of the acting company (`/costs/allocation…`) or of every
 * branch of its group (`/group/costs/allocation…`).
 */

/** Whose costs: the acting company's or its group's. */
export type AllocationScope = 'company' | 'group';

export type AllocationFields = AllocationFieldsAnswer['data'];
export type Allocation = AllocationAnswer['data'];
export type AllocationRow = AllocationRowAnswer;
export type AllocationAfname = AllocationAfnameAnswer;

export interface AllocationQuery {
  scope: AllocationScope;
  month: Month;
  /** `free:1` .. `free:4` or `category:{name}`; without it the company's chosen field. */
  field?: string;
}

export interface AllocationAfnamesQuery extends AllocationQuery {
  /** The row's value; null: 'Zonder waarde'. */
  value: string | null;
}

export interface AllocationDownload extends AllocationQuery {
  format: 'csv' | 'xlsx';
}

/** A downloaded table: CSV text, or an object URL of the .xlsx (base/download.ts), and its name. */
export interface AllocationFile {
  content: string;
  fileName: string;
}

const prefix = (scope: AllocationScope) => `${scope === 'group' ? 'group/costs' : 'costs'}/allocation`;

const queryParams = ({ month, field }: AllocationQuery) => {
  const { from, to } = monthRange(month);
  return { costs_date_from: from, costs_date_to: to, ...(field !== undefined && { field }) };
};

const fallbackName = ({ month, format }: AllocationDownload) => `kosten-per-kostenplaats-${monthKey(month)}.${format}`;

export const allocationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllocationFields: build.query<AllocationFields, AllocationScope>({
      query: (scope) => `${prefix(scope)}/fields`,
      transformResponse: (answer: AllocationFieldsAnswer) => answer.data,
      providesTags: (_result, _error, scope) => [{ type: 'CostAllocation', id: scope }],
    }),
    /** Remembers the company's choice (null forgets it). */
    chooseAllocationField: build.mutation<string | null, { scope: AllocationScope; field: string | null }>({
      query: ({ scope, field }) => ({ url: `${prefix(scope)}/field`, method: 'PUT', body: { field } }),
      transformResponse: (answer: { data: { chosen: string | null } }) => answer.data.chosen,
      invalidatesTags: (_result, _error, { scope }) => [{ type: 'CostAllocation', id: scope }],
    }),
    getAllocation: build.query<Allocation, AllocationQuery>({
      query: (query) => ({ url: prefix(query.scope), params: queryParams(query) }),
      transformResponse: (answer: AllocationAnswer) => answer.data,
      providesTags: (_result, _error, { scope }) => ['Costs', { type: 'CostAllocation', id: scope }],
    }),
    getAllocationAfnames: build.query<AllocationAfname[], AllocationAfnamesQuery>({
      query: ({ value, ...query }) => ({
        url: `${prefix(query.scope)}/afnames`,
        params: { ...queryParams(query), ...(value !== null && { value }) },
      }),
      transformResponse: (answer: { data: AllocationAfname[] }) => answer.data,
      providesTags: ['Costs'],
    }),
    /** The table as CSV text or as .xlsx (an object URL), with the name the server gives. */
    downloadAllocation: build.mutation<AllocationFile, AllocationDownload>({
      query: ({ format, ...query }) => ({
        url: `${prefix(query.scope)}/download`,
        params: { ...queryParams(query), ...(format === 'xlsx' && { format }) },
        responseHandler: format === 'xlsx' ? objectUrlOrError : textOrError,
      }),
      transformResponse: (content: string, meta: FetchBaseQueryMeta | undefined, arg) => ({
        content,
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition')) ?? fallbackName(arg),
      }),
    }),
  }),
});

export const {
  useGetAllocationFieldsQuery,
  useChooseAllocationFieldMutation,
  useGetAllocationQuery,
  useGetAllocationAfnamesQuery,
  useDownloadAllocationMutation,
} = allocationApi;

declareToasts(allocationApi.endpoints, {
  chooseAllocationField: { failed: inServerWords },
  downloadAllocation: { failed: inServerWords },
});
