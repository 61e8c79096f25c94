import type { Config } from './config';
import { setTimeout as sleep } from 'node:timers/promises';
import { applyTimeLimits, isEmptyDataDir, openPglite, openPostgres, pgdataOf, type Database, type PoolLog } from './db';
import { isDatabaseUnavailable } from './db/unavailable';
import { lockDataDir } from './db/lock';
import { removeOrphanedFiles } from './db/maintenance';
import { seedDemoData } from './seed/demo';
import { seedDemoSpecifications } from './seed/demoSpecifications';
import { seedDemoUsage } from './seed/demoUsage';
import { seedReferenceData } from './seed/reference';

/**
 * How long a start waits for PostgreSQL that is not there yet (the machine's boot, its own
 * restart) before it gives up and exits 1, for the supervisor to start it again
 * (docs/operations.md, 'Starting, stopping, health').
 */
export const DATABASE_START_WAIT_MS = 60_000;

type StartLog = { info: (message: string) => void } & PoolLog;

/**
 * Opens PostgreSQL, migrates it and sets the time limits, trying again (every 0.5 s up to 5 s
 * apart) while the database cannot be reached; any other failure (a migration's error) ends the
 * start at once.
 */
const openPostgresWhenUp = async (url: string, log: StartLog | undefined, waitMs: number): Promise<Database> => {
  const until = Date.now() + waitMs;
  for (let delay = 500; ; delay = Math.min(delay * 2, 5_000)) {
    const database = await openPostgres(url, undefined, log);
    try {
      await database.migrate(seedReferenceData);
      await applyTimeLimits(database.db);
      // The pool's connections so far predate the limits: the instance starts with new ones.
      await database.close();
      return await openPostgres(url, undefined, log);
    } catch (err) {
      await database.close().catch(() => undefined);
      if (!isDatabaseUnavailable(err) || Date.now() + delay > until) throw err;
      log?.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code }, retryInMs: delay }, 'database not reachable at start: trying again');
      await sleep(delay);
    }
  }
};

export interface PreparedDatabase {
  database: Database;
  /** True when this start seeded the demo data set. */
  seededDemo: boolean;
  release(): void;
}

/**
 * Opens the configured database (PostgreSQL: waiting for it a while, openPostgresWhenUp), runs the
 * migrations and the reference data, and in demo mode
 * (no DATABASE_URL, empty data folder) seeds the demo data set once, unless `seedDemo` is false
 * (create-superadmin: a folder set up for real accounts must never hold the demo accounts).
 */
export const prepareDatabase = async (
  config: Config,
  log?: StartLog,
  { seedDemo = true, waitForDatabaseMs = DATABASE_START_WAIT_MS }: { seedDemo?: boolean; waitForDatabaseMs?: number } = {},
): Promise<PreparedDatabase> => {
  if (config.databaseUrl) {
    const database = await openPostgresWhenUp(config.databaseUrl, log, waitForDatabaseMs);
    return { database, seededDemo: false, release: () => undefined };
  }
  const release = lockDataDir(config.dataDir);
  try {
    const fresh = seedDemo && isEmptyDataDir(config.dataDir);
    const database = await openPglite(config.dataDir);
    const orphaned = await removeOrphanedFiles(database.db, pgdataOf(config.dataDir));
    if (orphaned.files > 0) {
      log?.info(`removed ${orphaned.files} orphaned relation files (${(orphaned.bytes / 1024 / 1024).toFixed(1)} MB) left by a process that was stopped mid-write`);
    }
    await database.migrate(seedReferenceData);
    if (fresh) {
      log?.info('empty data folder: seeding the demo data');
      await database.db.transaction(async (tx) => {
        await seedDemoData(tx, { twoFactorKey: config.twoFactorKey });
        await seedDemoUsage(tx);
        await seedDemoSpecifications(tx, config.vatRate);
      });
    }
    return { database, seededDemo: fresh, release };
  } catch (err) {
    release();
    throw err;
  }
};
