import { Navigate, Outlet } from 'react-router-dom';
import { selectSessionStatus } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';

/** Logged-in routes: without a session the user goes to /login, and nothing is remembered. */
export function RequireSession() {
  const status = useAppSelector(selectSessionStatus);
  return status === 'authenticated' ? <Outlet /> : <Navigate to="/login" replace />;
}
