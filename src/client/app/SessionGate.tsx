import type { ReactNode } from 'react';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus } from './authSlice';
import { useAppSelector } from './hooks';

/** Routes wait for the start-up refresh, so a reload neither flashes /login nor logs out. */
export function SessionGate({ children }: { children: ReactNode }) {
  const status = useAppSelector(selectSessionStatus);
  return status === 'unknown' ? <PageLoading /> : children;
}
