import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { isServicesFormAddress, preloadServicesForms } from '../features/services/servicesRoutes';
import { screen } from '../base/lazyScreen';
import { RequireSession } from './RequireSession';
import { RouteErrorBoundary } from './RouteErrorBoundary';

const LoginScreen = screen(
  () => import(/* webpackChunkName: "login-screen" */ '../features/auth/LoginScreen'),
  'LoginScreen',
);
const ForgotPasswordScreen = screen(
  () => import(/* webpackChunkName: "forgot-password-screen" */ '../features/auth/ForgotPasswordScreen'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = screen(
  () => import(/* webpackChunkName: "reset-password-screen" */ '../features/auth/ResetPasswordScreen'),
  'ResetPasswordScreen',
);
const Layout = screen(() => import(/* webpackChunkName: "layout" */ '../features/layout/Layout'), 'Layout');
const NotFoundScreen = screen(
  () => import(/* webpackChunkName: "not-found-screen" */ '../features/layout/NotFoundScreen'),
  'NotFoundScreen',
);
const DashboardScreen = screen(
  () => import(/* webpackChunkName: "dashboard-screen" */ '../features/dashboard/DashboardScreen'),
  'DashboardScreen',
);
const ServicesScreen = screen(
  () => import(/* webpackChunkName: "services-screen" */ '../features/services/ServicesScreen'),
  'ServicesScreen',
);

const CompanyScreen = screen(
  () => import(/* webpackChunkName: "company-screen" */ '../features/company/CompanyScreen'),
  'CompanyScreen',
);
const CostsScreen = screen(
  () => import(/* webpackChunkName: "costs-screen" */ '../features/costs/CostsScreen'),
  'CostsScreen',
);
const UsageScreen = screen(
  () => import(/* webpackChunkName: "usage-screen" */ '../features/usage/UsageScreen'),
  'UsageScreen',
);
const AdminScreen = screen(
  () => import(/* webpackChunkName: "admin-screen" */ '../features/admin/AdminScreen'),
  'AdminScreen',
);
const SearchScreen = screen(
  () => import(/* webpackChunkName: "search-screen" */ '../features/search/SearchScreen'),
  'SearchScreen',
);

/**
 * On a full load of a services address, the layout's and the screen's chunks at once, in parallel
 * with the session refresh, instead of each after the one before it has rendered (startEarly.ts
 * has asked them already; this takes up the same downloads). Answers when they are in (or failed:
 * the route's error screen tells then), after which these screens render without suspending.
 */
export const preloadChunksFor = (pathname: string): Promise<void> => {
  if (!pathname.startsWith('/mijn-diensten/')) return Promise.resolve();
  const forms = isServicesFormAddress(pathname) ? [preloadServicesForms()] : [];
  return Promise.all([Layout.preload(), ServicesScreen.preload(), ...forms]).then(
    () => undefined,
    () => undefined,
  );
};

/** The frame of the logged-in screens; its addresses need the user, the policies and the groups. */
export const LAYOUT_ROUTE_ID = 'layout';

function LazyOutlet() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Spec section 2. Each area owns everything below its path; its screens fill it in. */
export const routes: RouteObject[] = [
  {
    element: <LazyOutlet />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', element: <LoginScreen /> },
      { path: 'forgot-password', element: <ForgotPasswordScreen /> },
      { path: 'reset', element: <ResetPasswordScreen /> },
      {
        element: <RequireSession />,
        children: [
          {
            id: LAYOUT_ROUTE_ID,
            element: <Layout />,
            children: [
              { path: 'dashboard', element: <DashboardScreen /> },
              { path: 'mijn-diensten/*', element: <ServicesScreen /> },
              { path: 'mijn-bedrijf/*', element: <CompanyScreen /> },
              { path: 'kosten/*', element: <CostsScreen /> },
              { path: 'verbruik/*', element: <UsageScreen /> },
              { path: 'mer-admin/*', element: <AdminScreen /> },
              { path: 'zoek/:term?', element: <SearchScreen /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
