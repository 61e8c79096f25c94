import { type BaseQueryFn, type FetchArgs, fetchBaseQuery, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { impersonationLapsed, sessionEnded } from '../base/authSlice';
import { ensureFreshSession, mayResend, type SessionRootState } from '../base/session';

export interface SessionExtraOptions {
  /** Calls made without a session (login, password reset): no token check, no bearer. */
  anonymous?: boolean;
}

const httpBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState, extraOptions }) => {
    const token = (getState() as SessionRootState).auth.token;
    if (token && !(extraOptions as SessionExtraOptions | undefined)?.anonymous) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    return headers;
  },
});

/** A way to send a call to the API: fetch for every endpoint, XMLHttpRequest for an upload whose progress shows (api/upload.ts). */
export type SessionTransport<Args> = BaseQueryFn<Args, unknown, FetchBaseQueryError, SessionExtraOptions>;

const NO_SESSION: { error: FetchBaseQueryError } = { error: { status: 401, data: { message: 'No session' } } };

/** The longest wait a 503's Retry-After may ask before a read is asked again (the server asks 5 s). */
const MAX_RETRY_AFTER_SECONDS = 10;

/**
 * A read the server could not answer because its database was away for a moment (503 with
 * Retry-After, a restart of PostgreSQL) is asked once more after the wait it names, so the user
 * sees the answer instead of an error. A change (mutation) is never repeated by itself: whether it
 * happened is for the user to see.
 */
const readAgainAfter = (result: Awaited<ReturnType<SessionTransport<never>>>, type: 'query' | 'mutation'): number | null => {
  if (type !== 'query' || result.error?.status !== 503) return null;
  const seconds = Number((result.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Retry-After'));
  return seconds > 0 && seconds <= MAX_RETRY_AFTER_SECONDS ? seconds : null;
};

/**
 * Every authenticated request first checks the token (docs/screens.md, 'Logging in and out'): about
 * to expire or expired renews it, and a session that cannot be renewed has ended. A 401 answer ends
 * the session too. While managing a company a 401 means the impersonation is over: the banner then
 * goes back to the user's own company.
 */
const sendWithSession = <Args>(transport: SessionTransport<Args>): SessionTransport<Args> => async (args, api, extraOptions) => {
  const getState = api.getState as () => SessionRootState;
  if (!(await ensureFreshSession(getState, api.dispatch))) return NO_SESSION;
  const sentWith = getState().auth.token;
  let result = await transport(args, api, extraOptions);
  const wait = readAgainAfter(result, api.type);
  if (wait !== null) {
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    if (!api.signal.aborted) result = await transport(args, api, extraOptions);
  }
  // A late answer to a token that has since been replaced says nothing about the current session.
  if (result.error?.status === 401 && getState().auth.token === sentWith) {
    api.dispatch(getState().auth.originalToken === null ? sessionEnded() : impersonationLapsed());
  }
  return result;
};

/**
 * A call refused because the session has ended waits while the dialog 'Je sessie is verlopen' asks
 * the user to log in again, then goes out once more with the new token: the 'Opslaan' that met the
 * ended session saves after all. Logging out instead leaves it refused.
 */
export const withSession = <Args>(transport: SessionTransport<Args>): SessionTransport<Args> => {
  const send = sendWithSession(transport);
  return async (args, api, extraOptions = {}) => {
    if (extraOptions.anonymous) return transport(args, api, extraOptions);
    const result = await send(args, api, extraOptions);
    if (result.error?.status !== 401 || !(await mayResend(api.getState() as SessionRootState))) return result;
    return send(args, api, extraOptions);
  };
};

/** Every endpoint's calls: fetch, with the session. */
export const sessionBaseQuery: SessionTransport<string | FetchArgs> = withSession<string | FetchArgs>(httpBaseQuery);
