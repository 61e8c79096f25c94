import { screen, within } from '@testing-library/react';
import { refreshEarly, takeEarlyArticle } from '../api/sessionRequests';
import { articleWindowQuery, servicesApi } from '../features/services/servicesApi';
import { articlePath, company, mockServices } from '../features/services/testData';
import { deferred, json } from '../test/http';
import { renderWithProviders, whenSettled } from '../test/renderWithProviders';
import { makeToken } from '../test/tokens';
import { EARLY_ARTICLE_WAIT_MS } from '../features/services/servicesRoutes';
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

describe('the article call sent with the refresh (startEarly.ts)', () => {
  afterEach(() => {
    takeEarlyArticle();
  });

  /**
   * The article query's state when React renders the started session: React renders a store
   * change in a microtask queued by the change (the token reaching the store).
   */
  const statusWhenSessionStarted = (store: ReturnType<typeof afterReload>, showHistoric = false) => {
    let status: string | undefined;
    let seen = false;
    const unsubscribe = store.subscribe(() => {
      if (seen || store.getState().auth.token === null) return;
      seen = true;
      unsubscribe();
      queueMicrotask(() => {
        status = servicesApi.endpoints.getArticle.select(articleWindowQuery(12, showHistoric, 0))(store.getState()).status;
      });
    });
    return () => status;
  };

  it('asks the article the moment the refresh answers and has it in the cache before the session renders', async () => {
    const requests = mockReload();
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const status = statusWhenSessionStarted(store);

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    expect(status()).toBe('fulfilled');
    // Sent once, with the refresh's token, as the screen would ask it: the prefetch found it cached.
    const articleCalls = requests.filter((r) => r.url.includes('/api/articles'));
    expect(calls(articleCalls)).toEqual(['GET /api/articles/12?services_offset=0&services_limit=100']);
    expect(articleCalls[0].authorization).toBe(`Bearer ${ownToken}`);
    expect(calls(requests)[0]).toBe('POST /api/auth/refresh');

    renderWithProviders(articlePath, { store });
    const table = await screen.findByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await whenSettled(store);
    expect(requests.filter((r) => r.url.includes('/api/articles'))).toHaveLength(1);
  });

  it('asks the ended services too when the address shows them', async () => {
    const requests = mockReload();
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '?show_historic=1' });
    const status = statusWhenSessionStarted(store, true);

    await store.dispatch(startSession({ pathname: articlePath, search: '?show_historic=1' }));
    await whenSettled(store);

    expect(status()).toBe('fulfilled');
    expect(calls(requests.filter((r) => r.url.includes('/api/articles')))).toEqual([
      'GET /api/articles/12?show_historic=true&services_offset=0&services_limit=100',
    ]);
  });

  it('leaves a refused answer to the screen, which asks again', async () => {
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => json(404, { message: 'Niet gevonden.' }),
    });
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const status = statusWhenSessionStarted(store);

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    expect(status()).toBe('uninitialized');
    expect(requests.filter((r) => r.url.includes('/api/articles'))).toHaveLength(2);
  });

  it('does not wait long for a slow answer: the session starts, the screen gets the answer in time', async () => {
    const slow = deferred<Response>();
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => slow.promise,
    });
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const status = statusWhenSessionStarted(store);
    const started = Date.now();

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));

    expect(Date.now() - started).toBeGreaterThanOrEqual(EARLY_ARTICLE_WAIT_MS - 5);
    // Not in the cache when the session renders: the page shows its skeleton and asks itself.
    expect(status()).toBe('uninitialized');
    slow.resolve(json(404, { message: 'Niet gevonden.' }));
    await whenSettled(store);
    expect(requests.filter((r) => r.url.includes('/api/articles')).length).toBeGreaterThanOrEqual(2);
  });

  it("is not used while managing another company: the article is asked with that company's token", async () => {
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
    });
    const store = afterReload(33);
    refreshEarly({ pathname: articlePath, search: '' });

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    const articleCalls = requests.filter((r) => r.url.includes('/api/articles'));
    expect(articleCalls.map((r) => r.authorization)).toContain(`Bearer ${managed}`);
    const cached = servicesApi.endpoints.getArticle.select(articleWindowQuery(12, false, 0))(store.getState());
    expect(cached.originalArgs).toEqual(articleWindowQuery(12, false, 0));
  });

  it('is not sent on other addresses', async () => {
    const requests = mockReload();
    refreshEarly({ pathname: '/mijn-diensten/1/mobiele-telefonie', search: '' });
    expect(takeEarlyArticle()).toBeNull();
    refreshEarly({ pathname: `${articlePath}/bewerken`, search: '' });
    expect(takeEarlyArticle()).toBeNull();
    await reloadAt('/mijn-diensten/1/mobiele-telefonie');
    expect(requests.filter((r) => r.url.includes('/api/articles/'))).toHaveLength(0);
  });
});
