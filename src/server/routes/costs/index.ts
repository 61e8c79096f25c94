import { costsByMonth } from '../../services/costs';
import { costsForecast } from '../../services/costs/forecast';
import { costLinesAnswer, costLinesOf, LINE_CALLS, periodCostsAnswer, periodCostsOf } from '../companyCosts';
import { errorResponses, type RouteApp } from '../schemas';
import { costsRangeQuery, monthRangeOf, oneMonthOf } from '../costRange';
import { costsByMonthAnswer, costsForecastAnswer } from './schemas';

/**
 * The costs screens (docs/screens.md, 'Kosten'; docs/costs.md; docs/api.md, 'Answers') for the acting company,
 * open to every logged-in user. Every call takes `costs_date_from` and `costs_date_to` and covers
 * the whole calendar months they touch (../costRange.ts). The month's costs and its lines are
 * ../companyCosts.ts's, which a branch's read-only view answers too. Amounts are JSON numbers in
 * euros, each the exact sum of cent-rounded lines.
 */

export default async function costsRoutes(app: RouteApp) {
  app.get(
    '/costs',
    { schema: { querystring: costsRangeQuery, response: { 200: periodCostsAnswer, ...errorResponses } } },
    async (request) => periodCostsOf(app.db, request.actor.companyId, request.query, app.config.vatRate),
  );

  app.get(
    '/costsbymonth',
    { schema: { querystring: costsRangeQuery, response: { 200: costsByMonthAnswer, ...errorResponses } } },
    async (request) => costsByMonth(app.db, request.actor.companyId, monthRangeOf(request.query)),
  );

  app.get(
    '/costs/forecast',
    { schema: { querystring: costsRangeQuery, response: { 200: costsForecastAnswer, ...errorResponses } } },
    async (request) => {
      const month = oneMonthOf(request.query, 'Ongeldige periode: de verwachte kosten gaan over één maand.');
      return { data: await costsForecast(app.db, request.actor.companyId, month) };
    },
  );

  for (const [call, kind] of Object.entries(LINE_CALLS)) {
    app.get(
      `/${call}`,
      { schema: { querystring: costsRangeQuery, response: { 200: costLinesAnswer, ...errorResponses } } },
      async (request) => costLinesOf(app.db, request.actor.companyId, request.query, kind),
    );
  }
}
