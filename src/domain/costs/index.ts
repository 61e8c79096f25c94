/** The cost engine: see docs/costs.md for the rules with worked examples. */
export type {
  CostArticle,
  CostBulkEntry,
  CostInput,
  CostKind,
  CostLine,
  CostMonth,
  CostService,
  KindTotals,
  MonthCosts,
  PriceEntry,
} from './types';
export {
  billingCycleMonths,
  bundleOverage,
  CostCache,
  costsOfMonth,
  monthsInRange,
  monthsTotals,
  monthTotals,
  priceAt,
  proRata,
  sumLines,
  totalsByCycle,
} from './engine';
export type { MonthTotals } from './engine';
export { sumToCents, toCents } from './sums';
export { projectMonth } from './projection';
export type { MonthProjection, MonthProjectionInput, ProjectionBasis } from './projection';
