import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../api/api';
import { objectUrlOrError, textOrError } from '../../base/download';
import { declareToasts, inServerWords } from '../../base/callToasts';
import type { DateRange } from '../../../domain/time';

/** Amounts are JSON numbers in euros (docs/api.md, 'Answers'); they are read with decimal.js only. */
export interface CostFigures {
  setup: number;
  full: number;
  periodic: number;
}

export interface BillingCycleCosts {
  id: number;
  name: string;
  /** What the month costs. */
  costs: CostFigures;
  /** What is billed in the month (quarterly and longer cycles in advance; docs/costs.md, '7. What is invoiced in a month'). */
  invoice: CostFigures;
}

/** GET /costs: the costs of a period. */
export interface PeriodCosts {
  billing_cycles: BillingCycleCosts[];
  usage: number;
  /** Usage per category: data, voice, sms and the group bundle overage (bundle). */
  usagedetail: { costs: Record<string, number> };
  start: { date: string };
  end: { date: string };
}

/** A month of GET /costsbymonth. */
export interface MonthCosts {
  /** YYYY-MM */
  month: string;
  periodic: number;
  full: number;
  setup: number;
  usage: number;
}

/**
 * GET /costs/forecast: the month's expected costs, the certain costs plus the usage so far
 * projected over the month (domain/costs/projection.ts). Amounts in euros, 2 decimals.
 */
export interface CostsForecast {
  /** The month is the current business month: its figures are not final. */
  provisional: boolean;
  /** dd-mm-yyyy: the last day the usage records cover, or null without usage yet. */
  through: string | null;
  days_covered: number;
  days_in_month: number;
  /** Periodiek + Nieuwe aansluitingen + Set up. */
  certain: number;
  usage_so_far: number;
  expected_usage: number;
  expected_total: number;
}

/** One service's line of one kind of costs (docs/rules.md, 'Cost lines'). */
export interface CostLine {
  article_id: number;
  article_name: string;
  total_price: number;
  productgroup: string;
  price: number;
  /** Null for the bulk units of an article. */
  service_id: number | null;
  firstname: string | null;
  lastname: string | null;
  /** Units of the line: 1 for a service, the number of bulk units for a bulk line. */
  quantity?: number;
}

/** The three line calls: costslinesmonthly, costslinespartly, costslinessetup. */
export type CostLineKind = 'monthly' | 'partly' | 'setup';

export interface CostLinesQuery extends DateRange {
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
    getCosts: build.query<PeriodCosts, DateRange>({
      query: (period) => ({ url: 'costs', params: periodParams(period) }),
      providesTags: ['Costs'],
    }),
    getCostsByMonth: build.query<MonthCosts[], DateRange>({
      query: (period) => ({ url: 'costsbymonth', params: periodParams(period) }),
      providesTags: ['Costs'],
    }),
    getCostsForecast: build.query<CostsForecast, DateRange>({
      query: (period) => ({ url: 'costs/forecast', params: periodParams(period) }),
      transformResponse: (response: { data: CostsForecast }) => response.data,
      providesTags: ['Costs'],
    }),
    /** Report lines without an id of their own (a service may have none), so kept as a list. */
    getCostLines: build.query<CostLine[], CostLinesQuery>({
      query: ({ kind, ...period }) => ({ url: `costslines${kind}`, params: periodParams(period) }),
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
