import { type ComponentType, lazy, useState } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router-dom';
import type { Prefetch, RouteNeeds } from './routeNeeds';

/**
 * Each screen is its own chunk, loaded when its route is first opened (or preloaded). A screen
 * whose chunk is already in renders at once: React.lazy would suspend its first render anyway,
 * and React holds back the content of a suspended boundary until 300 ms after its fallback showed.
 * The choice is kept for the life of the element, so a screen is never remounted by it.
 */
export const screen = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module): ComponentType => (loaded = module[name]));
  const LazyScreen = lazy(() => preload().then((component) => ({ default: component })));
  function Screen() {
    const [{ Component }] = useState<{ Component: ComponentType }>(() => ({ Component: loaded ?? LazyScreen }));
    return <Component />;
  }
  return Object.assign(Screen, { preload });
};

/**
 * A route showing a lazily loaded screen, with what the screen asks first (base/routeNeeds.ts).
 * A screen that frames the screens below it (with an `<Outlet />`) takes them as `children`.
 */
export const screenRoute = (path: string, Screen: ReturnType<typeof screen>, prefetch?: Prefetch): NonIndexRouteObject => ({
  path,
  element: <Screen />,
  handle: { load: Screen.preload, prefetch } satisfies RouteNeeds,
});

/** The same as screenRoute, at its parent's own address (an index route). */
export const screenIndexRoute = (Screen: ReturnType<typeof screen>, prefetch?: Prefetch): RouteObject => ({
  index: true,
  element: <Screen />,
  handle: { load: Screen.preload, prefetch } satisfies RouteNeeds,
});
