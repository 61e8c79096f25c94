import { Type, type Static } from 'typebox';
import { articleGroupAnswer, integerId, Nullable } from '../schemas';

/** The requests and answers of the article groups (docs/api.md, 'How an answer is declared'). */

/** GET /article-groups/visible: the groups the acting company sees, with their category fields. */
export const visibleArticleGroupsAnswer = Type.Array(articleGroupAnswer);

/** A visible group's services and bulk units (GET /article-groups/count). */
export const articleGroupCountAnswer = Type.Object({ id: Type.Integer(), services_count: Type.Integer() });
export type ArticleGroupCountAnswer = Static<typeof articleGroupCountAnswer>;

export const articleGroupCountsAnswer = Type.Array(articleGroupCountAnswer);

/** An article group as the provider's administration has it: with the companies that see it. */
export const adminArticleGroupAnswer = Type.Object({
  ...articleGroupAnswer.properties,
  /** Ids of the companies that see the group. */
  companies: Type.Array(Type.Integer()),
});
export type AdminArticleGroupAnswer = Static<typeof adminArticleGroupAnswer>;

export const adminArticleGroupsAnswer = Type.Array(adminArticleGroupAnswer);

const fieldInput = Type.Object(
  {
    id: Type.Optional(integerId),
    name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    used_for_cdr: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type FieldInput = Static<typeof fieldInput>;

/** `id` is what GET /article-groups answers, so a group read may come back; it is ignored. */
export const articleGroupInput = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    icon: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,40}$' })),
    fields: Type.Optional(Type.Array(fieldInput, { maxItems: 20 })),
    companies: Type.Optional(Type.Array(integerId, { maxItems: 100000 })),
  },
  { additionalProperties: false },
);
