import { sql } from 'drizzle-orm';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, ROLE } from '../../domain/permissions';
import { seedReferenceData } from '../seed/reference';
import { migrateUpTo } from './migrationTestSupport';
import { openPglite, queryRows, type Database } from '.';

/**
 * Migration 0005 (docs/rules.md, "Prices belong to the provider"): a database made before EDIT_PRICES existed gets it for
 * provider staff and loses CREATE_ARTICLE for customers; a fresh one gets the seed's defaults.
 */

const grantsOf = async (database: Database, roleId: number) =>
  (
    await queryRows<{ name: string }>(database.db, sql`select permission_name as name from role_permissions where role_id = ${roleId} order by 1`)
  ).map((r) => r.name);

let database: Database;
afterEach(() => database?.close());

it('grants EDIT_PRICES to provider staff and takes CREATE_ARTICLE from customers on an existing database', async () => {
  database = await openPglite();
  await migrateUpTo(database, 4);
  // The seed as it was: every permission of then but EDIT_PRICES, CREATE_ARTICLE for customers too.
  const later = ['EDIT_PRICES', 'REQUEST_CHANGES', 'APPROVE_REQUESTS', 'HANDLE_REQUESTS'];
  const old = PERMISSIONS.filter((p) => !later.includes(p));
  await database.db.execute(sql`insert into roles (id, name) values (1, 'superadmin'), (2, 'admin'), (3, 'endUser'), (4, 'unauthorized')`);
  for (const name of old) await database.db.execute(sql`insert into permissions (name) values (${name})`);
  for (const roleId of [1, 2]) {
    for (const name of old) await database.db.execute(sql`insert into role_permissions values (${roleId}, ${name})`);
  }
  await database.db.execute(sql`insert into role_permissions values (3, 'CREATE_ARTICLE'), (3, 'CREATE_SERVICE')`);

  await database.migrate();
  await seedReferenceData(database.db);

  expect(await grantsOf(database, ROLE.superadmin)).toEqual([...PERMISSIONS].sort());
  expect(await grantsOf(database, ROLE.admin)).toEqual([...PERMISSIONS].sort());
  // Migration 0018 (docs/requests.md) grants the request permissions too.
  expect(await grantsOf(database, ROLE.endUser)).toEqual(['APPROVE_REQUESTS', 'CREATE_SERVICE', 'REQUEST_CHANGES']);
});

it('leaves a fresh database to the seed, which grants the defaults', async () => {
  database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  for (const roleId of [ROLE.superadmin, ROLE.admin, ROLE.endUser, ROLE.unauthorized]) {
    expect(await grantsOf(database, roleId)).toEqual([...DEFAULT_ROLE_PERMISSIONS[roleId]].sort());
  }
});
