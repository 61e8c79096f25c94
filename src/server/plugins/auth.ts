import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages';
import { mayGoOnImpersonating } from '../services/auth/impersonation';
import { findLiveSession } from '../services/auth/sessions';
import type { Actor } from '../services/auth/actor';

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

/**
 * The one place that authenticates and authorizes: every /api route requires a live session
 * unless its config says `public`, and the permission its config names.
 */
export default fp(
  async (app) => {
    app.decorateRequest('actor', null as unknown as Actor);

    const authenticate = async (request: FastifyRequest): Promise<Actor | null> => {
      const token = bearer(request);
      const claims = token ? app.tokens.verify(token) : null;
      if (!claims) return null;
      const session = await findLiveSession(app.db, claims.sid);
      if (!session || session.userId !== claims.sub) return null;
      const { permissions } = session;
      const impersonating = claims.impersonate ?? null;
      const impersonationId = Number.isInteger(claims.imp) ? (claims.imp as number) : null;
      if (impersonating === null) {
        if (claims.company_id !== session.companyId) return null;
      } else {
        // The right to act for another company is checked again on every request, and the
        // impersonation the token names must still be live: stopped or past its hour, it is a 401.
        if (impersonating !== session.companyId || impersonationId === null) return null;
        const allowed = await mayGoOnImpersonating(
          app.db,
          { roleId: session.roleId, companyId: session.companyId, canEditParentCompany: permissions.EDIT_PARENT_COMPANY },
          { impersonationId, userId: session.userId, sessionId: session.sessionId, companyId: claims.company_id },
        );
        if (!allowed) return null;
      }
      return {
        userId: session.userId,
        roleId: session.roleId,
        ownCompanyId: session.companyId,
        companyId: claims.company_id,
        impersonatingFrom: impersonating,
        impersonationId: impersonating === null ? null : impersonationId,
        sessionId: session.sessionId,
        sessionScope: session.scope,
        permissions,
      };
    };

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const config = request.routeOptions.config;
      // The matched route, not the raw URL: the router decodes `/%61pi/...` to an /api route.
      if (!request.routeOptions.url?.startsWith('/api/')) return;
      if (config.public) {
        // Public routes still learn who is asking when a valid token comes along (logout).
        request.actor = (await authenticate(request)) as Actor;
        return;
      }
      const actor = await authenticate(request);
      if (!actor) return reply.code(401).send({ message: 'Niet ingelogd of sessie verlopen.' });
      request.actor = actor;
      // Provider staff without two-factor login get a session that can only set it up.
      if (actor.sessionScope === 'two-factor-setup' && !config.twoFactorSetup) {
        return reply.code(403).send({ message: MSG.twoFactorSetupFirst });
      }
      if (config.permission && !actor.permissions[config.permission]) {
        return reply.code(403).send({ message: 'Geen toestemming voor deze actie.' });
      }
    });
  },
  { name: 'auth', dependencies: ['core'] },
);
