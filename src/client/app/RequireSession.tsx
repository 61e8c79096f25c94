import { Navigate, Outlet } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';

/**
 * Logged-in routes: without a session the user goes to /login, and nothing is remembered. A full
 * page load renders once the session is known (startUp.ts); until then nothing is decided.
 */
export function RequireSession() {
  const status = useAppSelector(selectSessionStatus);
  if (status === 'unknown') return <PageLoading />;
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/login" replace />;
}
