import { sql } from 'drizzle-orm';
import { queryRows } from './index';
import { AUTOVACUUM, maintainEmbedded, maintainTables, startMaintenance, tableActivity, workFor, type TableActivity } from './maintenance';
import { createTestApp, type TestApp } from '../testing/testApp';

/** The embedded database's autovacuum: PostgreSQL's default thresholds, per table. */

const quiet: TableActivity = { table: 'services', live: 5000, dead: 0, modifiedSinceAnalyze: 0, insertedSinceVacuum: 0, neverAnalyzed: false };

describe('workFor: what the autovacuum daemon would do with a table', () => {
  it('has PostgreSQL default thresholds', () => {
    expect(AUTOVACUUM).toEqual({
      analyzeThreshold: 50,
      analyzeScaleFactor: 0.1,
      vacuumThreshold: 50,
      vacuumScaleFactor: 0.2,
      vacuumInsertThreshold: 1000,
      vacuumInsertScaleFactor: 0.2,
    });
  });

  it('leaves a quiet table alone', () => {
    expect(workFor(quiet)).toEqual({ analyze: false, vacuum: false });
  });

  it('analyzes 5,000 live rows after more than 550 changes (50 + 10 %)', () => {
    expect(workFor({ ...quiet, modifiedSinceAnalyze: 550 }).analyze).toBe(false);
    expect(workFor({ ...quiet, modifiedSinceAnalyze: 551 }).analyze).toBe(true);
  });

  it('analyzes an empty table after more than 50 changes: a first bulk insert', () => {
    expect(workFor({ ...quiet, live: 0, modifiedSinceAnalyze: 50 }).analyze).toBe(false);
    expect(workFor({ ...quiet, live: 0, modifiedSinceAnalyze: 51 }).analyze).toBe(true);
  });

  it('vacuums 5,000 live rows after more than 1,050 dead versions (50 + 20 %)', () => {
    expect(workFor({ ...quiet, dead: 1050 })).toEqual({ analyze: false, vacuum: false });
    expect(workFor({ ...quiet, dead: 1051 })).toEqual({ analyze: false, vacuum: true });
  });

  it('vacuums 5,000 live rows after more than 2,000 inserts since the last vacuum (1,000 + 20 %)', () => {
    expect(workFor({ ...quiet, insertedSinceVacuum: 2000 }).vacuum).toBe(false);
    expect(workFor({ ...quiet, insertedSinceVacuum: 2001 }).vacuum).toBe(true);
  });

  it('analyzes a table that was never analyzed, whatever its counters say', () => {
    expect(workFor({ ...quiet, neverAnalyzed: true })).toEqual({ analyze: true, vacuum: false });
  });
});

describe('maintainTables on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  const db = () => t.database.db;
  /** The counters reach pg_stat_user_tables at most once a second; this makes them go now. */
  const flushStatistics = () => db().execute(sql`select pg_stat_force_next_flush()`);
  /** The planner's estimate of the services of `articleId`. */
  const estimatedServices = async (articleId: number) => {
    const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      db(),
      sql`explain (format json) select * from services where article_id = ${articleId}`,
    );
    return row['QUERY PLAN'][0].Plan['Plan Rows'];
  };

  it("brings the planner's estimate up to date after a bulk insert, and vacuums after many inserts", async () => {
    // A first pass: whatever the demo seed left to do.
    await flushStatistics();
    await maintainTables(db());
    const [{ company_id: companyId, id: articleId }] = await queryRows<{ id: number; company_id: number }>(
      db(),
      sql`select id, company_id from articles order by id desc limit 1`,
    );
    const before = await estimatedServices(articleId);
    await db().execute(sql`
      insert into services (company_id, article_id, start_time, order_reference)
      select ${companyId}, ${articleId}, now() - make_interval(days => g), 'BULK-' || g from generate_series(1, 3000) g`);
    await flushStatistics();
    const activity = (await tableActivity(db())).find((a) => a.table === 'services')!;
    expect(activity.modifiedSinceAnalyze).toBeGreaterThanOrEqual(3000);
    expect(workFor(activity)).toEqual({ analyze: true, vacuum: true });
    if (t.database.kind === 'pglite') {
      // Nothing else analyzes the embedded database: the estimate still knows nothing of them.
      expect(await estimatedServices(articleId)).toBeLessThan(before + 100);
    }

    const done = await maintainTables(db());
    // (On PostgreSQL its own daemon may have been first.)
    if (t.database.kind === 'pglite') {
      expect(done.analyzed).toContain('services');
      expect(done.vacuumed).toContain('services');
    }
    expect(await estimatedServices(articleId)).toBeGreaterThan(2000);
    await flushStatistics();
    const after = (await tableActivity(db())).find((a) => a.table === 'services')!;
    expect(after.modifiedSinceAnalyze).toBe(0);
    expect(after.insertedSinceVacuum).toBe(0);
    // A second pass finds nothing more to do for the table.
    expect((await maintainTables(db())).analyzed).not.toContain('services');
  });

  it('cleans up dead row versions once there are enough', async () => {
    await db().execute(sql`create table maintenance_probe (id int primary key, n int not null)`);
    try {
      await db().execute(sql`insert into maintenance_probe select g, 0 from generate_series(1, 100) g`);
      await flushStatistics();
      await maintainTables(db());
      await db().execute(sql`update maintenance_probe set n = n + 1`);
      await flushStatistics();
      expect((await tableActivity(db())).find((a) => a.table === 'maintenance_probe')).toMatchObject({ dead: 100 });
      const done = await maintainTables(db());
      if (t.database.kind === 'pglite') expect(done.vacuumed).toEqual(['maintenance_probe']);
      await flushStatistics();
      expect((await tableActivity(db())).find((a) => a.table === 'maintenance_probe')).toMatchObject({ dead: 0 });
    } finally {
      await db().execute(sql`drop table maintenance_probe`);
    }
  });

  it('runs a pass at start and on its interval, logs what it did, and stops', async () => {
    await db().execute(sql`create table maintenance_timer (id int primary key)`);
    try {
      const logged: object[] = [];
      const log = { info: (obj: object) => logged.push(obj), warn: (obj: object) => logged.push({ warn: obj }) };
      await db().execute(sql`insert into maintenance_timer select generate_series(1, 200)`);
      await flushStatistics();
      const maintenance = startMaintenance(db(), { intervalMs: 50, log });
      try {
        for (let i = 0; i < 100 && !logged.some((o) => JSON.stringify(o).includes('maintenance_timer')); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await maintenance.stop();
      }
      expect(logged).toContainEqual(expect.objectContaining({ analyzed: expect.arrayContaining(['maintenance_timer']) }));
      expect(logged.filter((o) => 'warn' in o)).toEqual([]);
      const [{ analyzed }] = await queryRows<{ analyzed: boolean }>(
        db(),
        sql`select last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'maintenance_timer'`,
      );
      expect(analyzed).toBe(true);
    } finally {
      await db().execute(sql`drop table maintenance_timer`);
    }
  });

  it('is the server\'s for the embedded database only: PostgreSQL has its own daemon', async () => {
    const maintenance = maintainEmbedded(t.database, { intervalMs: 60_000 });
    try {
      expect(maintenance === null).toBe(t.database.kind === 'postgres');
    } finally {
      await maintenance?.stop();
    }
  });
});
