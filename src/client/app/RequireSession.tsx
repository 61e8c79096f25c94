import { Navigate, Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus, selectTwoFactorSetupOnly } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';
import { screen } from '../base/lazyScreen';
import { paths } from '../base/paths';

const TwoFactorSetupScreen = screen(
  () => import(/* webpackChunkName: "two-factor-setup-screen" */ '../features/account/TwoFactorSetupScreen'),
  'TwoFactorSetupScreen',
);

/**
 * Logged-in routes: without a session the user goes to /login, and nothing is remembered. A full
 * page load renders once the session is known (startUp.ts); until then nothing is decided.
 */
export function RequireSession() {
  const status = useAppSelector(selectSessionStatus);
  const setupOnly = useAppSelector(selectTwoFactorSetupOnly);
  if (status === 'unknown') return <PageLoading />;
  if (status !== 'authenticated') return <Navigate to={paths.login()} replace />;
  // A session that may only set up two-factor login shows that, whatever the address.
  return setupOnly ? <TwoFactorSetupScreen /> : <Outlet />;
}
