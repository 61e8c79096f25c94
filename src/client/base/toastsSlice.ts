import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_MS } from '../../domain/messages';

export interface Toast {
  id: string;
  message: string;
  variant: 'success' | 'error' | 'info';
  /** Milliseconds; null keeps the toast until the user closes it. */
  autoHideDuration: number | null;
}

export type ToastRequest = Pick<Toast, 'message'> & Partial<Omit<Toast, 'id' | 'message'>>;

/** Toasts waiting for the <Notifier/> to hand them to notistack. */
const toastsSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastQueued: {
      reducer: (queue, { payload }: PayloadAction<Toast>) => {
        queue.push(payload);
      },
      prepare: ({ message, variant = 'error', autoHideDuration = TOAST_MS.default }: ToastRequest) => ({
        payload: { id: nanoid(), message, variant, autoHideDuration },
      }),
    },
    toastShown: (queue, { payload: id }: PayloadAction<string>) => queue.filter((toast) => toast.id !== id),
  },
  selectors: {
    selectQueuedToasts: (queue) => queue,
  },
});

export const { toastQueued, toastShown } = toastsSlice.actions;
export const { selectQueuedToasts } = toastsSlice.selectors;
export const toastsReducer = toastsSlice.reducer;
