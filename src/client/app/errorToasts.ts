import { isAnyOf, isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../domain/messages';
import { accountApi } from '../api/accountApi';
import { api } from '../api/api';
import { catalogApi } from '../api/catalogApi';
import { authApi } from '../features/auth/authApi';
import { dashboardApi } from '../features/dashboard/dashboardApi';
import { servicesApi } from '../features/services/servicesApi';
import { startImpersonation } from './session';
import { loadSnapshot } from './snapshot';
import { toastQueued, type ToastRequest } from './toastsSlice';

const serverMessage = (error: unknown): string | undefined => {
  const { data, status } = (error ?? {}) as Partial<FetchBaseQueryError>;
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  return typeof status === 'string' ? 'geen antwoord van de server' : undefined;
};

/** Spec section 8: reset errors stay until the user closes them. */
const resetFailure = (error: unknown): ToastRequest => {
  const message = serverMessage(error);
  const texts: Record<string, string> = { 'Token timed out': MSG.resetTimedOut, 'Invalid token': MSG.resetInvalidToken };
  return { message: texts[message ?? ''] ?? MSG.resetOther(message ?? MSG.unknownError), autoHideDuration: null };
};

/** The data every logged-in screen starts with (spec section 8: initial data load). */
const isInitialLoad = isAnyOf(
  accountApi.endpoints.getPolicies.matchRejected,
  accountApi.endpoints.getUser.matchRejected,
  catalogApi.endpoints.getVisibleArticleGroups.matchRejected,
);

/** Spec section 8: any failure to save a service. */
const isServiceSaveFailure = isAnyOf(
  servicesApi.endpoints.addService.matchRejected,
  servicesApi.endpoints.editService.matchRejected,
);

type ApiFailure = UnknownAction & { payload: FetchBaseQueryError; meta: { arg: { endpointName: string } } };

const isApiFailure = (action: UnknownAction): action is ApiFailure =>
  isRejectedWithValue(action) && action.type.startsWith(`${api.reducerPath}/`);

/** The login form shows its own message; a 401 elsewhere ends the session and /login follows. */
const isHandledElsewhere = (action: ApiFailure) =>
  authApi.endpoints.login.matchRejected(action) || action.payload.status === 401;

/** The toast the spec asks for after an action, or null. */
export const toastFor = (action: UnknownAction): ToastRequest | null => {
  if (authApi.endpoints.requestPasswordReset.matchFulfilled(action)) {
    return { message: MSG.forgotSuccess(action.meta.arg.originalArgs.email), variant: 'success' };
  }
  if (dashboardApi.endpoints.recalculateGroupBundle.matchFulfilled(action)) {
    return { message: 'De groepsbundel is herberekend.', variant: 'success' };
  }
  if (servicesApi.endpoints.deleteBulkService.matchFulfilled(action)) return { message: MSG.bulkDeleted, variant: 'success' };
  if (loadSnapshot.fulfilled.match(action)) return { message: 'Snapshot geladen.', variant: 'success' };
  if (loadSnapshot.rejected.match(action)) return { message: 'Dit bestand is geen geldige snapshot.' };
  if (startImpersonation.rejected.match(action)) return { message: MSG.unknownError };
  if (!isApiFailure(action)) return null;
  if (authApi.endpoints.requestPasswordReset.matchRejected(action)) return { message: MSG.forgotFailure };
  if (authApi.endpoints.resetPassword.matchRejected(action)) return resetFailure(action.payload);
  if (isHandledElsewhere(action)) return null;
  if (isInitialLoad(action)) return { message: MSG.initialLoadFailed, autoHideDuration: TOAST_MS.default };
  if (isServiceSaveFailure(action)) return { message: MSG.phoneNumberTaken };
  if (servicesApi.endpoints.addBulkService.matchRejected(action)) return { message: MSG.bulkNotEnough };
  if (servicesApi.endpoints.deleteBulkService.matchRejected(action)) return { message: MSG.bulkDeleteFailed };
  return null;
};

/** Turns failed calls into the spec's toasts; other failures are only logged. */
export const errorToasts: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  const toast = toastFor(action as UnknownAction);
  if (toast) {
    store.dispatch(toastQueued(toast));
  } else if (isApiFailure(action as UnknownAction) && !isHandledElsewhere(action as ApiFailure)) {
    const { payload, meta } = action as ApiFailure;
    console.warn(`${meta.arg.endpointName} failed`, payload);
  }
  return result;
};
