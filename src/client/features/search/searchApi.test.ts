import { currentUserApi } from '../../api/currentUserApi';
import { makeStore } from '../../app/store';
import { json, mockServer } from '../../test/http';
import { loggedIn } from '../../test/tokens';
import { searchApi, selectArticleHits, selectFreeFieldLabels, selectFreeFieldMatches } from './searchApi';
import type { SearchAnswer } from '../../../server/routes/search/schemas';

const kpn = { id: 11, name: 'KPN Zakelijk 10GB', article_group_id: 1, article_group_name: 'Mobiele telefonie' };
const service = { id: 40, article_id: 11, article: kpn, end_user: null, block_state: null };

const answer: SearchAnswer = {
  article: [{ ...kpn, description: '', sku: null }],
  end_user: [{ id: 7, firstname: 'Jan', lastname: 'de Vries' }],
  service_article_group_field_input: [
    { id: 31, value: '0612345678', article_group_field: { name: 'Telefoonnummer' }, service_id: 41, service: { ...service, id: 41 } },
  ],
  input_field: [
    {
      service_id: 40,
      end_user_id: null,
      article: kpn,
      service,
      input_field_1: 'KP-1001',
      input_field_2: 'Montage',
      input_field_3: null,
      input_field_4: 'Montage hal',
    },
  ],
};

const setUp = async (term: string, labels: Record<string, string | null> = {}) => {
  mockServer({
    'GET /api/search': () => json(200, answer),
    'GET /api/company/20': () => json(200, { id: 20, input_label_1: 'Kostenplaats', input_label_2: null, input_label_3: null, input_label_4: 'Locatie', ...labels }),
  });
  const store = makeStore(loggedIn());
  await store.dispatch(searchApi.endpoints.getSearchResults.initiate(term));
  await store.dispatch(currentUserApi.endpoints.getCompany.initiate(20));
  return store;
};

describe('searchApi', () => {
  it('normalizes the hits and tags the articles, end users and services they name', async () => {
    const store = await setUp('montage');
    const state = store.getState();

    expect(selectArticleHits(state, 'montage').map((hit) => hit.name)).toEqual(['KPN Zakelijk 10GB']);
    const tags = state.api.provided.tags;
    expect(Object.keys(tags.Article ?? {}).sort()).toEqual(['11', 'LIST']);
    expect(Object.keys(tags.EndUser ?? {}).sort()).toEqual(['7', 'LIST']);
    expect(Object.keys(tags.Service ?? {}).sort()).toEqual(['40', '41', 'LIST']);
  });

  it("lists each matching free field under the company's label, with a generic one where it has none", async () => {
    const store = await setUp('montage');
    const state = store.getState();

    expect(selectFreeFieldLabels(state)).toEqual(['Kostenplaats', 'Vrij veld 2', 'Vrij veld 3', 'Locatie']);
    expect(selectFreeFieldMatches(state, 'montage').map(({ label, value }) => [label, value])).toEqual([
      ['Vrij veld 2', 'Montage'],
      ['Locatie', 'Montage hal'],
    ]);
  });

  it('shows every filled free field when the term spans two of them', async () => {
    const store = await setUp('1001 montage');

    expect(selectFreeFieldMatches(store.getState(), '1001 montage').map(({ value }) => value)).toEqual([
      'KP-1001',
      'Montage',
      'Montage hal',
    ]);
  });

  it('answers nothing for a term that was not searched', async () => {
    const store = await setUp('montage');

    expect(selectArticleHits(store.getState(), 'iets anders')).toEqual([]);
    expect(selectFreeFieldMatches(store.getState(), 'iets anders')).toEqual([]);
  });

  it('matches the free fields as the server does: any case, any accents', async () => {
    const store = await setUp('MONTAGÉ');

    expect(selectFreeFieldMatches(store.getState(), 'MONTAGÉ').map(({ value }) => value)).toEqual(['Montage', 'Montage hal']);
  });
});
