import type { CostKind } from '../../../domain/costs/types';
import { vatOf } from '../../../domain/costs/vat';
import { sumAmounts } from '../../../domain/money';
import { costLines, costsByMonth, costsSummary } from '../../services/costs';
import { costsForecast } from '../../services/costs/forecast';
import { errorResponses, type RouteApp } from '../schemas';
import { costsRangeQuery, monthRangeOf, oneMonthOf, rangeDates } from '../costRange';
import { costLinesAnswer, costsByMonthAnswer, costsForecastAnswer, periodCostsAnswer } from './schemas';

/**
 * The costs screens (docs/screens.md, 'Kosten'; docs/costs.md; docs/api.md, 'Answers') for the acting company,
 * open to every logged-in user. Every call takes `costs_date_from` and `costs_date_to` and covers
 * the whole calendar months they touch (../costRange.ts). Amounts are JSON numbers in euros, each the
 * exact sum of cent-rounded lines.
 */

/** The line calls and the kind of cost line each answers. */
const LINE_CALLS: Record<string, CostKind> = {
  '/costslinesmonthly': 'periodic',
  '/costslinespartly': 'full',
  '/costslinessetup': 'setup',
};

export default async function costsRoutes(app: RouteApp) {
  app.get(
    '/costs',
    { schema: { querystring: costsRangeQuery, response: { 200: periodCostsAnswer, ...errorResponses } } },
    async (request) => {
      const range = monthRangeOf(request.query);
      const dates = rangeDates(range);
      const summary = await costsSummary(app.db, request.actor.companyId, range);
      // docs/cost-specification.md, 'VAT': of the shown figures' sum (periodic + full + setup + usage), excl. VAT.
      const total = sumAmounts([summary.usage, ...summary.billing_cycles.flatMap(({ costs }) => [costs.periodic, costs.full, costs.setup])]);
      const vat = vatOf(total, app.config.vatRate);
      return {
        ...summary,
        start: { date: dates.from },
        end: { date: dates.to },
        vat: { rate: Number(vat.rate), vat: Number(vat.vat), total: total.toNumber(), total_including_vat: Number(vat.totalIncludingVat) },
      };
    },
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

  for (const [url, kind] of Object.entries(LINE_CALLS)) {
    app.get(
      url,
      { schema: { querystring: costsRangeQuery, response: { 200: costLinesAnswer, ...errorResponses } } },
      async (request) => costLines(app.db, request.actor.companyId, monthRangeOf(request.query), kind),
    );
  }
}
