import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool } from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';
import { PgliteThread } from './pgliteThread';
import { processLog } from '../processLog';
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

/**
 * True on the embedded database (PGlite), false on PostgreSQL, for the database or a transaction on
 * it: drizzle keeps node-postgres' pool or client on its session, and PGlite's handle otherwise.
 */
export const runsEmbedded = (db: Db): boolean => {
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  return !(client instanceof Pool || client instanceof Client);
};

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations, then `then` on the migrated database (the reference data): see migrate. */
  migrate(then?: (db: Db) => Promise<void>): Promise<void>;
  /** The pool's connections (PostgreSQL): all, idle, and requests waiting for one. */
  connections?: () => { total: number; idle: number; waiting: number };
  /** The whole embedded database as a tarball (PGlite), to open copies of it with openPglite. */
  dump?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = () => path.join(projectRoot(), 'src/server/db/migrations');

let committed: ReturnType<typeof readMigrationFiles> | undefined;

/** The migrations this build brings (drizzle's files, read and hashed once per process). */
export const committedMigrations = () => (committed ??= readMigrationFiles({ migrationsFolder: migrationsFolder() }));

/** How many migrations the database holds (drizzle's bookkeeping; `migrate` keeps it). */
export const appliedMigrationCount = async (db: Db): Promise<number> =>
  (await queryRows<{ applied: number }>(db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`))[0].applied;

/**
 * Any number of portal instances may start at once on one database: the first to take this
 * advisory lock migrates, the others wait for it and then find nothing to do. The key is
 * arbitrary but fixed.
 */
export const MIGRATION_LOCK_KEY = 7_345_112_901;

/**
 * The committed migrations not yet applied, then `then` (the reference data), in one transaction
 * that first takes the migration lock: idempotent; a failing migration leaves the schema as it
 * was; instances take turns; and, being one transaction, it works through a pooler in transaction
 * mode (pgbouncer), where a session-level lock would stay behind on a server connection. The
 * bookkeeping is drizzle's own (`drizzle.__drizzle_migrations`), so drizzle-kit reads it as usual.
 */
const migrate = (db: Db, then?: (db: Db) => Promise<void>): Promise<void> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    const [last] = await queryRows<{ created_at: string }>(tx, sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    for (const migration of committedMigrations()) {
      if (last && Number(last.created_at) >= migration.folderMillis) continue;
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
    }
    await then?.(tx);
  });

/**
 * PGlite (WASM PostgreSQL) in a worker thread of its own (pgliteThread.ts): a data folder on
 * disk, or in memory when none is given; `snapshot` (a `dump()` of another) starts it as a copy
 * of that database, in a fraction of the time an empty one takes to set up.
 */
export const openPglite = async (dataDir?: string, snapshot?: Uint8Array): Promise<Database> => {
  const client = await PgliteThread.open(dataDir ? pgdataOf(dataDir) : undefined, snapshot);
  // Drizzle's PGlite driver uses only `query` and `transaction`, which the thread speaks.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    migrate: (then) => migrate(db, then),
    dump: () => client.dump(),
    close: () => client.close(),
  };
};

/**
 * docs/operations.md, 'No query hangs': a statement of a request may run 10 s and wait 3 s for a
 * lock; past that PostgreSQL cancels it and the request answers the Dutch 503 (plugins/errors.ts).
 * The limits are the portal role's defaults in its database (`applyTimeLimits`), so they hold on
 * every connection, through pgbouncer in transaction mode too, where a session's `SET` would leak
 * to other clients and startup parameters are dropped.
 */
export const TIME_LIMITS = { statement: '10s', lock: '3s' } as const;

/** Imports and exports run longer (`allowLongWork`): a million records, every company's month. */
export const LONG_WORK_LIMITS = { statement: '30min', lock: '10min' } as const;

/** Sets the request limits as the role's defaults in this database; new connections take them. */
export const applyTimeLimits = async (db: Db): Promise<void> => {
  const [{ database }] = await queryRows<{ database: string }>(db, sql`select current_database() as database`);
  const target = sql`alter role current_user in database ${sql.identifier(database)}`;
  await db.execute(sql`${target} set statement_timeout = ${sql.raw(`'${TIME_LIMITS.statement}'`)}`);
  await db.execute(sql`${target} set lock_timeout = ${sql.raw(`'${TIME_LIMITS.lock}'`)}`);
};

/**
 * The longer limits for the rest of a transaction (`set local`, so they end with it and never
 * reach another client of a pooler). Call it first in the transaction of an import or an export.
 */
export const allowLongWork = async (tx: Db): Promise<void> => {
  await tx.execute(sql.raw(`set local statement_timeout = '${LONG_WORK_LIMITS.statement}'`));
  await tx.execute(sql.raw(`set local lock_timeout = '${LONG_WORK_LIMITS.lock}'`));
};

/** Where the pool reports what goes wrong with a connection nobody is using (see openPostgres). */
export interface PoolLog {
  warn(details: object, message: string): void;
}

/** How long a request waits for a connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PostgreSQL through a pool of at most `max` connections. A connection that breaks while idle (a
 * restart of PostgreSQL, `pg_terminate_backend`, a proxy's timeout) is dropped from the pool and
 * logged; without a listener for it the pool's 'error' event would end the process. A request
 * that meets the broken database answers 503 (plugins/errors.ts); the next connection is made
 * anew, so the portal recovers by itself once PostgreSQL is back.
 */
export const openPostgres = async (url: string, max = 10, log: PoolLog = processLog): Promise<Database> => {
  // Keepalive probes find a peer that vanished without a word (a network cut), where a query
  // would otherwise wait for an answer that never comes.
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  pool.on('error', (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'idle database connection lost'));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: (then) => migrate(db, then),
    close: () => pool.end(),
  };
};


/** PGlite's own folder inside the data folder. */
export const pgdataOf = (dataDir: string): string => path.join(dataDir, 'pgdata');

export const isEmptyDataDir = (dataDir: string): boolean => !fs.existsSync(path.join(pgdataOf(dataDir), 'PG_VERSION'));

export { schema };
