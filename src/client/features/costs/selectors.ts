import { createSelector } from 'reselect';
import type { DateRange, Month } from '../../../domain/time';
import type { RootState } from '../../base/hooks';
import { costsApi, type CostLinesQuery, type CostsPeriod } from './costsApi';
import { costsPerArticle, monthlyChart, serviceCostsOf, summarizeCosts, usageCategories } from './costsModel';

/** Derived figures of the costs screens: selectors over the pure functions of costsModel.ts. */

const selectCostsData = (state: RootState, period: CostsPeriod) => costsApi.endpoints.getCosts.select(period)(state).data;

const selectCostsByMonthData = (state: RootState, period: DateRange) =>
  costsApi.endpoints.getCostsByMonth.select(period)(state).data;

const selectCostLinesData = (state: RootState, query: CostLinesQuery) =>
  costsApi.endpoints.getCostLines.select(query)(state).data;

const selectLastMonth = (_state: RootState, _period: DateRange, lastMonth: Month) => lastMonth;

const selectArticleId = (_state: RootState, _query: CostLinesQuery, articleId: number) => articleId;

/** The month summary table with its totals, or null until the month has loaded. */
export const selectCostsSummary = createSelector([selectCostsData], (costs) => (costs ? summarizeCosts(costs) : null));

/** The bar chart's months, ending at `lastMonth`, with each month's total. */
export const selectMonthlyChart = createSelector([selectCostsByMonthData, selectLastMonth], (months, lastMonth) =>
  months ? monthlyChart(months, lastMonth) : null,
);

/** The usage categories of the month. */
export const selectUsageCategories = createSelector([selectCostsData], (costs) =>
  costs ? usageCategories(costs.usagedetail.costs) : null,
);

/** The lines of a kind, per article, each article's amount the sum of its lines. */
export const selectCostsPerArticle = createSelector([selectCostLinesData], (lines) => (lines ? costsPerArticle(lines) : null));

/** The lines of one article, per service. */
export const selectServiceCosts = createSelector([selectCostLinesData, selectArticleId], (lines, articleId) =>
  lines ? serviceCostsOf(lines, articleId) : null,
);

/** The name and group of an article in the lines, or null when the lines do not name it. */
export const selectCostArticle = createSelector([selectCostLinesData, selectArticleId], (lines, articleId) => {
  const line = lines?.find((entry) => entry.article_id === articleId);
  return line ? { name: line.article_name, productgroup: line.productgroup } : null;
});
