import { screen, within } from '@testing-library/react';
import { articleWindowQuery, servicesApi } from '../features/services/servicesApi';
import { articlePath, company, mockServices } from '../features/services/testData';
import { json } from '../test/http';
import { renderWithProviders, whenSettled } from '../test/renderWithProviders';
import { makeToken } from '../test/tokens';
import { startSession } from './startUp';
import { makeStore } from './store';
import { initialUiState } from './uiSlice';

const ownToken = makeToken();
const afterReload = (managedCompanyId: number | null = null) =>
  makeStore({ ui: { ...initialUiState, managedCompanyId, _persist: { version: 1, rehydrated: true } } });

/** The portal's API for the demo customer, with a valid refresh cookie. */
const mockReload = () => mockServices(['CREATE_SERVICE'], { 'POST /api/auth/refresh': () => json(200, { token: ownToken }) });

const calls = (requests: { method: string; url: string }[]) => requests.map((r) => `${r.method} ${r.url}`);

/** A full page load at the address; answers once every prefetched call has its answer. */
const reloadAt = async (pathname: string, search = '', store = afterReload()) => {
  await store.dispatch(startSession({ pathname, search }));
  await whenSettled(store);
  return store;
};

describe('startSession (a full page load)', () => {
  it('asks the article page its article right after the refresh, before any screen has rendered', async () => {
    const requests = mockReload();
    const store = afterReload();

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));

    // Asked the moment the refresh answered, with the arguments the article screen uses.
    expect(servicesApi.endpoints.getArticle.select(articleWindowQuery(12, false, 0))(store.getState()).status).toBe('pending');
    await whenSettled(store);
    expect(calls(requests)).toEqual([
      'POST /api/auth/refresh',
      // The very call of the article screen (useArticle): the first window of 100 services.
      'GET /api/articles/12?services_offset=0&services_limit=100',
      'GET /api/company/20',
      'GET /api/article-groups/visible',
      'GET /api/auth/policies',
      'GET /api/users/5',
    ]);
  });

  it('lets the article screen take the prefetched answers instead of asking again', async () => {
    const requests = mockReload();
    const store = await reloadAt(articlePath);

    renderWithProviders(articlePath, { store });

    const table = await screen.findByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await whenSettled(store);
    expect(calls(requests).filter((call) => call.startsWith('GET /api/articles'))).toEqual([
      'GET /api/articles/12?services_offset=0&services_limit=100',
    ]);
    expect(new Set(calls(requests)).size).toBe(requests.length);
  });

  it('asks the ended services too when the address shows them', async () => {
    const requests = mockReload();

    await reloadAt(articlePath, '?show_historic=1');

    expect(calls(requests)[1]).toBe('GET /api/articles/12?show_historic=true&services_offset=0&services_limit=100');
  });

  it.each([
    ['the group page its articles', '/mijn-diensten/1/mobiele-telefonie', 'GET /api/articles?article_group_id=1'],
    ['a service page its service', `${articlePath}/7/jan-jansen-7`, 'GET /api/services/7'],
    ['the edit screen of a service its service', `${articlePath}/7/jan-jansen-7/edit`, 'GET /api/services/7'],
    ['the bulk screen the article without ended services', `${articlePath}/bulkafnames`, 'GET /api/articles/12?services_offset=0&services_limit=100'],
  ])('asks %s', async (_screen, pathname, call) => {
    const requests = mockReload();

    await reloadAt(pathname, '?show_historic=1');

    expect(calls(requests)[1]).toBe(call);
  });

  it('asks only the frame on other logged-in screens', async () => {
    const requests = mockReload();

    await reloadAt('/dashboard');

    expect(calls(requests)).toEqual(['POST /api/auth/refresh', 'GET /api/article-groups/visible', 'GET /api/auth/policies', 'GET /api/users/5']);
  });

  it("asks the managed company's name while managing another company", async () => {
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
      'GET /api/company/33': () => json(200, { ...company, id: 33, name: 'Bakkerij De Korenschoof' }),
    });

    await reloadAt('/dashboard', '', afterReload(33));

    expect(calls(requests)).toContain('GET /api/company/33');
  });

  it('asks nothing without a session or on the login screen', async () => {
    const loggedOut = mockServices([], { 'POST /api/auth/refresh': () => json(401, { message: 'Sessie verlopen.' }) });
    await reloadAt(articlePath);
    expect(calls(loggedOut)).toEqual(['POST /api/auth/refresh']);

    const onLogin = mockReload();
    await reloadAt('/login');
    expect(calls(onLogin)).toEqual(['POST /api/auth/refresh']);
  });
});
