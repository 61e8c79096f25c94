import { createAsyncThunk } from '@reduxjs/toolkit';
import type { RootState } from './hooks';
import { type ApiRehydration, type CachedQuery, snapshotLoaded, type TagDescription } from './snapshotLoaded';
import type { UiState } from './uiSlice';
import { migrateUi, UI_PERSIST_VERSION } from './uiPersist';

/**
 * QA state snapshots: a superadmin downloads what the portal shows, without tokens or
 * personal data, and loads it back later to see the same screens.
 */

export interface SnapshotState {
  ui: Pick<UiState, 'selectedMonth' | 'sidebarOpen' | 'managedCompanyId'>;
  api: {
    queries: Record<string, CachedQuery>;
    /** The tags each cached query provides, so changes still refetch them after loading. */
    providedTags: Record<string, TagDescription[]>;
  };
}

export interface Snapshot {
  /** The persisted UI version the snapshot was written with. */
  version: number;
  savedAt: string;
  state: SnapshotState;
}

/**
 * Answers about the signed-in user and companies: personal and company details (currentUserApi's
 * endpoints; snapshot.test.ts checks the names against it).
 */
export const PERSONAL_ENDPOINTS = ['getUser', 'getCompany'] as const;

const PERSONAL_FIELDS = new Set(['firstname', 'lastname', 'email', 'phonenumber']);

/** Removes personal fields at any depth. */
export const stripPersonalData = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stripPersonalData);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PERSONAL_FIELDS.has(key))
      .map(([key, field]) => [key, stripPersonalData(field)]),
  );
};

const isShareableQuery = (entry: unknown): entry is CachedQuery => {
  if (entry === null || typeof entry !== 'object') return false;
  const { status, endpointName } = entry as Partial<CachedQuery>;
  return (
    status === 'fulfilled' &&
    typeof endpointName === 'string' &&
    !(PERSONAL_ENDPOINTS as readonly string[]).includes(endpointName)
  );
};

/** Tokens, mutations (their arguments hold passwords) and personal data stay out. */
export const createSnapshot = (state: RootState, savedAt: Date = new Date()): Snapshot => {
  const queries: Record<string, CachedQuery> = {};
  for (const [cacheKey, entry] of Object.entries(state.api.queries)) {
    if (isShareableQuery(entry)) queries[cacheKey] = stripPersonalData(entry) as CachedQuery;
  }
  const providedTags = Object.fromEntries(
    Object.entries(state.api.provided.keys).filter(([cacheKey]) => cacheKey in queries),
  ) as Record<string, TagDescription[]>;
  const { selectedMonth, sidebarOpen, managedCompanyId } = state.ui;
  return {
    version: UI_PERSIST_VERSION,
    savedAt: savedAt.toISOString(),
    state: { ui: { selectedMonth, sidebarOpen, managedCompanyId }, api: { queries, providedTags } },
  };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const parseSnapshot = (input: unknown): Snapshot => {
  if (!isObject(input) || !isObject(input.state)) throw new Error('no snapshot');
  const { version, state } = input;
  if (typeof version !== 'number' || version > UI_PERSIST_VERSION) {
    throw new Error(`unsupported version ${String(version)}`);
  }
  if (!isObject(state.ui) || !isObject(state.api) || !isObject(state.api.queries)) {
    throw new Error('ui or api state missing');
  }
  return input as unknown as Snapshot;
};

const tagIndex = (keys: Record<string, TagDescription[]>): ApiRehydration['provided']['tags'] => {
  const tags: ApiRehydration['provided']['tags'] = {};
  for (const [cacheKey, provided] of Object.entries(keys)) {
    for (const { type, id } of provided) {
      const byId = (tags[type] ??= {});
      (byId[String(id ?? '__internal_without_id')] ??= []).push(cacheKey);
    }
  }
  return tags;
};

/** Reads a downloaded snapshot file, runs the persist migrations on its UI part and loads it. */
export const loadSnapshot = createAsyncThunk('snapshot/load', async (fileText: string, { dispatch }) => {
  const snapshot = parseSnapshot(JSON.parse(fileText));
  const migrated = (await migrateUi(
    { ...snapshot.state.ui, _persist: { version: snapshot.version, rehydrated: true } },
    UI_PERSIST_VERSION,
  )) as unknown as UiState;
  const queries = Object.fromEntries(
    Object.entries(snapshot.state.api.queries).filter(([, entry]) => isShareableQuery(entry)),
  );
  const keys = Object.fromEntries(
    Object.entries(snapshot.state.api.providedTags ?? {}).filter(([cacheKey]) => cacheKey in queries),
  );
  dispatch(
    snapshotLoaded({
      ui: { selectedMonth: migrated.selectedMonth ?? null, sidebarOpen: migrated.sidebarOpen ?? true },
      api: { queries, mutations: {}, provided: { tags: tagIndex(keys), keys } },
    }),
  );
});
