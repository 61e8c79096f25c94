import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { compareNames } from '../../../domain/names';
import type { DateRange } from '../../../domain/time';
import { api, listTags } from '../../api/api';
import type { ArticleGroup, ArticleGroupIconKey } from '../../api/catalogApi';
import type { AdminArticleGroupAnswer } from '../../../server/routes/article-groups/schemas';
import type { AttachAnswer, UnmatchedNumberAnswer } from '../../../server/routes/usage/schemas';
import { type ListPage, USAGE_HISTORY_PAGE } from '../../api/usageImportsApi';
import { objectUrlOrError, textOrError } from '../../base/download';
import { answeredMessage, declareToasts, inServerWords, serverMessage, success, unknownError } from '../../base/callToasts';
import type { RootState } from '../../base/hooks';
import type { CompanyWithUsersAnswer } from '../../../server/routes/company/schemas';
import type { MessageAnswer, ParentCompanyAnswer } from '../../../server/routes/schemas';

/** A company of GET /companies: the company fields plus its contact persons. */
export type AdminCompany = CompanyWithUsersAnswer;

/** The company form as sent; the price per MB is the text the user typed (docs/rules.md, 'Exact money'). */
export interface CompanyInput {
  name: string;
  aliases: string | null;
  customer_number: string | null;
  zipcode: string;
  address: string;
  city: string;
  sap_number: string;
  price_mb: string;
  input_label_1: string | null;
  input_label_2: string | null;
  input_label_3: string | null;
  input_label_4: string | null;
  article_groups: number[];
  parent_company_id: number | null;
  /** Unix seconds. */
  end_time: number | null;
  /** Only for a company without a contact person: creates one. */
  contact_firstname?: string;
  contact_lastname?: string;
  contact_email?: string;
}

export type ParentCompany = ParentCompanyAnswer;

export interface ParentCompanyInput {
  name: string;
  sap_number: string | null;
  /** Ids of the branches. */
  companies: number[];
}

/** An article group with the ids of the companies that see it. */
export type AdminArticleGroup = ArticleGroup & Pick<AdminArticleGroupAnswer, 'companies'>;

export interface ArticleGroupInput {
  name: string;
  icon: ArticleGroupIconKey;
  fields: { id?: number; name: string; used_for_cdr: boolean }[];
  companies: number[];
}

/** The answer of a usage import, or its job's row; which parts are present depends on the outcome. */
export interface UsageImportAnswer {
  message?: string;
  imported?: unknown;
  duplicates?: unknown;
  unmatched?: unknown;
  ambiguous?: unknown;
  refused?: unknown;
  errors?: unknown;
}

/** A number whose records matched no service (GET /usage/unmatched). */
export type UnmatchedNumber = UnmatchedNumberAnswer;

export const companiesAdapter = createEntityAdapter<AdminCompany>({
  sortComparer: (a, b) => compareNames(a.name, b.name),
});
export const parentCompaniesAdapter = createEntityAdapter<ParentCompany>({
  sortComparer: (a, b) => compareNames(a.name, b.name),
});
export const articleGroupsAdapter = createEntityAdapter<AdminArticleGroup>();

/** Error answers are JSON; a file comes as text. */
/** A company's parent company and its article groups show up in those lists too. */
const COMPANY_CHANGE_TAGS = [{ type: 'ParentCompany', id: 'LIST' }, { type: 'ArticleGroup', id: 'LIST' }, 'AuditLog'] as const;

/** Branch changes show on every company that lists its parent company's branches. */
const PARENT_COMPANY_CHANGE_TAGS = ['Company', 'AuditLog'] as const;

/** Visibility changes show on the companies (their article groups) and the visible groups. */
const ARTICLE_GROUP_CHANGE_TAGS = [{ type: 'ArticleGroup', id: 'LIST' }, { type: 'Company', id: 'LIST' }, 'AuditLog'] as const;

/** Admin: companies, parent companies, article groups, usage import and billing export. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanies: build.query<EntityState<AdminCompany, number>, void>({
      query: () => 'companies',
      transformResponse: (companies: AdminCompany[]) => companiesAdapter.setAll(companiesAdapter.getInitialState(), companies),
      providesTags: (result) => listTags('Company', result?.ids),
    }),
    addCompany: build.mutation<AdminCompany, CompanyInput>({
      query: (company) => ({ url: 'company/register', method: 'POST', body: company }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Company', id: 'LIST' }, ...COMPANY_CHANGE_TAGS]),
    }),
    editCompany: build.mutation<AdminCompany, CompanyInput & { id: number }>({
      query: ({ id, ...company }) => ({ url: `company/${id}`, method: 'PUT', body: company }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Company', id }, 'User', ...COMPANY_CHANGE_TAGS]),
    }),
    /** 'Bedrijf beëindigen': only the end date (contract: "or only {end_time}"); the name is for the toast. */
    endCompany: build.mutation<AdminCompany, { id: number; name: string; end_time: number | null }>({
      query: ({ id, end_time }) => ({ url: `company/${id}`, method: 'PUT', body: { end_time } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Company', id }, 'AuditLog']),
    }),
    /** The name is carried along for the success message (docs/screens.md, 'Toasts'). */
    deleteCompany: build.mutation<MessageAnswer, { id: number; name: string }>({
      query: ({ id }) => ({ url: `company/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Company', id }, ...COMPANY_CHANGE_TAGS]),
    }),
    getParentCompanies: build.query<EntityState<ParentCompany, number>, void>({
      query: () => 'parent-companies',
      transformResponse: (parents: ParentCompany[]) =>
        parentCompaniesAdapter.setAll(parentCompaniesAdapter.getInitialState(), parents),
      providesTags: (result) => listTags('ParentCompany', result?.ids),
    }),
    addParentCompany: build.mutation<ParentCompany, ParentCompanyInput>({
      query: (parent) => ({ url: 'parent-companies', method: 'POST', body: parent }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'ParentCompany', id: 'LIST' }, ...PARENT_COMPANY_CHANGE_TAGS]),
    }),
    editParentCompany: build.mutation<ParentCompany, ParentCompanyInput & { id: number }>({
      query: ({ id, ...parent }) => ({ url: `parent-companies/${id}`, method: 'PUT', body: parent }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'ParentCompany', id }, ...PARENT_COMPANY_CHANGE_TAGS]),
    }),
    deleteParentCompany: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `parent-companies/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'ParentCompany', id }, ...PARENT_COMPANY_CHANGE_TAGS]),
    }),
    getArticleGroups: build.query<EntityState<AdminArticleGroup, number>, void>({
      query: () => 'article-groups',
      transformResponse: (groups: AdminArticleGroup[]) => articleGroupsAdapter.setAll(articleGroupsAdapter.getInitialState(), groups),
      providesTags: (result) => listTags('ArticleGroup', result?.ids),
    }),
    addArticleGroup: build.mutation<AdminArticleGroup, ArticleGroupInput>({
      query: (group) => ({ url: 'article-groups', method: 'POST', body: group }),
      invalidatesTags: (_result, error) => (error ? [] : ARTICLE_GROUP_CHANGE_TAGS),
    }),
    editArticleGroup: build.mutation<AdminArticleGroup, ArticleGroupInput & { id: number }>({
      query: ({ id, ...group }) => ({ url: `article-groups/${id}`, method: 'PUT', body: group }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'ArticleGroup', id }, ...ARTICLE_GROUP_CHANGE_TAGS]),
    }),
    deleteArticleGroup: build.mutation<unknown, number>({
      query: (id) => ({ url: `article-groups/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'ArticleGroup', id }, ...ARTICLE_GROUP_CHANGE_TAGS]),
    }),
    getUnmatchedNumbers: build.query<ListPage<UnmatchedNumber>, number>({
      query: (page) => ({ url: 'usage/unmatched', params: { offset: page * USAGE_HISTORY_PAGE, limit: USAGE_HISTORY_PAGE } }),
      providesTags: ['UsageImports'],
    }),
    /** Attached records change costs, usage reports and the group bundle, as an import does. */
    attachUnmatchedNumber: build.mutation<AttachAnswer, string>({
      query: (number) => ({ url: 'usage/unmatched/attach', method: 'POST', body: { number } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Costs', 'Report', 'GroupBundle', 'UsageImports']),
    }),
    /** A download, hence a mutation: nothing to cache, and the file leaves the store at once. */
    exportBilling: build.mutation<string, DateRange>({
      query: ({ from, to }) => ({
        url: 'report/export/all',
        params: { costs_date_from: from, costs_date_to: to },
        responseHandler: textOrError,
      }),
    }),
    /** The same export as .xlsx: an object URL of the file (base/download.ts). */
    exportBillingExcel: build.mutation<string, DateRange>({
      query: ({ from, to }) => ({
        url: 'report/export/all',
        params: { costs_date_from: from, costs_date_to: to, format: 'xlsx' },
        responseHandler: objectUrlOrError,
      }),
    }),
  }),
});

export const {
  useGetCompaniesQuery,
  useAddCompanyMutation,
  useEditCompanyMutation,
  useEndCompanyMutation,
  useDeleteCompanyMutation,
  useGetParentCompaniesQuery,
  useAddParentCompanyMutation,
  useEditParentCompanyMutation,
  useDeleteParentCompanyMutation,
  useGetArticleGroupsQuery,
  useAddArticleGroupMutation,
  useEditArticleGroupMutation,
  useDeleteArticleGroupMutation,
  useGetUnmatchedNumbersQuery,
  useAttachUnmatchedNumberMutation,
  useExportBillingMutation,
  useExportBillingExcelMutation,
} = adminApi;

/** A 409 is mostly the taken number; the server also refuses a taken contact e-mail address with it. */
const numberTaken = (takenText: string) => (error: FetchBaseQueryError) => ({
  message: error.status === 409 ? (serverMessage(error) ?? takenText) : answeredMessage(error),
});

/** An article group conflict (it still has articles) in the server's words, other failures as unknown. */
const articleGroupFailed = (error: FetchBaseQueryError) => (error.status === 409 ? inServerWords(error) : unknownError());

declareToasts(adminApi.endpoints, {
  addCompany: { succeeded: ({ name }) => success(`'${name}' succesvol toegevoegd.`), failed: numberTaken(MSG.customerNumberTaken) },
  editCompany: { succeeded: ({ name }) => success(`'${name}' succesvol opgeslagen.`), failed: numberTaken(MSG.companyNumberTaken) },
  deleteCompany: {
    succeeded: ({ name }) => ({ message: MSG.removeClientSuccess(name), variant: 'success' }),
    failed: () => ({ message: MSG.removeClientFailed }),
  },
  endCompany: {
    succeeded: ({ name, end_time }) =>
      success(end_time === null ? `'${name}' is niet meer beëindigd.` : `'${name}' is beëindigd per ${formatDate(end_time)}.`),
    failed: inServerWords,
  },
  exportBilling: { failed: inServerWords },
  exportBillingExcel: { failed: inServerWords },
  // The parent company calls' toasts (docs/screens.md, 'Toasts').
  addParentCompany: { succeeded: ({ name }) => success(`Hoofdbedrijf '${name}' succesvol toegevoegd.`), failed: unknownError },
  editParentCompany: { succeeded: ({ name }) => success(`Hoofdbedrijf '${name}' succesvol opgeslagen.`), failed: unknownError },
  deleteParentCompany: { succeeded: () => success('Hoofdbedrijf succesvol verwijderd.'), failed: unknownError },
  addArticleGroup: { succeeded: ({ name }) => success(`Artikelgroep '${name}' succesvol toegevoegd.`), failed: articleGroupFailed },
  editArticleGroup: { succeeded: ({ name }) => success(`Artikelgroep '${name}' succesvol opgeslagen.`), failed: articleGroupFailed },
  deleteArticleGroup: { succeeded: () => success('Artikelgroep succesvol verwijderd.'), failed: articleGroupFailed },
  // The screen toasts the server's count ('{n} verbruiksregels gekoppeld.').
  attachUnmatchedNumber: { failed: inServerWords },
});

const companySelectors = companiesAdapter.getSelectors();
const parentCompanySelectors = parentCompaniesAdapter.getSelectors();
const articleGroupSelectors = articleGroupsAdapter.getSelectors();

const selectCompaniesData = (state: RootState) => adminApi.endpoints.getCompanies.select()(state).data;
const selectParentCompaniesData = (state: RootState) => adminApi.endpoints.getParentCompanies.select()(state).data;
const selectArticleGroupsData = (state: RootState) => adminApi.endpoints.getArticleGroups.select()(state).data;
const selectId = (_state: RootState, id: number) => id;

/** Companies by name. */
export const selectCompanies = createSelector([selectCompaniesData], (data) => (data ? companySelectors.selectAll(data) : []));

export const selectCompanyById = createSelector([selectCompaniesData, selectId], (data, id) =>
  data ? (companySelectors.selectById(data, id) ?? null) : null,
);

/** Parent companies by name. */
export const selectParentCompanies = createSelector([selectParentCompaniesData], (data) =>
  data ? parentCompanySelectors.selectAll(data) : [],
);

export const selectParentCompanyById = createSelector([selectParentCompaniesData, selectId], (data, id) =>
  data ? (parentCompanySelectors.selectById(data, id) ?? null) : null,
);

/** Article groups in the provider's order. */
export const selectAdminArticleGroups = createSelector([selectArticleGroupsData], (data) =>
  data ? articleGroupSelectors.selectAll(data) : [],
);

export const selectAdminArticleGroupById = createSelector([selectArticleGroupsData, selectId], (data, id) =>
  data ? (articleGroupSelectors.selectById(data, id) ?? null) : null,
);
