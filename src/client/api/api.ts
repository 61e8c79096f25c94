import { createApi } from '@reduxjs/toolkit/query/react';
import { snapshotLoaded } from '../base/snapshotLoaded';
import { sessionBaseQuery } from './baseQuery';

export const TAG_TYPES = [
  'Policies',
  'User',
  'Company',
  'ArticleGroup',
  'ArticleGroupCount',
  'BillingCycle',
  'GroupBundle',
  'Article',
  'Service',
  'BulkService',
  'EndUser',
  'Costs',
  // docs/cost-specification.md: a month's stored versions of the cost specification, and 'Per kostenplaats'.
  'CostSpecification',
  'CostAllocation',
  'Report',
  'ParentCompany',
  'AuditLog',
  'UsageImports',
  'Alerts',
  'TwoFactor',
  'Account',
  'AccountSession',
  'Request',
  'RequestSettings',
  // docs/requests.md, 'The queue': the provider's queue and its requests.
  'QueuedRequest',
] as const;

export type TagType = (typeof TAG_TYPES)[number];

/** The one API of the portal; each feature adds its endpoints with `injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: sessionBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // A loaded QA snapshot is merged into the cache as if it had been fetched. RTK Query reads
  // only `queries`, `mutations` and `provided` of the answer, hence the cast of the partial state.
  extractRehydrationInfo: (action) => (snapshotLoaded.match(action) ? (action.payload.api as never) : undefined),
});

/** Tags for a normalized list: one per item plus LIST, so creating refetches the list. */
export const listTags = <T extends TagType>(type: T, ids: readonly (string | number)[] | undefined) => [
  ...(ids ?? []).map((id) => ({ type, id })),
  { type, id: 'LIST' as const },
];
