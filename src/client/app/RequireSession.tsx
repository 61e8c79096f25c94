import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus, selectToken, selectTwoFactorSetupOnly } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';
import { screen } from '../base/lazyScreen';
import { paths } from '../base/paths';

const TwoFactorSetupScreen = screen(
  () => import(/* webpackChunkName: "two-factor-setup-screen" */ '../features/account/TwoFactorSetupScreen'),
  'TwoFactorSetupScreen',
);

// Both dialogs load once a session needs them: the login page's first render stays without MUI's
// Dialog (docs/performance.md, 'The first render's JavaScript').
const IdleWarning = screen(() => import(/* webpackChunkName: "idle-warning" */ '../features/auth/IdleWarning'), 'IdleWarning');

const SessionExpiredDialog = screen(
  () => import(/* webpackChunkName: "session-expired-dialog" */ '../features/auth/SessionExpiredDialog'),
  'SessionExpiredDialog',
);

/**
 * Logged-in routes (docs/screens.md, 'Logging in and out'). A full page load renders once the
 * session is known (startUp.ts); until then nothing is decided. A session that ends under an open
 * page keeps the page, with the dialog to log in again over it; without a page to keep (a reload, a
 * deep link) /login asks, keeping the address to return to. Logging out goes to /login.
 */
export function RequireSession() {
  const status = useAppSelector(selectSessionStatus);
  const hasPage = useAppSelector(selectToken) !== null;
  const setupOnly = useAppSelector(selectTwoFactorSetupOnly);
  const { pathname, search, hash } = useLocation();
  if (status === 'unknown') return <PageLoading />;
  if (status === 'anonymous') return <Navigate to={paths.login()} replace />;
  if (status === 'expired' && !hasPage) return <Navigate to={paths.login(`${pathname}${search}${hash}`)} replace />;
  // A session that may only set up two-factor login shows that, whatever the address.
  const page = setupOnly ? <TwoFactorSetupScreen /> : <Outlet />;
  return (
    <>
      {page}
      <Suspense fallback={null}>{status === 'authenticated' ? <IdleWarning /> : <SessionExpiredDialog />}</Suspense>
    </>
  );
}
