import { END_USER_SORTS, SORT_ORDERS } from '../../../domain/listSorts';
import { Type, type Static } from 'typebox';
import { serviceRowAnswer } from '../schemas';

/** The requests and answers of a company's end users and their import (docs/api.md, 'How an answer is declared'). */

export const nameBody = Type.Object({
  firstname: Type.Optional(Type.String({ maxLength: 100 })),
  lastname: Type.Optional(Type.String({ maxLength: 100 })),
});

const termProperty = Type.Optional(Type.String({ maxLength: 200 }));

export const endUsersQuery = Type.Object({
  term: termProperty,
  /** docs/api-services.md, 'GET /end-users/all': by surname (the default) or first name, `asc` or `desc`. */
  sort: Type.Optional(Type.Enum([...END_USER_SORTS], { type: 'string' })),
  order: Type.Optional(Type.Enum([...SORT_ORDERS], { type: 'string' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
});

export const endUserCountQuery = Type.Object({ term: termProperty });

/** An end user by name (GET /end-users/all lists them, PUT /end-users/{id} answers one). */
export const endUserAnswer = Type.Object({ id: Type.Integer(), firstname: Type.String(), lastname: Type.String() });
export type EndUserAnswer = Static<typeof endUserAnswer>;

/** How many end users GET /end-users/all answers for `term`. */
export const endUserCountAnswer = Type.Object({ count: Type.Integer() });
export type EndUserCountAnswer = Static<typeof endUserCountAnswer>;

/** A service of the end user, with its article and the article's group. */
export const endUserServiceAnswer = Type.Object({
  ...serviceRowAnswer.properties,
  article: Type.Object({ id: Type.Integer(), name: Type.String(), article_group_id: Type.Integer(), article_group_name: Type.String() }),
});
export type EndUserServiceAnswer = Static<typeof endUserServiceAnswer>;

/** GET /end-users/{id}: the end user with their services. */
export const endUserWithServicesAnswer = Type.Object({ ...endUserAnswer.properties, services: Type.Array(endUserServiceAnswer) });
export type EndUserWithServicesAnswer = Static<typeof endUserWithServicesAnswer>;

/** POST /end-users/import: all or nothing, and how many were added. */
export const endUserImportAnswer = Type.Object({ message: Type.String(), imported: Type.Integer() });
export type EndUserImportAnswer = Static<typeof endUserImportAnswer>;
