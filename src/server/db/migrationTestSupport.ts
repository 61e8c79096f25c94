import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../projectRoot';
import type { Database } from '.';

const migrations = path.join(projectRoot(), 'src/server/db/migrations');

/**
 * Applies the committed migrations up to and including `lastIdx`, as a database made by an older
 * release holds them, so a test can put that release's data in before `database.migrate()` runs
 * the migrations after it.
 */
export const migrateUpTo = async (database: Database, lastIdx: number) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-${lastIdx}-`));
  try {
    fs.mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= lastIdx);
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries as { tag: string }[]) {
      fs.copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    }
    await migratePglite(database.db as never, { migrationsFolder: dir });
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
};
