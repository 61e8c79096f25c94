import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { type Month, monthKey, monthRange } from '../../../domain/time';
import { api } from '../../api/api';
import { declareToasts, inServerWords } from '../../base/callToasts';
import { objectUrlOrError } from '../../base/download';
import type {
  SpecificationCorrectionBody,
  SpecificationVersionAnswer,
  SpecificationVersionsAnswer,
} from '../../../server/routes/costs/schemas';
import { fileNameFromDisposition } from './costsApi';

/**
 * The cost specification (docs/cost-specification.md): a month's PDF of the acting company or of
 * its group, the versions stored once the month was billed, and provider staff's correction.
 */

/** Whose specification: the acting company's (`/costs/…`) or its group's (`/group/costs/…`). */
export type SpecificationScope = 'company' | 'group';

export type SpecificationVersion = SpecificationVersionAnswer;
export type SpecificationVersions = SpecificationVersionsAnswer['data'];

export interface SpecificationMonth {
  scope: SpecificationScope;
  month: Month;
}

export interface SpecificationDownload extends SpecificationMonth {
  /** A stored version; without it the latest, or the draft while the month is not final. */
  version?: number;
}

/** A downloaded PDF: an object URL of the file (base/download.ts) and its name. */
export interface SpecificationFile {
  url: string;
  fileName: string;
}

const prefix = (scope: SpecificationScope) => (scope === 'group' ? 'group/costs' : 'costs');

const monthParams = (month: Month) => {
  const { from, to } = monthRange(month);
  return { costs_date_from: from, costs_date_to: to };
};

/** The server's names (docs/cost-specification.md): `kostenspecificatie[-groep]-{YYYY-MM}[-versie-{N}].pdf`, N >= 2. */
export const specificationFileName = ({ scope, month, version }: SpecificationDownload) =>
  `kostenspecificatie${scope === 'group' ? '-groep' : ''}-${monthKey(month)}${version && version >= 2 ? `-versie-${version}` : ''}.pdf`;

export const specificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The PDF, as a download: nothing to cache, the file leaves the store at once. */
    downloadCostSpecification: build.mutation<SpecificationFile, SpecificationDownload>({
      query: ({ scope, month, version }) => ({
        url: `${prefix(scope)}/specification`,
        params: { ...monthParams(month), ...(version !== undefined && { version }) },
        responseHandler: objectUrlOrError,
      }),
      transformResponse: (url: string, meta: FetchBaseQueryMeta | undefined, arg) => ({
        url,
        fileName: fileNameFromDisposition(meta?.response?.headers.get('content-disposition')) ?? specificationFileName(arg),
      }),
    }),
    getCostSpecifications: build.query<SpecificationVersions, SpecificationMonth>({
      query: ({ scope, month }) => ({ url: `${prefix(scope)}/specifications`, params: monthParams(month) }),
      transformResponse: (answer: SpecificationVersionsAnswer) => answer.data,
      providesTags: (_result, _error, { scope }) => [{ type: 'CostSpecification', id: scope }],
    }),
    /** docs/cost-specification.md, 'Corrections': a new version of a final month; the group's too when it has one. */
    createCostSpecificationVersion: build.mutation<SpecificationVersion, SpecificationCorrectionBody>({
      query: (body) => ({ url: 'costs/specifications', method: 'POST', body }),
      transformResponse: (answer: { data: SpecificationVersion }) => answer.data,
      invalidatesTags: ['CostSpecification'],
    }),
  }),
});

export const { useDownloadCostSpecificationMutation, useGetCostSpecificationsQuery, useCreateCostSpecificationVersionMutation } = specificationApi;

declareToasts(specificationApi.endpoints, {
  downloadCostSpecification: { failed: inServerWords },
  createCostSpecificationVersion: { failed: inServerWords },
});
