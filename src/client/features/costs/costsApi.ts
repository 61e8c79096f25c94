import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import { objectUrlOrError, textOrError } from '../../base/download';
import { declareToasts, inServerWords } from '../../base/callToasts';
import type { DateRange } from '../../../domain/time';
import type {
  CostFiguresAnswer,
  CostLineAnswer,
  CostsForecastAnswer,
  MonthCostsAnswer,
  PeriodCostsAnswer,
} from '../../../server/routes/costs/schemas';

/** Amounts are JSON numbers in euros (docs/api.md, 'Answers'); they are read with decimal.js only. */
export type CostFigures = CostFiguresAnswer;

/** GET /costs: the costs of a period. */
export type PeriodCosts = PeriodCostsAnswer;

/** A month of GET /costsbymonth. */
export type MonthCosts = MonthCostsAnswer;

/**
 * GET /costs/forecast: the month's expected costs, the certain costs plus the usage so far
 * projected over the month (domain/costs/projection.ts). Amounts in euros, 2 decimals.
 */
export type CostsForecast = CostsForecastAnswer['data'];

/**
 * One service's line of one kind of costs (docs/rules.md, 'Cost lines'): what the screens read of
 * it; a line without `quantity` counts as one unit.
 */
export type CostLine = Omit<CostLineAnswer, 'month' | 'billing_cycle_id' | 'quantity'> & Partial<Pick<CostLineAnswer, 'quantity'>>;

/** The three line calls: costslinesmonthly, costslinespartly, costslinessetup. */
export type CostLineKind = 'monthly' | 'partly' | 'setup';

/**
 * A period of costs, and whose: without `branchId` the acting company's own (GET /costs), with it a branch of its
 * group, read-only (GET /group/branches/{branchId}/costs; docs/screens.md, 'Groepsoverzicht'): the same answers.
 */
export interface CostsPeriod extends DateRange {
  branchId?: number;
}

export interface CostLinesQuery extends CostsPeriod {
  kind: CostLineKind;
}

export interface BillingFile {
  text: string;
  fileName: string;
}

/** The billing export as .xlsx: an object URL of the file (base/download.ts) and its name. */
export interface BillingExcelFile {
  url: string;
  fileName: string;
}

const periodParams = ({ from, to }: DateRange) => ({ costs_date_from: from, costs_date_to: to });

/** The address of a costs call: the acting company's own, or a branch's read-only one. */
const costsUrl = (call: string, branchId: number | undefined) => (branchId === undefined ? call : `group/branches/${branchId}/${call}`);

/** docs/rules.md, 'Files': `{YYYY-MM}-facturatie-input.csv`. */
export const billingFileName = (from: string) => `${from.slice(0, 7)}-facturatie-input.csv`;

/**
 * The file name of a Content-Disposition header (`filename*=UTF-8''…` before `filename=…`),
 * without any folder part, or null when it names none.
 */
export const fileNameFromDisposition = (header: string | null | undefined): string | null => {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/i.exec(header);
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  let name: string | undefined;
  try {
    name = encoded ? decodeURIComponent(encoded[1].trim()) : undefined;
  } catch {
    name = undefined;
  }
  name ??= plain ? (plain[1] ?? plain[2]).trim() : undefined;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
};

export const costsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCosts: build.query<PeriodCosts, CostsPeriod>({
      query: ({ branchId, ...period }) => ({ url: costsUrl('costs', branchId), params: periodParams(period) }),
      providesTags: ['Costs'],
    }),
    getCostsByMonth: build.query<MonthCosts[], DateRange>({
      query: (period) => ({ url: 'costsbymonth', params: periodParams(period) }),
      providesTags: ['Costs'],
    }),
    getCostsForecast: build.query<CostsForecast, DateRange>({
      query: (period) => ({ url: 'costs/forecast', params: periodParams(period) }),
      transformResponse: (response: CostsForecastAnswer) => response.data,
      providesTags: ['Costs'],
    }),
    /** Report lines without an id of their own (a service may have none), so kept as a list. */
    getCostLines: build.query<CostLine[], CostLinesQuery>({
      query: ({ kind, branchId, ...period }) => ({ url: costsUrl(`costslines${kind}`, branchId), params: periodParams(period) }),
      providesTags: ['Costs'],
    }),
    /** A download, hence a mutation: nothing to cache, and the file leaves the store at once. */
    exportCostsBilling: build.mutation<BillingFile, DateRange>({
      query: (period) => ({ url: 'report/export', params: periodParams(period), responseHandler: textOrError }),
      transformResponse: (text: string, meta: FetchBaseQueryMeta | undefined, period) => ({
        text,
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition')) ?? billingFileName(period.from),
      }),
    }),
    exportCostsBillingExcel: build.mutation<BillingExcelFile, DateRange>({
      query: (period) => ({ url: 'report/export', params: { ...periodParams(period), format: 'xlsx' }, responseHandler: objectUrlOrError }),
      transformResponse: (url: string, meta: FetchBaseQueryMeta | undefined, period) => ({
        url,
        fileName:
          fileNameFromDisposition(meta?.response?.headers.get('content-disposition')) ?? billingFileName(period.from).replace(/\.csv$/, '.xlsx'),
      }),
    }),
  }),
});

export const {
  useGetCostsQuery,
  useGetCostsByMonthQuery,
  useGetCostsForecastQuery,
  useGetCostLinesQuery,
  useExportCostsBillingMutation,
  useExportCostsBillingExcelMutation,
} = costsApi;

declareToasts(costsApi.endpoints, { exportCostsBilling: { failed: inServerWords }, exportCostsBillingExcel: { failed: inServerWords } });
