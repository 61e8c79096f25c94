import type { Db } from '../db';
import { auditLog } from '../db/schema';

export interface AuditActor {
  userId: number | null;
  companyId: number | null;
  impersonatingFrom: number | null;
  /** The impersonation the change was made in (its who, why and how long show in the log). */
  impersonationId?: number | null;
}

/** Records one change: who, acting for which company, impersonating or not, what changed. */
export const audit = async (
  db: Db,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: number | string | null,
  changes?: Record<string, unknown>,
): Promise<void> => {
  await db.insert(auditLog).values({
    userId: actor.userId,
    companyId: actor.companyId,
    impersonatingFrom: actor.impersonatingFrom,
    impersonationId: actor.impersonationId ?? null,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    changes: changes ?? null,
  });
};
