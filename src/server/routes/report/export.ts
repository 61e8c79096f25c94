import { HttpError } from '../../plugins/errors';
import { billingExportCsv, billingExportFileName, exportCompanies, exportCompany } from '../../services/costs/billingExport';
import { sendCsv } from '../../services/csv';
import { costsRangeQuery, monthRangeOf } from '../costs/range';
import { errorResponses, type RouteApp } from '../schemas';

/**
 * The billing export (decisions sections 5 and 11): the invoice lines of the months that
 * `costs_date_from` .. `costs_date_to` touch, as `{YYYY-MM}-facturatie-input.csv`.
 * - `/report/export`: the acting company's, for any logged-in user (the costs screen's
 *   'Export facturatiedetails').
 * - `/report/export/all`: every customer company with services, for provider staff: it needs
 *   CREATE_COMPANY, the permission that opens the admin screen where its tab lives.
 */

const csvResponse = { 200: { type: 'string' }, ...errorResponses } as const;

export default async function billingExportRoutes(app: RouteApp) {
  app.get(
    '/report/export',
    { schema: { querystring: costsRangeQuery, response: csvResponse } },
    async (request, reply) => {
      const range = monthRangeOf(request.query);
      const company = await exportCompany(app.db, request.actor.companyId);
      if (!company) throw new HttpError(404, 'Bedrijf niet gevonden.');
      return sendCsv(reply, billingExportFileName(range), await billingExportCsv(app.db, [company], range));
    },
  );

  app.get(
    '/report/export/all',
    { config: { permission: 'CREATE_COMPANY' }, schema: { querystring: costsRangeQuery, response: csvResponse } },
    async (request, reply) => {
      const range = monthRangeOf(request.query);
      const companies = await exportCompanies(app.db);
      return sendCsv(reply, billingExportFileName(range), await billingExportCsv(app.db, companies, range));
    },
  );
}
