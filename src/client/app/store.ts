import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../api/api';
import { authReducer } from '../base/authSlice';
import { callToasts } from '../base/callToasts';
import { noteOwnToken } from '../base/idle';
import type { AppStore, RootState } from '../base/hooks';
import { toastsReducer } from '../base/toastsSlice';
import { uiPersistConfig } from '../base/uiPersist';
import { uiReducer } from '../base/uiSlice';
import { sessionCache } from './sessionCache';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  // Only UI choices are persisted; tokens and cached answers never reach storage.
  ui: persistReducer(uiPersistConfig, uiReducer),
  toasts: toastsReducer,
});

/**
 * The one store. Its type is the one the layers below declare (base/hooks.ts), which cannot
 * import it: the return type has the compiler check that these reducers make that state.
 */
export const makeStore = (preloadedState?: Partial<RootState>): AppStore => {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(sessionCache.middleware)
        .concat(api.middleware, callToasts),
  });
  // The idle clock's start (base/idle.ts), noted as the token arrives rather than when the lazily loaded warning mounts.
  const noteToken = () => {
    const { auth } = store.getState();
    noteOwnToken(auth.originalToken ?? auth.token);
  };
  noteToken();
  store.subscribe(noteToken);
  return store;
};
