import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, useRoutes } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { accountRoute, cancelEmailChangeRoute, confirmEmailRoute } from '../features/account/routes';
import { adminRoute } from '../features/admin/routes';
import { authRoutes } from '../features/auth/routes';
import { companyRoute } from '../features/company/routes';
import { costsRoute } from '../features/costs/routes';
import { dashboardRoute, groupBundleRoute } from '../features/dashboard/routes';
import { layoutRoute, notFoundRoute } from '../features/layout/routes';
import { requestQueueRoute } from '../features/requestQueue/routes';
import { requestsRoute } from '../features/requests/routes';
import { searchRoute } from '../features/search/routes';
import { servicesRoute } from '../features/services/routes';
import { usageRoute } from '../features/usage/routes';
import { selectSessionStatus } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';
import { paths } from '../base/paths';
import { RequireSession } from './RequireSession';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** The portal's root: the dashboard, or the login page for a visitor without a session (no 'sessie verlopen' there). */
function Home() {
  const status = useAppSelector(selectSessionStatus);
  return <Navigate to={status === 'expired' || status === 'anonymous' ? paths.login() : paths.dashboard()} replace />;
}

function LazyOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * docs/screens.md, 'Addresses': every address of the portal. Each feature declares its routes (its
 * `routes.tsx`: path, lazily loaded screen, and the data the screen asks first), so a full page
 * load can ask a screen's chunk and data together (startUp.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <LazyOutlet />,
    children: [
      { index: true, element: <Home /> },
      ...authRoutes,
      confirmEmailRoute,
      cancelEmailChangeRoute,
      {
        element: <RequireSession />,
        children: [layoutRoute([dashboardRoute, groupBundleRoute, servicesRoute, companyRoute, costsRoute, usageRoute, requestsRoute, adminRoute, requestQueueRoute, searchRoute, accountRoute])],
      },
      notFoundRoute,
    ],
  },
];

/**
 * The portal's routes under whichever router holds the address: BrowserRouter in the browser,
 * MemoryRouter in the tests. The portal uses none of the data router's loaders or actions: a
 * screen's data comes from RTK Query, and a full load's from startUp.ts.
 */
export function PortalRoutes() {
  return useRoutes(routes);
}
