import { matchRoutes } from 'react-router-dom';
import { selectTwoFactorSetupOnly } from '../base/authSlice';
import type { AppDispatch, RootState } from '../base/hooks';
import { needsOf } from '../base/routeNeeds';
import { restoreSession } from '../base/session';
import { markTimeline } from '../base/timeline';
import { routes } from './routes';

/** The part of `window.location` a full page load starts from. */
export interface PageAddress {
  pathname: string;
  search: string;
}

/** What the routes matched at an address need before their first render, outermost route first. */
export const routeNeedsAt = ({ pathname, search }: PageAddress) =>
  (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => ({ ...needsOf(route), address: { params, search: new URLSearchParams(search) } }));

/**
 * A full page load (tokens live in memory only, so every load starts here): the session from
 * the refresh cookie, while the chunks of every route the address matches load; then, with the
 * session, the data those routes' screens ask first. Resolves once both are in, so that the page
 * renders once, complete, instead of first a spinner. A chunk or call that fails is left to the
 * screen, which shows its error as on any other visit.
 */
export const startUp = (address: PageAddress) => async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
  const needs = routeNeedsAt(address);
  const chunks = Promise.all(needs.map((route) => route.load?.().catch(() => undefined)));
  const loggedIn = await dispatch(restoreSession()).unwrap();
  markTimeline('session');
  // The screen's own calls first: they bring the largest answers, and the server works in order.
  // A session that may only set up two-factor login sees none of those screens (RequireSession).
  const data = loggedIn && !selectTwoFactorSetupOnly(getState()) ? [...needs].reverse().map((route) => route.prefetch && dispatch(route.prefetch(route.address))) : [];
  await Promise.all([chunks, ...data]);
};
