import { MSG } from '../../../domain/messages';
import { HttpError } from '../../plugins/errors';
import { ambiguousNote, importUsage } from '../../services/usage/import';
import { errorResponses, messageSchema, type RouteApp } from '../schemas';

const NO_FILE = 'Er is geen bestand ontvangen. Er is geen data geïmporteerd.';

/** Usage (CDR) import of the admin screen, decisions section 7. */
export default async function usageRoutes(app: RouteApp) {
  app.post(
    '/usage/import',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        // multipart/form-data with the file in field `usage`; streamed by the handler, not validated as a body.
        response: {
          200: {
            type: 'object',
            properties: {
              message: { type: 'string' },
              imported: { type: 'integer' },
              duplicates: { type: 'integer' },
              unmatched: { type: 'integer' },
              // Of `unmatched`: records of a number that services of two companies held at their time.
              ambiguous: { type: 'integer' },
              refused: { type: 'integer' },
              months: { type: 'array', items: { type: 'string' } },
            },
            required: ['message', 'imported', 'duplicates', 'unmatched', 'ambiguous', 'refused', 'months'],
          },
          ...errorResponses,
          413: messageSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
      // The size limit is the multipart plugin's: UPLOAD_LIMIT_MB.
      const file = await request.file();
      if (!file) throw new HttpError(400, NO_FILE);
      if (file.fieldname !== 'usage') {
        file.file.resume();
        throw new HttpError(400, NO_FILE);
      }
      const result = await importUsage(app.db, {
        source: file.file,
        fileName: file.filename,
        actor: request.actor,
        truncated: () => file.file.truncated,
      });
      app.metrics.usageRecordsImported.inc(result.imported);
      return {
        message: result.ambiguous ? `${MSG.importSuccess} ${ambiguousNote(result.ambiguous)}` : MSG.importSuccess,
        imported: result.imported,
        duplicates: result.duplicates,
        unmatched: result.unmatched,
        ambiguous: result.ambiguous,
        // All or nothing: a file with a bad line is refused whole (400), so nothing is refused here.
        refused: 0,
        months: result.months,
      };
    },
  );
}
