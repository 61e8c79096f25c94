import { Type, type Static } from 'typebox';
import { integerId, Nullable } from '../schemas';

/** The request and answer of a company's change log (docs/api.md, 'How an answer is declared'). */

export const auditLogQuery = Type.Object(
  {
    company_id: Type.Optional(integerId),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
    /** Only the changes of one kind of object: `article`, `service`, `end_user`, … */
    entity: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
  },
  { additionalProperties: false },
);

/** The impersonation an entry was made in: why, from when, until when (Unix seconds), and how long. */
export const auditImpersonationAnswer = Type.Object({
  id: Type.Integer(),
  reason: Type.String(),
  started_at: Type.Integer(),
  /** When it was stopped or ran out; null while it is live. */
  ended_at: Nullable(Type.Integer()),
  /** When it ends by itself. */
  expires_at: Type.Integer(),
  /** Whole minutes it lasted, or has lasted so far. */
  minutes: Type.Integer(),
});
export type AuditImpersonationAnswer = Static<typeof auditImpersonationAnswer>;

/** One change to the company. */
export const auditEntryAnswer = Type.Object({
  id: Type.Integer(),
  /** Unix seconds. */
  created_at: Type.Integer(),
  user: Nullable(Type.Object({ id: Type.Integer(), firstname: Type.String(), lastname: Type.String() })),
  company_id: Nullable(Type.Integer()),
  /** The user's own company when the change was made while managing this one. */
  impersonating_from: Nullable(Type.Integer()),
  /** The provider's name, or the parent company's, of whoever made the change while managing the company. */
  impersonating_from_name: Nullable(Type.String()),
  impersonation: Nullable(auditImpersonationAnswer),
  /** `entity.verb`, e.g. `service.update`. */
  action: Type.String(),
  entity: Type.String(),
  entity_id: Nullable(Type.String()),
  /** The object's name as it is now (an article, end user, company, …); null when it is gone or has none. */
  subject_name: Nullable(Type.String()),
  /** What the change wrote, in the API's field names. */
  changes: Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true }),
});
export type AuditEntryAnswer = Static<typeof auditEntryAnswer>;

export const auditLogPageAnswer = Type.Object({ items: Type.Array(auditEntryAnswer), total: Type.Integer() });
export type AuditLogPageAnswer = Static<typeof auditLogPageAnswer>;
