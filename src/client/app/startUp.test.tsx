import { screen, within } from '@testing-library/react';
import { accountApi } from '../api/accountApi';
import { catalogApi, selectArticleGroupById } from '../api/catalogApi';
import { earlyPaths, refreshEarly, requestRefresh, takeEarlyCalls } from '../base/sessionRequests';
import { articleRequestPath, articleWindowQuery, servicesApi } from '../features/services/servicesApi';
import { articlePath, company, mockServices } from '../features/services/testData';
import { deferred, json } from '../test/http';
import { renderWithProviders, whenSettled } from '../test/renderWithProviders';
import { makeToken } from '../test/tokens';
import { earlySeed } from './earlySeed';
import { LAYOUT_ROUTE_ID, routes } from './routes';
import { startSession } from './startUp';
import { makeStore } from './store';
import { initialUiState } from '../base/uiSlice';

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

describe('the early calls sent with the refresh (startEarly.ts)', () => {
  afterEach(() => {
    takeEarlyCalls();
    void requestRefresh();
  });

  const FRAME = ['GET /api/article-groups/visible', 'GET /api/auth/policies', 'GET /api/users/5'];

  /**
   * The state of queries when React renders the started session: React renders a store change in
   * a microtask queued by the change (the token reaching the store).
   */
  const whenSessionStarted = <T,>(store: ReturnType<typeof afterReload>, read: (state: ReturnType<typeof store.getState>) => T) => {
    let value: T | undefined;
    let seen = false;
    const unsubscribe = store.subscribe(() => {
      if (seen || store.getState().auth.token === null) return;
      seen = true;
      unsubscribe();
      queueMicrotask(() => {
        value = read(store.getState());
      });
    });
    return () => value;
  };

  const cachedStatuses = (showHistoric = false) => (state: ReturnType<ReturnType<typeof afterReload>['getState']>) => ({
    article: servicesApi.endpoints.getArticle.select(articleWindowQuery(12, showHistoric, 0))(state).status,
    groups: catalogApi.endpoints.getVisibleArticleGroups.select()(state).status,
    policies: accountApi.endpoints.getPolicies.select()(state).status,
    user: accountApi.endpoints.getUser.select(5)(state).status,
    company: accountApi.endpoints.getCompany.select(20)(state).status,
  });

  it('has the article page its article, frame and company answered with the refresh, all in the cache before the session renders', async () => {
    const requests = mockReload();
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const statuses = whenSessionStarted(store, cachedStatuses());

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    expect(statuses()).toEqual({ article: 'fulfilled', groups: 'fulfilled', policies: 'fulfilled', user: 'fulfilled', company: 'fulfilled' });
    // Each answered once, with the refresh's token, as the screens ask them: the prefetches found them cached.
    expect(calls(requests)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/articles/12?services_offset=0&services_limit=100',
      ...FRAME,
      'GET /api/company/20',
    ]);
    expect(requests.slice(1).map((r) => r.authorization)).toEqual(Array(5).fill(`Bearer ${ownToken}`));
    // The groups entered the cache as the endpoint keeps them (normalized).
    expect(selectArticleGroupById(store.getState(), 1)?.name).toBe('Mobiele telefonie');

    renderWithProviders(articlePath, { store });
    const table = await screen.findByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Kostenplaats' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Afname toevoegen' })).toBeTruthy();
    await whenSettled(store);
    expect(requests).toHaveLength(6);
  });

  it('asks the ended services too when the address shows them', async () => {
    const requests = mockReload();
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '?show_historic=1' });
    const statuses = whenSessionStarted(store, cachedStatuses(true));

    await store.dispatch(startSession({ pathname: articlePath, search: '?show_historic=1' }));
    await whenSettled(store);

    expect(statuses()?.article).toBe('fulfilled');
    expect(calls(requests.filter((r) => r.url.includes('/api/articles')))).toEqual([
      'GET /api/articles/12?show_historic=true&services_offset=0&services_limit=100',
    ]);
  });

  it("asks the frame's calls on every other screen in the frame, once", async () => {
    const requests = mockReload();
    const store = afterReload();
    refreshEarly({ pathname: '/dashboard', search: '' });
    const statuses = whenSessionStarted(store, cachedStatuses());

    await store.dispatch(startSession({ pathname: '/dashboard', search: '' }));
    await whenSettled(store);

    expect(statuses()).toMatchObject({ groups: 'fulfilled', policies: 'fulfilled', user: 'fulfilled', article: 'uninitialized', company: 'uninitialized' });
    expect(calls(requests)).toEqual(['POST /api/auth/refresh', ...FRAME]);
  });

  it('asks nothing but the refresh on the screens outside the frame', async () => {
    for (const pathname of ['/login', '/forgot-password', '/reset']) {
      const requests = mockReload();
      refreshEarly({ pathname, search: '' });
      await takeEarlyCalls();
      expect(calls(requests)).toEqual(['POST /api/auth/refresh']);
      requestRefresh();
    }
  });

  it('knows the same framed addresses as the routes', () => {
    const identity = { userId: 5, companyId: 20 };
    const layout = routes[0].children!.find((route) => route.children?.[0]?.id === LAYOUT_ROUTE_ID)!.children![0];
    const framed = layout.children!.map((route) => `/${route.path!.replace(/\/?[*:].*$/, '')}/x`);
    expect(framed).toHaveLength(7);
    for (const pathname of framed) expect(earlyPaths({ pathname, search: '' }, identity)).toHaveLength(3);
    expect(earlyPaths({ pathname: '/', search: '' }, identity)).toHaveLength(3);
    for (const route of routes[0].children!.filter((child) => child.path)) {
      expect(earlyPaths({ pathname: `/${route.path!.replace('*', 'onbekend')}`, search: '' }, identity)).toEqual([]);
    }
  });

  it('asks, for the article page, exactly what the article screen asks first', () => {
    const [articleCall] = earlyPaths({ pathname: articlePath, search: '' }, { userId: 5, companyId: 20 });
    expect(articleCall).toBe(articleRequestPath(articleWindowQuery(12, false, 0)));
    const [historic] = earlyPaths({ pathname: articlePath, search: '?show_historic=1' }, { userId: 5, companyId: 20 });
    expect(historic).toBe(articleRequestPath(articleWindowQuery(12, true, 0)));
  });

  it('leaves a refused answer to the screen, which asks again, and takes the others', async () => {
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => json(404, { message: 'Niet gevonden.' }),
    });
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const statuses = whenSessionStarted(store, cachedStatuses());

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    expect(statuses()).toMatchObject({ article: 'uninitialized', groups: 'fulfilled', policies: 'fulfilled', user: 'fulfilled' });
    expect(requests.filter((r) => r.url.includes('/api/articles'))).toHaveLength(2);
  });

  it('does not take an answer for another user or company than the refresh gave', async () => {
    const requests = mockReload();
    const early = (() => {
      refreshEarly({ pathname: articlePath, search: '' });
      return takeEarlyCalls()!;
    })();
    (await early)!.answers.set('users/5', { id: 6, firstname: 'Ander' });

    expect(await earlySeed(early, { pathname: articlePath, search: '' })).toHaveLength(4);
    expect(requests).toHaveLength(6);
  });

  it('starts the session without a slow call, which the server leaves out after its time budget: the screen asks it', async () => {
    const slow = deferred<Response>();
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => slow.promise,
    });
    const store = afterReload();
    refreshEarly({ pathname: articlePath, search: '' });
    const statuses = whenSessionStarted(store, cachedStatuses());

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));

    // Not in the cache when the session renders (the slow answer is still out): the page shows
    // its skeleton and asks itself; the rest came with the refresh.
    expect(statuses()).toMatchObject({ article: 'uninitialized', groups: 'fulfilled', policies: 'fulfilled', user: 'fulfilled' });
    slow.resolve(json(404, { message: 'Niet gevonden.' }));
    await whenSettled(store);
    expect(requests.filter((r) => r.url.includes('/api/articles')).length).toBeGreaterThanOrEqual(2);
  });

  it("is not used while managing another company: the screens ask with that company's token", async () => {
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
      'GET /api/company/33': () => json(200, { ...company, id: 33, name: 'Bakkerij De Korenschoof' }),
    });
    const store = afterReload(33);
    refreshEarly({ pathname: articlePath, search: '' });

    await store.dispatch(startSession({ pathname: articlePath, search: '' }));
    await whenSettled(store);

    for (const path of ['/api/articles', '/api/article-groups/visible', '/api/auth/policies']) {
      expect(requests.filter((r) => r.url.startsWith(path)).map((r) => r.authorization)).toContain(`Bearer ${managed}`);
    }
    const cached = servicesApi.endpoints.getArticle.select(articleWindowQuery(12, false, 0))(store.getState());
    expect(cached.originalArgs).toEqual(articleWindowQuery(12, false, 0));
  });

  it('is not sent without an address, and only once', async () => {
    const requests = mockReload();
    refreshEarly();
    expect(takeEarlyCalls()).toBeNull();
    requestRefresh();
    refreshEarly({ pathname: articlePath, search: '' });
    refreshEarly({ pathname: articlePath, search: '' });
    await takeEarlyCalls();
    expect(takeEarlyCalls()).toBeNull();
    await whenSettled(afterReload());
    expect(requests.filter((r) => r.url.includes('/api/articles/'))).toHaveLength(1);
  });
});
