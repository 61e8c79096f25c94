import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import { SessionGate } from '../app/SessionGate';
import { makeStore } from '../app/store';
import type { AppStore, RootState } from '../base/hooks';

interface Options {
  preloadedState?: Partial<RootState>;
  /** A store the test has already used (e.g. for a start-up), instead of a fresh one. */
  store?: AppStore;
}

/** The whole portal at `path`, with a fresh store, as the browser would show it. */
export const renderWithProviders = (path: string, { preloadedState, store = makeStore(preloadedState) }: Options = {}) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>,
  );
  return { store, router, user, ...view };
};

/** Waits until no request of the store is still running, so absent elements are really absent. */
export const whenSettled = (store: AppStore) =>
  waitFor(() => {
    const { queries, mutations } = store.getState().api;
    expect([...Object.values(queries), ...Object.values(mutations)].some((entry) => entry?.status === 'pending')).toBe(false);
  });
