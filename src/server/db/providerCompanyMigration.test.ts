import { sql } from 'drizzle-orm';
import { seedReferenceData } from '../seed/reference';
import { migrateUpTo } from './migrationTestSupport';
import { openPglite, queryRows, type Database } from '.';

/**
 * Migration 0017 (docs/rules.md, "Het bedrijf van de aanbieder"): a database where the provider's
 * own company was ended or made a branch before the rule held gets it back, and no other company
 * changes.
 */

let database: Database;
afterEach(() => database?.close());

const companiesOf = (db: Database['db']) =>
  queryRows<{ id: number; is_provider: boolean; end_time: string | null; parent_company_id: number | null }>(
    db,
    sql`select id, is_provider, end_time::text, parent_company_id from companies order by id`,
  );

it("takes the end and the parent company off the provider's company, and leaves every other company as it was", async () => {
  database = await openPglite();
  await migrateUpTo(database, 16);
  await seedReferenceData(database.db);
  const db = database.db;
  // Companies as that release held them (in SQL: the seed of today writes columns added since).
  await db.execute(sql`insert into parent_companies (name) values ('Van Dijk Groep')`);
  await db.execute(sql`insert into companies (name, is_provider) values ('Demo ICT Diensten', true), ('Van Dijk Installatietechniek B.V.', false),
    ('Van Dijk Elektrotechniek B.V.', false), ('Bakkerij De Korenschoof', false)`);
  const [parent] = await queryRows<{ id: number }>(db, sql`select id from parent_companies order by id limit 1`);
  await db.execute(sql`update companies set end_time = '2026-01-01T00:00:00Z', parent_company_id = ${parent.id} where is_provider`);
  await db.execute(sql`update companies set end_time = '2026-02-01T00:00:00Z' where id = (select max(id) from companies where not is_provider)`);
  const before = (await companiesOf(db)).filter((c) => !c.is_provider);

  await database.migrate();

  const after = await companiesOf(db);
  expect(after.filter((c) => c.is_provider)).toEqual([expect.objectContaining({ end_time: null, parent_company_id: null })]);
  expect(after.filter((c) => !c.is_provider)).toEqual(before);
  expect(before.some((c) => c.end_time !== null)).toBe(true);
});
