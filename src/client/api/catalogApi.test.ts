import { makeStore } from '../app/store';
import { json, mockServer } from '../test/http';
import { articleGroups } from '../test/portalServer';
import { loggedIn } from '../test/tokens';
import {
  catalogApi,
  selectArticleGroupById,
  selectArticleGroups,
  selectBillingCycleById,
  selectBillingCycles,
} from './catalogApi';

describe('catalogApi', () => {
  it('normalizes the visible article groups and tags each one', async () => {
    mockServer({ 'GET /api/article-groups/visible': () => json(200, articleGroups) });
    const store = makeStore(loggedIn());

    await store.dispatch(catalogApi.endpoints.getVisibleArticleGroups.initiate());

    const state = store.getState();
    expect(selectArticleGroups(state).map((group) => group.name)).toEqual(['Mobiele telefonie', 'Hardware']);
    expect(selectArticleGroupById(state, 4)?.icon).toBe('hardware');
    expect(Object.keys(state.api.provided.tags.ArticleGroup ?? {}).sort()).toEqual(['1', '4', 'LIST']);
  });

  it('normalizes the billing cycles', async () => {
    const cycles = [
      { id: 1, name: 'Maandelijks' },
      { id: 4, name: 'Jaarlijks' },
    ];
    mockServer({ 'GET /api/billing-cycles': () => json(200, cycles) });
    const store = makeStore(loggedIn());

    await store.dispatch(catalogApi.endpoints.getBillingCycles.initiate());

    expect(selectBillingCycles(store.getState())).toEqual(cycles);
    expect(selectBillingCycleById(store.getState(), 4)?.name).toBe('Jaarlijks');
  });

  it('answers empty lists before anything has loaded', () => {
    const state = makeStore(loggedIn()).getState();
    expect(selectArticleGroups(state)).toEqual([]);
    expect(selectBillingCycles(state)).toEqual([]);
  });
});
