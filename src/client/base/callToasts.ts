import { isFulfilled, isPending, isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MSG, TOAST_MS } from '../../domain/messages';
import { startImpersonation } from './session';
import { loadSnapshot } from './snapshot';
import { endpointToastsClosed, hasToastsOf, type StoredToast, toastQueued, type ToastRequest } from './toastsSlice';

// The toasts that follow calls, a success's as well as a failure's (docs/screens.md, 'Toasts'):
// each endpoint declares its own, and the one middleware below raises them.

/** The toasts that follow a call of one endpoint (docs/screens.md, 'Toasts'). */
export interface EndpointToasts<Arg> {
  /** The toast after a success, from the argument the call was made with. */
  succeeded?: (arg: Arg) => ToastRequest;
  /**
   * The toast after a failure, or null when a failure is only logged. 'shownByScreen': the screen
   * shows the failure itself (the login form), so it is neither toasted nor logged. A 401 of a
   * call made with the session gets no toast: it ended the session, and /login follows.
   */
  failed?: ((error: FetchBaseQueryError) => ToastRequest | null) | 'shownByScreen';
  /** A call made without a session (password reset): its 401 is a refusal like any other. */
  anonymous?: true;
}

type ArgOf<Endpoint> = Endpoint extends { initiate: (arg: infer Arg, ...options: never[]) => unknown } ? Arg : never;

/** Every endpoint's toasts by the endpoint's name, which is unique in the one api (any: each its own argument). */
const declared = new Map<string, EndpointToasts<any>>();

/**
 * Declares the toasts of `endpoints`' calls, in the file that defines them, so that this
 * middleware knows no feature: a feature's endpoints and their toasts load together (with its
 * screens), so a call's toasts are known before it can fail. The names are checked against the
 * endpoints, and each toast's argument against its endpoint's.
 */
export const declareToasts = <Endpoints>(
  _endpoints: Endpoints,
  toasts: { [Name in keyof Endpoints]?: EndpointToasts<ArgOf<Endpoints[Name]>> },
): void => {
  for (const [name, endpointToasts] of Object.entries(toasts)) declared.set(name, endpointToasts as EndpointToasts<unknown>);
};

/** The server's own message; 'geen antwoord van de server' when no answer came. */
export const serverMessage = (error: unknown): string | undefined => {
  const { data, status } = (error ?? {}) as Partial<FetchBaseQueryError>;
  const message = (data as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string') return message;
  return typeof status === 'string' ? 'geen antwoord van de server' : undefined;
};

/** The server's own (Dutch) message, or the general failure text when it sent none. */
export const answeredMessage = (error: FetchBaseQueryError): string => {
  const message = (error.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : MSG.initialLoadFailed;
};

/** A refusal the user should read as the server wrote it (all Dutch). */
export const inServerWords = (error: FetchBaseQueryError): ToastRequest => ({ message: answeredMessage(error) });

/** docs/screens.md, 'Toasts': the data every logged-in screen starts with could not be loaded. */
export const initialLoadFailed = (): ToastRequest => ({ message: MSG.initialLoadFailed, autoHideDuration: TOAST_MS.default });

/** A success: no success is silent (docs/screens.md, 'Toasts'). */
export const success = (message: string): ToastRequest => ({ message, variant: 'success' });

/** The answer to a failure of managing a company or of a parent company call (docs/screens.md, 'Toasts'). */
export const unknownError = (): ToastRequest => ({ message: MSG.unknownError });

type ApiAction = UnknownAction & { meta: { arg: { endpointName: string; originalArgs: unknown } } };
type ApiFailure = ApiAction & { payload: FetchBaseQueryError };

// RTK Query's actions start with the api's reducer path, which the store keeps under `api`.
const isApiAction = (action: UnknownAction): action is ApiAction => action.type.startsWith('api/');

const isApiFailure = (action: UnknownAction): action is ApiFailure => isRejectedWithValue(action) && isApiAction(action);

const toastsOf = (action: ApiAction) => declared.get(action.meta.arg.endpointName);

/** The login form shows its own message; a 401 of a session call ends the session and /login follows. */
const isHandledElsewhere = (action: ApiFailure) => {
  const toasts = toastsOf(action);
  return toasts?.failed === 'shownByScreen' || (action.payload.status === 401 && !toasts?.anonymous);
};

/** The id the server gave a request that failed on its side (5xx), for support to find it in the logs. */
export const supportCode = (error: FetchBaseQueryError): string | undefined => {
  const id = (error.data as { request_id?: unknown } | undefined)?.request_id;
  return typeof error.status === 'number' && error.status >= 500 && typeof id === 'string' ? `Foutcode voor support: ${id}` : undefined;
};

/** The toast the endpoint declared for a failure, or null; a server fault carries its support code. */
const failureToast = (action: ApiFailure): ToastRequest | null => {
  if (isHandledElsewhere(action)) return null;
  const failed = toastsOf(action)?.failed;
  const toast = typeof failed === 'function' ? failed(action.payload) : null;
  const detail = supportCode(action.payload);
  return toast && detail ? { ...toast, detail } : toast;
};

/** The toast that follows an action (docs/screens.md, 'Toasts'), or null. */
export const toastFor = (action: UnknownAction): ToastRequest | null => {
  if (loadSnapshot.fulfilled.match(action)) return { message: 'Snapshot geladen.', variant: 'success' };
  if (loadSnapshot.rejected.match(action)) return { message: 'Dit bestand is geen geldige snapshot.' };
  if (startImpersonation.rejected.match(action)) return { message: MSG.unknownError };
  if (isApiFailure(action)) return failureToast(action);
  if (isFulfilled(action) && isApiAction(action)) return toastsOf(action)?.succeeded?.(action.meta.arg.originalArgs) ?? null;
  return null;
};

/** The endpoint an api call's start or success is of: it closes what that endpoint's last call reported. */
const calledAgain = (action: UnknownAction): string | null =>
  (isPending(action) || isFulfilled(action)) && isApiAction(action) ? action.meta.arg.endpointName : null;

/**
 * Turns calls into the toasts their endpoints declared; other failures are only logged. A call
 * closes the toasts of its endpoint's earlier call (the user retries: the old error no longer
 * holds, and a success leaves no error standing).
 */
export const callToasts: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  const again = calledAgain(action as UnknownAction);
  if (again !== null && hasToastsOf(store.getState() as { toasts?: StoredToast[] }, again)) store.dispatch(endpointToastsClosed(again));
  const toast = toastFor(action as UnknownAction);
  if (toast) {
    // An error stays tied to its endpoint, whose next call closes it.
    const endpoint = isApiFailure(action as UnknownAction) ? (action as ApiFailure).meta.arg.endpointName : undefined;
    store.dispatch(toastQueued(toast, endpoint));
  } else if (isApiFailure(action as UnknownAction) && !isHandledElsewhere(action as ApiFailure)) {
    const { payload, meta } = action as ApiFailure;
    console.warn(`${meta.arg.endpointName} failed`, payload);
  }
  return result;
};
