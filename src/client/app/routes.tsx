import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { ErrorScreen } from '../features/layout/ErrorScreen';
import { RequireSession } from './RequireSession';

/** Each screen is its own chunk, loaded when its route is first opened. */
const screen = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

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
const loadLayout = () => import(/* webpackChunkName: "layout" */ '../features/layout/Layout');
const Layout = screen(loadLayout, 'Layout');
const NotFoundScreen = screen(
  () => import(/* webpackChunkName: "not-found-screen" */ '../features/layout/NotFoundScreen'),
  'NotFoundScreen',
);
const DashboardScreen = screen(
  () => import(/* webpackChunkName: "dashboard-screen" */ '../features/dashboard/DashboardScreen'),
  'DashboardScreen',
);
const loadServicesScreen = () => import(/* webpackChunkName: "services-screen" */ '../features/services/ServicesScreen');
const ServicesScreen = screen(loadServicesScreen, 'ServicesScreen');

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
 * On a full load of a services address, starts the layout's and the screen's chunks at once, in
 * parallel with the session refresh, instead of each after the one before it has rendered.
 */
export const preloadChunksFor = (pathname: string) => {
  if (!pathname.startsWith('/mijn-diensten/')) return;
  void loadLayout();
  void loadServicesScreen();
};

function LazyOutlet() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** Spec section 2. Each area owns everything below its path; its screens fill it in. */
export const routes: RouteObject[] = [
  {
    element: <LazyOutlet />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', element: <LoginScreen /> },
      { path: 'forgot-password', element: <ForgotPasswordScreen /> },
      { path: 'reset', element: <ResetPasswordScreen /> },
      {
        element: <RequireSession />,
        children: [
          {
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
