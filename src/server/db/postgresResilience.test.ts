import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { MSG } from '../../domain/messages';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { LONG_WORK_LIMITS, TIME_LIMITS, allowLongWork, openPostgres, queryRows, type Database } from '.';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { ARTICLE_GROUPS, seedReferenceData } from '../seed/reference';
import { DATABASE_GRACE_MS } from '../routes/health';
import { prepareDatabase } from '../start';
import { createScratchDatabase } from '../testing/testApp';
import { startTcpProxy, type TcpProxy } from '../testing/tcpProxy';

/**
 * The portal on PostgreSQL survives its database (docs/operations.md, 'When the database goes away'): a restart, a terminated connection,
 * and several instances migrating one empty database at once. Runs where DATABASE_URL names a
 * PostgreSQL server (CI's second pass); PGlite has no connections to lose.
 */
const adminUrl = process.env.DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

jest.setTimeout(60_000);

const scratchName = () => `portal_resilience_${crypto.randomBytes(5).toString('hex')}`;

describeOnPostgres('the portal and its PostgreSQL', () => {
  describe('while the database goes away and comes back', () => {
    let scratch: { url: string; drop(): Promise<void> };
    let proxy: TcpProxy;
    let database: Database;
    let app: FastifyInstance;
    let token: string;
    const warnings: string[] = [];

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, scratchName());
      const direct = await openPostgres(scratch.url, 1);
      await direct.migrate(seedReferenceData);
      await seedDemoData(direct.db);
      await direct.close();

      const target = new URL(scratch.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(scratch.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      database = await openPostgres(viaProxy.toString(), 3, { warn: (_details, message) => warnings.push(message) });
      const config = testConfig();
      app = await buildApp({ config, database, clientDir: path.join(config.dataDir, 'no-client') });
      await app.ready();
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: DEMO_PASSWORD } });
      token = login.json().token;
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await proxy?.close();
      await scratch?.drop();
    });

    const groups = () => app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: { authorization: `Bearer ${token}` } });

    it('answers 503 with Retry-After and a Dutch message while PostgreSQL is down, and recovers without a restart', async () => {
      // Warm the pool: its idle connections are the ones a restart breaks.
      await Promise.all([groups(), groups(), groups()]);
      expect((await groups()).statusCode).toBe(200);

      await proxy.cut();
      const down = await groups();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({ message: MSG.databaseUnavailable, request_id: down.headers['x-request-id'] });
      // The idle connections' errors were heard and logged, not thrown: this process still runs.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(warnings).toContain('idle database connection lost');

      // A blip: still ready, so the load balancer keeps the instances that answer the portal's 503.
      const blip = await app.inject({ method: 'GET', url: '/readyz' });
      expect(blip.statusCode).toBe(200);
      expect(blip.json()).toMatchObject({ status: 'ready', database_unreachable_seconds: expect.any(Number) });
      // Past the grace the instance is out: the database has been away too long to call it a blip.
      const now = Date.now();
      const clock = jest.spyOn(Date, 'now').mockReturnValue(now + DATABASE_GRACE_MS + 1_000);
      try {
        const readiness = await app.inject({ method: 'GET', url: '/readyz' });
        expect(readiness.statusCode).toBe(503);
        expect(readiness.json()).toEqual({ status: 'database unavailable' });
      } finally {
        clock.mockRestore();
      }
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await proxy.resume();
      const back = await groups();
      expect(back.statusCode).toBe(200);
      expect(back.json().length).toBeGreaterThan(0);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('goes on after PostgreSQL terminates its connections, answering at most a 503 in between', async () => {
      expect((await groups()).statusCode).toBe(200);
      const admin = new Pool({ connectionString: adminUrl, max: 1 });
      try {
        const { rows } = await admin.query(
          'select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [new URL(scratch.url).pathname.slice(1)],
        );
        expect(rows[0].ended).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10 && statuses.at(-1) !== 200; attempt += 1) {
        statuses.push((await groups()).statusCode);
        if (statuses.at(-1) !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    });
  });

  it('lets three instances start at once on an empty database: one migrates, the others wait, none fails', async () => {
    const scratch = await createScratchDatabase(adminUrl!, scratchName());
    const instances = await Promise.all([1, 2, 3].map(() => openPostgres(scratch.url, 2)));
    try {
      const outcomes = await Promise.allSettled(instances.map((instance) => instance.migrate(seedReferenceData)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);

      const journal = JSON.parse(fs.readFileSync(path.join(__dirname, 'migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const [{ applied }] = await queryRows<{ applied: number }>(instances[0].db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
      expect(applied).toBe(journal.entries.length);
      // The reference data once, not once per instance.
      const [{ groups }] = await queryRows<{ groups: number }>(instances[0].db, sql`select count(*)::int as groups from article_groups`);
      expect(groups).toBe(ARTICLE_GROUPS.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await scratch.drop();
    }
  });
  describe('no query hangs (docs/operations.md, \'No query hangs\')', () => {
    let scratch: { url: string; drop(): Promise<void> };
    let prepared: Awaited<ReturnType<typeof prepareDatabase>>;
    let app: FastifyInstance;
    let blocker: Pool;

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, scratchName());
      prepared = await prepareDatabase(testConfig({ databaseUrl: scratch.url }));
      await seedDemoData(prepared.database.db);
      const config = testConfig();
      app = await buildApp({ config, database: prepared.database, clientDir: path.join(config.dataDir, 'no-client') });
      await app.ready();
      blocker = new Pool({ connectionString: scratch.url, max: 1 });
    });

    afterAll(async () => {
      await app?.close();
      await prepared?.database.close();
      await blocker?.end();
      await scratch?.drop();
    });

    it('gives every connection of the portal the time limits, and an import or export longer ones for its transaction', async () => {
      const show = async (db: Database['db']) => {
        const [row] = await queryRows<{ statement: string; lock: string }>(
          db,
          sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock`,
        );
        return row;
      };
      // A new connection (the start set the role's defaults after its own connections were open).
      const fresh = await openPostgres(scratch.url, 1);
      try {
        expect(await show(fresh.db)).toEqual({ statement: TIME_LIMITS.statement, lock: TIME_LIMITS.lock });
        const inside = await fresh.db.transaction(async (tx) => {
          await allowLongWork(tx);
          return show(tx);
        });
        expect(inside).toEqual({ statement: LONG_WORK_LIMITS.statement, lock: LONG_WORK_LIMITS.lock });
        // `set local`: the connection's next transaction has the request limits again.
        expect(await show(fresh.db)).toEqual({ statement: TIME_LIMITS.statement, lock: TIME_LIMITS.lock });
      } finally {
        await fresh.close();
      }
    });

    it('answers the Dutch 503 when a lock is held too long, instead of waiting for it', async () => {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${login.json().token}` };
      const locker = await blocker.connect();
      try {
        // Another session holds the companies table (a migration by hand, a stuck transaction).
        await locker.query('begin; lock table companies in access exclusive mode');
        // The lock is held until the request has answered: a request that waited for it would never end.
        const res = await app.inject({ method: 'GET', url: '/api/article-groups/visible', headers });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ message: MSG.databaseUnavailable, request_id: res.headers['x-request-id'] });
        // The readiness check answers too (within its deadline), and calls it a blip.
        await locker.query('lock table drizzle.__drizzle_migrations in access exclusive mode');
        const readiness = await app.inject({ method: 'GET', url: '/readyz' });
        expect(readiness.statusCode).toBe(200);
        expect(readiness.json()).toMatchObject({ status: 'ready', database_unreachable_seconds: expect.any(Number) });
      } finally {
        await locker.query('rollback');
        locker.release();
      }
      expect((await app.inject({ method: 'GET', url: '/api/article-groups/visible', headers })).statusCode).toBe(200);
    });

    it('waits for PostgreSQL at start while it cannot be reached, and gives up after the wait', async () => {
      const target = new URL(scratch.url);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(scratch.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const retries: string[] = [];
      const log = { info: () => undefined, warn: (_details: object, message: string) => retries.push(message) };
      try {
        await proxy.cut();
        await expect(prepareDatabase(testConfig({ databaseUrl: viaProxy.toString() }), log, { waitForDatabaseMs: 1_000 })).rejects.toThrow();
        expect(retries.length).toBeGreaterThan(0);

        retries.length = 0;
        const starting = prepareDatabase(testConfig({ databaseUrl: viaProxy.toString() }), log, { waitForDatabaseMs: 30_000 });
        // The start keeps trying until the database is there, then goes on.
        while (retries.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        await proxy.resume();
        const started = await starting;
        await started.database.close();
        expect(retries).toContain('database not reachable at start: trying again');
      } finally {
        await proxy.close();
      }
    });
  });
});
