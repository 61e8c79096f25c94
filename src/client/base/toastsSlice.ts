import { createSelector, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_MS } from '../../domain/messages';

export interface Toast {
  id: string;
  message: string;
  variant: 'success' | 'error' | 'info';
  /** Milliseconds; null keeps the toast until the user closes it. */
  autoHideDuration: number | null;
  /** A second, smaller line: the code support finds the failed request by. */
  detail?: string;
}

export type ToastRequest = Pick<Toast, 'message'> & Partial<Omit<Toast, 'id' | 'message'>>;

/**
 * A toast in the store. It waits there until the <Notifier/> hands it to notistack; one that
 * reports what went wrong with an endpoint's call stays while it shows, so that the endpoint's
 * next call (a retry, which may succeed) closes it: no error outlives its cause.
 */
export interface StoredToast extends Toast {
  /** The endpoint whose call it reports on. */
  endpoint?: string;
  shown: boolean;
}

const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as StoredToast[],
  reducers: {
    toastQueued: {
      reducer: (toasts, { payload, meta }: PayloadAction<Toast, string, { endpoint?: string }>) => {
        toasts.push(meta.endpoint === undefined ? { ...payload, shown: false } : { ...payload, endpoint: meta.endpoint, shown: false });
      },
      /** `endpoint`: the endpoint the toast reports on; its next call closes the toast. */
      prepare: ({ message, variant = 'error', autoHideDuration = TOAST_MS.default, detail }: ToastRequest, endpoint?: string) => ({
        payload: { id: nanoid(), message, variant, autoHideDuration, ...(detail && { detail }) },
        meta: { endpoint },
      }),
    },
    /** Handed to notistack: a toast of an endpoint stays until closed, others leave the store. */
    toastShown: (toasts, { payload: id }: PayloadAction<string>) =>
      toasts.flatMap((toast) => (toast.id !== id ? [toast] : toast.endpoint === undefined ? [] : [{ ...toast, shown: true }])),
    /** Closed by the user or by its time. */
    toastClosed: (toasts, { payload: id }: PayloadAction<string>) => toasts.filter((toast) => toast.id !== id),
    /** The endpoint is called again: what its last call reported no longer holds. */
    endpointToastsClosed: (toasts, { payload: endpoint }: PayloadAction<string>) =>
      toasts.filter((toast) => toast.endpoint !== endpoint),
  },
  selectors: {
    selectQueuedToasts: createSelector([(toasts: StoredToast[]) => toasts], (toasts) => toasts.filter((toast) => !toast.shown)),
    selectToastIds: createSelector([(toasts: StoredToast[]) => toasts], (toasts) => new Set(toasts.map(({ id }) => id))),
  },
});

export const { toastQueued, toastShown, toastClosed, endpointToastsClosed } = toastsSlice.actions;
export const { selectQueuedToasts, selectToastIds } = toastsSlice.selectors;
export const toastsReducer = toastsSlice.reducer;

/** Whether a toast of `endpoint` is queued or showing (a store without toasts has none). */
export const hasToastsOf = (state: { toasts?: StoredToast[] }, endpoint: string): boolean =>
  state.toasts?.some((toast) => toast.endpoint === endpoint) ?? false;
