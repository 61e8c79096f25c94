import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { AccountAnswer, AccountSessionAnswer, EmailConfirmedAnswer } from '../../../server/routes/account/schemas';
import type { MessageAnswer } from '../../../server/routes/schemas';
import { api, listTags } from '../../api/api';
import { answeredMessage, declareToasts, initialLoadFailed, inServerWords, success } from '../../base/callToasts';

/** GET /account: the logged-in user's own account (also while managing another company). */
export type Account = AccountAnswer;

export interface ProfileInput {
  firstname: string;
  lastname: string;
  phonenumber: string | null;
}

export interface EmailChange {
  email: string;
  /** The current password. */
  password: string;
}

export interface PasswordChange {
  current_password: string;
  password: string;
}

/** Where the user is logged in; times in Unix seconds. */
export type AccountSession = AccountSessionAnswer;

const ACCOUNT = 'Account' as const;

/** 'Mijn account': each change refetches what it changed through its tags. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account, void>({
      query: () => 'account',
      providesTags: [ACCOUNT],
    }),
    // The header shows the user's name (GET /users/{id}): it is refetched too.
    editAccount: build.mutation<Account, ProfileInput>({
      query: (body) => ({ url: 'account', method: 'PUT', body }),
      invalidatesTags: (result, error) => (error || !result ? [] : [ACCOUNT, { type: 'User', id: result.id }, 'AuditLog']),
    }),
    requestEmailChange: build.mutation<MessageAnswer, EmailChange>({
      query: (body) => ({ url: 'account/email', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT]),
    }),
    /** The link in the mail: opened perhaps in another browser, so without a session. */
    confirmEmailChange: build.mutation<EmailConfirmedAnswer, string>({
      query: (token) => ({ url: 'account/email/confirm', method: 'POST', body: { token } }),
      extraOptions: { anonymous: true },
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT, 'User', 'AuditLog']),
    }),
    /** The link in the notice to the old address: without a session too. */
    cancelEmailChange: build.mutation<MessageAnswer, string>({
      query: (token) => ({ url: 'account/email/cancel', method: 'POST', body: { token } }),
      extraOptions: { anonymous: true },
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT, 'User', 'AuditLog']),
    }),
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: 'account/password', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AccountSession', id: 'LIST' }, 'AuditLog']),
    }),
    getAccountSessions: build.query<AccountSession[], void>({
      query: () => 'account/sessions',
      providesTags: (result) => listTags('AccountSession', result?.map((session) => session.id)),
    }),
    endSession: build.mutation<void, string>({
      query: (id) => ({ url: `account/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'AccountSession', id }]),
    }),
    /** 'Uitloggen op alle apparaten': this session ends too, so the screen logs out after it. */
    endAllSessions: build.mutation<void, void>({
      query: () => ({ url: 'account/sessions', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetAccountQuery,
  useEditAccountMutation,
  useRequestEmailChangeMutation,
  useConfirmEmailChangeMutation,
  useCancelEmailChangeMutation,
  useChangePasswordMutation,
  useGetAccountSessionsQuery,
  useEndSessionMutation,
  useEndAllSessionsMutation,
} = accountApi;

/** A refusal as a form shows it: the server's word per field, and what belongs to no field. */
export interface FormRefusal {
  fields: Record<string, string>;
  message: string | null;
}

export const refusalOf = (error: unknown): FormRefusal => {
  const { data } = error as FetchBaseQueryError;
  const errors = (data as { errors?: { field?: unknown; message?: unknown }[] } | undefined)?.errors ?? [];
  const fields = Object.fromEntries(
    errors.filter((e) => typeof e.field === 'string' && typeof e.message === 'string').map((e) => [e.field as string, e.message as string]),
  );
  return { fields, message: Object.keys(fields).length > 0 ? null : answeredMessage(error as FetchBaseQueryError) };
};

declareToasts(accountApi.endpoints, {
  getAccount: { failed: initialLoadFailed },
  editAccount: { succeeded: () => success('Je gegevens zijn opgeslagen.'), failed: inServerWords },
  // A wrong password or address shows next to its field, any other refusal under the form.
  requestEmailChange: { failed: 'shownByScreen' },
  confirmEmailChange: { failed: 'shownByScreen', anonymous: true },
  cancelEmailChange: { failed: 'shownByScreen', anonymous: true },
  changePassword: { succeeded: () => success('Je wachtwoord is gewijzigd. Op je andere apparaten ben je uitgelogd.'), failed: 'shownByScreen' },
  getAccountSessions: { failed: initialLoadFailed },
  endSession: { succeeded: () => success('Uitgelogd op dat apparaat.'), failed: inServerWords },
  endAllSessions: { failed: inServerWords },
});
