import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../base/hooks';
import { selectQueuedToasts, toastShown } from '../base/toastsSlice';

/** Hands queued toasts to notistack; the queue lets non-React code (middleware) raise them. */
export function Notifier() {
  const toasts = useAppSelector(selectQueuedToasts);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    for (const toast of toasts) {
      enqueueSnackbar(toast.message, {
        variant: toast.variant,
        autoHideDuration: toast.autoHideDuration,
        persist: toast.autoHideDuration === null,
      });
      dispatch(toastShown(toast.id));
    }
  }, [toasts, enqueueSnackbar, dispatch]);

  return null;
}
