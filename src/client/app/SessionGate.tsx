import { type ReactNode, useEffect, useState } from 'react';
import { PageLoading } from '../components/PageLoading';
import { selectSessionStatus } from '../base/authSlice';
import { useAppSelector } from '../base/hooks';

interface SessionGateProps {
  children: ReactNode;
  /**
   * On a full page load, the chunks of the address's screen (preloadChunksFor): the routes first
   * render once they are in, so that no screen suspends (a suspended screen shows up to 300 ms late).
   */
  chunks?: Promise<void>;
}

const settled = new WeakSet<Promise<unknown>>();

/**
 * Remembers when `promise` has settled, so that a first render can know it without waiting for
 * another tick (the SessionGate's `chunks`): a render that starts with the chunks already in shows
 * the page at once instead of a spinner first and the page after it.
 */
export const trackSettled = <T,>(promise: Promise<T>): Promise<T> => {
  const mark = () => {
    settled.add(promise);
  };
  promise.then(mark, mark);
  return promise;
};

/** Routes wait for the start-up refresh, so a reload neither flashes /login nor logs out. */
export function SessionGate({ children, chunks }: SessionGateProps) {
  const status = useAppSelector(selectSessionStatus);
  const [chunksIn, setChunksIn] = useState(() => chunks === undefined || settled.has(chunks));
  useEffect(() => {
    let mounted = true;
    void chunks?.then(() => mounted && setChunksIn(true));
    return () => {
      mounted = false;
    };
  }, [chunks]);
  return status === 'unknown' || !chunksIn ? <PageLoading /> : children;
}
