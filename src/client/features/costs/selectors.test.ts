import { monthRange } from '../../../domain/time';
import { makeStore } from '../../app/store';
import { sidebarToggled } from '../../base/uiSlice';
import { loggedIn } from '../../test/tokens';
import { costsApi } from './costsApi';
import {
  selectCostArticle,
  selectCostsPerArticle,
  selectCostsSummary,
  selectMonthlyChart,
  selectServiceCosts,
  selectUsageCategories,
} from './selectors';
import { costLine, costsByMonth, monthCosts } from './testData';

const APRIL = { year: 2026, month: 4 };
const period = monthRange(APRIL);
const chartRange = monthRange({ year: 2025, month: 5 }, APRIL);
const linesQuery = { kind: 'monthly' as const, ...period };

const storeWithCosts = async () => {
  const store = makeStore(loggedIn());
  await store.dispatch(costsApi.util.upsertQueryData('getCosts', period, monthCosts()));
  await store.dispatch(costsApi.util.upsertQueryData('getCostsByMonth', chartRange, costsByMonth));
  await store.dispatch(
    costsApi.util.upsertQueryData('getCostLines', linesQuery, [
      costLine({ service_id: 1, total_price: 0.1 }),
      costLine({ service_id: 2, total_price: 0.2, firstname: 'Piet' }),
      costLine({ service_id: null, quantity: 3, article_id: 30, article_name: 'Vast Basis', total_price: 1.045 }),
    ]),
  );
  return store;
};

describe('costs figure selectors', () => {
  it('sum the month’s summary exactly, and stay memoized', async () => {
    const state = (await storeWithCosts()).getState();
    const summary = selectCostsSummary(state, period);
    expect(summary?.rows.map((row) => row.amount)).toEqual(['0.30', '0.60', '0.00', '1.05']);
    expect(summary?.total).toBe('1.95');
    expect(selectCostsSummary(state, period)).toBe(summary);
    expect(selectCostsSummary(state, monthRange({ year: 2026, month: 3 }))).toBeNull();
  });

  it('total each month of the chart', async () => {
    const state = (await storeWithCosts()).getState();
    const chart = selectMonthlyChart(state, chartRange, APRIL);
    expect(chart?.categories.at(-1)).toBe('apr 2026');
    expect(chart?.totals.slice(-2)).toEqual(['158.70', '135.00']);
    expect(selectMonthlyChart(state, chartRange, APRIL)).toBe(chart);
  });

  it('give the usage categories above zero', async () => {
    const state = (await storeWithCosts()).getState();
    expect(selectUsageCategories(state, period)?.map((row) => [row.label, row.amount])).toEqual([
      ['Data', '0.75'],
      ['Bellen', '0.30'],
    ]);
  });

  it('sum the lines per article and list one article’s lines', async () => {
    const state = (await storeWithCosts()).getState();
    const perArticle = selectCostsPerArticle(state, linesQuery);
    expect(perArticle?.map((row) => [row.articleName, row.services, row.amount])).toEqual([
      ['Vast Basis', 3, '1.05'],
      ['Zakelijk Onbeperkt 10GB', 2, '0.30'],
    ]);
    expect(selectCostsPerArticle(state, linesQuery)).toBe(perArticle);
    expect(selectServiceCosts(state, linesQuery, 12)?.map((row) => [row.firstname, row.amount])).toEqual([
      ['Piet', '0.20'],
      ['Jan', '0.10'],
    ]);
    expect(selectCostArticle(state, linesQuery, 30)).toEqual({ name: 'Vast Basis', productgroup: 'Mobiele telefonie' });
    expect(selectCostArticle(state, linesQuery, 99)).toBeNull();
  });
});

describe('memoized costs selectors', () => {
  it('compute the summary once for a loaded month, whatever else the store does', async () => {
    const store = await storeWithCosts();
    selectCostsSummary.resetRecomputations();
    const summary = selectCostsSummary(store.getState(), period);
    store.dispatch(sidebarToggled());
    expect(selectCostsSummary(store.getState(), period)).toBe(summary);
    expect(selectCostsSummary.recomputations()).toBe(1);
  });
});
