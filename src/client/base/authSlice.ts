import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { decodeClaims } from './token';

/**
 * The session. Tokens live in memory only (decisions section 9): a reload restores the
 * session through the HttpOnly refresh cookie, never from storage.
 */
export interface AuthState {
  /** 'unknown' until the start-up refresh has answered. */
  status: 'unknown' | 'authenticated' | 'anonymous';
  token: string | null;
  /** The user's own token, kept while acting for another company. */
  originalToken: string | null;
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
    },
    impersonationStarted: (state, { payload }: PayloadAction<{ token: string; companyId: number }>) => {
      state.originalToken ??= state.token;
      state.token = payload.token;
    },
    impersonationStopped: (state) => {
      if (state.originalToken === null) return;
      state.token = state.originalToken;
      state.originalToken = null;
    },
    loggedOut: () => ({ status: 'anonymous', token: null, originalToken: null }) satisfies AuthState,
  },
  selectors: {
    selectSessionStatus: (auth) => auth.status,
    selectToken: (auth) => auth.token,
  },
});

export const { sessionStarted, impersonationStarted, impersonationStopped, loggedOut } = authSlice.actions;
export const { selectSessionStatus, selectToken } = authSlice.selectors;
export const authReducer = authSlice.reducer;

export const selectClaims = createSelector([selectToken], (token) => (token ? decodeClaims(token) : null));

export const selectUserId = (state: { auth: AuthState }) => selectClaims(state)?.sub ?? null;

/** The company every request acts for: the managed one while impersonating. */
export const selectActingCompanyId = (state: { auth: AuthState }) => selectClaims(state)?.company_id ?? null;

export const selectIsImpersonating = (state: { auth: AuthState }) => selectClaims(state)?.impersonate != null;

/** Who the cached data belongs to; a change means every cached answer is someone else's. */
export const selectIdentityKey = createSelector([selectClaims], (claims) =>
  claims ? `${claims.sub}@${claims.company_id}` : null,
);
