import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../base/hooks';
import { theme } from '../base/theme';
import { ToastsHost } from './ToastsHost';

/** Store, theme and toasts around the whole application (and around every UI test). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastsHost />
      </ThemeProvider>
    </Provider>
  );
}
