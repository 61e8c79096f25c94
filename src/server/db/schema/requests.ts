import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RequestKind, RequestState } from '../../../domain/requests';
import { articleGroups, services } from './catalogue';
import { createdAt, instant } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * A request (aanvraag) of a company to the provider (docs/requests.md): its kind, its state, the
 * afname or article group it is about and the details its kind asks for. Names of the people
 * involved are kept beside their ids, so the timeline still reads after a user is removed.
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RequestKind>().notNull(),
    state: text('state').$type<RequestState>().notNull(),
    /** The afname it is about (every kind but porting); null once that afname is deleted. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    /** Porting's article group. */
    articleGroupId: integer('article_group_id').references(() => articleGroups.id, { onDelete: 'set null' }),
    /** What the kind asks for (domain/requests.ts, RequestDetails). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    /** Provider staff who picked it up ('Oppakken'). */
    handlerId: integer('handler_id').references(() => users.id, { onDelete: 'set null' }),
    handlerName: text('handler_name'),
    /** What carrying it out produced: the new SIM number, the new afname's id. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    /** The submitter's key of this submission: a retried or double submission makes one request. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requests_idempotency_key').on(t.companyId, t.idempotencyKey),
    index('requests_company_idx').on(t.companyId, t.createdAt),
    index('requests_service_idx').on(t.serviceId),
    // The provider's queue: open requests, blocks first, oldest first (docs/requests.md, 'The queue').
    index('requests_queue_idx')
      .on(sql`(${t.kind} <> 'block')`, t.createdAt, t.id)
      .where(sql`${t.state} in ('submitted', 'in_progress')`),
    index('requests_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * A request's timeline: every change of state and every message, with who and when. `state` is
 * the state it moved to (null for a message); `text` the reason or the message.
 */
export const requestEvents = pgTable(
  'request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    state: text('state').$type<RequestState>(),
    text: text('text'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    /** Whether the provider's staff wrote it (not while managing a company: then they act as the customer). */
    byProvider: boolean('by_provider').notNull().default(false),
    impersonationId: integer('impersonation_id'),
    createdAt: createdAt(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.id)],
);

/** PUK codes of SIMs, imported by the provider (docs/requests.md, 'PUK codes'). */
export const pukCodes = pgTable('puk_codes', {
  simNumber: text('sim_number').primaryKey(),
  puk: text('puk').notNull(),
  importedAt: instant('imported_at').notNull().defaultNow(),
});
