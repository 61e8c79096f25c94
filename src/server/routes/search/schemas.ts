import { Type, type Static } from 'typebox';
import { blockStateAnswer, Nullable } from '../schemas';

/** The request and the answer of GET /search (docs/api.md, 'How an answer is declared'). */

export const searchQuery = Type.Object({ term: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) });

/** An article group and article as a search hit names them: enough to link to the article. */
export const articleRefAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  article_group_id: Type.Integer(),
  article_group_name: Type.String(),
});
export type ArticleRefAnswer = Static<typeof articleRefAnswer>;

export const endUserRefAnswer = Type.Object({ id: Type.Integer(), firstname: Type.String(), lastname: Type.String() });
export type EndUserRefAnswer = Static<typeof endUserRefAnswer>;

// A nullable object, not anyOf: the serializer then needs no validation per row.
export const serviceRefAnswer = Type.Object({
  id: Type.Integer(),
  article_id: Type.Integer(),
  article: articleRefAnswer,
  end_user: Nullable(endUserRefAnswer),
  block_state: blockStateAnswer,
});
export type ServiceRefAnswer = Static<typeof serviceRefAnswer>;

export const articleHitAnswer = Type.Object({
  ...articleRefAnswer.properties,
  description: Type.String(),
  sku: Nullable(Type.String()),
});
export type ArticleHitAnswer = Static<typeof articleHitAnswer>;

/** A category field value (e.g. a phone number) of a service. */
export const fieldInputHitAnswer = Type.Object({
  id: Type.Integer(),
  value: Type.String(),
  article_group_field: Type.Object({ name: Type.String() }),
  service_id: Type.Integer(),
  service: serviceRefAnswer,
});
export type FieldInputHitAnswer = Static<typeof fieldInputHitAnswer>;

/** A service whose company free fields (input_field_1..4) match. */
export const freeFieldHitAnswer = Type.Object({
  service_id: Type.Integer(),
  end_user_id: Nullable(Type.Integer()),
  article: articleRefAnswer,
  service: serviceRefAnswer,
  input_field_1: Nullable(Type.String()),
  input_field_2: Nullable(Type.String()),
  input_field_3: Nullable(Type.String()),
  input_field_4: Nullable(Type.String()),
});
export type FreeFieldHitAnswer = Static<typeof freeFieldHitAnswer>;

/** GET /search: the hits per section. */
export const searchAnswer = Type.Object({
  article: Type.Array(articleHitAnswer),
  end_user: Type.Array(endUserRefAnswer),
  service_article_group_field_input: Type.Array(fieldInputHitAnswer),
  input_field: Type.Array(freeFieldHitAnswer),
});
export type SearchAnswer = Static<typeof searchAnswer>;
