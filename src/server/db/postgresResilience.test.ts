import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import { MSG } from '../../domain/messages';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openPostgres, queryRows, type Database } from '.';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { ARTICLE_GROUPS, seedReferenceData } from '../seed/reference';
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

      const readiness = await app.inject({ method: 'GET', url: '/readyz' });
      expect(readiness.statusCode).toBe(503);
      expect(readiness.json()).toEqual({ status: 'database unavailable' });
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
});
