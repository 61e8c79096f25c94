import { isFulfilled, isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../domain/messages';
import type { accountApi } from '../api/accountApi';
import { api } from '../api/api';
import type { catalogApi } from '../api/catalogApi';
import type { authApi } from '../features/auth/authApi';
import type { adminApi } from '../features/admin/adminApi';
import type { companyApi } from '../features/company/companyApi';
import type { costsApi } from '../features/costs/costsApi';
import type { dashboardApi } from '../features/dashboard/dashboardApi';
import type { servicesApi } from '../features/services/servicesApi';
import type { usageApi } from '../features/usage/usageApi';
import { startImpersonation } from './session';
import { loadSnapshot } from './snapshot';
import { toastQueued, type ToastRequest } from './toastsSlice';

/**
 * The endpoints this middleware answers, by name. It matches RTK Query's actions by
 * `meta.arg.endpointName` instead of through the endpoints' matchers, so that the entry does not
 * import (and inject at start) every feature's endpoints only to recognise their failures: the
 * admin, company, costs, usage and dashboard endpoints load with their screens. The names are
 * checked against the APIs' types.
 */
export type EndpointName =
  | keyof typeof accountApi.endpoints
  | keyof typeof catalogApi.endpoints
  | keyof typeof authApi.endpoints
  | keyof typeof adminApi.endpoints
  | keyof typeof companyApi.endpoints
  | keyof typeof costsApi.endpoints
  | keyof typeof dashboardApi.endpoints
  | keyof typeof servicesApi.endpoints
  | keyof typeof usageApi.endpoints;

/** The data every logged-in screen starts with (spec section 8: initial data load). */
const INITIAL_LOAD: EndpointName[] = ['getPolicies', 'getUser', 'getVisibleArticleGroups'];

/** Spec section 8: any failure to save a service. */
const SERVICE_SAVE: EndpointName[] = ['addService', 'editService'];

/** Spec section 8: impersonation and parent company calls. */
const PARENT_COMPANY: EndpointName[] = ['addBranch', 'removeBranch', 'addParentCompany', 'editParentCompany', 'deleteParentCompany'];

const CONTACT_PERSON: EndpointName[] = ['addContactPerson', 'editContactPerson'];

const ARTICLE_GROUP: EndpointName[] = ['addArticleGroup', 'editArticleGroup', 'deleteArticleGroup'];

/** Calls whose refusal the user should read as the server wrote it (all Dutch). */
const SERVER_WORDED: EndpointName[] = [
  'endCompany',
  'sendActivationMail',
  'exportBilling',
  'getEndUserTemplate',
  'exportCostsBilling',
  'downloadReport',
];

/**
 * Decisions sections 13 and 14: refusals the spec's fixed texts for these calls would misstate (a
 * billed month, another customer's number); they are shown as the server words them.
 */
const DECIDED_REFUSALS: readonly string[] = [MSG.closedMonth, MSG.phoneNumberTakenElsewhere];
const REFUSED_AS_DECIDED: EndpointName[] = ['addService', 'editService', 'deleteService', 'addBulkService', 'deleteBulkService'];

type ApiAction = UnknownAction & { meta: { arg: { endpointName: string; originalArgs: unknown } } };
type ApiFailure = ApiAction & { payload: FetchBaseQueryError };

const isApiAction = (action: UnknownAction): action is ApiAction => action.type.startsWith(`${api.reducerPath}/`);

const isApiFailure = (action: UnknownAction): action is ApiFailure => isRejectedWithValue(action) && isApiAction(action);

/** A failure of one of the named endpoints. */
const failed = (action: ApiFailure, ...names: EndpointName[]) => (names as string[]).includes(action.meta.arg.endpointName);

/** A success of the named endpoint, with the arguments it was called with. */
const succeeded = <A>(action: UnknownAction, name: EndpointName): action is ApiAction & { meta: { arg: { originalArgs: A } } } =>
  isFulfilled(action) && isApiAction(action) && action.meta.arg.endpointName === name;

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

/** The login form shows its own message; a 401 elsewhere ends the session and /login follows. */
const isHandledElsewhere = (action: ApiFailure) => failed(action, 'login') || action.payload.status === 401;

/** The toast the spec asks for after an action, or null. */
export const toastFor = (action: UnknownAction): ToastRequest | null => {
  if (succeeded<{ email: string }>(action, 'requestPasswordReset')) {
    return { message: MSG.forgotSuccess(action.meta.arg.originalArgs.email), variant: 'success' };
  }
  if (succeeded(action, 'recalculateGroupBundle')) {
    return { message: 'De groepsbundel is herberekend.', variant: 'success' };
  }
  if (succeeded(action, 'deleteBulkService')) return { message: MSG.bulkDeleted, variant: 'success' };
  if (succeeded(action, 'removeBranch')) return { message: MSG.branchRemoved, variant: 'success' };
  if (succeeded(action, 'importEndUsers')) return { message: MSG.importSuccess, variant: 'success' };
  if (succeeded<{ name: string }>(action, 'deleteCompany')) {
    return { message: MSG.removeClientSuccess(action.meta.arg.originalArgs.name), variant: 'success' };
  }
  if (loadSnapshot.fulfilled.match(action)) return { message: 'Snapshot geladen.', variant: 'success' };
  if (loadSnapshot.rejected.match(action)) return { message: 'Dit bestand is geen geldige snapshot.' };
  if (startImpersonation.rejected.match(action)) return { message: MSG.unknownError };
  if (!isApiFailure(action)) return null;
  if (failed(action, 'requestPasswordReset')) return { message: MSG.forgotFailure };
  if (failed(action, 'resetPassword')) return resetFailure(action.payload);
  if (isHandledElsewhere(action)) return null;
  if (failed(action, ...INITIAL_LOAD)) return { message: MSG.initialLoadFailed, autoHideDuration: TOAST_MS.default };
  const decided = failed(action, ...REFUSED_AS_DECIDED) ? serverMessage(action.payload) : undefined;
  if (decided && DECIDED_REFUSALS.includes(decided)) return { message: decided };
  if (failed(action, ...SERVICE_SAVE)) return { message: MSG.phoneNumberTaken };
  if (failed(action, 'addBulkService')) return { message: MSG.bulkNotEnough };
  if (failed(action, 'deleteBulkService')) return { message: MSG.bulkDeleteFailed };
  return companyAndAdminFailure(action);
};

/** Spec section 8: the failures of Mijn bedrijf and Admin. */
const companyAndAdminFailure = (action: ApiFailure): ToastRequest | null => {
  const { status } = action.payload;
  const message = serverMessage(action.payload);
  if (failed(action, 'importEndUsers')) {
    const noAnswer = typeof status === 'string' || message === undefined;
    return { message: noAnswer ? MSG.importNoResponse : message, autoHideDuration: TOAST_MS.importError };
  }
  if (failed(action, ...PARENT_COMPANY)) return { message: MSG.unknownError };
  if (failed(action, ...CONTACT_PERSON)) return { message: status === 409 ? MSG.emailTaken : MSG.initialLoadFailed };
  // A 409 is mostly the taken number; the server also refuses a taken contact e-mail address with it.
  if (failed(action, 'addCompany')) {
    return { message: status === 409 ? (message ?? MSG.customerNumberTaken) : answeredMessage(action.payload) };
  }
  if (failed(action, 'editCompany')) {
    return { message: status === 409 ? (message ?? MSG.companyNumberTaken) : answeredMessage(action.payload) };
  }
  if (failed(action, 'deleteCompany')) return { message: MSG.removeClientFailed };
  if (failed(action, ...ARTICLE_GROUP)) return { message: status === 409 ? answeredMessage(action.payload) : MSG.unknownError };
  if (failed(action, ...SERVER_WORDED)) return { message: answeredMessage(action.payload) };
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
