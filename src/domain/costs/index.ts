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
export { billingCycleMonths, monthsInRange } from './calendar';
export { bundleOverage, CostCache, proRata } from './amounts';
export { priceAt } from './periods';
export { sumLines, totalsByCycle } from './totals';
export { costsOfMonth, monthsTotals, monthTotals } from './engine';
export type { MonthTotals } from './engine';
export { projectMonth } from './projection';
