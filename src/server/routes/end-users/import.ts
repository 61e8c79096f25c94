import { MSG } from '../../../domain/messages';
import { endUsers } from '../../db/schema';
import { audit } from '../../services/audit';
import { parseEndUserCsv } from '../../services/endUserImport';
import { refuseBadLines, uploadedCsv } from '../csvImport';
import { csvResponse, errorResponses, messageSchema, type RouteApp } from '../schemas';
import { endUserImportAnswer } from './schemas';

const INSERT_CHUNK = 1000;
/** docs/rules.md, 'Files': the template Excel opens in a Dutch locale. */
const TEMPLATE = '\uFEFFvoornaam;achternaam\r\n';

/** End user import of "Mijn bedrijf" (docs/api-company-admin.md, 'End user import'): all or nothing, into the acting company. */
export default async function endUserImportRoutes(app: RouteApp) {
  app.post(
    '/end-users/import',
    {
      config: { permission: 'BULK_IMPORT' },
      schema: {
        // multipart/form-data with the file in field `data`; read by the handler, not validated as a body.
        response: { 200: endUserImportAnswer, ...errorResponses, 413: messageSchema },
      },
    },
    async (request) => {
      const { actor } = request;
      const file = await uploadedCsv(request, 'data');
      const parsed = parseEndUserCsv(file.content);
      if (!parsed.ok) return refuseBadLines(parsed.errors);
      const rows = parsed.endUsers.map((u) => ({ ...u, companyId: actor.companyId }));
      await app.db.transaction(async (tx) => {
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await tx.insert(endUsers).values(rows.slice(start, start + INSERT_CHUNK));
        }
        await audit(tx, actor, 'end_user.import', 'end_user', null, { imported: rows.length, file: file.filename });
      });
      return { message: MSG.importSuccess, imported: rows.length };
    },
  );

  app.get(
    '/end-users/import/template',
    {
      config: { permission: 'BULK_IMPORT' },
      schema: { response: { 200: csvResponse, ...errorResponses } },
    },
    async (_request, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="template.csv"')
        .header('Cache-Control', 'no-store')
        .send(TEMPLATE),
  );
}
