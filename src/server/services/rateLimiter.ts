import { Redis } from 'ioredis';

/**
 * Counts of events per key within a fixed window: the login limits, the reset limits and the mail
 * throttles. In this process's memory, or, when the portal runs as several instances, in Redis
 * (`REDIS_URL`), so that N instances allow what one does, not N times as much.
 */
export interface RateLimiter {
  /** Counts one event for `key`; false when the key had used up its limit within the window. */
  take(key: string): Promise<boolean>;
  /** Whether `key` has used up its limit within the window, without counting anything. */
  usedUp(key: string): Promise<boolean>;
  /** Takes back one event counted for `key` in its window (a login that proved right was no guess). */
  giveBack(key: string): Promise<void>;
}

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Makes the rate limiters of one app, all in one store; `close` ends its connection. A name is one
 * count, whichever routes ask for its limiter (in Redis its keys are named so).
 */
export interface RateLimits {
  limiter(name: string, limit: RateLimit): RateLimiter;
  /** With Redis: whether counts go there now (false: each instance counts alone). Without Redis: absent. */
  redisUp?: () => boolean;
  close(): Promise<void>;
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
    usedUp: async (key) => {
      const window = windows.get(key);
      return window !== undefined && window.endsAt > now() && window.count >= max;
    },
    giveBack: async (key) => {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
    },
  };
};

export const memoryRateLimits = (): RateLimits => {
  const limiters = new Map<string, RateLimiter>();
  return {
    limiter: (name, limit) => {
      const limiter = limiters.get(name) ?? memoryRateLimiter(limit);
      limiters.set(name, limiter);
      return limiter;
    },
    close: async () => undefined,
  };
};

/** One count per key and window: the first event of a window starts its expiry. Atomic in Redis. */
const COUNT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** One event fewer in the key's window, never below zero; a key without a window stays without. */
const GIVE_BACK = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

interface Log {
  warn(details: object, message: string): void;
}

/** How long a count waits for Redis before this instance counts in its own memory instead. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * The limiters in Redis at `url`, their keys `{prefix}{name}:{key}`. While Redis cannot be
 * reached, each instance counts in its own memory (logged once), so logins go on with
 * per-instance limits rather than with none, or all refused. A count asks Redis only while it is
 * not known to be down: once it is, counts go to memory at once instead of each
 * waiting COMMAND_TIMEOUT_MS for it (a login makes three), and the client reconnects meanwhile.
 */
export const redisRateLimits = (url: string, prefix: string, log: Log): RateLimits => {
  // A count waits for the connection while it is being made, never longer than COMMAND_TIMEOUT_MS.
  const redis = new Redis(url, { maxRetriesPerRequest: 0, commandTimeout: COMMAND_TIMEOUT_MS, connectTimeout: 2_000 });
  // Down from its first error or lost connection until it is ready again; up while first connecting.
  let down = false;
  redis.on('error', (err) => {
    if (!down) log.warn({ err: { message: err.message } }, 'Redis unavailable: rate limits counted per instance');
    down = true;
  });
  redis.on('close', () => {
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  const redisUp = () => !down;
  return {
    redisUp,
    limiter: (name, limit) => {
      const fallback = memoryRateLimiter(limit);
      return {
        take: async (key) => {
          if (!redisUp()) return fallback.take(key);
          try {
            const count = (await redis.eval(COUNT_IN_WINDOW, 1, `${prefix}${name}:${key}`, String(limit.windowMs))) as number;
            return count <= limit.max;
          } catch {
            return fallback.take(key);
          }
        },
        usedUp: async (key) => {
          if (!redisUp()) return fallback.usedUp(key);
          try {
            return Number(await redis.get(`${prefix}${name}:${key}`)) >= limit.max;
          } catch {
            return fallback.usedUp(key);
          }
        },
        giveBack: async (key) => {
          if (!redisUp()) return fallback.giveBack(key);
          try {
            await redis.eval(GIVE_BACK, 1, `${prefix}${name}:${key}`);
          } catch {
            await fallback.giveBack(key);
          }
        },
      };
    },
    close: async () => {
      redis.disconnect();
    },
  };
};
