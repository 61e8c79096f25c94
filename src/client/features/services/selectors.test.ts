import { makeStore } from '../../app/store';
import { selectActiveBulkCount, selectArticleTableRows, selectBulkHistory, selectFutureBulkChanges } from './selectors';
import { articlesAdapter, type ArticleDetail, serviceRowsAdapter, servicesApi } from './servicesApi';
import { articleDetail, bulkEntries, listItem, NOON } from './testData';

const DAY = 86400;
const query = { id: 12, showHistoric: false };

const storeWith = async () => {
  const store = makeStore();
  const { services, ...detail } = articleDetail();
  const article: ArticleDetail = { ...detail, services: serviceRowsAdapter.setAll(serviceRowsAdapter.getInitialState(), services) };
  await store.dispatch(servicesApi.util.upsertQueryData('getArticle', query, article));
  const articles = [listItem(), listItem({ id: 13, name: 'Zonder bulk', services_count: 2, bulk_services: [] })];
  await store.dispatch(servicesApi.util.upsertQueryData('getArticles', 1, articlesAdapter.setAll(articlesAdapter.getInitialState(), articles)));
  return store;
};

describe('services selectors', () => {
  it('count the bulk units active at today 12:00', async () => {
    const state = (await storeWith()).getState();
    expect(selectActiveBulkCount(state, query, NOON)).toBe(5);
    expect(selectActiveBulkCount(state, query, NOON + 10 * DAY)).toBe(8);
    expect(selectActiveBulkCount(state, query, NOON + 20 * DAY)).toBe(6);
    expect(selectActiveBulkCount(state, { id: 99, showHistoric: false }, NOON)).toBe(0);
  });

  it('count the active bulk units once per article and instant (memoized)', async () => {
    const store = await storeWith();
    // Instants no other test asks for: the memo keeps every article's entries and instant asked.
    const at = NOON + 1;
    selectActiveBulkCount.resetRecomputations();
    expect(selectActiveBulkCount(store.getState(), query, at)).toBe(5);
    store.dispatch({ type: 'unrelated/action' });
    expect(selectActiveBulkCount(store.getState(), query, at)).toBe(5);
    expect(selectActiveBulkCount.recomputations()).toBe(1);
    expect(selectActiveBulkCount(store.getState(), query, at + 10 * DAY)).toBe(8);
    expect(selectActiveBulkCount.recomputations()).toBe(2);
  });

  it('give the future net change with its entries', async () => {
    const { netChange, mutations } = selectFutureBulkChanges((await storeWith()).getState(), query, NOON);
    expect(netChange).toBe(1);
    expect(mutations.map((m) => [m.amount, m.total])).toEqual([
      [3, 8],
      [-2, 6],
    ]);
  });

  it('add active bulk units to the services count of each article, and stay memoized', async () => {
    const state = (await storeWith()).getState();
    const rows = selectArticleTableRows(state, 1, NOON);
    expect(rows.map((row) => [row.name, row.count])).toEqual([
      ['Zakelijk Onbeperkt 10GB', 9],
      ['Zonder bulk', 2],
    ]);
    expect(selectArticleTableRows(state, 1, NOON)).toBe(rows);
    expect(selectBulkHistory(state, query).map((entry) => entry.total)).toEqual(bulkEntries.map((entry) => entry.total));
  });
});
