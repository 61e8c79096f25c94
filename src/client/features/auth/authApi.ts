import { MSG } from '../../../domain/messages';
import { api } from '../../api/api';
import { declareToasts, serverMessage, success } from '../../base/errorToasts';
import type { ToastRequest } from '../../base/toastsSlice';

export interface Credentials {
  email: string;
  password: string;
}

export interface PasswordReset {
  /** The single-use token of the reset link. */
  token: string;
  password: string;
}

/** Calls made before there is a session: they carry no bearer and skip the token check. */
const anonymous = { anonymous: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ token: string }, Credentials>({
      query: (credentials) => ({ url: 'auth/login', method: 'POST', body: credentials }),
      extraOptions: anonymous,
    }),
    resetPassword: build.mutation<{ token: string }, PasswordReset>({
      query: (reset) => ({ url: 'auth/reset', method: 'POST', body: reset }),
      extraOptions: anonymous,
    }),
    requestPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: 'auth/reset/request', method: 'POST', body }),
      extraOptions: anonymous,
    }),
  }),
});

export const { useLoginMutation, useResetPasswordMutation, useRequestPasswordResetMutation } = authApi;

/** Spec section 8: reset errors stay until the user closes them. */
const resetFailure = (error: unknown): ToastRequest => {
  const message = serverMessage(error);
  const texts: Record<string, string> = { 'Token timed out': MSG.resetTimedOut, 'Invalid token': MSG.resetInvalidToken };
  return { message: texts[message ?? ''] ?? MSG.resetOther(message ?? MSG.unknownError), autoHideDuration: null };
};

declareToasts(authApi.endpoints, {
  login: { failed: 'shownByScreen' },
  resetPassword: { succeeded: () => success('Je wachtwoord is ingesteld.'), failed: resetFailure, anonymous: true },
  requestPasswordReset: {
    succeeded: ({ email }) => ({ message: MSG.forgotSuccess(email), variant: 'success' }),
    failed: () => ({ message: MSG.forgotFailure }),
    anonymous: true,
  },
});
