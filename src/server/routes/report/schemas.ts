import { Type, type Static } from 'typebox';
import { costsRangeQuery } from '../costRange';
import { formatProperty } from '../downloadFormat';
import { isoDateSchema } from '../schemas';
import { REPORT_SORT_KEYS } from '../../services/usage/report';

/**
 * The requests and answers of the usage report and the billing export (docs/api.md, 'How an
 * answer is declared'; docs/usage.md, 'Report'). Dates are ISO business dates, both inclusive.
 */

const rangeProperties = {
  report_date_from: Type.Optional(isoDateSchema),
  report_date_to: Type.Optional(isoDateSchema),
};

export const reportQuerySchema = Type.Object(
  {
    ...rangeProperties,
    // An empty filter is no filter (the screen sends the parameter with its "all" choice).
    type: Type.Optional(Type.Enum(['data', 'voice', 'sms', ''], { type: 'string' })),
    direction: Type.Optional(Type.Enum(['inkomend', 'uitgaand', ''], { type: 'string' })),
    out_only: Type.Optional(Type.Boolean()),
    sender: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

export type ReportQuery = Static<typeof reportQuerySchema>;

/**
 * The order of the rows (docs/api.md, 'Usage report'): `sort` name (the default), number, data or
 * total, `order` asc (the default) or desc; another value is 400.
 */
const sortProperties = {
  sort: Type.Optional(Type.Enum([...REPORT_SORT_KEYS], { type: 'string' })),
  order: Type.Optional(Type.Enum(['asc', 'desc'], { type: 'string' })),
};

/** A download: the filters (or the range), the order and its format. */
export const reportDownloadQuerySchema = Type.Object(
  { ...reportQuerySchema.properties, ...sortProperties, ...formatProperty },
  { additionalProperties: false },
);

export const recordsDownloadQuerySchema = Type.Object({ ...rangeProperties, ...formatProperty }, { additionalProperties: false });

export type RangeQuery = Pick<ReportQuery, keyof typeof rangeProperties>;

/** Rows per window of the report screen at most. */
const REPORT_WINDOW_MAX = 1000;

/** GET /report: the filters, the order, and optionally a window of the rows (`offset`, `limit`); without `limit` every row. */
export const reportPageQuerySchema = Type.Object(
  {
    ...reportQuerySchema.properties,
    ...sortProperties,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_WINDOW_MAX })),
  },
  { additionalProperties: false },
);

/** The order of GET /report and /report/download. */
export type SortQuery = Pick<Static<typeof reportPageQuerySchema>, 'sort' | 'order'>;

/** One number's usage in the range (docs/api.md, 'Answers'); `id` is the end user's, 0 for none. */
export const reportRowAnswer = Type.Object({
  id: Type.Integer(),
  firstname: Type.String(),
  lastname: Type.String(),
  mobile_number: Type.String(),
  product_name: Type.String(),
  /** Bytes. */
  data: Type.Number(),
  sms: Type.Number(),
  call_seconds: Type.Number(),
  /** Euros. */
  total_price: Type.Number(),
});
export type ReportRowAnswer = Static<typeof reportRowAnswer>;

/** GET /report: the rows, or the asked window of them, in the report's order. */
export const reportRowsAnswer = Type.Array(reportRowAnswer);
export type ReportRowsAnswer = Static<typeof reportRowsAnswer>;

/** GET /report/summary: the whole report's size and total under the same filters. */
export const reportSummaryAnswer = Type.Object({
  count: Type.Integer(),
  /** Euros: the sum of the rows' rounded totals. */
  total_price: Type.Number(),
});
export type ReportSummaryAnswer = Static<typeof reportSummaryAnswer>;

/** Records per page of the detail screen; `offset` pages on. */
export const DETAIL_PAGE = 5000;

export const numberParams = Type.Object(
  {
    userId: Type.Integer({ minimum: 0, maximum: 2147483647 }),
    phoneNumber: Type.String({ minLength: 1, maxLength: 50 }),
  },
  { additionalProperties: false },
);

export const detailQuerySchema = Type.Object(
  {
    ...rangeProperties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DETAIL_PAGE, default: DETAIL_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

/** A usage record of one number (docs/usage.md, 'Detail'). */
export const usageRecordAnswer = Type.Object({
  /** The record's id, decimal text. */
  id: Type.String(),
  /** 'inkomend' or 'uitgaand'. */
  direction: Type.String(),
  sender: Type.String(),
  receiver: Type.String(),
  /** dd-mm-yyyy */
  date: Type.String(),
  /** HH:mm:ss */
  time: Type.String(),
  total_price: Type.Number(),
  /** 'data', 'voice' or 'sms'. */
  type: Type.String(),
  /** Bytes for data, seconds for voice, 1 for an sms. */
  length: Type.Number(),
  /** 'in' or 'out' of the bundle. */
  bundle: Type.String(),
});
export type UsageRecordAnswer = Static<typeof usageRecordAnswer>;

/** GET /report/{userId}/{phoneNumber}: one page of the number's records. */
export const numberRecordsAnswer = Type.Object({
  data: Type.Object({
    records: Type.Array(usageRecordAnswer),
    /** More records follow: ask again with `offset`. */
    has_more: Type.Boolean(),
  }),
});
export type NumberRecordsAnswer = Static<typeof numberRecordsAnswer>;

/** The billing export (./export.ts): the months of the range, and the file's format. */
export const exportQuery = Type.Object({ ...costsRangeQuery.properties, ...formatProperty }, { additionalProperties: false });
