import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { projectRoot } from '../projectRoot';
import { openPglite, pgdataOf, queryRows } from './index';
import { removeOrphanedFiles } from './maintenance';

/**
 * A process killed inside a transaction (a usage import stopped by kill -9) leaves relation files
 * that no table owns; the next start removes them, and only them (docs/operations.md, 'Backups').
 */
jest.setTimeout(120_000);

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-orphans-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Another process that commits a table, then fills new ones inside a transaction and is killed in it. */
const killedMidTransaction = async () => {
  const script = `
    const { PGlite } = require('@electric-sql/pglite');
    (async () => {
      const db = await PGlite.create(${JSON.stringify(pgdataOf(dataDir))});
      await db.exec("create table kept as select g as id, repeat('k', 200) as body from generate_series(1, 5000) g");
      await db.exec('begin');
      await db.exec("create table staging as select g as id, repeat('s', 500) as body from generate_series(1, 20000) g");
      await db.exec("create index on staging (id)");
      await db.exec("create temp table load as select g as id, repeat('t', 500) as body from generate_series(1, 20000) g");
      console.log('in the middle');
      setInterval(() => {}, 1 << 30);
    })();`;
  const child = spawn(process.execPath, ['-e', script], { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('in the middle') && resolve());
    child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
  await new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
};

it('removes the files of tables a killed transaction made, keeps every committed one, and finds nothing the next time', async () => {
  await killedMidTransaction();

  const database = await openPglite(dataDir);
  try {
    const removed = await removeOrphanedFiles(database.db, pgdataOf(dataDir));
    expect(removed.files).toBeGreaterThanOrEqual(3);
    expect(removed.bytes).toBeGreaterThan(10 * 1024 * 1024);

    const [{ rows }] = await queryRows<{ rows: number }>(database.db, sql`select count(*)::int as rows from kept`);
    expect(rows).toBe(5000);
    const [{ staging }] = await queryRows<{ staging: string | null }>(database.db, sql`select to_regclass('staging')::text as staging`);
    expect(staging).toBeNull();
    // The database goes on as ever: new tables, and a full check of the kept one.
    await database.db.execute(sql`create table later as select * from kept`);
    await database.db.execute(sql`vacuum full kept`);
    expect((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from later`))[0].n).toBe(5000);

    expect(await removeOrphanedFiles(database.db, pgdataOf(dataDir))).toEqual({ files: 0, bytes: 0 });
  } finally {
    await database.close();
  }
});

it('leaves a database nobody interrupted untouched', async () => {
  const database = await openPglite(dataDir);
  try {
    await database.migrate();
    expect(await removeOrphanedFiles(database.db, pgdataOf(dataDir))).toEqual({ files: 0, bytes: 0 });
  } finally {
    await database.close();
  }
});
