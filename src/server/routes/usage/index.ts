import fs from 'node:fs';
import { Type } from 'typebox';
import { HttpError } from '../../httpError';
import { mailAlerts } from '../../services/alerts';
import { importHistory, importOf, unmatchedNumbers } from '../../services/usage/history';
import { importMessage, importUsage, type UsageImportResult } from '../../services/usage/import';
import { IMPORT_MSG, openImport, receiveUpload, runImport } from '../../services/usage/importJob';
import { attachKeptNumber } from '../../services/usage/rematch';
import { errorResponses, messageSchema, type RouteApp } from '../schemas';
import {
  attachAnswer,
  attachBody,
  pageQuery,
  unmatchedNumbersPageAnswer,
  usageImportAnswer,
  usageImportRowAnswer,
  usageImportsPageAnswer,
  usageImportStartedAnswer,
} from './schemas';

const NO_FILE = 'Er is geen bestand ontvangen. Er is geen data geïmporteerd.';

/** Usage (CDR) import of the admin screen, docs/usage.md, 'Import'. */
export default async function usageRoutes(app: RouteApp) {
  app.post(
    '/usage/import',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        // multipart/form-data with the file in field `usage`; streamed by the handler, not validated as a body.
        // `Prefer: respond-async`: 202 once the file is received, the import runs on (GET /usage/imports/{id}).
        headers: Type.Object({ prefer: Type.Optional(Type.String()) }),
        response: {
          200: usageImportAnswer,
          202: usageImportStartedAnswer,
          ...errorResponses,
          413: messageSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, NO_FILE);
      // The size limit is the multipart plugin's: UPLOAD_LIMIT_MB.
      const file = await request.file();
      if (!file) throw new HttpError(400, NO_FILE);
      if (file.fieldname !== 'usage') {
        file.file.resume();
        throw new HttpError(400, NO_FILE);
      }
      const job = { fileName: file.filename, actor: request.actor };
      /** After the commit: the metric, and the alerts' mails (one that fails is logged, never fails the import). */
      const imported = (result: UsageImportResult) => {
        app.metrics.usageRecordsImported.inc(result.imported);
        mailAlerts(app, result.alerts ?? []);
      };

      if (!/\brespond-async\b/i.test(request.headers.prefer ?? '')) {
        // The caller waits: the file is imported as it arrives, in one transaction with its row; a refusal is the answer and leaves nothing.
        const result = await importUsage(app.db, { ...job, source: file.file, truncated: () => file.file.truncated });
        imported(result);
        return {
          message: importMessage(result.ambiguous),
          imported: result.imported,
          duplicates: result.duplicates,
          unmatched: result.unmatched,
          ambiguous: result.ambiguous,
          // All or nothing: a file with a bad line is refused whole (400), so nothing is refused here.
          refused: 0,
          months: result.months,
        };
      }

      // A job (docs/usage.md, 'An import is a job'): the file is received whole, then imported after the answer.
      const upload = await receiveUpload(file.file);
      const importId = await openImport(app.db, { ...job, bytesTotal: upload.bytes });
      app.backgroundTasks.run('usage import', async () => {
        try {
          imported(await runImport(app.db, importId, { ...job, source: fs.createReadStream(upload.path) }));
        } catch (err) {
          // A refused file is the job's outcome, on its row; anything else is the server's.
          if (!(err instanceof HttpError)) throw err;
        } finally {
          upload.remove();
        }
      });
      return reply
        .code(202)
        .header('location', `/api/usage/imports/${importId}`)
        .header('preference-applied', 'respond-async')
        .send({ import_id: importId, message: IMPORT_MSG.received });
    },
  );

  app.get(
    '/usage/imports/:id',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        params: importParams,
        response: {
          200: usageImportRowAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await importOf(app.db, request.params.id);
      if (!row) throw new HttpError(404, IMPORT_MSG.unknown);
      return row;
    },
  );

  // The imports and the numbers kept aside (services/usage/history.ts), for whoever may import.
  app.get(
    '/usage/imports',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        querystring: pageQuery,
        response: {
          200: usageImportsPageAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { rows, total } = await importHistory(app.db, pageOf(request.query));
      return { data: rows, total };
    },
  );

  app.get(
    '/usage/unmatched',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        querystring: pageQuery,
        response: {
          200: unmatchedNumbersPageAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { rows, total } = await unmatchedNumbers(app.db, pageOf(request.query));
      return { data: rows, total };
    },
  );

  // Kept-aside usage belongs to nobody until provider staff attach it (docs/rules.md): a number's records from the list.
  app.post(
    '/usage/unmatched/attach',
    {
      config: { permission: 'UPLOAD_CDR' },
      schema: {
        body: attachBody,
        response: {
          200: attachAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const result = await app.db.transaction((tx) => attachKeptNumber(tx, request.actor, request.body.number));
      if (!result) return { message: 'Voor dit nummer zijn geen verbruiksregels apart gezet.', attached: 0 };
      // After the commit, as after an import: the alerts that usage crossed.
      mailAlerts(app, result.alerts ?? []);
      return { message: attachedMessage(result.imported), attached: result.imported };
    },
  );
}

/** The answer to an attach: how many records the number's services got. */
const attachedMessage = (attached: number) =>
  attached === 0
    ? 'Er zijn geen verbruiksregels gekoppeld: geen afname had dit nummer op het moment van die regels (of meer dan één klant tegelijk).'
    : `${attached.toLocaleString('nl-NL')} ${attached === 1 ? 'verbruiksregel' : 'verbruiksregels'} gekoppeld.`;

/** Rows per page of the imports and of the numbers kept aside. */
const USAGE_HISTORY_PAGE = 25;

const importParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const pageOf = (query: { offset?: number; limit?: number }) => ({ offset: query.offset ?? 0, limit: query.limit ?? USAGE_HISTORY_PAGE });
