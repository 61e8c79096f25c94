import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Static } from 'typebox';
import type { UsageImportRowAnswer, usageImportStartedAnswer } from '../../server/routes/usage/schemas';
import { declareToasts, success } from '../base/callToasts';
import { toastQueued } from '../base/toastsSlice';
import { api } from './api';
import { uploadBaseQuery, type UploadProgress } from './upload';

/** A usage import as the history lists it and as its job is watched (GET /usage/imports, /usage/imports/{id}). */
export type UsageImportRow = UsageImportRowAnswer;

/** The 202 of an import that runs on as a job. */
type UsageImportStarted = Static<typeof usageImportStartedAnswer>;

/** One page of a list and the list's length. */
export interface ListPage<Row> {
  data: Row[];
  total: number;
}

/** Rows per page of the import history and the unmatched numbers. */
export const USAGE_HISTORY_PAGE = 25;

/** What a finished import changes: costs, usage reports, the group bundle and the history (docs/rules.md, 'Bundle size and use'). */
const IMPORTED_TAGS = ['Costs', 'Report', 'GroupBundle', 'UsageImports'] as const;

/** How often a running import is asked how far it is. */
const IMPORT_POLL_MS = 1000;

const IMPORT_SUCCEEDED = 'Het verbruik is succesvol geïmporteerd.';

/**
 * Usage imports as jobs (docs/usage.md, 'An import is a job'): the upload answers 202 once the file
 * is received, then the import runs on the server and is watched until it is done or failed.
 */
export const usageImportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `Prefer: respond-async`, sent with XMLHttpRequest so that the upload's progress shows. */
    startUsageImport: build.mutation<UsageImportStarted, { file: File; onProgress?: (progress: UploadProgress) => void }>({
      queryFn: async ({ file, onProgress }, queryApi, extraOptions) => {
        const headers = { Prefer: 'respond-async' };
        const result = await uploadBaseQuery({ url: 'usage/import', field: 'usage', file, headers, onProgress }, queryApi, extraOptions);
        return result.error ? { error: result.error } : { data: result.data as UsageImportStarted };
      },
      // The history lists the running import at once.
      invalidatesTags: (_result, error) => (error ? [] : ['UsageImports']),
    }),
    /**
     * One import. Each answer also updates its row in the cached history pages; the first answer
     * that sees it finished has the screens read what it changed, and one that saw it running
     * before toasts its success.
     */
    getUsageImport: build.query<UsageImportRow, number>({
      query: (id) => `usage/imports/${id}`,
      async onQueryStarted(id, { dispatch, getState, getCacheEntry, queryFulfilled }) {
        const before = getCacheEntry().data?.status;
        let row: UsageImportRow;
        try {
          ({ data: row } = await queryFulfilled);
        } catch {
          return;
        }
        for (const page of usageImportsApi.util.selectCachedArgsForQuery(getState(), 'getUsageImports')) {
          dispatch(
            usageImportsApi.util.updateQueryData('getUsageImports', page, (history) => {
              const index = history.data.findIndex((entry) => entry.id === id);
              if (index >= 0) history.data[index] = row;
            }),
          );
        }
        if (row.status === 'running' || row.status === before) return;
        dispatch(usageImportsApi.util.invalidateTags([...IMPORTED_TAGS]));
        if (before === 'running' && row.status === 'done') dispatch(toastQueued(success(IMPORT_SUCCEEDED)));
      },
    }),
    getUsageImports: build.query<ListPage<UsageImportRow>, number>({
      query: (page) => ({ url: 'usage/imports', params: { offset: page * USAGE_HISTORY_PAGE, limit: USAGE_HISTORY_PAGE } }),
      providesTags: ['UsageImports'],
    }),
  }),
});

// The tab shows a refused upload and an import it cannot read itself.
declareToasts(usageImportsApi.endpoints, { startUsageImport: { failed: 'shownByScreen' }, getUsageImport: { failed: 'shownByScreen' } });

export const { useStartUsageImportMutation, useGetUsageImportsQuery } = usageImportsApi;

/**
 * Watches one import (null: none): asks for it every second while it runs, and no more once it is
 * done or failed. A first answer that is an error (an unknown import) stops the asking too.
 */
export const useUsageImportJob = (id: number | null) => {
  const arg = id ?? skipToken;
  const known = usageImportsApi.endpoints.getUsageImport.useQueryState(arg);
  const running = known.data ? known.data.status === 'running' : !known.isError;
  const { data, isError } = usageImportsApi.endpoints.getUsageImport.useQuery(arg, { pollingInterval: running ? IMPORT_POLL_MS : 0 });
  return { job: data, isError: isError && !data };
};
