import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db';
import { createTestApp, type TestApp } from '../testing/testApp';

/** /healthz and /readyz for a load balancer (docs/operations.md, 'Starting, stopping, health'); the database going away is in db/postgresResilience.test.ts. */
describe('health endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  }, 60_000);
  afterAll(() => t?.close());

  const journal = JSON.parse(fs.readFileSync(path.join(__dirname, '../db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };

  it('answers /healthz without a login and without the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with the migrations the database holds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', migrations: journal.entries.length });
  });

  it('is not ready while it stops (SIGTERM), so the load balancer sends nothing new', async () => {
    t.app.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('is not ready while the database lacks a migration of this build (an older schema)', async () => {
    const [last] = await queryRows<{ id: number }>(t.database.db, sql`select id from drizzle.__drizzle_migrations order by id desc limit 1`);
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'migrations pending', applied: journal.entries.length - 1, expected: journal.entries.length });
  });
});
