import { monthsInRange } from '../../../domain/costs';
import { allowLongWork } from '../../db';
import { HttpError } from '../../httpError';
import { finalizeMonths, isClosedMonth } from '../../services/costSpecification/store';
import {
  BILLING_EXPORT_HEADER,
  billingExportFileName,
  billingExportRows,
  exportCompanies,
  exportCompany,
} from '../../services/costs/billingExport';
import { sendDownload } from '../../services/xlsx';
import { monthRangeOf } from '../costRange';
import { downloadResponse, errorResponses, type RouteApp } from '../schemas';
import { exportQuery } from './schemas';

/**
 * The billing export (docs/rules.md, 'The billing export'; docs/rules.md, 'Files'): the invoice lines of the months that
 * `costs_date_from` .. `costs_date_to` touch, as `{YYYY-MM}-facturatie-input.csv` (or `.xlsx` with
 * `format=xlsx`).
 * - `/report/export`: the acting company's, for any logged-in user (the costs screen's
 *   'Export facturatiedetails').
 * - `/report/export/all`: every customer company with services, for provider staff: it needs
 *   CREATE_COMPANY, the permission that opens the admin screen where its tab lives. It also makes
 *   the cost specifications of the range's closed months final (docs/cost-specification.md, 'Final once billed').
 */

const exportResponses = { 200: downloadResponse, ...errorResponses } as const;

export default async function billingExportRoutes(app: RouteApp) {
  app.get(
    '/report/export',
    { schema: { querystring: exportQuery, response: exportResponses } },
    async (request, reply) => {
      const range = monthRangeOf(request.query);
      const company = await exportCompany(app.db, request.actor.companyId);
      if (!company) throw new HttpError(404, 'Bedrijf niet gevonden.');
      const rows = await billingExportRows(app.db, [company], range);
      return sendDownload(reply, request.query.format, billingExportFileName(range), BILLING_EXPORT_HEADER, rows);
    },
  );

  app.get(
    '/report/export/all',
    { config: { permission: 'CREATE_COMPANY' }, schema: { querystring: exportQuery, response: exportResponses } },
    async (request, reply) => {
      const range = monthRangeOf(request.query);
      // Every company's month: the longer time limits of docs/operations.md, 'No query hangs'.
      const { companies, rows } = await app.db.transaction(async (tx) => {
        await allowLongWork(tx);
        const all = await exportCompanies(tx);
        return { companies: all, rows: await billingExportRows(tx, all, range) };
      });
      // docs/cost-specification.md, 'Final once billed': the closed months of the range become final,
      // in the background, so the export answers as fast as before.
      const nowMs = Date.now();
      const closed = monthsInRange(range.from, range.to).filter((month) => isClosedMonth(month, nowMs));
      if (closed.length > 0) {
        app.backgroundTasks.run('cost specifications', async () => {
          await finalizeMonths(app.db, { mailer: app.mailer, publicUrl: app.config.publicUrl }, companies, closed, app.config.vatRate, nowMs);
        });
      }
      return sendDownload(reply, request.query.format, billingExportFileName(range), BILLING_EXPORT_HEADER, rows);
    },
  );
}
