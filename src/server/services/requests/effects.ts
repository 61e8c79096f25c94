import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db';
import { services, type requests } from '../../db/schema';
import type { Actor } from '../auth/actor';

/**
 * What a request does to the afnames (docs/requests.md, 'Kinds' and 'Carrying out'). Each
 * function runs inside the transaction that changes the request's state, so the effect and the
 * state change happen together or not at all.
 */

export type RequestRow = typeof requests.$inferSelect;

/** What the handler enters when carrying out (routes/requests/schemas.ts, carryOutBody). */
export interface CarryOutInput {
  simNumber?: string;
  articleId?: number;
  startDate?: string;
  endUserId?: number | null;
}

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
 */
export const carryOutRequest = async (
  tx: Db,
  request: RequestRow,
  _input: CarryOutInput,
  _actor: Actor,
): Promise<Record<string, unknown> | null> => {
  switch (request.kind) {
    case 'block':
      if (request.serviceId !== null) await tx.update(services).set({ blockState: 'blocked' }).where(eq(services.id, request.serviceId));
      return null;
    case 'unblock':
      if (request.serviceId !== null) await tx.update(services).set({ blockState: null }).where(eq(services.id, request.serviceId));
      return null;
    case 'question':
      return null;
    default:
      throw new Error(`carrying out ${request.kind} is not built yet`);
  }
};
