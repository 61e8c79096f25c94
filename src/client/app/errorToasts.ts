import { isAnyOf, isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../domain/messages';
import { accountApi } from '../api/accountApi';
import { api } from '../api/api';
import { catalogApi } from '../api/catalogApi';
import { authApi } from '../features/auth/authApi';
import { adminApi } from '../features/admin/adminApi';
import { companyApi } from '../features/company/companyApi';
import { costsApi } from '../features/costs/costsApi';
import { dashboardApi } from '../features/dashboard/dashboardApi';
import { servicesApi } from '../features/services/servicesApi';
import { usageApi } from '../features/usage/usageApi';
import { startImpersonation } from './session';
import { loadSnapshot } from './snapshot';
import { toastQueued, type ToastRequest } from './toastsSlice';

const serverMessage = (error: unknown): string | undefined => {
  const { data, status } = (error ?? {}) as Partial<FetchBaseQueryError>;
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  return typeof status === 'string' ? 'geen antwoord van de server' : undefined;
};

/** The server's own (Dutch) message, or the general failure text when it sent none. */
const answeredMessage = (error: FetchBaseQueryError): string => {
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MSG.initialLoadFailed;
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

/** Spec section 8: impersonation and parent company calls. */
const isParentCompanyFailure = isAnyOf(
  companyApi.endpoints.addBranch.matchRejected,
  companyApi.endpoints.removeBranch.matchRejected,
  adminApi.endpoints.addParentCompany.matchRejected,
  adminApi.endpoints.editParentCompany.matchRejected,
  adminApi.endpoints.deleteParentCompany.matchRejected,
);

const isContactPersonFailure = isAnyOf(
  companyApi.endpoints.addContactPerson.matchRejected,
  companyApi.endpoints.editContactPerson.matchRejected,
);

const isArticleGroupFailure = isAnyOf(
  adminApi.endpoints.addArticleGroup.matchRejected,
  adminApi.endpoints.editArticleGroup.matchRejected,
  adminApi.endpoints.deleteArticleGroup.matchRejected,
);

/** Calls whose refusal the user should read as the server wrote it (all Dutch). */
const isServerWorded = isAnyOf(
  adminApi.endpoints.endCompany.matchRejected,
  adminApi.endpoints.sendActivationMail.matchRejected,
  adminApi.endpoints.exportBilling.matchRejected,
  companyApi.endpoints.getEndUserTemplate.matchRejected,
  costsApi.endpoints.exportCostsBilling.matchRejected,
  usageApi.endpoints.downloadReport.matchRejected,
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
  if (companyApi.endpoints.removeBranch.matchFulfilled(action)) return { message: MSG.branchRemoved, variant: 'success' };
  if (companyApi.endpoints.importEndUsers.matchFulfilled(action)) return { message: MSG.importSuccess, variant: 'success' };
  if (adminApi.endpoints.deleteCompany.matchFulfilled(action)) {
    return { message: MSG.removeClientSuccess(action.meta.arg.originalArgs.name), variant: 'success' };
  }
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
  return companyAndAdminFailure(action);
};

/** Spec section 8: the failures of Mijn bedrijf and Admin. */
const companyAndAdminFailure = (action: ApiFailure): ToastRequest | null => {
  const { status } = action.payload;
  const message = serverMessage(action.payload);
  if (companyApi.endpoints.importEndUsers.matchRejected(action)) {
    const noAnswer = typeof status === 'string' || message === undefined;
    return { message: noAnswer ? MSG.importNoResponse : message, autoHideDuration: TOAST_MS.importError };
  }
  if (isParentCompanyFailure(action)) return { message: MSG.unknownError };
  if (isContactPersonFailure(action)) return { message: status === 409 ? MSG.emailTaken : MSG.initialLoadFailed };
  // A 409 is mostly the taken number; the server also refuses a taken contact e-mail address with it.
  if (adminApi.endpoints.addCompany.matchRejected(action)) {
    return { message: status === 409 ? (message ?? MSG.customerNumberTaken) : answeredMessage(action.payload) };
  }
  if (adminApi.endpoints.editCompany.matchRejected(action)) {
    return { message: status === 409 ? (message ?? MSG.companyNumberTaken) : answeredMessage(action.payload) };
  }
  if (adminApi.endpoints.deleteCompany.matchRejected(action)) return { message: MSG.removeClientFailed };
  if (isArticleGroupFailure(action)) return { message: status === 409 ? answeredMessage(action.payload) : MSG.unknownError };
  if (isServerWorded(action)) return { message: answeredMessage(action.payload) };
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
