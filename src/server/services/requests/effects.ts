import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { services } from '../../db/schema';
import type { Actor } from '../auth/actor';
import type { CarryOutInput, RequestRow } from './types';
import { carryOutNewSim, carryOutPorting, carryOutTariffChange, type AfterCommit } from './serviceChanges';

export type { AfterCommit } from './serviceChanges';
export type { CarryOutInput, RequestRow } from './types';

/**
 * What a request does to the afnames (docs/requests.md, 'Kinds' and 'Carrying out'). Each
 * function runs inside the transaction that changes the request's state, so the effect and the
 * state change happen together or not at all.
 */

/** A request was submitted (or is waiting for approval): a block shows on the afname at once. */
export const onRequestSubmitted = async (tx: Db, request: RequestRow): Promise<void> => {
  if (request.kind === 'block' && request.serviceId !== null) {
    await tx.update(services).set({ blockState: 'requested' }).where(eq(services.id, request.serviceId));
  }
};

/** A request ended without its effect (withdrawn or rejected): a block's afname is as before. */
export const onRequestDropped = async (tx: Db, request: RequestRow): Promise<void> => {
  if (request.kind === 'block' && request.serviceId !== null) {
    await tx
      .update(services)
      .set({ blockState: null })
      .where(and(eq(services.id, request.serviceId), eq(services.blockState, 'requested')));
  }
};

/**
 * Carries out the request's effect and answers what it produced (stored as the request's
 * `outcome`), or null. Throws HttpError 400/409 with a Dutch message when the input does not do.
 * What it leaves for after the commit goes into `afterCommit`: the usage alerts that kept-aside
 * usage, now matched, crossed (the caller mails them with `mailAlerts` once the transaction has
 * committed, as the afname routes do). The worked examples: docs/rules.md, 'Requests: what
 * carrying out does'.
 */
export const carryOutRequest = async (
  tx: Db,
  request: RequestRow,
  input: CarryOutInput,
  actor: Actor,
  afterCommit: AfterCommit = { alerts: [] },
): Promise<Record<string, unknown> | null> => {
  switch (request.kind) {
    case 'block':
      if (request.serviceId !== null) await tx.update(services).set({ blockState: 'blocked' }).where(eq(services.id, request.serviceId));
      return null;
    case 'unblock':
      if (request.serviceId !== null) await tx.update(services).set({ blockState: null }).where(eq(services.id, request.serviceId));
      return null;
    case 'new_sim':
      return carryOutNewSim(tx, request, input, actor);
    case 'tariff_change':
      return carryOutTariffChange(tx, request, actor, afterCommit);
    case 'porting':
      return carryOutPorting(tx, request, input, actor, afterCommit);
    case 'question':
      return null;
  }
};
