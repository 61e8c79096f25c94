import { createAction } from '@reduxjs/toolkit';

/**
 * A QA snapshot has been loaded (snapshot.ts): the UI slice and RTK Query's cache (api.ts's
 * `extractRehydrationInfo`) take their parts from it. On its own so that both can import it
 * without importing the snapshot code, which reads their state.
 */

export type TagDescription = { type: string; id?: string | number };

export interface CachedQuery {
  status: 'fulfilled';
  endpointName: string;
  [field: string]: unknown;
}

/** What the api reducer merges in when a snapshot loads (see `extractRehydrationInfo`). */
export interface ApiRehydration {
  queries: Record<string, CachedQuery>;
  mutations: Record<string, never>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, TagDescription[]> };
}

export const snapshotLoaded = createAction<{
  ui: { selectedMonth: string | null; sidebarOpen: boolean };
  api: ApiRehydration;
}>('snapshot/loaded');
