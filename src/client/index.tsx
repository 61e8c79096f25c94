import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { preloadChunksFor, routes } from './app/routes';
import { restoreSession } from './app/session';
import { SessionGate } from './app/SessionGate';
import { makeStore } from './app/store';

preloadChunksFor(window.location.pathname);
const store = makeStore();
// The session is restored once the persisted UI state (the managed company) is back.
persistStore(store, null, () => {
  void store.dispatch(restoreSession());
});

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders store={store}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  </StrictMode>,
);
