import { type ReactNode, useEffect, useState } from 'react';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus } from './authSlice';
import { useAppSelector } from './hooks';

interface SessionGateProps {
  children: ReactNode;
  /**
   * On a full page load, the chunks of the address's screen (preloadChunksFor): the routes first
   * render once they are in, so that no screen suspends (a suspended screen shows up to 300 ms late).
   */
  chunks?: Promise<void>;
}

/** Routes wait for the start-up refresh, so a reload neither flashes /login nor logs out. */
export function SessionGate({ children, chunks }: SessionGateProps) {
  const status = useAppSelector(selectSessionStatus);
  const [chunksIn, setChunksIn] = useState(chunks === undefined);
  useEffect(() => {
    let mounted = true;
    void chunks?.then(() => mounted && setChunksIn(true));
    return () => {
      mounted = false;
    };
  }, [chunks]);
  return status === 'unknown' || !chunksIn ? <PageLoading /> : children;
}
