import { Type } from 'typebox';
import { deviceName } from '../../../domain/device';
import { HttpError } from '../../httpError';
import { liveSessionsOf, revokeUserSession, revokeUserSessions } from '../../services/auth/sessions';
import { errorResponses, noContent, type RouteApp } from '../schemas';
import { voidLinks } from './repository';
import { accountSessionAnswer, sessionParams } from './schemas';
import { toEpoch } from '../../serialize';

const NOT_FOUND = 'Sessie niet gevonden.';

/**
 * The user's own sessions: where they are logged in (device, last use), and logging out there.
 * Only the user's own, also while managing another company.
 */
export default async function sessionRoutes(app: RouteApp) {
  app.get(
    '/account/sessions',
    { schema: { response: { 200: Type.Array(accountSessionAnswer), ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const rows = await liveSessionsOf(app.db, actor.userId);
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        created_at: toEpoch(row.createdAt),
        // A session is used with every refresh of its access token (docs/rules.md, 'Tokens and sessions').
        last_used_at: toEpoch(row.lastRefreshAt),
        current: row.id === actor.sessionId,
      }));
    },
  );

  // Logging out changes no data, so, as POST /auth/logout, these calls write no audit entry.
  // 'Uitloggen op alle apparaten': this session too; the portal then shows the login screen. A
  // pending address change ends with it: a session that should not have been may have asked for it.
  app.delete('/account/sessions', { schema: { response: { 204: noContent, ...errorResponses } } }, async (request, reply) => {
    await app.db.transaction(async (tx) => {
      await revokeUserSessions(tx, request.actor.userId);
      await voidLinks(tx, request.actor.userId, ['email']);
    });
    return reply.code(204).send();
  });

  app.delete(
    '/account/sessions/:id',
    { schema: { params: sessionParams, response: { 204: noContent, ...errorResponses } } },
    async (request, reply) => {
      if (!(await revokeUserSession(app.db, request.actor.userId, request.params.id))) throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
