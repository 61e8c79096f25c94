import { notARangeDate, parseRangeDate } from '../../../domain/dateRange';
import { HttpError } from '../../httpError';
import { bundleUsage } from '../../services/bundleUsage';
import { groupBundleFigures, hasGroupBundle, recalculateGroupBundle } from '../../services/groupBundle';
import { errorResponses, type RouteApp } from '../schemas';
import { groupBundleAnswer, groupBundleStatusAnswer, groupBundleUsageAnswer, monthQuery } from './schemas';

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
        response: { 200: groupBundleStatusAnswer, ...errorResponses },
      },
    },
    async (request) => ({ has_group_bundle: await hasGroupBundle(app.db, request.actor.companyId) }),
  );

  app.get(
    '/groupbundlecosts',
    { schema: { querystring: monthQuery, response: { 200: groupBundleAnswer, ...errorResponses } } },
    async (request) => groupBundleFigures(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );

  app.get(
    '/costs/groupbundle/usage',
    { schema: { querystring: monthQuery, response: { 200: groupBundleUsageAnswer, ...errorResponses } } },
    async (request) => bundleUsage(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );

  app.get(
    '/costs/groupbundle/recalculate',
    {
      config: { permission: 'CREATE_COMPANY' },
      schema: { querystring: monthQuery, response: { 200: groupBundleAnswer, ...errorResponses } },
    },
    async (request) => recalculateGroupBundle(app.db, request.actor.companyId, monthOf(request.query.costs_date_from)),
  );
}
