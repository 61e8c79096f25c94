/**
 * Counts of events per key within a fixed window: the per-client login cap and the mail throttles.
 * Kept in this process's memory for now; the interface is asynchronous and this small so that a
 * shared store (Redis, when the portal runs on more than one process) can take over unchanged.
 */
export interface RateLimiter {
  /** Counts one event for `key`; false when the key had used up its limit within the window (not counted then). */
  take(key: string): Promise<boolean>;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Windows are swept of expired keys at most this often, so random keys (a flood) cannot fill the memory. */
const SWEEP_EVERY_MS = 60_000;

export const memoryRateLimiter = ({ max, windowMs }: RateLimit, now: () => number = Date.now): RateLimiter => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweep = now() + SWEEP_EVERY_MS;
  const sweep = (at: number) => {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
  };
  return {
    take: async (key) => {
      const at = now();
      sweep(at);
      const window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.set(key, { count: 1, endsAt: at + windowMs });
        return max >= 1;
      }
      if (window.count >= max) return false;
      window.count += 1;
      return true;
    },
  };
};
