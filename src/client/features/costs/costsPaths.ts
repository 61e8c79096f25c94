import type { Month } from '../../../domain/time';
import { monthQuery, paths } from '../../base/paths';

/**
 * The addresses below /kosten (docs/screens.md, 'Detail screens'): the route patterns, relative to
 * it, and the links only this feature makes. The links to /kosten itself and to the group's costs
 * are in base/paths.ts (paths.costs, paths.groupCosts), as the menu links to them as well.
 */
export const COSTS = 'kosten';
export const GROUP_COSTS = 'groep';
export const COSTS_DETAIL = ':costsType';
export const COSTS_ARTICLE = `${COSTS_DETAIL}/:articleId`;

export const costsPaths = {
  /** `costsType`: maandelijks, nieuwe-aansluitingen, setup or verbruik; the month is part of the address. */
  detail: (costsType: string, month: Month) => `${paths.costs()}/${costsType}${monthQuery(month)}`,
  article: (costsType: string, articleId: number, month: Month) => `${paths.costs()}/${costsType}/${articleId}${monthQuery(month)}`,
};
