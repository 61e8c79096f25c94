import { MSG } from '../../../domain/messages';
import type { AfterPasswordAnswer, TokenAnswer } from '../../../server/routes/auth/schemas';
import type { MessageAnswer } from '../../../server/routes/schemas';
import { api } from '../../api/api';
import { declareToasts, serverMessage, success } from '../../base/callToasts';
import type { ToastRequest } from '../../base/toastsSlice';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * What a right password answers: a session, or (two-factor login on) the challenge that the code
 * step sends back with the code.
 */
export type PasswordAnswer = AfterPasswordAnswer;

export interface TwoFactorCode {
  challenge: string;
  /** A code of the authenticator app, or a recovery code. */
  code: string;
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
    login: build.mutation<PasswordAnswer, Credentials>({
      query: (credentials) => ({ url: 'auth/login', method: 'POST', body: credentials }),
      extraOptions: anonymous,
    }),
    loginWithCode: build.mutation<TokenAnswer, TwoFactorCode>({
      query: (body) => ({ url: 'auth/login/two-factor', method: 'POST', body }),
      extraOptions: anonymous,
    }),
    resetPassword: build.mutation<PasswordAnswer, PasswordReset>({
      query: (reset) => ({ url: 'auth/reset', method: 'POST', body: reset }),
      extraOptions: anonymous,
    }),
    requestPasswordReset: build.mutation<MessageAnswer, { email: string }>({
      query: (body) => ({ url: 'auth/reset/request', method: 'POST', body }),
      extraOptions: anonymous,
    }),
  }),
});

export const { useLoginMutation, useLoginWithCodeMutation, useResetPasswordMutation, useRequestPasswordResetMutation } = authApi;

/** docs/screens.md, 'Password reset': reset errors stay until the user closes them. */
const resetFailure = (error: unknown): ToastRequest => {
  const message = serverMessage(error);
  const texts: Record<string, string> = { 'Token timed out': MSG.resetTimedOut, 'Invalid token': MSG.resetInvalidToken };
  return { message: texts[message ?? ''] ?? MSG.resetOther(message ?? MSG.unknownError), autoHideDuration: null };
};

declareToasts(authApi.endpoints, {
  login: { failed: 'shownByScreen' },
  loginWithCode: { failed: 'shownByScreen' },
  resetPassword: { succeeded: () => success('Je wachtwoord is ingesteld.'), failed: resetFailure, anonymous: true },
  requestPasswordReset: {
    succeeded: ({ email }) => ({ message: MSG.forgotSuccess(email), variant: 'success' }),
    failed: () => ({ message: MSG.forgotFailure }),
    anonymous: true,
  },
});
