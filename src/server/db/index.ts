import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import * as schema from './schema';
import { projectRoot } from '../projectRoot';

/**
 * The database, or a transaction on it: `db.transaction(async (tx) => …)` hands a value of this
 * type too (drizzle's PgTransaction extends PgDatabase), so every repository and service function
 * takes a `Db` and runs the same inside a transaction or outside one.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL rows; both drivers answer `{ rows }`. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the committed migrations, then `then` on the migrated database (the reference data);
   * idempotent. On PostgreSQL both run under one advisory lock, so instances starting at once
   * take turns.
   */
  migrate(then?: (db: Db) => Promise<void>): Promise<void>;
  /** The pool's connections (PostgreSQL): all, idle, and requests waiting for one. */
  connections?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

const migrationsFolder = () => path.join(projectRoot(), 'src/server/db/migrations');

/** PGlite (WASM PostgreSQL): a data folder on disk, or in memory when none is given. */
export const openPglite = async (dataDir?: string): Promise<Database> => {
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
    extensions: { pg_trgm, btree_gin, unaccent },
  });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: async (then) => {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
      await then?.(db);
    },
    close: () => client.close(),
  };
};

/** Where the pool reports what goes wrong with a connection nobody is using (see openPostgres). */
export interface PoolLog {
  warn(details: object, message: string): void;
}

/**
 * Any number of portal instances may start at once on one database: the first to take this
 * session-level advisory lock migrates, the others wait for it and then find nothing to do.
 * The key is arbitrary but fixed: 'portal migrations' in a bigint.
 */
export const MIGRATION_LOCK_KEY = 7_345_112_901n;

/** How long a request waits for a connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL through a pool of at most `max` connections. A connection that breaks while idle (a
 * restart of PostgreSQL, `pg_terminate_backend`, a proxy's timeout) is dropped from the pool and
 * logged; without a listener for it the pool's 'error' event would end the process. A request
 * that meets the broken database answers 503 (plugins/errors.ts); the next connection is made
 * anew, so the portal recovers by itself once PostgreSQL is back.
 */
export const openPostgres = async (url: string, max = 10, log: PoolLog = consoleLog): Promise<Database> => {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'idle database connection lost'));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async (then) => {
      // One connection holds the lock and does the work; drizzle runs the pending migrations in
      // one transaction, so a failing one leaves the schema as it was. Ending the connection
      // afterwards releases the lock whatever happened.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg(client, { schema });
        await migratePg(locked, { migrationsFolder: migrationsFolder() });
        await then?.(locked);
      } finally {
        client.release(true);
      }
    },
    close: () => pool.end(),
  };
};

const consoleLog: PoolLog = { warn: (details, message) => console.warn(message, JSON.stringify(details)) };

export const isEmptyDataDir = (dataDir: string): boolean =>
  !fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));

export { schema };
