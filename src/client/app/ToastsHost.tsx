import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../base/hooks';
import { selectQueuedToasts } from '../base/toastsSlice';
import { whenIdle } from '../base/whenIdle';

const LazyToasts = lazy(() => import(/* webpackChunkName: "toasts" */ './Toasts').then(({ Toasts }) => ({ default: Toasts })));

/**
 * The toasts (notistack, its styling engine and the Notifier, 25 kB) are not part of any page's
 * first render: they load once the browser is idle after it, or at once when a toast is queued
 * before that. A toast raised meanwhile waits in the store's queue (toastsSlice) and shows when
 * they are in.
 */
export function ToastsHost() {
  const queued = useAppSelector((state) => selectQueuedToasts(state).length > 0);
  // Once asked for, the toasts stay: the queue empties as soon as they show.
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  // Set while rendering (React's way to adjust state to a prop), not in an effect after it.
  if (queued && !wanted) setWanted(true);
  if (!wanted && !queued) return null;
  return (
    <Suspense fallback={null}>
      <LazyToasts />
    </Suspense>
  );
}
