import type { AuditEntryAnswer } from '../../../server/routes/audit-log/schemas';
import type { CompanyWithUsersAnswer } from '../../../server/routes/company/schemas';
import type { QueueSummaryAnswer } from '../../../server/routes/requests/schemas';
import { api } from '../../api/api';

/** A company as the staff overview counts it (GET /companies answers much more). */
type StaffCompany = Pick<CompanyWithUsersAnswer, 'id' | 'is_provider' | 'end_time'>;

export interface CompanyCounts {
  /** Customers, the provider's own company not counted. */
  customers: number;
  /** Of which ended (an end date set). */
  ended: number;
}

/** A usage import as the change log recorded it (`usage.import`). */
export interface UsageImportRecord {
  id: number;
  /** Unix seconds. */
  created_at: number;
  file: string | null;
  imported: number | null;
}

/** An entry of the change log (GET /audit-log), as far as an import goes. */
type AuditEntry = Pick<AuditEntryAnswer, 'id' | 'created_at' | 'changes'>;

/** The staff's dashboard reads the same calls the admin screens make: the companies, and the change log's usage imports. */
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
    getLastUsageImports: build.query<UsageImportRecord[], void>({
      query: () => ({ url: 'audit-log', params: { page: 1, entity: 'usage_import' } }),
      transformResponse: ({ items }: { items: AuditEntry[] }): UsageImportRecord[] =>
        items.slice(0, LAST_IMPORTS).map(({ id, created_at, changes }) => ({
          id,
          created_at,
          file: typeof changes?.file === 'string' ? changes.file : null,
          imported: typeof changes?.imported === 'number' ? changes.imported : null,
        })),
      providesTags: ['AuditLog'],
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
