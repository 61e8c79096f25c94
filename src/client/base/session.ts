import { createAsyncThunk, type ThunkAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { requestImpersonation, requestImpersonationStop, requestLogout, requestRefresh } from './sessionRequests';
import { nowInSeconds, sessionTokenStatus } from './token';
import {
  type AuthState,
  impersonationStarted,
  impersonationStopped,
  loggedOut,
  sessionEnded,
  type SessionTokens,
  sessionStarted,
} from './authSlice';
import { selectManagedCompanyId, type UiState } from './uiSlice';

/** The part of the store the session logic reads; kept narrow so the api can use it too. */
export interface SessionRootState {
  auth: AuthState;
  ui: UiState;
}

type SessionDispatch = ThunkDispatch<SessionRootState, unknown, UnknownAction>;

/**
 * Opens a session from the refresh cookie and, when a company was being managed, acts
 * for it again: the session's impersonation of it goes on, without a new reason. Refusal
 * (its hour is over, or the right is gone) falls back to the user's own company.
 */
const openSession = async (managedCompanyId: number | null): Promise<SessionTokens | null> => {
  const token = await requestRefresh();
  if (!token) return null;
  if (managedCompanyId === null) return { token, originalToken: null };
  const impersonated = await requestImpersonation(token, managedCompanyId);
  return impersonated ? { token: impersonated, originalToken: token } : { token, originalToken: null };
};

const renewSession = async (getState: () => SessionRootState, dispatch: SessionDispatch): Promise<boolean> => {
  const tokens = await openSession(selectManagedCompanyId(getState()));
  dispatch(tokens ? sessionStarted(tokens) : sessionEnded());
  return tokens !== null;
};

/**
 * Calls that meet an ended session wait here for the user's answer to the dialog 'Je sessie is
 * verlopen' (docs/screens.md, 'Logging in and out'): logging in again sends them (true), logging
 * out fails them (false). A 401 comes from the auth hook before any handler ran, so sending a
 * change again cannot make it happen twice.
 */
let waitingForLogin: { answer: Promise<boolean>; settle(resumed: boolean): void } | null = null;

const waitForNewSession = (): Promise<boolean> => {
  if (!waitingForLogin) {
    let settle: (resumed: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    waitingForLogin = { answer, settle };
  }
  return waitingForLogin.answer;
};

const settleWaitingCalls = (resumed: boolean) => {
  waitingForLogin?.settle(resumed);
  waitingForLogin = null;
};

/** Whether a call refused for want of a session may be sent again: after the user logs in again. */
export const mayResend = (state: SessionRootState): Promise<boolean> =>
  state.auth.status === 'expired' ? waitForNewSession() : Promise.resolve(false);

let pendingRenewal: Promise<boolean> | null = null;

/** Concurrent requests that all need a fresh token share one renewal. */
const renewSessionOnce = (getState: () => SessionRootState, dispatch: SessionDispatch): Promise<boolean> => {
  pendingRenewal ??= renewSession(getState, dispatch).finally(() => {
    pendingRenewal = null;
  });
  return pendingRenewal;
};

/**
 * Makes sure the session's tokens can be sent: renews them when they expire soon or have expired
 * (the refresh cookie decides whether the session still lives; if not, it has ended). While the
 * session has ended the request waits for the user to log in again. Answers whether it may go out.
 */
export const ensureFreshSession = async (
  getState: () => SessionRootState,
  dispatch: SessionDispatch,
): Promise<boolean> => {
  if (pendingRenewal) return pendingRenewal;
  const { status, token, originalToken } = getState().auth;
  if (status === 'expired') return waitForNewSession();
  if (!token) return false;
  if (sessionTokenStatus(originalToken ? [token, originalToken] : [token], nowInSeconds()) === 'ok') return true;
  return renewSessionOnce(getState, dispatch);
};

/**
 * 'Ingelogd blijven', and user input near the end of the idle hour (docs/screens.md, 'Logging in
 * and out'): renews the session now; a refusal ends it.
 */
export const keepSessionAlive = createAsyncThunk<boolean, void, { state: SessionRootState }>('session/keepAlive', (_, { getState, dispatch }) =>
  renewSessionOnce(getState, dispatch),
);

/** Logged in again over the page (the dialog 'Je sessie is verlopen'): the waiting calls go out. */
export const resumeSession =
  (token: string): ThunkAction<void, SessionRootState, unknown, UnknownAction> =>
  (dispatch) => {
    dispatch(sessionStarted({ token, originalToken: null }));
    settleWaitingCalls(true);
  };

/** At start-up (a reload keeps no token): the refresh cookie decides whether we are logged in. */
export const restoreSession = createAsyncThunk<boolean, void, { state: SessionRootState }>('session/restore', (_, { getState, dispatch }) =>
  renewSessionOnce(getState, dispatch),
);

/** Forgets the session at once and revokes it on the server. */
export const logout = createAsyncThunk<void, void, { state: SessionRootState }>(
  'session/logout',
  async (_, { getState, dispatch }) => {
    const { token, originalToken } = getState().auth;
    dispatch(loggedOut());
    settleWaitingCalls(false);
    const bearer = originalToken ?? token;
    if (bearer) await requestLogout(bearer);
  },
);

export interface ImpersonationRequest {
  companyId: number;
  /** Why the user manages the company: required, 3 to 500 characters. */
  reason: string;
}

/** Acts for another company with a token the server issues for the user's own identity. */
export const startImpersonation = createAsyncThunk<void, ImpersonationRequest, { state: SessionRootState }>(
  'session/startImpersonation',
  async ({ companyId, reason }, { getState, dispatch, rejectWithValue }) => {
    if (!(await ensureFreshSession(getState, dispatch))) return rejectWithValue('no session');
    const { token, originalToken } = getState().auth;
    const ownToken = originalToken ?? token;
    const impersonated = ownToken ? await requestImpersonation(ownToken, companyId, reason) : null;
    if (!impersonated) return rejectWithValue('refused');
    dispatch(impersonationStarted({ token: impersonated, companyId }));
  },
);

/**
 * Back to the user's own company at once (its token is kept), before the thunk's first await;
 * the server then ends the impersonation, with that token, so the log shows how long it lasted.
 */
export const stopImpersonation =
  (): ThunkAction<Promise<void>, SessionRootState, unknown, UnknownAction> =>
  async (dispatch, getState) => {
    const { originalToken } = getState().auth;
    dispatch(impersonationStopped());
    if (originalToken) await requestImpersonationStop(originalToken);
  };
