import type { CostKind } from '../../../domain/costs/types';
import { costLines, costsByMonth, costsSummary } from '../../services/costs';
import { costsForecast } from '../../services/costs/forecast';
import { errorResponses, type RouteApp } from '../schemas';
import { nullableString } from '../../serialize';
import { costsRangeQuery, monthRangeOf, oneMonthOf, rangeDates } from '../costRange';

/**
 * The costs screens (docs/screens.md, 'Kosten'; docs/costs.md; docs/api.md, 'Answers') for the acting company,
 * open to every logged-in user. Every call takes `costs_date_from` and `costs_date_to` and covers
 * the whole calendar months they touch (./range.ts). Amounts are JSON numbers in euros, each the
 * exact sum of cent-rounded lines.
 */

const kindTotalsSchema = {
  type: 'object',
  properties: { setup: { type: 'number' }, full: { type: 'number' }, periodic: { type: 'number' } },
  required: ['setup', 'full', 'periodic'],
} as const;

const costsSchema = {
  type: 'object',
  properties: {
    billing_cycles: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, costs: kindTotalsSchema, invoice: kindTotalsSchema },
        required: ['id', 'name', 'costs', 'invoice'],
      },
    },
    usage: { type: 'number' },
    usagedetail: {
      type: 'object',
      properties: {
        costs: {
          type: 'object',
          properties: { data: { type: 'number' }, voice: { type: 'number' }, sms: { type: 'number' }, bundle: { type: 'number' } },
          required: ['data', 'voice', 'sms'],
        },
      },
      required: ['costs'],
    },
    start: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
    end: { type: 'object', properties: { date: { type: 'string' } }, required: ['date'] },
  },
  required: ['billing_cycles', 'usage', 'usagedetail', 'start', 'end'],
} as const;

const costsByMonthSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      month: { type: 'string' },
      periodic: { type: 'number' },
      full: { type: 'number' },
      setup: { type: 'number' },
      usage: { type: 'number' },
    },
    required: ['month', 'periodic', 'full', 'setup', 'usage'],
  },
} as const;

/** A cost line (docs/rules.md, 'Cost lines'), plus the month, billing cycle and quantity (units of a bulk line). */
const costLinesSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      month: { type: 'string' },
      article_id: { type: 'integer' },
      article_name: { type: 'string' },
      productgroup: { type: 'string' },
      billing_cycle_id: { type: 'integer' },
      service_id: { type: ['integer', 'null'] },
      firstname: nullableString,
      lastname: nullableString,
      quantity: { type: 'integer' },
      price: { type: 'number' },
      total_price: { type: 'number' },
    },
  },
} as const;

/** `GET /costs/forecast`: the expected costs of one month (docs/rules.md, 'Expected costs of the current month'). */
const forecastSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        provisional: { type: 'boolean' },
        through: nullableString,
        days_covered: { type: 'integer' },
        days_in_month: { type: 'integer' },
        certain: { type: 'number' },
        usage_so_far: { type: 'number' },
        expected_usage: { type: 'number' },
        expected_total: { type: 'number' },
      },
      required: ['provisional', 'through', 'days_covered', 'days_in_month', 'certain', 'usage_so_far', 'expected_usage', 'expected_total'],
    },
  },
  required: ['data'],
} as const;

/** The line calls and the kind of cost line each answers. */
const LINE_CALLS: Record<string, CostKind> = {
  '/costslinesmonthly': 'periodic',
  '/costslinespartly': 'full',
  '/costslinessetup': 'setup',
};

export default async function costsRoutes(app: RouteApp) {
  app.get(
    '/costs',
    { schema: { querystring: costsRangeQuery, response: { 200: costsSchema, ...errorResponses } } },
    async (request) => {
      const range = monthRangeOf(request.query);
      const dates = rangeDates(range);
      const summary = await costsSummary(app.db, request.actor.companyId, range);
      return { ...summary, start: { date: dates.from }, end: { date: dates.to } };
    },
  );

  app.get(
    '/costsbymonth',
    { schema: { querystring: costsRangeQuery, response: { 200: costsByMonthSchema, ...errorResponses } } },
    async (request) => costsByMonth(app.db, request.actor.companyId, monthRangeOf(request.query)),
  );

  app.get(
    '/costs/forecast',
    { schema: { querystring: costsRangeQuery, response: { 200: forecastSchema, ...errorResponses } } },
    async (request) => {
      const month = oneMonthOf(request.query, 'Ongeldige periode: de verwachte kosten gaan over één maand.');
      return { data: await costsForecast(app.db, request.actor.companyId, month) };
    },
  );

  for (const [url, kind] of Object.entries(LINE_CALLS)) {
    app.get(
      url,
      { schema: { querystring: costsRangeQuery, response: { 200: costLinesSchema, ...errorResponses } } },
      async (request) => costLines(app.db, request.actor.companyId, monthRangeOf(request.query), kind),
    );
  }
}
