import { Type, type Static } from 'typebox';
import { integerId, Nullable } from '../schemas';

/** The answers of the group view (docs/api.md, 'How an answer is declared'). */

/** Services and bulk units of one article group (GroupCostsAnswer.article_groups). */
export const articleGroupCountAnswer = Type.Object({ article_group_id: Type.Integer(), count: Type.Integer() });

/** The month's figures, euros with 2 decimals; services per article group of `article_groups`, in that order. */
const figures = {
  periodic: Type.Number(),
  full: Type.Number(),
  setup: Type.Number(),
  usage: Type.Number(),
  total: Type.Number(),
  services: Type.Array(articleGroupCountAnswer),
};

/** One branch's costs of the month; `bundle` is null when it has no group bundle. */
export const branchCostsAnswer = Type.Object({
  company_id: Type.Integer(),
  name: Type.String(),
  ...figures,
  bundle: Nullable(Type.Object({ total_gb: Type.Number(), gb_used: Type.Number() })),
});
export type BranchCostsAnswer = Static<typeof branchCostsAnswer>;

/** GET /group/costs: the month's figures of every branch of the acting company's parent company. */
export const groupCostsAnswer = Type.Object({
  data: Type.Object({
    parent: Type.Object({ id: Type.Integer(), name: Type.String() }),
    /** 'YYYY-MM'. */
    month: Type.String(),
    /** The article groups any branch sees, in the catalogue's order. */
    article_groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    branches: Type.Array(branchCostsAnswer),
    /** The exact sums of the branches' figures. */
    group: Type.Object(figures),
  }),
});
export type GroupCostsAnswer = Static<typeof groupCostsAnswer>;

/** The branch a read-only call is about: a company of the acting company's parent company. */
export const branchParams = Type.Object({ company_id: integerId }, { additionalProperties: false });

/**
 * GET /group/branches: every branch of the acting company's parent company, by name the Dutch way.
 * `may_manage`: the user may manage ('Beheren') the branch, as POST /auth/impersonate decides it
 * (docs/permissions.md, 'Managing a company'): never the user's own company.
 */
export const groupBranchesAnswer = Type.Object({
  data: Type.Object({
    parent: Type.Object({ id: Type.Integer(), name: Type.String() }),
    branches: Type.Array(Type.Object({ company_id: Type.Integer(), name: Type.String(), may_manage: Type.Boolean() })),
  }),
});
export type GroupBranchesAnswer = Static<typeof groupBranchesAnswer>;
