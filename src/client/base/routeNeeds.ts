import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { Params, RouteObject } from 'react-router-dom';
import type { AppDispatch, RootState } from './hooks';

/** The address a route was matched at: its parameters and its query string. */
export interface RouteAddress {
  params: Params;
  search: URLSearchParams;
}

/** Starts a screen's first calls; resolves once they have answered (whether or not they succeeded). */
export type Prefetch = (address: RouteAddress) => (dispatch: AppDispatch, getState: () => RootState) => PromiseLike<unknown>;

/**
 * What a route's screen needs before its first render, kept on the route object (`handle`), so
 * that a full page load asks for both at once instead of each after the one before it rendered
 * (app/startUp.ts): the screen's chunk, and the data it asks first. Each prefetch makes the very
 * RTK Query call the screen makes, so the screen finds the answer in the cache.
 */
export interface RouteNeeds {
  load?: () => Promise<unknown>;
  prefetch?: Prefetch;
}

export const needsOf = (route: RouteObject): RouteNeeds => (route.handle ?? {}) as RouteNeeds;

interface QueryEndpoint<Arg> {
  initiate: (arg: Arg, options: { subscribe: false }) => ThunkAction<PromiseLike<unknown>, RootState, unknown, UnknownAction>;
}

/**
 * One RTK Query call as a prefetch that can be awaited: the endpoint's `initiate` without a
 * subscription (as `util.prefetch` does), so an answer no screen takes up goes after keepUnusedDataFor.
 */
export const prefetchQuery =
  <Arg,>(endpoint: QueryEndpoint<Arg>, arg: Arg) =>
  (dispatch: AppDispatch): PromiseLike<unknown> =>
    dispatch(endpoint.initiate(arg, { subscribe: false }));
