import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from './index';

/**
 * Autovacuum for the embedded database. PostgreSQL's autovacuum daemon keeps the planner's
 * statistics current and clears dead row versions; PGlite runs PostgreSQL as a single process
 * without that daemon, so neither happens by itself: after a customer's first 5,000 services the
 * planner would still believe the article had 7, and read all 5,000 with their end users to sort
 * them for a window of 100 (13 ms instead of 2 on every article page). This does the daemon's work
 * with its default thresholds, per table, from the same statistics (pg_stat_user_tables):
 *  - ANALYZE when more rows were inserted, updated or deleted since the last analysis than
 *    50 + 10 % of the live rows (autovacuum_analyze_threshold and _scale_factor);
 *  - VACUUM when the dead row versions exceed 50 + 20 % of the live rows
 *    (autovacuum_vacuum_threshold and _scale_factor), or the rows inserted since the last vacuum
 *    exceed 1,000 + 20 % (autovacuum_vacuum_insert_threshold and _scale_factor).
 * A table never analyzed at all (pg_class.reltuples = -1, kept on disk, unlike the counters) is
 * analyzed on the first pass. Worked example: services with 5,000 live rows is analyzed once
 * 551 rows changed (50 + 500), vacuumed once 1,051 are dead (50 + 1,000) or 2,001 were inserted.
 * PostgreSQL itself is left to its own daemon.
 */

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
  /** True when the table has never been analyzed or vacuumed (its row estimate is unknown). */
  neverAnalyzed: boolean;
}

export interface TableWork {
  analyze: boolean;
  vacuum: boolean;
}

/** PostgreSQL's defaults for its autovacuum daemon (postgresql.conf). */
export const AUTOVACUUM = {
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  vacuumInsertThreshold: 1000,
  vacuumInsertScaleFactor: 0.2,
};

/** What the daemon would do with a table now. */
export const workFor = (t: TableActivity): TableWork => ({
  analyze: t.neverAnalyzed || t.modifiedSinceAnalyze > AUTOVACUUM.analyzeThreshold + AUTOVACUUM.analyzeScaleFactor * t.live,
  vacuum:
    t.dead > AUTOVACUUM.vacuumThreshold + AUTOVACUUM.vacuumScaleFactor * t.live ||
    t.insertedSinceVacuum > AUTOVACUUM.vacuumInsertThreshold + AUTOVACUUM.vacuumInsertScaleFactor * t.live,
});

/** The activity of the portal's own tables (schema public). */
export const tableActivity = async (db: Db): Promise<TableActivity[]> => {
  const rows = await queryRows<{
    table: string;
    live: string | number;
    dead: string | number;
    modified: string | number;
    inserted: string | number;
    never: boolean;
  }>(
    db,
    sql`select s.relname as "table", s.n_live_tup as live, s.n_dead_tup as dead,
        s.n_mod_since_analyze as modified, s.n_ins_since_vacuum as inserted, c.reltuples < 0 as never
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`,
  );
  return rows.map((r) => ({
    table: r.table,
    live: Number(r.live),
    dead: Number(r.dead),
    modifiedSinceAnalyze: Number(r.modified),
    insertedSinceVacuum: Number(r.inserted),
    neverAnalyzed: r.never,
  }));
};

/** Quotes a table name as an SQL identifier. */
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One pass: every table that needs it analyzed and/or vacuumed; answers what was done. */
export const maintainTables = async (db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> => {
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const activity of await tableActivity(db)) {
    const { analyze, vacuum } = workFor(activity);
    if (!analyze && !vacuum) continue;
    const command = vacuum ? (analyze ? 'vacuum (analyze)' : 'vacuum') : 'analyze';
    await db.execute(sql.raw(`${command} ${identifier(activity.table)}`));
    if (analyze) analyzed.push(activity.table);
    if (vacuum) vacuumed.push(activity.table);
  }
  return { analyzed, vacuumed };
};

export interface Maintenance {
  /** Stops the timer and waits for a pass that is running. */
  stop(): Promise<void>;
}

export interface MaintenanceOptions {
  intervalMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Runs `maintainTables` now and then every `intervalMs` (PostgreSQL's daemon looks every minute;
 * a pass that finds nothing to do costs one small query, so this looks more often), one pass at
 * a time: a pass still running when the next is due is not doubled. A failed pass is logged and
 * the next one tries again.
 */
export const startMaintenance = (db: Db, { intervalMs = 10_000, log }: MaintenanceOptions = {}): Maintenance => {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        const started = performance.now();
        const done = await maintainTables(db);
        const ms = Math.round(performance.now() - started);
        if (done.analyzed.length > 0 || done.vacuumed.length > 0) log?.info({ ...done, ms }, 'database maintenance');
      } catch (err) {
        if (!stopped) log?.warn({ err }, 'database maintenance failed');
      } finally {
        running = null;
      }
    })();
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
};

/** The server's maintenance: ours for the embedded database, none for PostgreSQL (its daemon does it). */
export const maintainEmbedded = (database: Database, options: MaintenanceOptions = {}): Maintenance | null =>
  database.kind === 'pglite' ? startMaintenance(database.db, options) : null;

/**
 * A relation file of the embedded database: `{filenode}`, its forks (`_fsm`, `_vm`, `_init`) and
 * segments (`.1`), or a temporary table's `t{backend}_{filenode}`.
 */
const RELATION_FILE = /^(t\d+_)?(\d+)(?:_fsm|_vm|_init)?(?:\.\d+)?$/;

/**
 * Removes the relation files no relation of the database owns any more, left by a process that
 * died inside a transaction: a usage import killed half-way leaves its staging tables' files
 * behind (105 MB for one import of 800,000 records), and PostgreSQL never reclaims them (its own
 * start removes only temporary files, which PGlite's does not either). Run right after opening,
 * before anything else: PGlite is one process, so no other transaction can own a file the
 * catalogue does not name yet. Answers what it removed.
 */
export const removeOrphanedFiles = async (db: Db, pgdata: string): Promise<{ files: number; bytes: number }> => {
  // A dropped or rewritten relation's first file stays, empty, until the next checkpoint (so its
  // number is not reused before then): PostgreSQL's own leftovers, removed by PostgreSQL.
  await db.execute(sql`checkpoint`);
  const [{ oid }] = await queryRows<{ oid: number }>(db, sql`select oid from pg_database where datname = current_database()`);
  const owned = new Set(
    (await queryRows<{ filenode: string }>(db, sql`select pg_relation_filenode(oid)::text as filenode from pg_class where pg_relation_filenode(oid) is not null`)).map(
      (row) => row.filenode,
    ),
  );
  const folder = path.join(pgdata, 'base', String(oid));
  let files = 0;
  let bytes = 0;
  for (const name of fs.readdirSync(folder)) {
    const match = RELATION_FILE.exec(name);
    if (!match || (!match[1] && owned.has(match[2]))) continue;
    const file = path.join(folder, name);
    const { size } = fs.statSync(file);
    // An empty file of a relation: a checkpoint's business, never an interrupted write's.
    if (size === 0 && !match[1]) continue;
    bytes += size;
    fs.rmSync(file);
    files += 1;
  }
  return { files, bytes };
};
