import { api } from '../../api/api';
import { objectUrlOrError, textOrError } from '../../base/download';
import { declareToasts, inServerWords } from '../../base/callToasts';
import type { DateRange } from '../../../domain/time';
import type {
  NumberRecordsAnswer,
  ReportRowAnswer,
  ReportSummaryAnswer,
  UsageRecordAnswer,
} from '../../../server/routes/report/schemas';

/** Report filters (docs/screens.md, 'Verbruik'); '' is "Alle". */
export type ReportType = '' | 'data' | 'voice' | 'sms';
export type ReportDirection = '' | 'inkomend' | 'uitgaand';

export interface ReportFilters extends DateRange {
  type: ReportType;
  direction: ReportDirection;
  /** Only out-of-bundle usage. */
  outOnly: boolean;
  /** Part of the sending number. */
  sender: string;
}

type OrNull<T> = { [K in keyof T]: T[K] | null };

/**
 * One number's usage in the range (docs/api.md, 'Answers'); `id` is the end user's, 0 for none.
 * The screens take a row without names (null) as one without a user too.
 */
export type ReportRow = Omit<ReportRowAnswer, 'firstname' | 'lastname'> & OrNull<Pick<ReportRowAnswer, 'firstname' | 'lastname'>>;

/** The report's order as GET /report takes it (docs/api.md); without it, by end user. */
export interface ReportOrder {
  sort: 'name' | 'number' | 'data' | 'total';
  order: 'asc' | 'desc';
}

/** The filters and the order of the rows. */
export interface SortedReport extends ReportFilters {
  order?: ReportOrder;
}

/** A window of the report's rows: `offset` and `limit` in the report's order. */
export interface ReportWindow extends SortedReport {
  offset: number;
  limit: number;
}

/** The whole report's size and total (the line above the table). */
export type ReportSummary = ReportSummaryAnswer;

/** A usage record of one number (docs/usage.md, 'Detail'); its id only keys the row, so a number does too. */
export type UsageRecord = Omit<UsageRecordAnswer, 'id'> & { id: UsageRecordAnswer['id'] | number };

/** The records of a number; the server answers at most one page of them. */
/** One page of a number's records (the server answers at most 5,000 at a time). */
export interface NumberRecords {
  records: UsageRecord[];
  /** More records follow this page. */
  hasMore: boolean;
}

export interface RecordsQuery extends DateRange {
  userId: number;
  phoneNumber: string;
}

/** The query of GET /report and /report/download: the filters' (reportParams) and the order, when it is not the usual one. */
const sortedParams = ({ order, ...filters }: SortedReport) => ({ ...reportParams(filters), ...order });

/** The query of GET /report and /report/download: ISO dates, and only the filters that narrow. */
export const reportParams = ({ from, to, type, direction, outOnly, sender }: ReportFilters) => ({
  report_date_from: from,
  report_date_to: to,
  ...(type ? { type } : {}),
  ...(direction ? { direction } : {}),
  ...(outOnly ? { out_only: true } : {}),
  ...(sender.trim() ? { sender: sender.trim() } : {}),
});

export const usageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Rows have no id of their own (one end user may have several numbers), so they stay a list. */
    /** The screen loads the rows in windows as the table scrolls (a big customer has 16,000 numbers). */
    getReportWindow: build.query<ReportRow[], ReportWindow>({
      query: ({ offset, limit, ...report }) => ({ url: 'report', params: { ...sortedParams(report), offset, limit } }),
      providesTags: ['Report'],
    }),
    getReportSummary: build.query<ReportSummary, ReportFilters>({
      query: (filters) => ({ url: 'report/summary', params: reportParams(filters) }),
      providesTags: ['Report'],
    }),
    /** Pages of records by offset: the screen shows the first and loads the next on request. */
    getReportRecords: build.infiniteQuery<NumberRecords, RecordsQuery, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _pages, lastOffset) => (lastPage.hasMore ? lastOffset + lastPage.records.length : undefined),
      },
      query: ({ queryArg: { userId, phoneNumber, from, to }, pageParam: offset }) => ({
        url: `report/${userId}/${encodeURIComponent(phoneNumber)}`,
        params: { report_date_from: from, report_date_to: to, ...(offset > 0 ? { offset } : {}) },
      }),
      transformResponse: (answer: NumberRecordsAnswer) => ({
        records: answer.data.records,
        hasMore: answer.data.has_more === true,
      }),
      providesTags: ['Report'],
    }),
    /** A download, hence a mutation: nothing to cache, and the file leaves the store at once. */
    downloadReport: build.mutation<string, SortedReport>({
      query: (report) => ({ url: 'report/download', params: sortedParams(report), responseHandler: textOrError }),
    }),
    /** The same report as .xlsx: an object URL of the file (base/download.ts). */
    downloadReportExcel: build.mutation<string, SortedReport>({
      query: (report) => ({ url: 'report/download', params: { ...sortedParams(report), format: 'xlsx' }, responseHandler: objectUrlOrError }),
    }),
    /** A number's records as CSV; the server masks the other party's number for customers. */
    downloadRecords: build.mutation<string, RecordsQuery>({
      query: ({ userId, phoneNumber, from, to }) => ({
        url: `report/${userId}/${encodeURIComponent(phoneNumber)}/download`,
        params: { report_date_from: from, report_date_to: to },
        responseHandler: textOrError,
      }),
    }),
    /** The same records as .xlsx: an object URL of the file (base/download.ts). */
    downloadRecordsExcel: build.mutation<string, RecordsQuery>({
      query: ({ userId, phoneNumber, from, to }) => ({
        url: `report/${userId}/${encodeURIComponent(phoneNumber)}/download`,
        params: { report_date_from: from, report_date_to: to, format: 'xlsx' },
        responseHandler: objectUrlOrError,
      }),
    }),
  }),
});

export const {
  useGetReportWindowQuery,
  useGetReportSummaryQuery,
  useGetReportRecordsInfiniteQuery,
  useDownloadReportMutation,
  useDownloadReportExcelMutation,
  useDownloadRecordsMutation,
  useDownloadRecordsExcelMutation,
} = usageApi;

declareToasts(usageApi.endpoints, {
  downloadReport: { failed: inServerWords },
  downloadReportExcel: { failed: inServerWords },
  downloadRecords: { failed: inServerWords },
  downloadRecordsExcel: { failed: inServerWords },
});
