import { catalogApi } from '../../api/catalogApi';
import { makeStore } from '../../app/store';
import { loggedIn } from '../../test/tokens';
import { dashboardApi, selectArticleGroupTiles, selectBundlePercentage } from './dashboardApi';

const MONTH = '2026-05-01';

const storeWithBundle = async (total_gb: number, gb_used: number) => {
  const store = makeStore(loggedIn());
  await store.dispatch(
    dashboardApi.util.upsertQueryData('getGroupBundle', MONTH, { total_gb, gb_used, has_group_bundle: true }),
  );
  return store;
};

describe('selectBundlePercentage', () => {
  it('is the share of the month’s bundle used', async () => {
    expect(selectBundlePercentage((await storeWithBundle(40, 10)).getState(), MONTH)).toBe(25);
  });

  it('is clamped to 100, and 100 for an empty bundle', async () => {
    expect(selectBundlePercentage((await storeWithBundle(10, 25)).getState(), MONTH)).toBe(100);
    expect(selectBundlePercentage((await storeWithBundle(0, 3)).getState(), MONTH)).toBe(100);
  });

  it('is computed once per loaded bundle, and again when the bundle changes', async () => {
    const store = await storeWithBundle(40, 10);
    const bundle = dashboardApi.endpoints.getGroupBundle.select(MONTH)(store.getState()).data!;
    selectBundlePercentage.resetRecomputations();
    expect(selectBundlePercentage(store.getState(), MONTH)).toBe(25);
    store.dispatch({ type: 'unrelated/action' });
    expect(selectBundlePercentage(store.getState(), MONTH)).toBe(25);
    expect(selectBundlePercentage.recomputations()).toBe(1);
    await store.dispatch(dashboardApi.util.upsertQueryData('getGroupBundle', MONTH, { ...bundle, gb_used: 30 }));
    expect(selectBundlePercentage(store.getState(), MONTH)).toBe(75);
    expect(selectBundlePercentage.recomputations()).toBe(2);
  });

  it('is 0 for a month that has not loaded', async () => {
    expect(selectBundlePercentage((await storeWithBundle(40, 10)).getState(), '2026-04-01')).toBe(0);
  });
});

describe('selectArticleGroupTiles', () => {
  it('joins the visible groups with their service counts', async () => {
    const store = makeStore(loggedIn());
    await store.dispatch(
      catalogApi.util.upsertQueryData('getVisibleArticleGroups', undefined, {
        ids: [1, 4],
        entities: {
          1: { id: 1, name: 'Mobiele telefonie', icon: 'mobile', fields: [] },
          4: { id: 4, name: 'Hardware', icon: 'hardware', fields: [] },
        },
      }),
    );
    expect(selectArticleGroupTiles(store.getState()).map((tile) => tile.servicesCount)).toEqual([null, null]);

    await store.dispatch(
      dashboardApi.util.upsertQueryData('getArticleGroupCounts', undefined, {
        ids: [1],
        entities: { 1: { id: 1, services_count: 12 } },
      }),
    );
    expect(selectArticleGroupTiles(store.getState())).toEqual([
      { group: expect.objectContaining({ name: 'Mobiele telefonie' }), servicesCount: 12 },
      { group: expect.objectContaining({ name: 'Hardware' }), servicesCount: null },
    ]);
  });
});
