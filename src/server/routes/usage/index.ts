import { MSG } from '../../../domain/messages';
import { HttpError } from '../../httpError';
import { mailAlerts } from '../../services/alerts';
import { importHistory, unmatchedNumbers } from '../../services/usage/history';
import { ambiguousNote, importUsage } from '../../services/usage/import';
import { attachKeptNumber } from '../../services/usage/rematch';
import { errorResponses, messageSchema, type RouteApp } from '../schemas';
import {
  attachAnswer,
  attachBody,
  pageQuery,
  unmatchedNumbersPageAnswer,
  usageImportAnswer,
  usageImportsPageAnswer,
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
        response: {
          200: usageImportAnswer,
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
      // After the commit; a mail that fails is logged, never fails the import.
      mailAlerts(app, result.alerts ?? []);
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

const pageOf = (query: { offset?: number; limit?: number }) => ({ offset: query.offset ?? 0, limit: query.limit ?? USAGE_HISTORY_PAGE });
