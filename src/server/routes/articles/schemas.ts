import { Type, type Static } from 'typebox';
import { ARTICLE_SERVICE_SORTS, SORT_ORDERS } from '../../../domain/listSorts';
import { amountInput, articleGroupAnswer, integerId, Nullable, nullableAmount, serviceRowAnswer } from '../schemas';

/** The requests and answers of the articles (docs/api.md, 'How an answer is declared'). */

/** The fields every article answer carries; amounts in euros as JSON numbers. */
const articleProperties = {
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  sku: Nullable(Type.String()),
  article_group_id: Type.Integer(),
  /** Euros per billing period. */
  price: Type.Number(),
  setup_price: Type.Number(),
  billing_cycle_id: Type.Integer(),
  billing_cycle: Type.Object({ id: Type.Integer(), name: Type.String() }),
  is_visible: Type.Boolean(),
  gigabyte: Nullable(Type.Number()),
  from_group_bundle: Type.Boolean(),
};

/** What POST /articles/create and PUT /articles/{id} answer: the article. */
export const articleAnswer = Type.Object(articleProperties);
export type ArticleAnswer = Static<typeof articleAnswer>;

/** A bulk entry of the article: units added (or removed) at a time (Unix seconds). */
const bulkEntry = Type.Object({ id: Type.Integer(), amount: Type.Integer(), time: Type.Integer() });

/** A row of the article table of a group (GET /articles). */
export const articleListItemAnswer = Type.Object({
  ...articleProperties,
  /** Services active now. */
  services_count: Type.Integer(),
  bulk_services: Type.Array(bulkEntry),
});
export type ArticleListItemAnswer = Static<typeof articleListItemAnswer>;

export const articleListAnswer = Type.Array(articleListItemAnswer);

/** A row of the article page's table (services/articles.ts ArticleServiceRow); GET /services/{id} has the rest. */
const { id, end_user_id, end_user, start_time, end_time, input_field_1, block_state } = serviceRowAnswer.properties;
export const articleServiceRowAnswer = Type.Object({
  id,
  end_user_id,
  end_user,
  start_time,
  end_time,
  input_field_1,
  block_state,
  /** The category values; their names are the article group's fields. */
  article_group_field_inputs: Type.Array(Type.Object({ article_group_field_id: Type.Integer(), value: Type.String() })),
});
export type ArticleServiceRowAnswer = Static<typeof articleServiceRowAnswer>;

/** GET /articles/{id}/services: the services active at some moment of the period. */
export const articleServicesAnswer = Type.Array(serviceRowAnswer);

/** The most services one window of GET /articles/{id} answers. */
export const MAX_SERVICES_WINDOW = 500;

/** GET /articles/{id}: ended services too, their order, and optionally a window of them. */
export const articleDetailQuery = Type.Object({
  show_historic: Type.Optional(Type.Boolean()),
  /** The column the services sort by (docs/api-services.md, 'Sorting the afnames'); oldest start first without it. */
  sort: Type.Optional(Type.Enum([...ARTICLE_SERVICE_SORTS], { type: 'string' })),
  order: Type.Optional(Type.Enum([...SORT_ORDERS], { type: 'string' })),
  services_offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  services_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SERVICES_WINDOW })),
});

/** GET /articles/{id}: the article with its group, its services (or a window of them), bulk entries and prices. */
export const articleDetailAnswer = Type.Object({
  ...articleProperties,
  article_group: articleGroupAnswer,
  services: Type.Array(articleServiceRowAnswer),
  /** All services matching show_historic, also when `services` is a window of them. */
  services_count: Type.Integer(),
  /** With the running total of units after each entry. */
  bulk_services: Type.Array(Type.Object({ ...bulkEntry.properties, total: Type.Integer() })),
  price_history: Type.Array(
    Type.Object({ id: Type.Integer(), from_time: Type.Integer(), price: Type.Number(), setup_price: Type.Number() }),
  ),
});
export type ArticleDetailAnswer = Static<typeof articleDetailAnswer>;

/** The writable fields of an article; company and ids never come from the caller. */
const articleInputProperties = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  sku: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  price: Type.Optional(amountInput),
  setup_price: Type.Optional(amountInput),
  billing_cycle_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  is_visible: Type.Optional(Type.Boolean()),
  gigabyte: Type.Optional(nullableAmount),
  article_group_id: Type.Optional(integerId),
  from_group_bundle: Type.Optional(Type.Boolean()),
};

/** PUT /articles/{id}: any of the writable fields. */
export const articleInput = Type.Object(articleInputProperties, { additionalProperties: false });

/** POST /articles/create: the writable fields, the article group required. */
export const articleCreateInput = Type.Object(
  { ...articleInputProperties, article_group_id: integerId },
  { additionalProperties: false },
);

export type ArticleInput = Static<typeof articleInput>;
