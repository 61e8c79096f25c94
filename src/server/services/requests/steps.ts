import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { canTakeStep, REQUEST_MSG, REQUEST_STEPS, type RequestState, type RequestStep } from '../../../domain/requests';
import type { Db } from '../../db';
import { requestEvents, requests } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import { mailAlerts } from '../alerts';
import { carryOutRequest, onRequestDropped, type AfterCommit, type CarryOutInput, type RequestRow } from './effects';
import { userNameOf } from './load';
import { requestMails, sendRequestMails } from './mails';

/**
 * The steps a request takes (docs/requests.md, 'States'; domain/requests.ts, REQUEST_STEPS): who
 * may take which, and taking one in one transaction with its effect, its timeline event, its
 * audit entry and, after the commit, its mails.
 */

/** Where the caller acts: the company's 'Aanvragen' (requester, approver) or the provider's queue. */
export type StepRoute = 'customer' | 'provider';

const FORBIDDEN = 'Geen toestemming voor deze actie.';

/** Why the caller may not take `step` on the request (a 403 message), or null when it may. */
const refusalOf = (actor: Actor, request: RequestRow, step: RequestStep, route: StepRoute): string | null => {
  const { by } = REQUEST_STEPS[step];
  if (route === 'provider') return by === 'provider' && actor.permissions.HANDLE_REQUESTS ? null : FORBIDDEN;
  if (by === 'requester') {
    if (!actor.permissions.REQUEST_CHANGES) return FORBIDDEN;
    return request.requestedBy === actor.userId ? null : REQUEST_MSG.onlyRequesterWithdraws;
  }
  // A colleague's request: whoever asked does not approve it too (docs/requests.md, 'Approval').
  if (by === 'approver') {
    return actor.permissions.APPROVE_REQUESTS && actor.companyId === request.companyId && request.requestedBy !== actor.userId ? null : FORBIDDEN;
  }
  return FORBIDDEN;
};

/** Picking up a request the caller already handles changes nothing: not a step it can take. */
const alreadyDone = (actor: Actor, request: RequestRow, step: RequestStep) => step === 'pick_up' && request.handlerId === actor.userId;

/** The steps the caller may take on the request now, in REQUEST_STEPS' order. */
export const stepsFor = (actor: Actor, request: RequestRow, route: StepRoute): RequestStep[] =>
  (Object.keys(REQUEST_STEPS) as RequestStep[]).filter(
    (step) => canTakeStep(request.state, step) && refusalOf(actor, request, step, route) === null && !alreadyDone(actor, request, step),
  );

export interface StepInput {
  /** A rejection's reason, or carrying out's closing message. */
  text?: string | null;
  /** What carrying out needs (routes/requests/schemas.ts, carryOutBody). */
  carryOut?: CarryOutInput;
}

type StepApp = Pick<FastifyInstance, 'db' | 'config' | 'mailer' | 'backgroundTasks'>;

/**
 * Takes `step` on the request: 403 when the caller may not, 409 REQUEST_MSG.stepNotAllowed when
 * the request is no longer in a state the step starts from. The state changes by an update
 * `where state = (the state the caller's step was decided on)`, so of two callers taking a step at
 * once one succeeds and the other gets the 409, even when the first step leads to a state the
 * second could also start from (an approval and a withdrawal at the same moment); the effect, the
 * event and the audit entry are in the same transaction.
 */
export const takeStep = async (app: StepApp, actor: Actor, request: RequestRow, step: RequestStep, route: StepRoute, input: StepInput = {}) => {
  const refusal = refusalOf(actor, request, step, route);
  if (refusal) throw new HttpError(403, refusal);
  const text = input.text?.trim() || null;
  if ((step === 'reject' || step === 'reject_approval') && !text) {
    throw new HttpError(400, REQUEST_MSG.reasonRequired, [{ field: 'reason', message: REQUEST_MSG.reasonRequired }]);
  }
  if (!canTakeStep(request.state, step) || alreadyDone(actor, request, step)) throw new HttpError(409, REQUEST_MSG.stepNotAllowed);
  const { to } = REQUEST_STEPS[step];
  // Usage matched to an afname that carrying out creates may cross an alert threshold: mailed after the commit.
  const afterCommit: AfterCommit = { alerts: [] };
  const { updated, mails } = await app.db.transaction(async (tx) => {
    const userName = await userNameOf(tx, actor.userId);
    const [moved] = await tx
      .update(requests)
      .set({
        state: to as RequestState,
        updatedAt: new Date(),
        ...(step === 'pick_up' ? { handlerId: actor.userId, handlerName: userName } : {}),
      })
      .where(
        and(
          eq(requests.id, request.id),
          eq(requests.state, request.state),
          step === 'pick_up' ? or(isNull(requests.handlerId), ne(requests.handlerId, actor.userId)) : undefined,
        ),
      )
      .returning();
    if (!moved) throw new HttpError(409, REQUEST_MSG.stepNotAllowed);
    let row = moved;
    if (to === 'withdrawn' || to === 'rejected') await onRequestDropped(tx, row);
    if (step === 'carry_out') {
      const outcome = await carryOutRequest(tx, row, input.carryOut ?? {}, actor, afterCommit);
      [row] = await tx.update(requests).set({ outcome }).where(eq(requests.id, row.id)).returning();
    }
    await recordEvent(tx, actor, row.id, { state: to as RequestState, text, userName, byProvider: route === 'provider' });
    await audit(tx, actor, `request.${step}`, 'request', row.id, {
      kind: row.kind,
      from: request.state,
      to,
      ...(text ? { text } : {}),
      ...(step === 'carry_out' && row.outcome ? { outcome: row.outcome } : {}),
    });
    const reason = to === 'rejected' ? text : null;
    // Taking over a request in progress is no change of state: nothing to mail.
    const moves = request.state !== to;
    return { updated: row, mails: moves ? await requestMails(tx, app.config.publicUrl, row, to as RequestState, actor.userId, reason) : [] };
  });
  sendRequestMails(app, mails);
  mailAlerts(app, afterCommit.alerts);
  return updated;
};

/** One line of the timeline: a change of state (with its reason) or a message (state null). */
export const recordEvent = async (
  tx: Db,
  actor: Actor,
  requestId: number,
  event: { state: RequestState | null; text: string | null; userName: string; byProvider: boolean },
) => {
  await tx.insert(requestEvents).values({
    requestId,
    state: event.state,
    text: event.text,
    userId: actor.userId,
    userName: event.userName,
    byProvider: event.byProvider,
    impersonationId: actor.impersonationId,
  });
};

/**
 * A message in the timeline (docs/requests.md, 'States'): in any state, by the customer or the
 * provider. No change of state, so no mail; the audit log keeps it as any other change.
 */
export const addMessage = async (db: Db, actor: Actor, request: RequestRow, text: string | undefined, route: StepRoute) => {
  const message = text?.trim();
  if (!message) throw new HttpError(400, REQUEST_MSG.messageRequired, [{ field: 'text', message: REQUEST_MSG.messageRequired }]);
  await db.transaction(async (tx) => {
    const userName = await userNameOf(tx, actor.userId);
    await recordEvent(tx, actor, request.id, { state: null, text: message, userName, byProvider: route === 'provider' });
    await tx.update(requests).set({ updatedAt: new Date() }).where(eq(requests.id, request.id));
    await audit(tx, actor, 'request.message', 'request', request.id, { text: message });
  });
};
