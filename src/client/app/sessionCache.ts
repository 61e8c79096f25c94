import { createListenerMiddleware } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { type AuthState, selectIdentityKey } from '../base/authSlice';

/**
 * Cached answers belong to one user acting for one company. When that changes (login,
 * logout, starting or stopping impersonation) the cache is dropped and every mounted
 * screen fetches its data again.
 */
export const sessionCache = createListenerMiddleware();

sessionCache.startListening({
  predicate: (_action, current, previous) =>
    selectIdentityKey(current as { auth: AuthState }) !== selectIdentityKey(previous as { auth: AuthState }),
  effect: (_action, { dispatch }) => {
    dispatch(api.util.resetApiState());
  },
});
