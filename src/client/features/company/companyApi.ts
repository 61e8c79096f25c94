import type { EndUserSort, SortOrder } from '../../../domain/listSorts';
import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../../domain/messages';
import { comparePeople } from '../../../domain/names';
import { api, listTags } from '../../api/api';
import { declareToasts, inServerWords, serverMessage, success, unknownError } from '../../base/callToasts';
import type { RootState } from '../../base/hooks';
import type { AuditEntryAnswer, AuditImpersonationAnswer, AuditLogPageAnswer } from '../../../server/routes/audit-log/schemas';
import type { CompanyWithUsersAnswer } from '../../../server/routes/company/schemas';
import type { EndUserAnswer, EndUserCountAnswer, EndUserImportAnswer } from '../../../server/routes/end-users/schemas';
import type { MessageAnswer } from '../../../server/routes/schemas';
import type { ContactPersonAnswer } from '../../../server/routes/users/schemas';

/** A contact person of the acting company (GET /users). */
export type ContactPerson = ContactPersonAnswer;

/** The contact person form as sent; the server keeps the company and role. */
export interface ContactPersonInput {
  firstname: string;
  lastname: string;
  email: string;
  phonenumber: string | null;
  approves_requests: boolean;
  receives_cost_specification: boolean;
}

export type EndUserListItem = EndUserAnswer;

/** A window of the end user list: `limit` end users matching `term`, after `offset` of them. */
export interface EndUsersWindow {
  term: string;
  /** By first name, or the other way round (docs/screens.md, 'End users'); by surname going up without it. */
  order?: { sort: EndUserSort; order: SortOrder };
  offset: number;
  limit: number;
}

/** A company that could become a branch (GET /companies, provider staff only); `is_provider`: never offered. */
export type BranchCandidate = Pick<CompanyWithUsersAnswer, 'id' | 'name' | 'parent_company_id' | 'is_provider'>;

/** Managing a company: why, and from when until when (Unix seconds). */
export type AuditLogImpersonation = AuditImpersonationAnswer;

/** One change to the company (GET /audit-log). */
export type AuditLogEntry = AuditEntryAnswer;

export type AuditLogPage = AuditLogPageAnswer;

export interface AuditLogQuery {
  companyId: number;
  /** 1-based. */
  page: number;
  /** Only the changes of one kind of object (`AuditLogEntry.entity`); all when absent. */
  entity?: string;
}

export interface BranchChange {
  parentCompanyId: number;
  companyId: number;
}

export const contactPersonsAdapter = createEntityAdapter<ContactPerson>();
export const endUsersAdapter = createEntityAdapter<EndUserListItem>();
export const branchCandidatesAdapter = createEntityAdapter<BranchCandidate>();

/** Error answers are JSON; a file comes as text. */
const textOrError = (response: Response) => (response.ok ? response.text() : response.json());

/**
 * A branch that moves changes every company that shows its parent company's branches (the
 * acting company among them), the parent companies and the log.
 */
const BRANCH_CHANGE_TAGS = ['Company', 'ParentCompany', 'AuditLog'] as const;

/** Mijn bedrijf: contact persons, end users and their import, branches, the change log. */
export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactPersons: build.query<EntityState<ContactPerson, number>, void>({
      query: () => 'users',
      transformResponse: (users: ContactPerson[]) => contactPersonsAdapter.setAll(contactPersonsAdapter.getInitialState(), users),
      providesTags: (result) => listTags('User', result?.ids),
    }),
    addContactPerson: build.mutation<ContactPerson, ContactPersonInput>({
      query: (user) => ({ url: 'users', method: 'POST', body: user }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'LIST' }, 'AuditLog']),
    }),
    editContactPerson: build.mutation<ContactPerson, ContactPersonInput & { id: number }>({
      query: ({ id, ...user }) => ({ url: `users/${id}`, method: 'PUT', body: user }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'User', id }, 'AuditLog']),
    }),
    /** Provider staff only: the user's two-factor login off, with a reason for the change log. */
    resetTwoFactor: build.mutation<MessageAnswer, { person: ContactPerson; reason: string }>({
      query: ({ person, reason }) => ({ url: `users/${person.id}/two-factor/reset`, method: 'POST', body: { reason } }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'LIST' }, 'AuditLog']),
    }),
    /**
     * A window of the company's end users whose name holds every word of `term`, by name: a big
     * customer has 20,000, and the list loads them as it shows them.
     */
    getEndUsersWindow: build.query<EntityState<EndUserListItem, number>, EndUsersWindow>({
      query: ({ term, order, offset, limit }) => ({ url: 'end-users/all', params: { term, ...order, offset, limit } }),
      transformResponse: (endUsers: EndUserListItem[]) => endUsersAdapter.setAll(endUsersAdapter.getInitialState(), endUsers),
      providesTags: (result) => listTags('EndUser', result?.ids),
    }),
    /** How many end users match `term` (all of them for ''). */
    getEndUserCount: build.query<number, string>({
      query: (term) => ({ url: 'end-users/count', params: term ? { term } : undefined }),
      transformResponse: (answer: EndUserCountAnswer) => answer.count,
      providesTags: [{ type: 'EndUser', id: 'LIST' }],
    }),
    /** All or nothing (contract): the answer names how many were added. */
    importEndUsers: build.mutation<EndUserImportAnswer, File>({
      query: (file) => {
        const body = new FormData();
        body.append('data', file);
        return { url: 'end-users/import', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'EndUser', id: 'LIST' }, 'AuditLog']),
    }),
    /** A download, hence a mutation: nothing to cache, and the file leaves the store at once. */
    getEndUserTemplate: build.mutation<string, void>({
      query: () => ({ url: 'end-users/import/template', responseHandler: textOrError }),
    }),
    getBranchCandidates: build.query<EntityState<BranchCandidate, number>, void>({
      query: () => 'companies',
      transformResponse: (companies: BranchCandidate[]) =>
        branchCandidatesAdapter.setAll(branchCandidatesAdapter.getInitialState(), companies),
      providesTags: (result) => listTags('Company', result?.ids),
    }),
    addBranch: build.mutation<MessageAnswer, BranchChange>({
      query: ({ parentCompanyId, companyId }) => ({
        url: `parent-companies/${parentCompanyId}/add`,
        method: 'POST',
        body: { company_id: companyId },
      }),
      invalidatesTags: (_result, error) => (error ? [] : BRANCH_CHANGE_TAGS),
    }),
    removeBranch: build.mutation<MessageAnswer, BranchChange>({
      query: ({ parentCompanyId, companyId }) => ({
        url: `parent-companies/${parentCompanyId}/remove`,
        method: 'POST',
        body: { company_id: companyId },
      }),
      invalidatesTags: (_result, error) => (error ? [] : BRANCH_CHANGE_TAGS),
    }),
    getAuditLog: build.query<AuditLogPage, AuditLogQuery>({
      query: ({ companyId, page, entity }) => ({ url: 'audit-log', params: { company_id: companyId, page, ...(entity ? { entity } : {}) } }),
      providesTags: ['AuditLog'],
      // Every screen of the portal writes to the log; reopening Mijn bedrijf shows it afresh.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetContactPersonsQuery,
  useAddContactPersonMutation,
  useEditContactPersonMutation,
  useResetTwoFactorMutation,
  useGetEndUsersWindowQuery,
  useGetEndUserCountQuery,
  useImportEndUsersMutation,
  useGetEndUserTemplateMutation,
  useGetBranchCandidatesQuery,
  useAddBranchMutation,
  useRemoveBranchMutation,
  useGetAuditLogQuery,
} = companyApi;

/** docs/screens.md, 'End users': an end-user import's refusal as the server wrote it, for 10 seconds, or that nothing was imported. */
const importFailed = (error: FetchBaseQueryError) => {
  const message = serverMessage(error);
  const noAnswer = typeof error.status === 'string' || message === undefined;
  return { message: noAnswer ? MSG.importNoResponse : message, autoHideDuration: TOAST_MS.importError };
};

const contactPersonFailed = (error: FetchBaseQueryError) => ({ message: error.status === 409 ? MSG.emailTaken : MSG.initialLoadFailed });

declareToasts(companyApi.endpoints, {
  importEndUsers: { succeeded: () => ({ message: MSG.importSuccess, variant: 'success' }), failed: importFailed },
  getEndUserTemplate: { failed: inServerWords },
  addContactPerson: {
    succeeded: ({ firstname, lastname }) => success(`Contactpersoon '${firstname} ${lastname}' succesvol toegevoegd.`),
    failed: contactPersonFailed,
  },
  editContactPerson: {
    succeeded: ({ firstname, lastname }) => success(`Contactpersoon '${firstname} ${lastname}' succesvol opgeslagen.`),
    failed: contactPersonFailed,
  },
  resetTwoFactor: {
    succeeded: ({ person }) => success(`Tweestapsverificatie van ${person.firstname} ${person.lastname} is gereset. Er is een e-mail naar ${person.email} gestuurd.`),
    failed: inServerWords,
  },
  // The parent company calls' toasts (docs/screens.md, 'Toasts').
  addBranch: { succeeded: () => success('Vestiging succesvol toegevoegd aan hoofdbedrijf.'), failed: unknownError },
  removeBranch: { succeeded: () => ({ message: MSG.branchRemoved, variant: 'success' }), failed: unknownError },
});

const contactPersonSelectors = contactPersonsAdapter.getSelectors();
const branchCandidateSelectors = branchCandidatesAdapter.getSelectors();

const selectContactPersonsData = (state: RootState) => companyApi.endpoints.getContactPersons.select()(state).data;

/** Contact persons by surname the Dutch way ('de Boer' under B), as the table lists them. */
export const selectContactPersons = createSelector([selectContactPersonsData], (data) =>
  data
    ? [...contactPersonSelectors.selectAll(data)].sort(comparePeople)
    : [],
);

export const selectContactPersonById = createSelector(
  [selectContactPersonsData, (_state: RootState, id: number) => id],
  (data, id) => (data ? (contactPersonSelectors.selectById(data, id) ?? null) : null),
);


export const selectBranchCandidates = createSelector(
  [(state: RootState) => companyApi.endpoints.getBranchCandidates.select()(state).data],
  (data) => (data ? branchCandidateSelectors.selectAll(data) : []),
);
