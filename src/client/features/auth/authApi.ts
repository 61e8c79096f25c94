import { api } from '../../api/api';

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
