import { Box } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../base/hooks';
import { selectQueuedToasts, selectToastIds, toastClosed, toastShown } from '../base/toastsSlice';

/**
 * Hands queued toasts to notistack; the queue lets non-React code (middleware) raise them. A toast
 * of an endpoint stays in the store while it shows, and closes when it leaves it (the endpoint
 * was called again, callToasts.ts).
 */
export function Notifier() {
  const toasts = useAppSelector(selectQueuedToasts);
  const inStore = useAppSelector(selectToastIds);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // The endpoints' toasts on screen, by the store's id (also notistack's key).
  const showing = useRef(new Set<string>());

  useEffect(() => {
    for (const toast of toasts) {
      const tied = toast.endpoint !== undefined;
      const content = toast.detail ? (
        <span>
          {toast.message}
          <Box component="span" sx={{ display: 'block', fontSize: '0.8125rem', opacity: 0.9, mt: 0.5 }}>
            {toast.detail}
          </Box>
        </span>
      ) : (
        toast.message
      );
      enqueueSnackbar(content, {
        variant: toast.variant,
        autoHideDuration: toast.autoHideDuration,
        persist: toast.autoHideDuration === null,
        // Its own key, to close it by; the same text again (a retry failing again) shows again.
        ...(tied && { key: toast.id, onClose: () => dispatch(toastClosed(toast.id)) }),
      });
      if (tied) showing.current.add(toast.id);
      dispatch(toastShown(toast.id));
    }
  }, [toasts, enqueueSnackbar, dispatch]);

  useEffect(() => {
    for (const id of showing.current) {
      if (inStore.has(id)) continue;
      showing.current.delete(id);
      closeSnackbar(id);
    }
  }, [inStore, closeSnackbar]);

  return null;
}
