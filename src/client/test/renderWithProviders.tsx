import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { PortalRoutes } from '../app/routes';
import { makeStore } from '../app/store';
import type { AppStore, RootState } from '../base/hooks';

interface Options {
  preloadedState?: Partial<RootState>;
  /** A store the test has already used (e.g. for a start-up), instead of a fresh one. */
  store?: AppStore;
}

/**
 * The whole portal at `path`, with a fresh store, as the browser would show it: the portal's own
 * routes (PortalRoutes) under a MemoryRouter instead of the browser's address bar.
 */
export const renderWithProviders = (path: string, { preloadedState, store = makeStore(preloadedState) }: Options = {}) => {
  let current: Location | undefined;
  function LocationProbe() {
    current = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <PortalRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  /** The address the portal shows now. */
  const location = (): Location => current as Location;
  return { store, user, location, ...view };
};

/** Waits until no request of the store is still running, so absent elements are really absent. */
export const whenSettled = (store: AppStore) =>
  waitFor(() => {
    const { queries, mutations } = store.getState().api;
    expect([...Object.values(queries), ...Object.values(mutations)].some((entry) => entry?.status === 'pending')).toBe(false);
  });
