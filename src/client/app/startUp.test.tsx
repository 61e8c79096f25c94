import { screen, within } from '@testing-library/react';
import { currentUserApi } from '../api/currentUserApi';
import { catalogApi, selectArticleGroupById } from '../api/catalogApi';
import { articleWindowQuery, servicesApi } from '../features/services/servicesApi';
import { articlePath, company, mockServices } from '../features/services/testData';
import { deferred, json } from '../test/http';
import { renderWithProviders, whenSettled } from '../test/renderWithProviders';
import { makeToken } from '../test/tokens';
import { routeNeedsAt, startUp } from './startUp';
import { makeStore } from './store';
import { initialUiState } from '../base/uiSlice';

const ownToken = makeToken();
const afterReload = (managedCompanyId: number | null = null) =>
  makeStore({ ui: { ...initialUiState, managedCompanyId, _persist: { version: 1, rehydrated: true } } });

/** The portal's API for the demo customer, with a valid refresh cookie. */
const mockReload = () => mockServices(['CREATE_SERVICE'], { 'POST /api/auth/refresh': () => json(200, { token: ownToken }) });

const calls = (requests: { method: string; url: string }[]) => requests.map((r) => `${r.method} ${r.url}`);

/** A full page load at the address, up to the moment the page renders. */
const reloadAt = async (pathname: string, search = '', store = afterReload()) => {
  await store.dispatch(startUp({ pathname, search }));
  return store;
};

const FRAME = ['GET /api/article-groups/visible', 'GET /api/auth/policies', 'GET /api/users/5', 'GET /api/costs/hasgroupbundle'];

describe('startUp (a full page load)', () => {
  it("has the article page's chunk, its article, company and frame in before the page renders, so it renders once, complete", async () => {
    const requests = mockReload();
    const store = await reloadAt(articlePath);

    const state = store.getState();
    expect(servicesApi.endpoints.getArticle.select(articleWindowQuery(12, false, 0))(state).status).toBe('fulfilled');
    expect(currentUserApi.endpoints.getCompany.select(20)(state).status).toBe('fulfilled');
    expect(currentUserApi.endpoints.getUser.select(5)(state).status).toBe('fulfilled');
    expect(currentUserApi.endpoints.getPolicies.select()(state).status).toBe('fulfilled');
    // The groups entered the cache as the endpoint keeps them (normalized).
    expect(selectArticleGroupById(state, 1)?.name).toBe('Mobiele telefonie');
    // The screen's own call first (the largest answer), each with the refresh's token.
    expect(calls(requests)).toEqual(['POST /api/auth/refresh', 'GET /api/articles/12?services_offset=0&services_limit=100', 'GET /api/company/20', ...FRAME]);
    expect(requests.slice(1).map((r) => r.authorization)).toEqual(Array(6).fill(`Bearer ${ownToken}`));

    // The first render already shows the table: no chunk to wait for, no call to make.
    renderWithProviders(articlePath, { store });
    const table = screen.getByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('columnheader', { name: 'Kostenplaats' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Afname toevoegen' })).toBeTruthy();
    await whenSettled(store);
    expect(requests).toHaveLength(7);
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
    ['the edit screen of an article the article without ended services', `${articlePath}/bewerken`, 'GET /api/articles/12?services_offset=0&services_limit=100'],
  ])('asks %s', async (_screen, pathname, call) => {
    const requests = mockReload();

    await reloadAt(pathname, '?show_historic=1');

    expect(calls(requests)[1]).toBe(call);
  });

  it.each([
    ['adding an article', '/mijn-diensten/1/mobiele-telefonie/toevoegen', 'Artikel toevoegen'],
    ['adding a service', `${articlePath}/toevoegen`, 'Afname toevoegen'],
  ])("has the forms' chunk in on a full load of %s", async (_form, pathname, title) => {
    mockReload();
    const store = await reloadAt(pathname);

    renderWithProviders(pathname, { store });

    // Rendered at once: the forms' chunk (formik, react-select, moment) came with the start-up.
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    await whenSettled(store);
  });

  it('asks the dashboard its tiles and the group bundle, so it renders whole at once', async () => {
    const requests = mockReload();
    await reloadAt('/dashboard');
    expect(calls(requests)).toEqual(expect.arrayContaining(['GET /api/article-groups/visible', 'GET /api/article-groups/count', 'GET /api/costs/hasgroupbundle']));
  });

  it("asks Kosten the month's costs and the chart's twelve months, of the month in the address", async () => {
    const requests = mockReload();
    await reloadAt('/kosten', '?maand=2026-09');
    expect(calls(requests)).toEqual(
      expect.arrayContaining([
        'GET /api/costs?costs_date_from=2026-09-01&costs_date_to=2026-09-30',
        'GET /api/costsbymonth?costs_date_from=2025-10-01&costs_date_to=2026-09-30',
      ]),
    );
  });

  it('asks only the frame on other logged-in screens', async () => {
    for (const pathname of ['/kosten/maandelijks', '/mijn-bedrijf', '/zoek/jan']) {
      const requests = mockReload();
      await reloadAt(pathname);
      expect(calls(requests)).toEqual(['POST /api/auth/refresh', ...FRAME]);
    }
  });

  it("asks the managed company's name and every call with that company's token while managing it", async () => {
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
      'GET /api/company/33': () => json(200, { ...company, id: 33, name: 'Bakkerij De Korenschoof' }),
    });

    await reloadAt(articlePath, '', afterReload(33));

    expect(calls(requests)).toContain('GET /api/company/33');
    for (const path of ['/api/articles', '/api/article-groups/visible', '/api/auth/policies']) {
      expect(requests.filter((r) => r.url.startsWith(path)).map((r) => r.authorization)).toEqual([`Bearer ${managed}`]);
    }
  });

  it('asks nothing without a session or on the login screen', async () => {
    const loggedOut = mockServices([], { 'POST /api/auth/refresh': () => json(401, { message: 'Sessie verlopen.' }) });
    const store = await reloadAt(articlePath);
    expect(calls(loggedOut)).toEqual(['POST /api/auth/refresh']);
    expect(store.getState().auth.status).toBe('expired');

    const onLogin = mockReload();
    await reloadAt('/login');
    expect(calls(onLogin)).toEqual(['POST /api/auth/refresh']);
  });

  it('waits for a slow answer: the page renders once, with it', async () => {
    const slow = deferred<Response>();
    mockServices(['CREATE_SERVICE'], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => slow.promise,
    });
    let started = false;
    const start = reloadAt(articlePath).then((store) => {
      started = true;
      return store;
    });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    slow.resolve(json(404, { message: 'Niet gevonden.' }));
    const store = await start;
    expect(servicesApi.endpoints.getArticle.select(articleWindowQuery(12, false, 0))(store.getState()).status).toBe('rejected');
  });

  it('leaves a refused answer to the screen, which shows it as on any other visit', async () => {
    mockServices([], {
      'POST /api/auth/refresh': () => json(200, { token: ownToken }),
      'GET /api/articles/12': () => json(404, { message: 'Niet gevonden.' }),
    });
    const store = await reloadAt(articlePath);

    renderWithProviders(articlePath, { store });

    expect(await screen.findByText('Dit artikel bestaat niet of hoort niet bij je bedrijf.')).toBeTruthy();
    expect(catalogApi.endpoints.getVisibleArticleGroups.select()(store.getState()).status).toBe('fulfilled');
  });
});

describe('the route table', () => {
  it('has every logged-in address framed by the layout, which asks the frame', () => {
    for (const pathname of ['/dashboard', articlePath, '/mijn-bedrijf', '/kosten', '/verbruik', '/mer-admin', '/zoek/x', '/bestaat-niet']) {
      expect(routeNeedsAt({ pathname, search: '' }).filter((route) => route.prefetch)).not.toHaveLength(0);
    }
    for (const pathname of ['/login', '/forgot-password', '/reset']) {
      expect(routeNeedsAt({ pathname, search: '' }).filter((route) => route.prefetch)).toHaveLength(0);
      expect(routeNeedsAt({ pathname, search: '' }).filter((route) => route.load)).toHaveLength(1);
    }
  });

  it('loads the frame and the 404 page together for an unknown address (the frame shows once logged in)', () => {
    expect(routeNeedsAt({ pathname: '/bestaat-niet', search: '' }).filter((route) => route.load)).toHaveLength(2);
  });
});
