import { waitFor } from '@testing-library/react';
import { makeStore } from '../app/store';
import { initialUiState } from '../base/uiSlice';
import { json, mockServer } from '../test/http';
import { loggedIn, makeToken } from '../test/tokens';
import { currentUserApi } from './currentUserApi';
import { catalogApi } from './catalogApi';
import { companyApi } from '../features/company/companyApi';

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
const policies = { CREATE_COMPANY: false };

describe('the token check before each request', () => {
  it('renews a token that expires within 10 minutes once, for all waiting requests', async () => {
    const fresh = makeToken({ exp: inSeconds(3600) });
    const requests = mockServer({
      'POST /api/auth/refresh': () => json(200, { token: fresh }),
      'GET /api/auth/policies': () => json(200, policies),
      'GET /api/article-groups/visible': () => json(200, []),
    });
    const store = makeStore(loggedIn(makeToken({ exp: inSeconds(300) })));

    await Promise.all([
      store.dispatch(currentUserApi.endpoints.getPolicies.initiate()),
      store.dispatch(catalogApi.endpoints.getVisibleArticleGroups.initiate()),
    ]);

    expect(requests.filter((r) => r.url === '/api/auth/refresh')).toHaveLength(1);
    expect(requests.find((r) => r.url === '/api/auth/refresh')).toMatchObject({ authorization: null, credentials: 'same-origin' });
    const reads = requests.filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.authorization)).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(store.getState().auth.token).toBe(fresh);
  });

  it('renews an impersonation by refreshing the own token and managing the company again', async () => {
    const own = makeToken({ exp: inSeconds(3600) });
    const managed = makeToken({ company_id: 33, impersonate: 20, exp: inSeconds(3600) });
    const requests = mockServer({
      'POST /api/auth/refresh': () => json(200, { token: own }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
      'GET /api/auth/policies': () => json(200, policies),
    });
    const store = makeStore({
      ...loggedIn(makeToken({ company_id: 33, impersonate: 20, exp: inSeconds(120) }), makeToken({ exp: inSeconds(120) })),
      ui: { ...initialUiState, managedCompanyId: 33, _persist: { version: 1, rehydrated: true } },
    });

    await store.dispatch(currentUserApi.endpoints.getPolicies.initiate());

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/auth/refresh',
      'POST /api/auth/impersonate?company_id=33',
      'GET /api/auth/policies',
    ]);
    expect(requests[1].authorization).toBe(`Bearer ${own}`);
    expect(store.getState().auth).toEqual({ status: 'authenticated', token: managed, originalToken: own });
  });

  it('ends the session without a request when the token has expired', async () => {
    const requests = mockServer({ 'GET /api/auth/policies': () => json(200, policies) });
    const store = makeStore(loggedIn(makeToken({ exp: inSeconds(-1) })));

    void store.dispatch(currentUserApi.endpoints.getPolicies.initiate());

    // No refresh answers here: the session has ended, the page stays and the call waits for a new login.
    await waitFor(() => expect(store.getState().auth.status).toBe('expired'));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });

  it('ends the session when the refresh is refused', async () => {
    mockServer({ 'POST /api/auth/refresh': () => json(401, { message: 'Sessie verlopen.' }) });
    const store = makeStore(loggedIn(makeToken({ exp: inSeconds(60) })));

    void store.dispatch(currentUserApi.endpoints.getPolicies.initiate());

    await waitFor(() => expect(store.getState().auth.status).toBe('expired'));
  });

  it('ends the session on a 401 answer', async () => {
    mockServer({ 'GET /api/auth/policies': () => json(401, { message: 'Niet ingelogd.' }) });
    const store = makeStore(loggedIn());

    void store.dispatch(currentUserApi.endpoints.getPolicies.initiate());

    await waitFor(() => expect(store.getState().auth.status).toBe('expired'));
  });

  it('keeps the session on other errors', async () => {
    mockServer({ 'GET /api/auth/policies': () => json(403, { message: 'Geen toegang.' }) });
    const store = makeStore(loggedIn());
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    await store.dispatch(currentUserApi.endpoints.getPolicies.initiate());

    expect(store.getState().auth.status).toBe('authenticated');
    warn.mockRestore();
  });
});

describe('a moment without the database (503 with Retry-After)', () => {
  const away = () =>
    new Response(JSON.stringify({ message: 'De gegevens zijn even niet bereikbaar. Probeer het over enkele seconden opnieuw.' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'Retry-After': '1' },
    });

  it('asks a read once more after the wait the server names, and answers it', async () => {
    let calls = 0;
    const requests = mockServer({ 'GET /api/article-groups/visible': () => (++calls === 1 ? away() : json(200, [])) });
    const store = makeStore(loggedIn());
    const started = Date.now();
    const result = await store.dispatch(catalogApi.endpoints.getVisibleArticleGroups.initiate());
    expect(result.isSuccess).toBe(true);
    expect(requests.filter((r) => r.url === '/api/article-groups/visible')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('gives up after the second 503, and never repeats a change', async () => {
    const requests = mockServer({
      'GET /api/article-groups/visible': away,
      'POST /api/users': away,
    });
    const store = makeStore(loggedIn());
    const read = await store.dispatch(catalogApi.endpoints.getVisibleArticleGroups.initiate());
    expect(read.error).toMatchObject({ status: 503 });
    expect(requests.filter((r) => r.url === '/api/article-groups/visible')).toHaveLength(2);

    const change = await store.dispatch(companyApi.endpoints.addContactPerson.initiate({ firstname: 'A', lastname: 'B', email: 'a@b.nl', phonenumber: null, approves_requests: true, receives_cost_specification: false }));
    expect('error' in change && change.error).toMatchObject({ status: 503 });
    expect(requests.filter((r) => r.url === '/api/users')).toHaveLength(1);
  });
});
