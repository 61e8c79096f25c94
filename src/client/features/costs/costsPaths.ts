import { toSlug } from '../../../domain/slug';
import { type Month, monthKey } from '../../../domain/time';
import { COSTS_MONTH_PARAM, monthQuery, paths } from '../../base/paths';

/**
 * The addresses below /kosten (docs/screens.md, 'Detail screens'): the route patterns, relative to
 * it, and the links only this feature makes. The links to /kosten itself and to the group's costs
 * are in base/paths.ts (paths.costs, paths.groupCosts), as the menu links to them as well.
 */
export const COSTS = 'kosten';
export const GROUP_COSTS = 'groep';
/** 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): static segments, ranked before `:costsType`. */
export const ALLOCATION = 'per-kostenplaats';
export const ALLOCATION_VALUE = `${ALLOCATION}/waarde`;
export const GROUP_ALLOCATION = `${GROUP_COSTS}/${ALLOCATION}`;
export const GROUP_ALLOCATION_VALUE = `${GROUP_ALLOCATION}/waarde`;
export const COSTS_DETAIL = ':costsType';
export const COSTS_ARTICLE = `${COSTS_DETAIL}/:articleId`;
/** A branch of the group, read-only (docs/screens.md, 'Groepsoverzicht'): its month, and below it the same detail screens. */
export const GROUP_BRANCH = `${GROUP_COSTS}/:branchId/:branchSlug`;

/** 'Per kostenplaats' in the address: the field (`?veld=free:1`) and, in a drill-down, the value (`&waarde=…`; absent: 'Zonder waarde'). */
export const ALLOCATION_FIELD_PARAM = 'veld';
export const ALLOCATION_VALUE_PARAM = 'waarde';

/** Whose 'Per kostenplaats': the acting company's, or its group's (below /kosten/groep). */
type Scope = 'company' | 'group';

const allocationBase = (scope: Scope) => `/${COSTS}/${scope === 'group' ? GROUP_ALLOCATION : ALLOCATION}`;

const allocationQuery = (month: Month, field?: string | null, value?: string | null) => {
  const query = new URLSearchParams({ [COSTS_MONTH_PARAM]: monthKey(month) });
  if (field) query.set(ALLOCATION_FIELD_PARAM, field);
  if (value !== undefined && value !== null) query.set(ALLOCATION_VALUE_PARAM, value);
  return `?${query}`;
};

/** A branch of the group whose costs are shown read-only; absent (null) on the acting company's own screens. */
export interface BranchRef {
  id: number;
  name: string;
}

/** Where a month's costs and their detail screens are: /kosten, or a branch's /kosten/groep/{id}/{naam}. */
const costsBase = (branch: BranchRef | null) => (branch ? `${paths.groupCosts()}/${branch.id}/${toSlug(branch.name)}` : paths.costs());

export const costsPaths = {
  /** A branch's costs of the month, read-only (from Groepsoverzicht's 'Bekijken'). */
  branch: (branch: BranchRef, month: Month) => `${costsBase(branch)}${monthQuery(month)}`,
  /** `costsType`: maandelijks, nieuwe-aansluitingen, setup or verbruik; the month is part of the address. */
  detail: (costsType: string, month: Month, branch: BranchRef | null = null) => `${costsBase(branch)}/${costsType}${monthQuery(month)}`,
  article: (costsType: string, articleId: number, month: Month, branch: BranchRef | null = null) =>
    `${costsBase(branch)}/${costsType}/${articleId}${monthQuery(month)}`,
  /** The month's costs per value of `field` (without it: the company's chosen field). */
  allocation: (month: Month, scope: Scope = 'company', field?: string | null) => `${allocationBase(scope)}${allocationQuery(month, field)}`,
  /** The afnames behind one value of `field`; `value` null: 'Zonder waarde'. */
  allocationValue: (month: Month, scope: Scope, field: string, value: string | null) =>
    `${allocationBase(scope)}/waarde${allocationQuery(month, field, value)}`,
};
