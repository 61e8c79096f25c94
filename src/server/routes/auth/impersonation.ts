import { reasonProblemOf } from '../../../domain/impersonation';
import { MSG } from '../../../domain/messages';
import type { Db } from '../../db';
import { HttpError } from '../../httpError';
import {
  endImpersonations,
  findLiveImpersonation,
  type Impersonation,
  lacksTwoFactorFor,
  mayImpersonate,
  minutesLasted,
  startImpersonation,
} from '../../services/auth/impersonation';
import { audit } from '../../services/audit';
import type { Actor } from '../../services/auth/actor';
import { errorResponses, noContent, type RouteApp } from '../schemas';
import { impersonateQuery, impersonationAnswer, reasonBody } from './schemas';

const reasonRefused = (message: string) => new HttpError(400, message, [{ field: 'reason', message }]);

/** An impersonation's own log entries: the user, acting for the company, in that impersonation. */
const actorIn = (actor: Actor, impersonation: Impersonation) => ({
  userId: actor.userId,
  companyId: impersonation.companyId,
  impersonatingFrom: actor.ownCompanyId,
  impersonationId: impersonation.id,
});

/** Ends the session's live impersonation, if any, and logs how many minutes it lasted (also at logout). */
export const endLive = async (db: Db, actor: Actor, now: Date) => {
  for (const ended of await endImpersonations(db, actor.sessionId, now)) {
    await audit(db, actorIn(actor, ended), 'impersonation.end', 'company', ended.companyId, { minutes: minutesLasted(ended, now) });
  }
};

/**
 * 'Beheren' (docs/permissions.md, 'Managing a company'): acting for another company takes a reason, ends by
 * itself after an hour (IMPERSONATION_SECONDS) and is logged, its changes with it. A token acting
 * for the company names its impersonation (`imp`), so the auth hook refuses it once it is over.
 */
export default async function impersonationRoutes(app: RouteApp) {
  const start = (actor: Actor, companyId: number, reason: string) => {
    const problem = reasonProblemOf(reason);
    if (problem) throw reasonRefused(problem);
    return app.db.transaction(async (tx) => {
      const now = new Date();
      // One company at a time per session: starting another ends the one before.
      await endLive(tx, actor, now);
      const impersonation = await startImpersonation(
        tx,
        { userId: actor.userId, sessionId: actor.sessionId, companyId, reason: reason.trim() },
        now,
      );
      await audit(tx, actorIn(actor, impersonation), 'impersonation.start', 'company', companyId);
      return impersonation;
    });
  };

  /** A reload acts for the company again: the same impersonation, no new reason, nothing logged. */
  const resume = async (actor: Actor, companyId: number) => {
    const live = await findLiveImpersonation(app.db, { userId: actor.userId, sessionId: actor.sessionId, companyId });
    if (!live) throw reasonRefused(MSG.impersonationReasonRequired);
    return live;
  };

  const tokenFor = (actor: Actor, impersonation: Impersonation) =>
    app.tokens.sign({
      sub: actor.userId,
      company_id: impersonation.companyId,
      impersonate: actor.ownCompanyId,
      sid: actor.sessionId,
      imp: impersonation.id,
      imp_exp: Math.floor(impersonation.expiresAt.getTime() / 1000),
    });

  app.post(
    '/auth/impersonate',
    {
      schema: {
        querystring: impersonateQuery,
        body: reasonBody,
        response: { 200: impersonationAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { actor } = request;
      const target = request.query.company_id;
      const allowed = await mayImpersonate(
        app.db,
        { roleId: actor.roleId, companyId: actor.ownCompanyId, canEditParentCompany: actor.permissions.EDIT_PARENT_COMPANY },
        target,
      );
      if (!allowed) throw new HttpError(404, 'Bedrijf niet gevonden.');
      // A reload's resume too: the user may have turned two-factor login off since the start.
      if (await lacksTwoFactorFor(app.db, actor.userId, target)) throw new HttpError(403, MSG.twoFactorToActFor);
      const reason = request.body?.reason;
      const impersonation = reason === undefined ? await resume(actor, target) : await start(actor, target, reason);
      return { data: { token: tokenFor(actor, impersonation) } };
    },
  );

  /** Stops managing: with the user's own token or the managing one; nothing live to stop is no error. */
  app.post('/auth/impersonate/stop', { schema: { response: { 204: noContent, ...errorResponses } } }, async (request, reply) => {
    await app.db.transaction((tx) => endLive(tx, request.actor, new Date()));
    return reply.code(204).send();
  });
}
