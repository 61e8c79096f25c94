import { Type, type Static } from 'typebox';
import { BLOCK_REASONS, REQUEST_KINDS, REQUEST_STATES, REQUEST_STEPS, SIM_TYPES } from '../../../domain/requests';
import { blockStateAnswer, companyRefAnswer, fieldInputAnswer, integerId, isoDateSchema, Nullable, nullableEnum } from '../schemas';

/**
 * The requests and answers of requests (docs/requests.md; docs/api.md, 'How an answer is
 * declared'): the customer's calls under /requests, the provider's queue under /request-queue.
 */

const kindSchema = Type.Enum(REQUEST_KINDS, { type: 'string' });
const stateSchema = Type.Enum(REQUEST_STATES, { type: 'string' });
const stepSchema = Type.Enum(Object.keys(REQUEST_STEPS) as (keyof typeof REQUEST_STEPS)[], { type: 'string' });
const blockStateSchema = blockStateAnswer;

const shortText = Type.String({ maxLength: 200 });
const longText = Type.String({ maxLength: 4000 });

/**
 * What a kind asks for (domain/requests.ts, RequestDetails). One object for every kind: the
 * handler checks per kind what is required, so a missing field answers its own Dutch message.
 */
const detailsInput = Type.Object(
  {
    reason: Type.Optional(Type.Enum(BLOCK_REASONS, { type: 'string' })),
    note: Type.Optional(longText),
    sim_type: Type.Optional(Type.Enum(SIM_TYPES, { type: 'string' })),
    street: Type.Optional(shortText),
    zipcode: Type.Optional(shortText),
    city: Type.Optional(shortText),
    attention: Type.Optional(shortText),
    email: Type.Optional(shortText),
    article_id: Type.Optional(integerId),
    date: Type.Optional(isoDateSchema),
    number: Type.Optional(shortText),
    current_provider: Type.Optional(shortText),
    contract_number: Type.Optional(shortText),
    text: Type.Optional(longText),
  },
  { additionalProperties: false },
);

/** POST /requests. The header `Idempotency-Key` (optional, up to 100 characters) makes a retried submission one request. */
export const createRequestBody = Type.Object(
  {
    kind: kindSchema,
    /** The afname, for every kind but porting. */
    service_id: Type.Optional(integerId),
    /** The article group, for porting. */
    article_group_id: Type.Optional(integerId),
    details: detailsInput,
  },
  { additionalProperties: false },
);
export type CreateRequestBody = Static<typeof createRequestBody>;

export const idempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });

export const requestListQuery = Type.Object(
  {
    state: Type.Optional(stateSchema),
    /** Only the open ones (Wacht op goedkeuring, Ingediend, In behandeling); with `state`, that state. */
    open: Type.Optional(Type.Boolean()),
    kind: Type.Optional(kindSchema),
    /** Searches the afname's numbers and name, the article and who asked. */
    q: Type.Optional(Type.String({ maxLength: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);

export const queueQuery = Type.Object(
  {
    /** Without it: the open requests (Ingediend and In behandeling). */
    state: Type.Optional(stateSchema),
    kind: Type.Optional(kindSchema),
    company_id: Type.Optional(integerId),
    /** 'me', 'none' (not picked up) or a user id. */
    handler: Type.Optional(Type.String({ pattern: '^(me|none|[1-9][0-9]{0,9})$' })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  { additionalProperties: false },
);

/** Rejecting (by an approver or the provider) needs a reason. */
export const reasonBody = Type.Object({ reason: longText }, { additionalProperties: false });

export const messageBody = Type.Object({ text: longText }, { additionalProperties: false });

/** Carrying out: what the kind's effect needs from the handler (docs/requests.md, 'Carrying out'). */
export const carryOutBody = Type.Object(
  {
    /** new_sim: the new SIM's number. */
    sim_number: Type.Optional(shortText),
    /** porting: the article of the new afname (of the request's article group and company). */
    article_id: Type.Optional(integerId),
    /** porting: the new afname's start date (default: the wished date). */
    start_date: Type.Optional(isoDateSchema),
    /** porting: the new afname's end user. */
    end_user_id: Type.Optional(Nullable(integerId)),
    /** A closing message to the customer. */
    text: Type.Optional(longText),
  },
  { additionalProperties: false },
);

export const approvalSettingsBody = Type.Object({ approval_required: Type.Boolean() }, { additionalProperties: false });
export const approvalSettingsAnswer = Type.Object({ approval_required: Type.Boolean() });

const personAnswer = Type.Object({ id: Nullable(Type.Integer()), name: Type.String() });

/** The afname a request is about, as it is now. */
const requestServiceAnswer = Type.Object({
  id: Type.Integer(),
  article_id: Type.Integer(),
  article_name: Type.String(),
  article_group_id: Type.Integer(),
  article_group_name: Type.String(),
  end_user_name: Nullable(Type.String()),
  /** The afname's phone number (its `used_for_cdr` value), if any. */
  number: Nullable(Type.String()),
  sim_number: Nullable(Type.String()),
  input_field_1: Nullable(Type.String()),
  start_time: Type.Integer(),
  end_time: Nullable(Type.Integer()),
  block_state: blockStateSchema,
  article_group_field_inputs: Type.Array(fieldInputAnswer),
});

const detailsAnswer = Type.Object({
  reason: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
  sim_type: Type.Optional(Type.String()),
  street: Type.Optional(Type.String()),
  zipcode: Type.Optional(Type.String()),
  city: Type.Optional(Type.String()),
  attention: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  article_id: Type.Optional(Type.Integer()),
  /** tariff_change: the new article's name. */
  article_name: Type.Optional(Type.String()),
  date: Type.Optional(Type.String()),
  number: Type.Optional(Type.String()),
  current_provider: Type.Optional(Type.String()),
  contract_number: Type.Optional(Type.String()),
  text: Type.Optional(Type.String()),
});

/** One line of the timeline: a change of state (with its reason) or a message. */
export const requestEventAnswer = Type.Object({
  id: Type.Integer(),
  /** The state it moved to; null for a message. */
  state: nullableEnum(REQUEST_STATES),
  text: Nullable(Type.String()),
  user_name: Type.String(),
  by_provider: Type.Boolean(),
  /** Unix seconds. */
  created_at: Type.Integer(),
});

/** A request in a list (the company's 'Aanvragen', the provider's queue). */
export const requestSummaryAnswer = Type.Object({
  id: Type.Integer(),
  kind: kindSchema,
  state: stateSchema,
  company: companyRefAnswer,
  service_id: Nullable(Type.Integer()),
  /** How the list names the afname: its number, else its first field, else the article. */
  service_label: Nullable(Type.String()),
  article_name: Nullable(Type.String()),
  article_group_name: Nullable(Type.String()),
  requested_by: personAnswer,
  handler: Nullable(personAnswer),
  /** Unix seconds. */
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type RequestSummaryAnswer = Static<typeof requestSummaryAnswer>;

export const requestsPageAnswer = Type.Object({ items: Type.Array(requestSummaryAnswer), total: Type.Integer() });
export type RequestsPageAnswer = Static<typeof requestsPageAnswer>;

/** A request with its afname, its details and its timeline, and the steps the caller may take now. */
export const requestAnswer = Type.Object({
  ...requestSummaryAnswer.properties,
  service: Nullable(requestServiceAnswer),
  article_group: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  details: detailsAnswer,
  /** What carrying it out produced. */
  outcome: Nullable(Type.Object({ sim_number: Type.Optional(Type.String()), service_id: Type.Optional(Type.Integer()) })),
  events: Type.Array(requestEventAnswer),
  steps: Type.Array(stepSchema),
});
export type RequestAnswer = Static<typeof requestAnswer>;

/** GET /request-queue/{id}/articles: the articles a handler may choose for a porting, by name. */
export const queueArticlesAnswer = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type QueueArticlesAnswer = Static<typeof queueArticlesAnswer>;

/** GET /request-queue/summary: the staff dashboard's figures. */
export const queueSummaryAnswer = Type.Object({
  open: Type.Integer(),
  /** Seconds since the oldest open block request was submitted; null for none. */
  oldest_block_seconds: Nullable(Type.Integer()),
  /** Open requests submitted before one working day ago (domain/requests.ts, oneWorkingDayBefore). */
  older_than_working_day: Type.Integer(),
});
export type QueueSummaryAnswer = Static<typeof queueSummaryAnswer>;
