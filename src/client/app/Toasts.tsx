import { SnackbarProvider } from 'notistack';
import { Notifier } from './Notifier';
import { ToastContent } from './ToastContent';

const toastComponents = { default: ToastContent, success: ToastContent, error: ToastContent, info: ToastContent };

/** notistack with the queue's Notifier: its own chunk, loaded by ToastsHost. */
export function Toasts() {
  return (
    // Bottom right: bottom left would cover the forms' save buttons, top right the header.
    <SnackbarProvider
      maxSnack={4}
      preventDuplicate
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={toastComponents}
    >
      <Notifier />
    </SnackbarProvider>
  );
}
