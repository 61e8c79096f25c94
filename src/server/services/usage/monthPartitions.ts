/**
 * Where the file's matched records go (docs/usage.md, 'Import', step 3): the business-time month
 * partitions of usage_records. The records land in one table; after the lock the copies of a
 * record twice in the file are dropped, and the landing table becomes the month's partition (the
 * usual monthly file) or its records not known yet are inserted into the partitions they belong to.
 */
import { sql } from 'drizzle-orm';
import { businessTimeToEpoch } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { step } from './importTiming';
import type { RecordTyper } from './recordTyper';

const pad = (n: number) => String(n).padStart(2, '0');


/** Partitions follow business-time months: [first day 00:00, next first day 00:00) in Amsterdam. */
export const partitionOf = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? [y + 1, 1] : [y, m + 1];
  return {
    name: `usage_records_${y}_${pad(m)}`,
    from: new Date(businessTimeToEpoch(y, m, 1) * 1000).toISOString(),
    to: new Date(businessTimeToEpoch(next[0], next[1], 1) * 1000).toISOString(),
  };
};

const existingPartitions = async (db: Db): Promise<Set<string>> =>
  new Set(
    (
      await queryRows<{ name: string }>(
        db,
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'usage_records'::regclass`,
      )
    ).map((r) => r.name),
  );

/** The file's matched records in the table they were COPYed into. */
export interface LandedRecords {
  /** The months (YYYY-MM) of the matched records. */
  months: string[];
  /** The instants the matched records lie in (their month partitions), or null without any. */
  span: { from: string; to: string } | null;
  /** The table holding the file's matched records. */
  landing: string;
  /** The landing table is a plain table that may become a partition. */
  adoptable: boolean;
}

/** The columns the typer COPYs into the landing table: its `id` comes from usage_records' sequence as each row arrives. */
export const RECORD_COLUMNS = 'company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, import_id, record_key';
/** A record's columns when it moves from the landing table into place: its `id` with it. */
const STORED_COLUMNS = `id, ${RECORD_COLUMNS}`;

/**
 * The table the file's matched records are loaded into. When their first month has no partition
 * yet (the usual monthly file) a plain table, which can become the month's partition; else (a
 * re-import, a month already loaded) a temporary one: its rows are moved into place anyway, and a
 * temporary table writes no WAL.
 */
export const createLanding = async (tx: Db, firstMonth: string | undefined): Promise<{ landing: string; adoptable: boolean }> => {
  const adoptable = firstMonth === undefined || !(await existingPartitions(tx)).has(partitionOf(firstMonth).name);
  await tx.execute(sql`drop table if exists pg_temp.usage_records_load`);
  if (!adoptable) {
    await tx.execute(sql`create temp table usage_records_load (like usage_records including defaults) on commit drop`);
    return { landing: 'usage_records_load', adoptable };
  }
  const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
  const landing = `usage_records_load_${pid}`;
  await tx.execute(sql.raw(`create table ${landing} (like usage_records including defaults)`));
  return { landing, adoptable };
};

/** A month's table (with the month's bounds as a CHECK) gets its two indexes, built by sorting, and becomes the month's partition. */
const attachPartition = async (tx: Db, month: string) => {
  const { name, from, to } = partitionOf(month);
  await tx.execute(sql.raw(`create index ${name}_record_key_idx on ${name} (record_key)`));
  await tx.execute(sql.raw(`create index ${name}_company_id_service_id_record_time_idx on ${name} (company_id, service_id, record_time)`));
  step(`indexes ${name}`);
  // The CHECK spares ATTACH its scan; the default partition it must check is empty.
  await tx.execute(sql.raw(`alter table usage_records attach partition ${name} for values from ('${from}') to ('${to}')`));
  step(`attach ${name}`);
};

/**
 * A month this import creates from rows of several months: its rows go into a plain table with
 * the month's bounds as a CHECK (checked per row on the way in), then indexes and ATTACH.
 */
const loadNewPartition = async (tx: Db, month: string, rows: string) => {
  const { name, from, to } = partitionOf(month);
  await tx.execute(sql.raw(`create table ${name} (like usage_records including defaults,
    constraint ${name}_bounds check (record_time >= '${from}' and record_time < '${to}'))`));
  await tx.execute(sql.raw(`insert into ${name} (${STORED_COLUMNS}) ${rows}`));
  step(`load ${name}`);
  await attachPartition(tx, month);
};

/**
 * The usual monthly file, all of one month that has no partition yet: the landing table the
 * records were COPYed into becomes the partition (the CHECK of the month's bounds is validated by
 * one scan), so the records are written once.
 */
const adoptLanding = async (tx: Db, landing: string, month: string) => {
  const { name, from, to } = partitionOf(month);
  await tx.execute(sql.raw(`alter table ${landing} rename to ${name}`));
  await tx.execute(sql.raw(`alter table ${name} add constraint ${name}_bounds check (record_time >= '${from}' and record_time < '${to}')`));
  step(`check ${name}`);
  await attachPartition(tx, month);
};

/**
 * A record twice in the file counts once: the typer noted the keys it may have seen before
 * (suspects, usually none); the database counts their copies exactly and keeps one of each (all
 * copies of a key are the same row), and the typer's totals lose the others.
 */
export const dropInFileDuplicates = async (tx: Db, landing: string, typer: RecordTyper) => {
  if (!typer.suspects.size) return;
  const keys = sql`(select decode(k, 'hex') from unnest(${`{${[...typer.suspects.keys()].join(',')}}`}::text[]) k)`;
  const copies = await queryRows<{ key: string; n: number }>(
    tx,
    sql`select encode(record_key, 'hex') as key, count(*)::int as n from ${sql.raw(landing)}
      where record_key in ${keys} group by record_key having count(*) > 1`,
  );
  if (!copies.length) return;
  await tx.execute(sql`delete from ${sql.raw(landing)} l using (
      select ctid as row_id, row_number() over (partition by record_key) as copy from ${sql.raw(landing)} where record_key in ${keys}
    ) d where l.ctid = d.row_id and d.copy > 1`);
  for (const { key, n } of copies) typer.removeDuplicates(key, n - 1);
};

/**
 * The file's new records in their month partitions: the landing table becomes the partition of
 * the usual monthly file, else the records not known yet are inserted where they belong. Answers
 * where the new records can be read (`source`, a FROM item `n` with usage_records' columns and
 * `month`) and whether the landing table was adopted (then the typer's sums are exactly its rows).
 */
export const placeNewRecords = async (tx: Db, { span, months, landing, adoptable }: LandedRecords): Promise<{ source: string; adopted: boolean }> => {
  // A month without a partition has no records yet (the default partition stays empty): a file of
  // one such month needs no anti join, its landing table becomes the partition.
  const partitions = await existingPartitions(tx);
  if (adoptable && months.length === 1 && !partitions.has(partitionOf(months[0]).name)) {
    await adoptLanding(tx, landing, months[0]);
    return { source: `(select *, '${months[0]}-01'::date as month from ${partitionOf(months[0]).name}) n`, adopted: true };
  }
  await keepUnknownRecords(tx, landing, span);
  for (const month of months) {
    const rows = `select ${STORED_COLUMNS} from usage_new where month = '${month}-01'::date`;
    if (partitions.has(partitionOf(month).name)) {
      await tx.execute(sql.raw(`insert into usage_records (${STORED_COLUMNS}) ${rows}`));
      step(`insert ${month}`);
    } else {
      await loadNewPartition(tx, month, rows);
    }
  }
  return { source: 'usage_new n', adopted: false };
};

/**
 * The landing table's records not known yet, with their business month, into `usage_new`; the
 * landing table goes. Known records are left out by one hash anti join over the months' partitions
 * (imports are serialized by the advisory lock), far cheaper than a conflict check per record.
 */
const keepUnknownRecords = async (tx: Db, landing: string, span: LandedRecords['span']) => {
  await tx.execute(sql.raw(`create temp table usage_new on commit drop as
    select l.*, (l.record_time at time zone 'Europe/Amsterdam')::date - extract(day from l.record_time at time zone 'Europe/Amsterdam')::int + 1 as month
    from ${landing} l
    where not exists (select 1 from usage_records r where r.record_key = l.record_key and r.record_time = l.record_time
      and r.record_time >= '${span?.from ?? '-infinity'}'::timestamptz and r.record_time < '${span?.to ?? 'infinity'}'::timestamptz)`));
  await tx.execute(sql.raw(`drop table ${landing}`));
  step('new records');
};
