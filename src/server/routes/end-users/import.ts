import { MSG } from '../../../domain/messages';
import { endUsers } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { MAX_IMPORT_BYTES, parseEndUserCsv } from '../../services/endUserImport';
import { csvResponse, errorResponses, messageSchema, type RouteApp } from '../schemas';
import { endUserImportAnswer } from './schemas';

const NOTHING_IMPORTED = 'Er is geen data geïmporteerd.';
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
      const noFile = new HttpError(400, `Er is geen bestand ontvangen. ${NOTHING_IMPORTED}`);
      if (!request.isMultipart()) throw noFile;
      const file = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
      if (!file) throw noFile;
      if (file.fieldname !== 'data') {
        file.file.resume();
        throw noFile;
      }
      // Throws 413 when the file is larger than the limit.
      const parsed = parseEndUserCsv(await file.toBuffer());
      if (!parsed.ok) {
        const [first] = parsed.errors;
        throw new HttpError(400, `Regel ${first.line}: ${first.message}. ${NOTHING_IMPORTED}`, parsed.errors);
      }
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
