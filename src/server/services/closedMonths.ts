import { closedMonthVerdict } from '../../domain/closedMonths';
import { MSG } from '../../domain/messages';
import { HttpError } from '../httpError';
import type { Actor } from './auth/actor';

/**
 * docs/rules.md, 'Billed months are closed' at a route: a customer user's change that alters a closed month's costs
 * answers 409 before anything is written. Answers true for provider staff's change of a closed
 * month, which the route then marks in its audit entry (`closedMonthAudit`).
 */
export const guardClosedMonths = (actor: Actor, touchesClosedMonth: boolean): boolean => {
  const verdict = closedMonthVerdict(touchesClosedMonth, actor.roleId);
  if (verdict === 'refused') throw new HttpError(409, MSG.closedMonth);
  return verdict === 'audited';
};

/**
 * The audit detail of a change: the old and new values always, and the closed-month mark when
 * provider staff changed a billed month, so the provider's billing can send a correction.
 */
export const closedMonthAudit = (closedMonth: boolean, before: unknown, after: unknown) => ({
  before,
  after,
  ...(closedMonth ? { closed_month: true } : {}),
});
