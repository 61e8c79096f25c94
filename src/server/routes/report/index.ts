import type { Static } from 'typebox';
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
  DEFAULT_REPORT_SORT,
  type ReportFilters,
  type ReportSort,
} from '../../services/usage/report';
import { dateRangeOf } from '../../input';
import { downloadResponse, errorResponses, type RouteApp } from '../schemas';
import {
  DETAIL_PAGE,
  detailQuerySchema,
  numberParams,
  numberRecordsAnswer,
  recordsDownloadQuerySchema,
  reportDownloadQuerySchema,
  reportPageQuerySchema,
  reportQuerySchema,
  reportRowsAnswer,
  reportSummaryAnswer,
  type RangeQuery,
  type ReportQuery,
  type ReportRowsAnswer,
  type SortQuery,
} from './schemas';

/**
 * The usage report of the acting company ("Verbruik"): any logged-in user may read it, it
 * needs no permission (docs/usage.md, 'Report'). Dates are ISO business dates, both inclusive; without them the
 * running month up to today.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/** A number's records in one CSV at most; a longer period is asked in parts. */
const RECORDS_DOWNLOAD_MAX = 100_000;

const RECORDS_CSV_HEADER = ['datum', 'tijd', 'afzender', 'ontvanger', 'richting', 'type', 'lengte', 'bundel', 'prijs'];

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

/** The rows' order of `sort` and `order` (validated by the schema), by default by end user. */
const sortOf = (query: SortQuery): ReportSort => ({ key: query.sort ?? DEFAULT_REPORT_SORT.key, direction: query.order ?? DEFAULT_REPORT_SORT.direction });

const CSV_HEADER = ['Voornaam', 'Achternaam', 'Telefoonnummer', 'Product', 'Data (bytes)', 'Sms (aantal)', 'Bellen (seconden)', 'Totaal excl. btw (EUR)'];

export default async function reportRoutes(app: RouteApp) {
  app.get(
    '/report',
    { schema: { querystring: reportPageQuerySchema, response: { 200: reportRowsAnswer, ...errorResponses } } },
    // JSON.stringify, not fast-json-stringify from the schema (which stays as the documentation of
    // the answer): for 16,404 rows it measured 13 against 56-87 ms. usageReport builds exactly the
    // schema's objects. All rows (no window) come as the bytes JSON.stringify would write for
    // them, written from one text the database aggregates (usageReportJson, no 16,000 objects);
    // JSON built by PostgreSQL itself measured slower.
    async (request, reply) => {
      const { offset, limit } = request.query;
      const range = rangeOf(request.query);
      const filters = filtersOf(request.query);
      const sort = sortOf(request.query);
      if (limit === undefined) {
        const json = await usageReportJson(app.db, request.actor.companyId, range, filters, sort);
        // Bytes go out as they are; the type provider cannot see that they are the answer's rows.
        return reply.type(JSON_TYPE).send(json as unknown as ReportRowsAnswer);
      }
      const rows = await usageReport(app.db, request.actor.companyId, range, filters, { offset: offset ?? 0, limit }, sort);
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
          200: reportSummaryAnswer,
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
      const rows = await usageReport(app.db, request.actor.companyId, range, filtersOf(request.query), undefined, sortOf(request.query));
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
          200: numberRecordsAnswer,
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
