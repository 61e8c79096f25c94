import { persistStore } from 'redux-persist';
import { makeToken } from '../test/tokens';
import { makeStore } from '../app/store';
import { sessionStarted } from './authSlice';
import { monthSelected } from './uiSlice';
import { migrateUi, UI_PERSIST_VERSION } from './uiPersist';

const STORAGE_KEY = 'persist:portal';

/** Persists a store's UI state and waits until the stored state has been read back. */
const rehydrate = async () => {
  const store = makeStore();
  const persistor = await new Promise<ReturnType<typeof persistStore>>((resolve) => {
    const created = persistStore(store, null, () => resolve(created));
  });
  return { store, persistor };
};

beforeEach(() => localStorage.clear());

describe('persisted UI state', () => {
  it('migrates version 0, which called the dashboard month `month`', async () => {
    const migrated = await migrateUi(
      { month: '2026-03-01', sidebarOpen: false, _persist: { version: 0, rehydrated: true } } as never,
      UI_PERSIST_VERSION,
    );
    expect(migrated).toEqual({ selectedMonth: '2026-03-01', sidebarOpen: false, _persist: { version: 0, rehydrated: true } });
  });

  it('loads a state stored by version 0 into the store', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        month: JSON.stringify('2026-03-01'),
        sidebarOpen: 'false',
        managedCompanyId: '33',
        _persist: JSON.stringify({ version: 0, rehydrated: true }),
      }),
    );
    const { store } = await rehydrate();
    expect(store.getState().ui).toMatchObject({ selectedMonth: '2026-03-01', sidebarOpen: false, managedCompanyId: 33 });
    expect(store.getState().ui).not.toHaveProperty('month');
  });

  it('stores the UI choices but never a token', async () => {
    const { store, persistor } = await rehydrate();
    const token = makeToken();
    store.dispatch(sessionStarted({ token, originalToken: null }));
    store.dispatch(monthSelected('2026-02-01'));
    await persistor.flush();

    const stored = localStorage.getItem(STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toMatchObject({ selectedMonth: '"2026-02-01"' });
    expect(JSON.parse(JSON.parse(stored)._persist)).toMatchObject({ version: UI_PERSIST_VERSION });
    expect(JSON.stringify(localStorage)).not.toContain(token);
  });
});
