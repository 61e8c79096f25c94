import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Who changed what, acting for which company, impersonating or not. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    impersonatingFrom: integer('impersonating_from'),
    /** The impersonation the change was made in: its user, company, reason and time. */
    impersonationId: integer('impersonation_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** What the change wrote, in the API's field names (services/audit.ts); null for none. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    // A company's log also shows the changes made to the company itself from elsewhere.
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
  ],
);
