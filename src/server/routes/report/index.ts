import { Type, type Static } from 'typebox';
import type { CalendarRange } from '../../../domain/dateRange';
import { businessDateOf, isoDate, monthStart, todayNoon } from '../../../domain/time';
import { maskOtherParty } from '../../../domain/callRecords';
import { canonicalNumber } from '../../../domain/phoneNumbers';
import { isProviderStaff } from '../../../domain/permissions';
import { HttpError } from '../../httpError';
import type { Actor } from '../../services/auth/actor';
import { csvAmount } from '../../services/csv';
import { sendDownload } from '../../services/xlsx';
import {
  servicesOfNumber,
  usageRecordsOf,
  usageReport,
  usageReportJson,
  usageReportSummary,
  type ReportFilters,
} from '../../services/usage/report';
import { dateRangeOf } from '../../input';
import { downloadResponse, errorResponses, isoDateSchema, type RouteApp } from '../schemas';
import { formatProperty } from '../downloadFormat';

/**
 * The usage report of the acting company ("Verbruik"): any logged-in user may read it, it
 * needs no permission (docs/usage.md, 'Report'). Dates are ISO business dates, both inclusive; without them the
 * running month up to today.
 */

const rangeProperties = {
  report_date_from: Type.Optional(isoDateSchema),
  report_date_to: Type.Optional(isoDateSchema),
};

const reportQuerySchema = Type.Object(
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

type ReportQuery = Static<typeof reportQuerySchema>;

/** A download: the filters (or the range) and its format. */
const reportDownloadQuerySchema = Type.Object({ ...reportQuerySchema.properties, ...formatProperty }, { additionalProperties: false });

const recordsDownloadQuerySchema = Type.Object({ ...rangeProperties, ...formatProperty }, { additionalProperties: false });

type RangeQuery = Pick<ReportQuery, keyof typeof rangeProperties>;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Rows per window of the report screen at most. */
const REPORT_WINDOW_MAX = 1000;

/** GET /report: the filters, and optionally a window of the rows (`offset`, `limit`); without `limit` every row. */
const reportPageQuerySchema = Type.Object(
  {
    ...reportQuerySchema.properties,
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORT_WINDOW_MAX })),
  },
  { additionalProperties: false },
);

const reportRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    mobile_number: { type: 'string' },
    product_name: { type: 'string' },
    data: { type: 'number' },
    sms: { type: 'number' },
    call_seconds: { type: 'number' },
    total_price: { type: 'number' },
  },
  required: ['id', 'firstname', 'lastname', 'mobile_number', 'product_name', 'data', 'sms', 'call_seconds', 'total_price'],
} as const;

/** Records per page of the detail screen; `offset` pages on. */
const DETAIL_PAGE = 5000;

const numberParams = Type.Object(
  {
    userId: Type.Integer({ minimum: 0, maximum: 2147483647 }),
    phoneNumber: Type.String({ minLength: 1, maxLength: 50 }),
  },
  { additionalProperties: false },
);

/** A number's records in one CSV at most; a longer period is asked in parts. */
const RECORDS_DOWNLOAD_MAX = 100_000;

const RECORDS_CSV_HEADER = ['datum', 'tijd', 'afzender', 'ontvanger', 'richting', 'type', 'lengte', 'bundel', 'prijs'];

const detailQuerySchema = Type.Object(
  {
    ...rangeProperties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DETAIL_PAGE, default: DETAIL_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

const detailRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    direction: { type: 'string' },
    sender: { type: 'string' },
    receiver: { type: 'string' },
    date: { type: 'string' },
    time: { type: 'string' },
    total_price: { type: 'number' },
    type: { type: 'string' },
    length: { type: 'number' },
    bundle: { type: 'string' },
  },
  required: ['id', 'direction', 'sender', 'receiver', 'date', 'time', 'total_price', 'type', 'length', 'bundle'],
} as const;

/** The chosen range (dateRangeOf's rule: 400 outside it), by default the running month up to today. */
const rangeOf = (query: RangeQuery): CalendarRange => {
  const today = businessDateOf(todayNoon());
  return dateRangeOf({ from: query.report_date_from || monthStart(today), to: query.report_date_to || isoDate(today) });
};

const filtersOf = (query: ReportQuery): ReportFilters => ({
  type: query.type || undefined,
  direction: query.direction || undefined,
  outOnly: query.out_only === true,
  sender: query.sender?.trim() || undefined,
});

const CSV_HEADER = ['Voornaam', 'Achternaam', 'Telefoonnummer', 'Product', 'Data (bytes)', 'Sms (aantal)', 'Bellen (seconden)', 'Totaal (EUR)'];

export default async function reportRoutes(app: RouteApp) {
  app.get(
    '/report',
    { schema: { querystring: reportPageQuerySchema, response: { 200: { type: 'array', items: reportRowSchema }, ...errorResponses } } },
    // JSON.stringify, not fast-json-stringify from the schema (which stays as the documentation of
    // the answer): for 16,404 rows it measured 13 against 56-87 ms. usageReport builds exactly the
    // schema's objects. All rows (no window) come as the bytes JSON.stringify would write for
    // them, written from one text the database aggregates (usageReportJson, no 16,000 objects);
    // JSON built by PostgreSQL itself measured slower.
    async (request, reply) => {
      const { offset, limit } = request.query;
      const range = rangeOf(request.query);
      const filters = filtersOf(request.query);
      if (limit === undefined) {
        const json = await usageReportJson(app.db, request.actor.companyId, range, filters);
        return reply.type(JSON_TYPE).send(json);
      }
      const rows = await usageReport(app.db, request.actor.companyId, range, filters, { offset: offset ?? 0, limit });
      // A reply serializer keeps Fastify from setting the type itself.
      return reply.type(JSON_TYPE).serializer(JSON.stringify).send(rows);
    },
  );

  // The report's size and total under the same filters, for a screen that loads the rows in windows.
  app.get(
    '/report/summary',
    {
      schema: {
        querystring: reportQuerySchema,
        response: {
          200: {
            type: 'object',
            properties: { count: { type: 'integer' }, total_price: { type: 'number' } },
            required: ['count', 'total_price'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const summary = await usageReportSummary(app.db, request.actor.companyId, rangeOf(request.query), filtersOf(request.query));
      return { count: summary.count, total_price: Number(summary.total_price) };
    },
  );

  app.get(
    '/report/download',
    { schema: { querystring: reportDownloadQuerySchema, response: { 200: downloadResponse, ...errorResponses } } },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const rows = await usageReport(app.db, request.actor.companyId, range, filtersOf(request.query));
      return sendDownload(
        reply,
        request.query.format,
        `verbruik-${isoDate(range.from)}-${isoDate(range.to)}.csv`,
        CSV_HEADER,
        rows.map((r) => [r.firstname, r.lastname, r.mobile_number, r.product_name, r.data, r.sms, r.call_seconds, csvAmount(r.total_price)]),
      );
    },
  );

  app.get(
    '/report/:userId/:phoneNumber',
    {
      schema: {
        params: numberParams,
        querystring: detailQuerySchema,
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  records: { type: 'array', items: detailRecordSchema },
                  /** More records follow: ask again with `offset`. */
                  has_more: { type: 'boolean' },
                },
                required: ['records', 'has_more'],
              },
            },
            required: ['data'],
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      // Ajv has filled in the schema's defaults; the static type cannot know that.
      const { limit = DETAIL_PAGE, offset = 0 } = request.query;
      const { records, hasMore } = await numberRecords(request.actor, request.params, rangeOf(request.query), { limit, offset });
      return { data: { records, has_more: hasMore } };
    },
  );

  // The same records as a CSV (or .xlsx), in the columns of the usage import (docs/usage.md, 'Import').
  app.get(
    '/report/:userId/:phoneNumber/download',
    { schema: { params: numberParams, querystring: recordsDownloadQuerySchema, response: { 200: downloadResponse, ...errorResponses } } },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const { records, hasMore } = await numberRecords(request.actor, request.params, range, { limit: RECORDS_DOWNLOAD_MAX, offset: 0 });
      if (hasMore) throw new HttpError(400, 'Te veel verbruiksregels voor één download: kies een kortere periode.');
      return sendDownload(
        reply,
        request.query.format,
        `verbruik-${request.params.phoneNumber}-${isoDate(range.from)}-${isoDate(range.to)}.csv`,
        RECORDS_CSV_HEADER,
        records.map((r) => [{ day: r.date }, { time: r.time }, r.sender, r.receiver, r.direction, r.type, r.length, r.bundle, csvAmount(r.total_price)]),
      );
    },
  );

  /**
   * A page of the records of the number for the end user, as the actor may see them: customers
   * see the other party's number masked, provider staff whole (domain/callRecords). 404 when the
   * number or the end user is not the acting company's.
   */
  const numberRecords = async (
    actor: Actor,
    { userId, phoneNumber }: Static<typeof numberParams>,
    range: CalendarRange,
    page: { limit: number; offset: number },
  ) => {
    // Numbers are stored in their canonical form (docs/rules.md): `+31612345678` asks for 0612345678.
    const number = canonicalNumber(phoneNumber) ?? phoneNumber;
    const serviceIds = await servicesOfNumber(app.db, actor.companyId, userId, number);
    if (serviceIds.length === 0) throw new HttpError(404, 'Nummer niet gevonden.');
    const { records, hasMore } = await usageRecordsOf(app.db, actor.companyId, serviceIds, number, range, page);
    return { records: isProviderStaff(actor.roleId) ? records : records.map(maskOtherParty), hasMore };
  };
}
