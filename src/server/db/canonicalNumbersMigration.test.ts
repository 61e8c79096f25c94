import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { seedReferenceData } from '../seed/reference';
import { migrateUpTo } from './migrationTestSupport';
import { openPglite, queryRows, type Database } from '.';

/**
 * Migration 0014 on a database with data: usage records get ids, and the numbers stored before
 * numbers had one form (docs/rules.md, "Phone numbers are global") are canonical afterwards —
 * service numbers, and the records' numbers under the key a re-import of their file computes.
 */

/** A record's key as the import computes it (docs/usage.md, "Idempotent"). */
const keyOf = (fields: string[]) => crypto.createHash('sha256').update(fields.join('\u001f')).digest().subarray(0, 16);

let database: Database;
afterEach(() => database?.close());

it('numbers the usage records and stores the numbers stored before in their canonical form', async () => {
  database = await openPglite();
  await migrateUpTo(database, 13);
  await seedReferenceData(database.db);
  const db = database.db;
  // A customer with a mobile afname and its number, as that release held them (in SQL: the seed
  // of today writes columns added since).
  await db.execute(sql`insert into companies (name) values ('Van Dijk Installatietechniek B.V.')`);
  await db.execute(sql`insert into articles (company_id, article_group_id, name)
    select c.id, g.id, 'Zakelijk Onbeperkt' from companies c, article_groups g where g.name = 'Mobiele telefonie'`);
  await db.execute(sql`insert into services (company_id, article_id, start_time) select company_id, id, '2026-01-01T00:00:00Z' from articles`);
  await db.execute(sql`insert into service_field_inputs (service_id, company_id, article_group_field_id, value)
    select s.id, s.company_id, f.id, '0612345678' from services s, article_group_fields f
    where f.used_for_cdr and f.article_group_id = (select id from article_groups where name = 'Mobiele telefonie')`);
  const [service] = await queryRows<{ id: number; company_id: number; input_id: number }>(
    db,
    sql`select s.id, s.company_id, fi.id as input_id from services s
      join service_field_inputs fi on fi.service_id = s.id
      join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
      order by s.id limit 1`,
  );
  await db.execute(sql`update service_field_inputs set value = ' +31 6 8700 0099' where id = ${service.input_id}`);
  // Two records of the number as the file wrote it: one without a price in the file (priced 0), one with.
  const fields = (receiver: string, price: string) => ['2026-02-01', '08:00:00', '+31 6 8700 0099', receiver, 'uitgaand', 'sms', '1', 'in', price];
  for (const [receiver, price, stored] of [
    ['06-12345678', '', '0'],
    ['+32 470 12 34 56', '0.100000', '0.1'],
  ]) {
    await db.execute(sql`insert into usage_records (company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
      values (${service.company_id}, ${service.id}, '+31 6 8700 0099', '2026-02-01 08:00:00 Europe/Amsterdam', '+31 6 8700 0099', ${receiver}, 'uitgaand', 'sms', 1, 'in', ${stored}, ${keyOf(fields(receiver, price))})`);
  }
  await db.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    values (${service.company_id}, '2026-02-01', ${service.id}, '+31 6 8700 0099', 'sms', 'uitgaand', 'in', 2, 2, 0.1)`);
  // A record kept aside twice, in two notations, and a data record's 'internet'.
  for (const [line, sender] of [[2, '0031 20 123 4567'], [3, '(020) 1234567']] as const) {
    await db.execute(sql`insert into usage_unmatched (line, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
      values (${line}, '2026-02-01 09:00:00 Europe/Amsterdam', ${sender}, 'internet', 'uitgaand', 'data', 5, 'in', null,
        ${keyOf(['2026-02-01', '09:00:00', sender, 'internet', 'uitgaand', 'data', '5', 'in', ''])})`);
  }

  await database.migrate();

  const [input] = await queryRows<{ value: string }>(db, sql`select value from service_field_inputs where id = ${service.input_id}`);
  expect(input.value).toBe('0687000099');
  const records = await queryRows<{ id: string; number: string; sender: string; receiver: string; key: Buffer }>(
    db,
    sql`select id::text as id, number, sender, receiver, record_key as key from usage_records order by receiver`,
  );
  expect(records.map((r) => [r.number, r.sender, r.receiver])).toEqual([
    ['0687000099', '0687000099', '0032470123456'],
    ['0687000099', '0687000099', '0612345678'],
  ]);
  expect(new Set(records.map((r) => r.id)).size).toBe(2);
  // The keys a re-import of the file computes now: the file's price, or none.
  expect(records.map((r) => Buffer.from(r.key).toString('hex'))).toEqual([
    keyOf(['2026-02-01', '08:00:00', '0687000099', '0032470123456', 'uitgaand', 'sms', '1', 'in', '0.100000']).toString('hex'),
    keyOf(['2026-02-01', '08:00:00', '0687000099', '0612345678', 'uitgaand', 'sms', '1', 'in', '']).toString('hex'),
  ]);
  expect(await queryRows(db, sql`select number from usage_monthly`)).toEqual([{ number: '0687000099' }]);
  const kept = await queryRows<{ sender: string; receiver: string; key: Buffer }>(db, sql`select sender, receiver, record_key as key from usage_unmatched`);
  expect(kept.map((k) => [k.sender, k.receiver, Buffer.from(k.key).toString('hex')])).toEqual([
    ['0201234567', 'internet', keyOf(['2026-02-01', '09:00:00', '0201234567', 'internet', 'uitgaand', 'data', '5', 'in', '']).toString('hex')],
  ]);
  // New records continue the sequence.
  await db.execute(sql`insert into usage_records (company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
    values (${service.company_id}, ${service.id}, '0687000099', '2026-02-02 08:00:00 Europe/Amsterdam', '0687000099', 'x', 'uitgaand', 'sms', 1, 'in', 0, '\\x00')`);
  const [{ max }] = await queryRows<{ max: string }>(db, sql`select max(id)::text as max from usage_records`);
  expect(records.map((r) => r.id)).not.toContain(max);
}, 60_000);
