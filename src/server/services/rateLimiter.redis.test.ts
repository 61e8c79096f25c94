import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { MSG } from '../../domain/messages';
import { buildApp } from '../app';
import type { Config } from '../config';
import { createTestApp, type TestApp } from '../testing/testApp';
import { memoryRateLimits, redisRateLimits } from './rateLimiter';

/**
 * The limits hold across instances when they share Redis (docs/security.md, 'Logins and passwords'): the machine's Redis, as in
 * production. Without a reachable Redis these tests are skipped, unless REQUIRE_REDIS=1 (CI).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let redisReachable = false;
beforeAll(async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000, retryStrategy: () => null });
  try {
    await probe.connect();
    redisReachable = (await probe.ping()) === 'PONG';
  } catch {
    redisReachable = false;
  } finally {
    probe.disconnect();
  }
  if (!redisReachable && process.env.REQUIRE_REDIS === '1') throw new Error(`Redis not reachable at ${REDIS_URL}`);
  if (!redisReachable) console.warn(`Redis tests skipped: no Redis at ${REDIS_URL}`);
});

describe('rate limits in Redis', () => {
  let t: TestApp;
  const instances: FastifyInstance[] = [];
  const prefix = `portal-test-${crypto.randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await t?.close();
    if (redisReachable) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });

  /** Another instance of the portal on the test's database. */
  const instance = async (config: Partial<Config>) => {
    const app = await buildApp({ config: { ...t.config, ...config }, database: t.database, clientDir: path.join(t.config.dataDir, 'no-client') });
    instances.push(app);
    return app;
  };

  const wrongLogin = (app: FastifyInstance, email: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'niet-het-wachtwoord' } });

  it('counts the logins to one address on all instances together', async () => {
    if (!redisReachable) return;
    const shared = { redisUrl: REDIS_URL, redisKeyPrefix: prefix, loginRateLimit: 3 };
    const [a, b] = [await instance(shared), await instance(shared)];
    expect((await wrongLogin(a, 'klant@demo.nl')).statusCode).toBe(401);
    expect((await wrongLogin(b, 'klant@demo.nl')).statusCode).toBe(401);
    expect((await wrongLogin(a, 'klant@demo.nl')).statusCode).toBe(401);
    const fourth = await wrongLogin(b, 'klant@demo.nl');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: MSG.tooManyAttempts });
    // Another address has its own count.
    expect((await wrongLogin(a, 'admin@demo.nl')).statusCode).toBe(401);
  });

  it('would let each instance count alone without Redis (the reason for sharing)', async () => {
    if (!redisReachable) return;
    const alone = { loginRateLimit: 3 };
    const [a, b] = [await instance(alone), await instance(alone)];
    for (const app of [a, b, a, b]) expect((await wrongLogin(app, 'kees@korenschoof.nl')).statusCode).toBe(401);
  });

  it('counts in Redis atomically: 20 takes at once on two limiters allow exactly the limit', async () => {
    if (!redisReachable) return;
    const log = { warn: jest.fn() };
    const [one, two] = [redisRateLimits(REDIS_URL, prefix, log), redisRateLimits(REDIS_URL, prefix, log)];
    try {
      const limit = { max: 7, windowMs: 60_000 };
      const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).limiter('burst', limit).take('client')));
      expect(takes.filter(Boolean)).toHaveLength(7);
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('tells whether a key has used up its limit without counting, on every instance, and in memory alike', async () => {
    if (!redisReachable) return;
    const log = { warn: jest.fn() };
    const [one, two] = [redisRateLimits(REDIS_URL, prefix, log), redisRateLimits(REDIS_URL, prefix, log)];
    try {
      const limit = { max: 2, windowMs: 60_000 };
      for (const limits of [[one, two], [memoryRateLimits(), null]] as const) {
        const [a, b] = [limits[0].limiter('peek', limit), (limits[1] ?? limits[0]).limiter('peek', limit)];
        expect(await a.usedUp('user')).toBe(false);
        expect(await a.take('user')).toBe(true);
        expect(await b.usedUp('user')).toBe(false);
        expect(await b.take('user')).toBe(true);
        expect(await a.usedUp('user')).toBe(true);
        expect(await b.usedUp('user')).toBe(true);
        expect(await a.usedUp('other')).toBe(false);
        // A try given back frees one place, on every instance; giving back more frees no more.
        await a.giveBack('user');
        expect(await b.usedUp('user')).toBe(false);
        await b.giveBack('user');
        await b.giveBack('user');
        await b.giveBack('never-counted');
        expect(await a.take('user')).toBe(true);
        expect(await a.take('user')).toBe(true);
        expect(await b.take('user')).toBe(false);
        expect(await a.usedUp('never-counted')).toBe(false);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('counts per instance while Redis cannot be reached, and says so', async () => {
    const log = { warn: jest.fn() };
    const down = redisRateLimits('redis://127.0.0.1:1', prefix, log);
    try {
      const limiter = down.limiter('login', { max: 2, windowMs: 60_000 });
      expect(await limiter.take('x')).toBe(true);
      expect(await limiter.take('x')).toBe(true);
      expect(await limiter.take('x')).toBe(false);
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), 'Redis unavailable: rate limits counted per instance');
      expect(down.redisUp?.()).toBe(false);
    } finally {
      await down.close();
    }
  });

  it('does not wait for a Redis it knows is down: the counts go to memory without asking it', async () => {
    const down = redisRateLimits('redis://127.0.0.1:1', prefix, { warn: () => undefined });
    try {
      const limiter = down.limiter('login', { max: 100, windowMs: 60_000 });
      await limiter.take('first'); // finds out
      expect(down.redisUp?.()).toBe(false);
      // Asked while known down, a count answers before Redis's command timeout could even pass:
      // no timer is involved, so it settles within a few turns of the event loop.
      let settled = false;
      const take = limiter.take('second').then(() => {
        settled = true;
      });
      for (let turn = 0; turn < 5 && !settled; turn += 1) await Promise.resolve();
      expect(settled).toBe(true);
      await take;
    } finally {
      await down.close();
    }
  });
});
