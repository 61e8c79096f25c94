import { currentUserApi } from '../api/currentUserApi';
import { type ArticleGroup, catalogApi, selectArticleGroups } from '../api/catalogApi';
import { authApi } from '../features/auth/authApi';
import { json, mockServer } from '../test/http';
import { loggedIn, makeToken } from '../test/tokens';
import { createSnapshot, loadSnapshot, PERSONAL_ENDPOINTS, stripPersonalData } from './snapshot';
import { makeStore } from '../app/store';
import { monthSelected } from './uiSlice';

const groups: ArticleGroup[] = [
  { id: 1, name: 'Mobiele telefonie', icon: 'mobile', fields: [{ id: 1, name: 'Telefoonnummer', used_for_cdr: true }] },
  { id: 4, name: 'Hardware', icon: 'hardware', fields: [] },
];
const user = {
  id: 5,
  firstname: 'Sanne',
  lastname: 'de Vries',
  email: 'sanne@demo.nl',
  phonenumber: '0612345678',
  company_id: 20,
  role_id: 1,
  company: { id: 20, name: 'Demo ICT Diensten' },
};

/** A store as a superadmin sees it after logging in and opening the dashboard. */
const storeWithData = async () => {
  const token = makeToken({ sub: 5, company_id: 20 });
  mockServer({
    'POST /api/auth/login': () => json(200, { token }),
    'GET /api/auth/policies': () => json(200, { CREATE_COMPANY: true }),
    'GET /api/users/5': () => json(200, user),
    'GET /api/company/20': () => json(200, { id: 20, name: 'Demo ICT Diensten', sap_number: '1000' }),
    'GET /api/article-groups/visible': () => json(200, groups),
  });
  const store = makeStore(loggedIn(token));
  await store.dispatch(authApi.endpoints.login.initiate({ email: 'sanne@demo.nl', password: 'Welkom123!' }));
  await Promise.all([
    store.dispatch(currentUserApi.endpoints.getPolicies.initiate()),
    store.dispatch(currentUserApi.endpoints.getUser.initiate(5)),
    store.dispatch(currentUserApi.endpoints.getCompany.initiate(20)),
    store.dispatch(catalogApi.endpoints.getVisibleArticleGroups.initiate()),
  ]);
  store.dispatch(monthSelected('2026-04-01'));
  return { store, token };
};

// The endpoints a snapshot leaves out are currentUserApi's, by name (a renamed endpoint fails to compile here).
PERSONAL_ENDPOINTS satisfies readonly (keyof typeof currentUserApi.endpoints)[];

describe('createSnapshot', () => {
  it('leaves out tokens, passwords, the user and company answers and personal fields', async () => {
    const { store, token } = await storeWithData();
    const snapshot = createSnapshot(store.getState(), new Date('2026-05-04T10:00:00Z'));
    const text = JSON.stringify(snapshot);

    expect(snapshot).toMatchObject({ version: 1, savedAt: '2026-05-04T10:00:00.000Z' });
    expect(snapshot.state.ui).toEqual({ selectedMonth: '2026-04-01', sidebarOpen: true, managedCompanyId: null });
    expect(text).not.toContain(token);
    expect(text).not.toContain('Welkom123!');
    expect(text).not.toMatch(/sanne|de Vries|0612345678|Demo ICT Diensten/i);
    const endpoints = Object.values(snapshot.state.api.queries).map((entry) => entry.endpointName);
    expect(endpoints.sort()).toEqual(['getPolicies', 'getVisibleArticleGroups']);
  });

  it('strips personal fields at any depth', () => {
    const data = { list: [{ id: 1, firstname: 'A', lastname: 'B', end_user: { email: 'x@y.nl', phonenumber: '06', id: 2 } }] };
    expect(stripPersonalData(data)).toEqual({ list: [{ id: 1, end_user: { id: 2 } }] });
  });
});

describe('loadSnapshot', () => {
  it('renders the cached answers and UI choices of a snapshot in another store', async () => {
    const { store } = await storeWithData();
    const text = JSON.stringify(createSnapshot(store.getState()));
    const target = makeStore(loggedIn());

    const result = await target.dispatch(loadSnapshot(text));

    expect(result.meta.requestStatus).toBe('fulfilled');
    expect(selectArticleGroups(target.getState()).map((group) => group.name)).toEqual(['Mobiele telefonie', 'Hardware']);
    expect(target.getState().ui.selectedMonth).toBe('2026-04-01');
    expect(target.getState().api.provided.tags.ArticleGroup?.LIST).toHaveLength(1);
  });

  it('migrates the UI part of a version 0 snapshot and keeps the session’s managed company', async () => {
    const old = {
      version: 0,
      savedAt: '2025-11-01T09:00:00.000Z',
      state: { ui: { month: '2025-10-01', sidebarOpen: false, managedCompanyId: 9 }, api: { queries: {}, providedTags: {} } },
    };
    const target = makeStore(loggedIn());

    await target.dispatch(loadSnapshot(JSON.stringify(old)));

    expect(target.getState().ui).toMatchObject({ selectedMonth: '2025-10-01', sidebarOpen: false, managedCompanyId: null });
  });

  it('refuses files that are not snapshots of this or an older version', async () => {
    const target = makeStore(loggedIn());
    const newer = { version: 99, savedAt: '', state: { ui: {}, api: { queries: {} } } };

    for (const text of ['not json', '{}', JSON.stringify(newer)]) {
      const result = await target.dispatch(loadSnapshot(text));
      expect(result.meta.requestStatus).toBe('rejected');
    }
  });
});
