import { makeToken } from '../test/tokens';
import { impersonationStarted, impersonationStopped, loggedOut, sessionStarted } from './authSlice';
import { snapshotLoaded } from './snapshotLoaded';
import { initialUiState, monthSelected, sidebarToggled, uiReducer } from './uiSlice';

describe('ui slice', () => {
  it('keeps the chosen month and the sidebar state', () => {
    const state = uiReducer(uiReducer(initialUiState, monthSelected('2026-04-01')), sidebarToggled());
    expect(state).toEqual({ selectedMonth: '2026-04-01', sidebarOpen: false, managedCompanyId: null });
  });

  it('remembers the managed company while impersonating only', () => {
    const managing = uiReducer(initialUiState, impersonationStarted({ token: makeToken(), companyId: 33 }));
    expect(managing.managedCompanyId).toBe(33);
    expect(uiReducer(managing, impersonationStopped()).managedCompanyId).toBeNull();
    expect(uiReducer(managing, loggedOut()).managedCompanyId).toBeNull();
  });

  it('forgets the managed company when a session opens without impersonation', () => {
    const managing = { ...initialUiState, managedCompanyId: 33 };
    const original = makeToken();
    expect(uiReducer(managing, sessionStarted({ token: makeToken(), originalToken: original })).managedCompanyId).toBe(33);
    expect(uiReducer(managing, sessionStarted({ token: original, originalToken: null })).managedCompanyId).toBeNull();
  });

  it('takes the UI choices of a loaded snapshot but keeps the session’s managed company', () => {
    const managing = { ...initialUiState, managedCompanyId: 33 };
    const state = uiReducer(
      managing,
      snapshotLoaded({
        ui: { selectedMonth: '2026-01-01', sidebarOpen: false },
        api: { queries: {}, mutations: {}, provided: { tags: {}, keys: {} } },
      }),
    );
    expect(state).toEqual({ selectedMonth: '2026-01-01', sidebarOpen: false, managedCompanyId: 33 });
  });
});
