/** The cost engine: see docs/costs.md for the rules with worked examples. */
export type {
  CostArticle,
  CostBulkEntry,
  CostInput,
  CostLine,
  CostMonth,
  CostService,
  KindTotals,
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
export { projectMonth } from './projection';
