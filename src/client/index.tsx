// First: starts the session refresh and the screen's chunks before the modules below are evaluated.
import './startEarly';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { preloadChunksFor, routes } from './app/routes';
import { SessionGate, trackSettled } from './app/SessionGate';
import { startSession } from './app/startUp';
import { makeStore } from './app/store';
import { markTimeline } from './base/timeline';
import { deadline } from '../domain/deadline';

markTimeline('evaluated');
const chunks = trackSettled(preloadChunksFor(window.location.pathname));
const store = makeStore();
// The session is restored once the persisted UI state (the managed company) is back; the data of
// the address's screen is asked as soon as the refresh has answered.
const sessionKnown = new Promise<void>((resolve) => {
  persistStore(store, null, () => {
    markTimeline('rehydrated');
    void store.dispatch(startSession(window.location)).finally(resolve);
  });
});

/**
 * The plain router (BrowserRouter with the route objects): the portal uses none of the data
 * router's loaders, actions or fetchers, and without `createBrowserRouter` 53 kB of React Router
 * stay out of the entry. Route errors are caught by RouteErrorBoundary.
 */
function AppRoutes() {
  return useRoutes(routes);
}

/**
 * React's first render waits until the session is known and the screen's chunks are in (at most
 * FIRST_RENDER_WAIT_MS): the page is then rendered once, with its data when the early calls
 * brought it (earlySeed.ts), instead of first a spinner and then again.
 */
const FIRST_RENDER_WAIT_MS = 300;
const firstRenderWait = deadline(FIRST_RENDER_WAIT_MS);
void Promise.race([Promise.all([sessionKnown, chunks]), firstRenderWait.reached]).then(() => {
  firstRenderWait.cancel();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProviders store={store}>
        <SessionGate chunks={chunks}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionGate>
      </AppProviders>
    </StrictMode>,
  );
});
