import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { decodeClaims } from './token';

/**
 * The session. Tokens live in memory only (docs/rules.md, 'Tokens and sessions'): a reload restores the
 * session through the HttpOnly refresh cookie, never from storage.
 */
export interface AuthState {
  /**
   * 'unknown' until the start-up refresh has answered. 'expired': the session ended without the user
   * logging out (docs/screens.md, 'Logging in and out'); with its tokens still here the page stays
   * and a dialog asks to log in again, without them (a reload, a deep link) /login asks, with the
   * address kept. 'anonymous': logged out on purpose.
   */
  status: 'unknown' | 'authenticated' | 'expired' | 'anonymous';
  /** While 'expired': the ended session's token, kept so that the page and its cached answers stay the user's. */
  token: string | null;
  /** The user's own token, kept while acting for another company. */
  originalToken: string | null;
  /**
   * The server refused the managing token (401): the impersonation is over (its hour passed, or it
   * was stopped elsewhere). The banner, which knows the company's name, then goes back to the
   * user's own company and says so.
   */
  impersonationLapsed?: true;
}

export interface SessionTokens {
  token: string;
  originalToken: string | null;
}

const initialState: AuthState = { status: 'unknown', token: null, originalToken: null };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted: (state, { payload }: PayloadAction<SessionTokens>) => {
      state.status = 'authenticated';
      state.token = payload.token;
      state.originalToken = payload.originalToken;
      delete state.impersonationLapsed;
    },
    impersonationStarted: (state, { payload }: PayloadAction<{ token: string; companyId: number }>) => {
      state.originalToken ??= state.token;
      state.token = payload.token;
      delete state.impersonationLapsed;
    },
    impersonationStopped: (state) => {
      if (state.originalToken === null) return;
      state.token = state.originalToken;
      state.originalToken = null;
      delete state.impersonationLapsed;
    },
    impersonationLapsed: (state) => {
      if (state.originalToken !== null) state.impersonationLapsed = true;
    },
    loggedOut: () => ({ status: 'anonymous', token: null, originalToken: null }) satisfies AuthState,
    /**
     * The one place that tells an ended session from a logout: the server refused the token (401),
     * the session could not be renewed, or it was idle too long. A page that had a session keeps it
     * underneath; without one (start-up) there is nothing to keep.
     */
    sessionEnded: (state) => {
      if (state.status === 'authenticated' || state.status === 'expired') state.status = 'expired';
      else return { status: 'expired', token: null, originalToken: null } satisfies AuthState;
    },
  },
  selectors: {
    selectSessionStatus: (auth) => auth.status,
    selectToken: (auth) => auth.token,
  },
});

export const { sessionStarted, impersonationStarted, impersonationStopped, impersonationLapsed, loggedOut, sessionEnded } = authSlice.actions;
export const { selectSessionStatus, selectToken } = authSlice.selectors;
export const authReducer = authSlice.reducer;

export const selectClaims = createSelector([selectToken], (token) => (token ? decodeClaims(token) : null));

export const selectUserId = (state: { auth: AuthState }) => selectClaims(state)?.sub ?? null;

/** The company every request acts for: the managed one while impersonating. */
export const selectActingCompanyId = (state: { auth: AuthState }) => selectClaims(state)?.company_id ?? null;

export const selectIsImpersonating = (state: { auth: AuthState }) => selectClaims(state)?.impersonate != null;

/** When the impersonation ends by itself, Unix seconds; null when not impersonating (or not known). */
export const selectImpersonationEndsAt = (state: { auth: AuthState }) => selectClaims(state)?.imp_exp ?? null;

/** The session may only set up two-factor login (provider staff without it, docs/rules.md, 'Two-factor login'). */
export const selectTwoFactorSetupOnly = (state: { auth: AuthState }) => selectClaims(state)?.scope === 'two-factor-setup';

export const selectImpersonationLapsed = (state: { auth: AuthState }) => state.auth.impersonationLapsed === true;

/** Who the cached data belongs to; a change means every cached answer is someone else's. */
export const selectIdentityKey = createSelector([selectClaims], (claims) =>
  claims ? `${claims.sub}@${claims.company_id}` : null,
);
