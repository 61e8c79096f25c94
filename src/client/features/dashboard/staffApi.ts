import type { CompanyWithUsersAnswer } from '../../../server/routes/company/schemas';
import type { QueueSummaryAnswer } from '../../../server/routes/requests/schemas';
import type { UsageImportRowAnswer } from '../../../server/routes/usage/schemas';
import { api } from '../../api/api';

/** A company as the staff overview counts it (GET /companies answers much more). */
type StaffCompany = Pick<CompanyWithUsersAnswer, 'id' | 'is_provider' | 'end_time'>;

export interface CompanyCounts {
  /** Customers, the provider's own company not counted. */
  customers: number;
  /** Of which ended (an end date set). */
  ended: number;
}

/** A usage import as the import history lists it (GET /usage/imports): a running one shows its progress. */
export type UsageImportRecord = Pick<
  UsageImportRowAnswer,
  'id' | 'created_at' | 'file_name' | 'imported' | 'status' | 'phase' | 'bytes_read' | 'bytes_total' | 'records_processed' | 'seconds_left'
>;

/** The staff's dashboard reads the same calls the admin screens make: the companies, and the import history's newest imports. */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanyCounts: build.query<CompanyCounts, void>({
      query: () => 'companies',
      transformResponse: (companies: StaffCompany[]): CompanyCounts => {
        const customers = companies.filter((company) => !company.is_provider);
        return { customers: customers.length, ended: customers.filter((company) => company.end_time !== null).length };
      },
      providesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    /**
     * The newest imports from the import history itself (the `usage_imports` table), not from the
     * change log: the log is per company, and an import (the server's own, or staff's) is no
     * company's entry, so the provider's log never lists it.
     */
    getLastUsageImports: build.query<UsageImportRecord[], void>({
      query: () => ({ url: 'usage/imports', params: { offset: 0, limit: LAST_IMPORTS } }),
      transformResponse: ({ data }: { data: UsageImportRowAnswer[] }): UsageImportRecord[] =>
        data.map(({ id, created_at, file_name, imported, status, phase, bytes_read, bytes_total, records_processed, seconds_left }) => ({
          id,
          created_at,
          file_name,
          imported,
          status,
          phase,
          bytes_read,
          bytes_total,
          records_processed,
          seconds_left,
        })),
      providesTags: ['UsageImports'],
    }),
    /** The queue's figures (docs/requests.md, 'The queue'); every step in the queue refetches them. */
    getRequestQueueSummary: build.query<QueueSummaryAnswer, void>({
      query: () => 'request-queue/summary',
      providesTags: [{ type: 'QueuedRequest', id: 'LIST' }],
    }),
  }),
});

/** How many of the latest imports the dashboard lists. */
const LAST_IMPORTS = 3;

export const { useGetCompanyCountsQuery, useGetLastUsageImportsQuery, useGetRequestQueueSummaryQuery } = staffApi;
