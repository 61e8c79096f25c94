import { json, mockServer } from '../test/http';
import { makeToken } from '../test/tokens';
import { restoreSession, startImpersonation } from './session';
import { makeStore } from '../app/store';
import { initialUiState } from './uiSlice';

const managing = (managedCompanyId: number | null) =>
  makeStore({ ui: { ...initialUiState, managedCompanyId, _persist: { version: 1, rehydrated: true } } });

describe('restoreSession (a reload)', () => {
  it('logs in from the refresh cookie', async () => {
    const own = makeToken();
    mockServer({ 'POST /api/auth/refresh': () => json(200, { token: own }) });
    const store = managing(null);

    await store.dispatch(restoreSession());

    expect(store.getState().auth).toEqual({ status: 'authenticated', token: own, originalToken: null });
  });

  it('manages the persisted company again', async () => {
    const own = makeToken();
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockServer({
      'POST /api/auth/refresh': () => json(200, { token: own }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
    });
    const store = managing(33);

    await store.dispatch(restoreSession());

    expect(requests[1]).toMatchObject({ url: '/api/auth/impersonate?company_id=33', authorization: `Bearer ${own}` });
    expect(store.getState().auth).toEqual({ status: 'authenticated', token: managed, originalToken: own });
    expect(store.getState().ui.managedCompanyId).toBe(33);
  });

  it('falls back to the own company when managing is no longer allowed', async () => {
    const own = makeToken();
    mockServer({
      'POST /api/auth/refresh': () => json(200, { token: own }),
      'POST /api/auth/impersonate': () => json(404, { message: 'Bedrijf niet gevonden.' }),
    });
    const store = managing(33);

    await store.dispatch(restoreSession());

    expect(store.getState().auth).toEqual({ status: 'authenticated', token: own, originalToken: null });
    expect(store.getState().ui.managedCompanyId).toBeNull();
  });

  it('is logged out without a valid refresh cookie', async () => {
    mockServer({ 'POST /api/auth/refresh': () => json(401, { message: 'Sessie verlopen.' }) });
    const store = managing(33);

    await store.dispatch(restoreSession());

    expect(store.getState().auth.status).toBe('expired');
    expect(store.getState().ui.managedCompanyId).toBeNull();
  });
});

describe('startImpersonation', () => {
  it('managing another company stops managing the first: the new token is asked with the own one', async () => {
    const own = makeToken();
    const first = makeToken({ company_id: 33, impersonate: 20 });
    const second = makeToken({ company_id: 34, impersonate: 20 });
    const requests = mockServer({ 'POST /api/auth/impersonate': () => json(200, { data: { token: second } }) });
    const store = makeStore({
      auth: { status: 'authenticated', token: first, originalToken: own },
      ui: { ...initialUiState, managedCompanyId: 33, _persist: { version: 1, rehydrated: true } },
    });

    await store.dispatch(startImpersonation({ companyId: 34, reason: 'Vraag over een factuur' }));

    expect(requests.map((r) => [r.url, r.authorization, r.body])).toEqual([
      ['/api/auth/impersonate?company_id=34', `Bearer ${own}`, { reason: 'Vraag over een factuur' }],
    ]);
    expect(store.getState().auth).toEqual({ status: 'authenticated', token: second, originalToken: own });
    expect(store.getState().ui.managedCompanyId).toBe(34);
  });
});
