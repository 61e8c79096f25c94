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
  /** Runs the committed migrations; idempotent. */
  migrate(): Promise<void>;
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
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
};

export const openPostgres = async (url: string, max = 10): Promise<Database> => {
  const pool = new Pool({ connectionString: url, max });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(db, { migrationsFolder: migrationsFolder() });
    },
    close: () => pool.end(),
  };
};

export const isEmptyDataDir = (dataDir: string): boolean =>
  !fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));

export { schema };
