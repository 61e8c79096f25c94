import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiRootState } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import type { AuthState } from './authSlice';
import type { StoredToast } from './toastsSlice';
import type { UiState } from './uiSlice';

/**
 * The store's state as every layer sees it: the base's slices and RTK Query's cache under `api`.
 * Declared here rather than inferred from the store, because the store is built at the top
 * (app/store.ts, which checks that its reducer makes exactly this state) and the layers below it
 * may not import it.
 */
export interface RootState extends ApiRootState<any, any, 'api'> {
  auth: AuthState;
  /** Persisted (uiPersist.ts), hence redux-persist's marker. */
  ui: UiState & PersistPartial;
  toasts: StoredToast[];
}

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export type AppStore = Store<RootState> & { dispatch: AppDispatch };

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
