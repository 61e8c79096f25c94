// First: starts the session refresh and the screen's chunks before the modules below are evaluated.
import './startEarly';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { preloadChunksFor, routes } from './app/routes';
import { SessionGate } from './app/SessionGate';
import { startSession } from './app/startUp';
import { makeStore } from './app/store';

const chunks = preloadChunksFor(window.location.pathname);
const store = makeStore();
// The session is restored once the persisted UI state (the managed company) is back; the data of
// the address's screen is asked as soon as the refresh has answered.
persistStore(store, null, () => {
  void store.dispatch(startSession(window.location));
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders store={store}>
      <SessionGate chunks={chunks}>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);
