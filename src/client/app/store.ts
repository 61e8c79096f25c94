import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api } from '../api/api';
import { authReducer } from './authSlice';
import { errorToasts } from './errorToasts';
import { sessionCache } from './sessionCache';
import { toastsReducer } from './toastsSlice';
import { uiPersistConfig } from './uiPersist';
import { uiReducer } from './uiSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  // Only UI choices are persisted; tokens and cached answers never reach storage.
  ui: persistReducer(uiPersistConfig, uiReducer),
  toasts: toastsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export const makeStore = (preloadedState?: Partial<RootState>) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(sessionCache.middleware)
        .concat(api.middleware, errorToasts),
  });

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
