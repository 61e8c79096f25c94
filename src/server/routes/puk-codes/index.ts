import { eq, sql } from 'drizzle-orm';
import { REQUEST_MSG } from '../../../domain/requests';
import { normaliseSimNumber } from '../../../domain/simNumbers';
import { pukCodes, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { verifyPassword } from '../../services/auth/password';
import { acceptLoginCode } from '../../services/auth/twoFactor';
import { parsePukCsv } from '../../services/pukImport';
import { simOfService } from '../../services/requests/simField';
import { refuseBadLines, uploadedCsv } from '../csvImport';
import { limitedPerUser, passwordChecksOf } from '../passwordChecks';
import { errorResponses, idParams, messageSchema, type RouteApp } from '../schemas';
import { pukAnswer, pukBody, pukImportAnswer } from './schemas';

const UPSERT_CHUNK = 1000;

/**
 * PUK codes (docs/requests.md, 'PUK codes'): the provider imports them with the SIMs; a user of
 * the company sees an afname's code after entering the password again.
 */
export default async function pukCodeRoutes(app: RouteApp) {
  // Counted with the other password checks of the user ('Mijn account'); a right one gives its turn back.
  const passwordChecks = passwordChecksOf(app);

  app.post(
    '/puk-codes/import',
    {
      config: { permission: 'HANDLE_REQUESTS' },
      schema: {
        // multipart/form-data with the file in field `file`; read by the handler, not validated as a body.
        response: { 200: pukImportAnswer, ...errorResponses, 413: messageSchema },
      },
    },
    async (request) => {
      const { actor } = request;
      const file = await uploadedCsv(request, 'file');
      const parsed = parsePukCsv(file.content);
      if (!parsed.ok) return refuseBadLines(parsed.errors);
      const { codes } = parsed;
      await app.db.transaction(async (tx) => {
        // A SIM imported before gets the new code.
        for (let start = 0; start < codes.length; start += UPSERT_CHUNK) {
          await tx
            .insert(pukCodes)
            .values(codes.slice(start, start + UPSERT_CHUNK))
            .onConflictDoUpdate({ target: pukCodes.simNumber, set: { puk: sql`excluded.puk`, importedAt: sql`now()` } });
        }
        // How many, never the codes.
        await audit(tx, actor, 'puk_code.import', 'puk_code', null, { imported: codes.length, file: file.filename });
      });
      return { imported: codes.length };
    },
  );

  /**
   * An afname's PUK code, after the caller's own password again (and a code of the app or a
   * recovery code, with two-factor login on). While managing a company, provider staff enter their
   * own password and code: the token's user is theirs, and the Wijzigingslog names them with the
   * management. A wrong password or code is a 400 (never a 401, which would end the session) and
   * uses one of the user's password checks; every view is in the Wijzigingslog, without the code.
   */
  app.post(
    '/services/:id/puk',
    {
      config: { permission: 'REQUEST_CHANGES' },
      preHandler: limitedPerUser(passwordChecks),
      schema: { params: idParams, body: pukBody, response: { 200: pukAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const sim = await simOfService(app.db, actor.companyId, request.params.id);
      if (!sim) throw new HttpError(404, 'Afname niet gevonden.');
      const simNumber = sim.field && sim.input ? normaliseSimNumber(sim.input.value) : null;
      const [code] = simNumber ? await app.db.select().from(pukCodes).where(eq(pukCodes.simNumber, simNumber)).limit(1) : [];
      if (!simNumber || !code) throw new HttpError(404, REQUEST_MSG.pukUnknown);
      const [user] = await app.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
      // The session is live, so its user exists; a user removed mid-request is gone like a 404.
      if (!user) throw new HttpError(404, 'Account niet gevonden.');
      if (!(await verifyPassword(body.password, user.passwordHash, request.ip))) {
        throw new HttpError(400, REQUEST_MSG.pukPasswordWrong, [{ field: 'password', message: REQUEST_MSG.pukPasswordWrong }]);
      }
      if (user.totpEnabledAt && !(body.code?.trim() && (await acceptLoginCode(app.db, app.config.twoFactorKey, user, body.code)))) {
        throw new HttpError(400, REQUEST_MSG.pukCodeWrong, [{ field: 'code', message: REQUEST_MSG.pukCodeWrong }]);
      }
      await passwordChecks.giveBack(String(actor.userId));
      await audit(app.db, actor, 'service.puk_viewed', 'service', sim.service.id);
      // A secret: no cache keeps it.
      reply.header('Cache-Control', 'no-store');
      return { sim_number: simNumber, puk: code.puk };
    },
  );
}
