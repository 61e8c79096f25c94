import type { Config } from './config';
import { isEmptyDataDir, openPglite, openPostgres, pgdataOf, type Database, type PoolLog } from './db';
import { lockDataDir } from './db/lock';
import { removeOrphanedFiles } from './db/maintenance';
import { seedDemoData } from './seed/demo';
import { seedDemoSpecifications } from './seed/demoSpecifications';
import { seedDemoUsage } from './seed/demoUsage';
import { seedReferenceData } from './seed/reference';

export interface PreparedDatabase {
  database: Database;
  /** True when this start seeded the demo data set. */
  seededDemo: boolean;
  release(): void;
}

/**
 * Opens the configured database, runs the migrations and the reference data, and in demo mode
 * (no DATABASE_URL, empty data folder) seeds the demo data set once, unless `seedDemo` is false
 * (create-superadmin: a folder set up for real accounts must never hold the demo accounts).
 */
export const prepareDatabase = async (
  config: Config,
  log?: { info: (message: string) => void } & PoolLog,
  { seedDemo = true }: { seedDemo?: boolean } = {},
): Promise<PreparedDatabase> => {
  if (config.databaseUrl) {
    const database = await openPostgres(config.databaseUrl, undefined, log);
    await database.migrate(seedReferenceData);
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
