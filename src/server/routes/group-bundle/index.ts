import { Type } from 'typebox';
import { notARangeDate, parseRangeDate } from '../../../domain/dateRange';
import { HttpError } from '../../httpError';
import { bundleUsage } from '../../services/bundleUsage';
import { groupBundleFigures, hasGroupBundle, recalculateGroupBundle } from '../../services/groupBundle';
import { errorResponses, isoDateSchema, type RouteApp } from '../schemas';
import { nullableString } from '../../serialize';

const figuresSchema = {
  type: 'object',
  properties: { total_gb: { type: 'number' }, gb_used: { type: 'number' }, has_group_bundle: { type: 'boolean' } },
} as const;

const gbSchema = { type: 'number' } as const;

/** `GET /costs/groupbundle/usage` (issue 20): the month's bundle, its projection, its days and its top numbers. */
const usageSchema = {
  type: 'object',
  properties: {
    has_group_bundle: { type: 'boolean' },
    month: { type: 'string' },
    total_gb: gbSchema,
    gb_used: gbSchema,
    projection: {
      type: ['object', 'null'],
      properties: {
        basis: { type: 'string' },
        through: nullableString,
        days_covered: { type: 'integer' },
        days_in_month: { type: 'integer' },
        projected_gb: gbSchema,
        runs_out_on: nullableString,
        used_up: { type: 'boolean' },
        text: { type: 'string' },
      },
      required: ['basis', 'through', 'days_covered', 'days_in_month', 'projected_gb', 'runs_out_on', 'used_up', 'text'],
    },
    days: {
      type: 'array',
      items: {
        type: 'object',
        properties: { day: { type: 'string' }, bytes: { type: 'integer' }, gb: gbSchema },
        required: ['day', 'bytes', 'gb'],
      },
    },
    top: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          number: { type: 'string' },
          service_id: { type: 'integer' },
          end_user: {
            type: ['object', 'null'],
            properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } },
            required: ['id', 'firstname', 'lastname'],
          },
          article: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
          bytes: { type: 'integer' },
          gb: gbSchema,
        },
        required: ['number', 'service_id', 'end_user', 'article', 'bytes', 'gb'],
      },
    },
  },
  required: ['has_group_bundle', 'month', 'total_gb', 'gb_used', 'projection', 'days', 'top'],
} as const;

const monthQuery = Type.Object({ costs_date_from: isoDateSchema });

/** The month of `costs_date_from`: a real date in the years every date range allows (domain dateRange.ts). */
const monthOf = (value: string) => {
  const date = parseRangeDate(value);
  if (!date) throw new HttpError(400, notARangeDate('begindatum'));
  return date;
};

export default async function groupBundleRoutes(app: RouteApp) {
  app.get(
    '/costs/hasgroupbundle',
    {
      schema: {
        response: { 200: { type: 'object', properties: { has_group_bundle: { type: 'boolean' } } }, ...errorResponses },
      },
    },
    async (request) => ({ has_group_bundle: await hasGroupBundle(app.db, request.actor.companyId) }),
  );

  app.get(
    '/groupbundlecosts',
    { schema: { querystring: monthQuery, response: { 200: figuresSchema, ...errorResponses } } },
    async (request) => groupBundleFigures(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );

  app.get(
    '/costs/groupbundle/usage',
    { schema: { querystring: monthQuery, response: { 200: usageSchema, ...errorResponses } } },
    async (request) => bundleUsage(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );

  app.get(
    '/costs/groupbundle/recalculate',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { querystring: monthQuery, response: { 200: figuresSchema, ...errorResponses } },
    },
    async (request) => recalculateGroupBundle(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );
}
