import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { PortalRoutes } from './app/routes';
import { startUp } from './app/startUp';
import { makeStore } from './app/store';
import { markTimeline } from './base/timeline';

markTimeline('evaluated');
const store = makeStore();

/** Resolves once the persisted UI state (the managed company among it) is back in the store. */
const rehydrated = new Promise<void>((resolve) => {
  persistStore(store, null, resolve);
});

// The page renders once: after the session is known and the address's screens have their chunks
// and first data (startUp.ts), so it neither flashes /login on a reload nor shows a spinner first.
void rehydrated
  .then(() => store.dispatch(startUp(window.location)))
  .then(() => {
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <AppProviders store={store}>
          <BrowserRouter>
            <PortalRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
