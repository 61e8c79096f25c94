import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Notifier } from './Notifier';
import type { AppStore } from './store';
import { theme } from './theme';
import { ToastContent } from './ToastContent';

const toastComponents = { default: ToastContent, success: ToastContent, error: ToastContent, info: ToastContent };

/** Store, theme and toasts around the whole application (and around every UI test). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* Bottom right: bottom left would cover the forms' save buttons, top right the header. */}
        <SnackbarProvider
          maxSnack={4}
          preventDuplicate
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          Components={toastComponents}
        >
          <Notifier />
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
