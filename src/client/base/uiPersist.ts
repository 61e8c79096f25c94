import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import type { UiState } from './uiSlice';

/** Raise with every change of the persisted shape, and add a migration for it. */
export const UI_PERSIST_VERSION = 1;

/** Version 0 kept the dashboard month as `month`. */
interface UiStateV0 {
  month?: string | null;
  sidebarOpen?: boolean;
  managedCompanyId?: number | null;
}

export const uiMigrations: MigrationManifest = {
  1: (state) => {
    if (!state) return state;
    const { month, ...rest } = state as NonNullable<PersistedState> & UiStateV0;
    return { ...rest, selectedMonth: month ?? null } as PersistedState;
  },
};

export const migrateUi = createMigrate(uiMigrations, { debug: false });

export const uiPersistConfig: PersistConfig<UiState> = {
  key: 'portal',
  version: UI_PERSIST_VERSION,
  storage,
  whitelist: ['selectedMonth', 'sidebarOpen', 'managedCompanyId'] satisfies (keyof UiState)[],
  migrate: migrateUi,
};
