import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { formatDecimal } from '../../../domain/format';
import { canonicalNumber } from '../../../domain/phoneNumbers';
import { businessTimeToEpoch } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { USAGE_KIND_COLUMNS, USAGE_KINDS } from '../../db/schema/usage';
import { HttpError } from '../../httpError';
import { evaluateAlerts, type NewAlert } from '../alerts';
import { audit, type AuditActor } from '../audit';
import { hasGroupBundle, recalculateGroupBundle } from '../groupBundle';
import { CdrLineReader, type LineError } from './cdrFile';
import { Lowercase, MAX_LINE_ERRORS, numberDirectory, RecordTyper, type Spool } from './recordTyper';

/**
 * The usage (CDR) import, docs/usage.md, 'Import'. One transaction; Node types the lines, PostgreSQL
 * stores them:
 *
 * 1. `CdrLineReader` reads the header and turns the rest of the upload, piece by piece with native
 *    string operations, into lines of trimmed cells. Memory holds one piece, never the file.
 * 2. `RecordTyper` checks every line with the same Dutch messages, and for a valid line computes
 *    the business-time instant (domain/time, equal to PostgreSQL's `AT TIME ZONE`), the record key
 *    (SHA-256 of the normalized fields, as always), the service (the `used_for_cdr` numbers, loaded
 *    once) and the price. Matched records are COPYed into a landing table as they are typed,
 *    unmatched ones into `usage_unmatched_new`. Any malformed line refuses the whole file (400
 *    with the first errors); the rollback leaves nothing.
 * 3. After the advisory lock: copies of a record that is twice in the file are dropped; the landing
 *    table of a file of one new month becomes that month's partition (indexes built after the
 *    load, then ATTACH); otherwise the new records (not known yet: a hash anti join with the
 *    months' partitions) go into the existing partitions or new ones. `usage_monthly`,
 *    `usage_number_months`, `usage_number_days` and `usage_company_months` grow by exactly those
 *    rows. Records without a service, or whose number services of two companies held at their
 *    time, go to `usage_unmatched`.
 * 4. The group bundle figures of every month and company that got records are recomputed, the
 *    import is recorded in `usage_imports` and the audit log.
 */

export interface UsageImportResult {
  importId: number;
  /** Valid records in the file. */
  records: number;
  /** Records added to usage_records. */
  imported: number;
  /** Records already known (from an earlier import or earlier in this file). */
  duplicates: number;
  /** New records that match no active service, kept in usage_unmatched. */
  unmatched: number;
  /**
   * Of `unmatched`, the records whose number services of more than one company held at their
   * instant (data from before numbers were global, docs/rules.md, 'Kept-aside usage'): kept aside, given to neither.
   */
  ambiguous: number;
  /** Months (YYYY-MM) that got records. */
  months: string[];
  /** The usage alerts this import recorded (services/alerts.ts), to be mailed after the commit. */
  alerts?: NewAlert[];
}

export interface UsageImportInput {
  /** The file's bytes as they arrive. */
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
  fileName: string;
  /** Who imports; null for the demo seed. */
  actor: AuditActor | null;
  /** Asked after the source ended: true when the upload was cut at the size limit (413). */
  truncated?: () => boolean;
}

const NOTHING_IMPORTED = 'Er is geen data geïmporteerd.';

/** Added to the import's answer when records were kept aside because two companies held their number. */
export const ambiguousNote = (count: number) =>
  `${count === 1 ? '1 verbruiksregel is' : `${formatDecimal(count, 0)} verbruiksregels zijn`} apart gezet: het nummer was op dat ` +
  'moment bij meer dan één klant in gebruik. Beëindig een van die diensten en importeer het bestand opnieuw.';

/** An import adding at least this many records refreshes the statistics of the totals tables. */
const ANALYZE_AFTER = 10_000;
/** Serializes imports, so that the duplicate counts of two overlapping imports are exact. */
const IMPORT_LOCK = 7_340_101;

const pad = (n: number) => String(n).padStart(2, '0');

/** `USAGE_IMPORT_TIMING=1` logs how long each step of an import takes (stderr), for profiling. */
let lap = Date.now();
const step = (name: string) => {
  if (process.env.USAGE_IMPORT_TIMING) console.error(`usage import: ${name} ${Date.now() - lap} ms`);
  lap = Date.now();
};

// ---------------------------------------------------------------------------------------------
// Month partitions of usage_records

/** Partitions follow business-time months: [first day 00:00, next first day 00:00) in Amsterdam. */
const partitionOf = (month: string) => {
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

// ---------------------------------------------------------------------------------------------
// Typing the lines in Node, COPY into the month's records and the unmatched records

type RawClient = Client | { query(text: string, params: unknown[], options?: { blob: Blob }): Promise<{ rows: Record<string, unknown>[] }> };

/** PGlite reads COPY input from a blob: one per this many bytes, so memory stays flat. */
const PGLITE_COPY_BYTES = 4 << 20;

const NEWLINE = 0x0a;

/**
 * The parts gathered for a blob split after their last row end: the whole rows, and the start of a
 * row that the next parts finish (empty when the last part ends a row). Null when no row ends in
 * them yet. (A blob is a COPY of its own: a row cut at its end is a row with missing columns.)
 */
export const wholeRows = (parts: Buffer[]): { rows: Buffer[]; rest: Buffer[] } | null => {
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const end = parts[i].lastIndexOf(NEWLINE) + 1;
    if (end === 0) continue;
    const rest = parts.slice(i + 1);
    if (end < parts[i].length) rest.unshift(parts[i].subarray(end));
    return { rows: [...parts.slice(0, i), parts[i].subarray(0, end)], rest };
  }
  return null;
};

/**
 * Streams COPY text into a table on the transaction's own connection, with backpressure. The
 * text may be cut anywhere (the unmatched records come back from their temporary file in chunks
 * of 1 MB): PostgreSQL's COPY stream takes it as it comes; PGlite's blobs each end on a row's end.
 */
const copyInto = async (client: RawClient, copySql: string, text: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> => {
  if (client instanceof Client) {
    await pipeline(Readable.from(text), client.query(copyFrom(`${copySql} from stdin`)));
    return;
  }
  let parts: Buffer[] = [];
  let bytes = 0;
  const copy = (blobParts: Buffer[]) => client.query(`${copySql} from '/dev/blob'`, [], { blob: new Blob(blobParts as unknown as BlobPart[]) });
  for await (const part of text) {
    parts.push(part);
    bytes += part.length;
    if (bytes < PGLITE_COPY_BYTES) continue;
    // A row longer than a blob (never: a line has at most 64 KB) waits for its end.
    const split = wholeRows(parts);
    if (!split) continue;
    await copy(split.rows);
    parts = split.rest;
    bytes = parts.reduce((sum, p) => sum + p.length, 0);
  }
  if (bytes) await copy(parts);
};

/** The unmatched records' COPY text kept in memory; beyond it they go to a temporary file. */
export const UNMATCHED_IN_MEMORY = 16 << 20;

/**
 * COPY text kept in memory up to `limit` bytes, beyond that in a temporary file (unmatched
 * records: usually few). Written into blocks of 1 MB as it comes, so no string per row is kept
 * (a row string of the typer's template is several times its length in V8's heap).
 */
export class TextSpool implements Spool {
  private parts: Buffer[] = [];
  private block: Buffer | null = null;
  private used = 0;
  private bytes = 0;
  private file: { path: string; fd: number } | null = null;

  constructor(private readonly limit = UNMATCHED_IN_MEMORY) {}

  write(text: string) {
    if (!this.block || this.used + text.length > this.block.length) {
      if (this.block && this.used) this.parts.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafeSlow(Math.max(SPOOL_BLOCK, text.length));
      this.used = 0;
    }
    this.used += this.block.write(text, this.used, 'latin1');
    this.bytes += text.length;
    if (this.bytes >= this.limit) this.spill();
  }

  private spill() {
    if (!this.file) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-unmatched-'));
      const file = path.join(dir, 'rows');
      this.file = { path: file, fd: fs.openSync(file, 'w') };
    }
    for (const part of this.parts) fs.writeSync(this.file.fd, part);
    if (this.block && this.used) fs.writeSync(this.file.fd, this.block, 0, this.used);
    // The last block is written again from its start.
    this.parts = [];
    this.used = 0;
    this.bytes = 0;
  }

  async *chunks(): AsyncGenerator<Buffer> {
    if (this.file) {
      fs.closeSync(this.file.fd);
      for await (const chunk of fs.createReadStream(this.file.path, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
    }
    yield* this.parts;
    if (this.block && this.used) yield this.block.subarray(0, this.used);
  }

  dispose() {
    if (this.file) fs.rmSync(path.dirname(this.file.path), { recursive: true, force: true });
  }
}

/** The spool's blocks. */
const SPOOL_BLOCK = 1 << 20;

/** The lines of the upload typed by `typer`: the records' COPY rows, piece by piece. */
async function* typedRows(reader: CdrLineReader, typer: RecordTyper): AsyncGenerator<Buffer> {
  for await (const text of reader.chunks()) {
    typer.typePiece(text, reader.header!);
    const rows = typer.take();
    if (rows) yield rows;
  }
}

/** What the typer needs from the database: the numbers with their services, price_mb, how lower() folds letters. */
const loadDirectory = async (tx: Db) => {
  const holders = await queryRows<{ number: string; service_id: number; company_id: number; start_us: string | null; end_us: string | null }>(
    tx,
    sql`select fi.value as number, s.id as service_id, s.company_id,
        (extract(epoch from s.start_time) * 1000000)::bigint::text as start_us, (extract(epoch from s.end_time) * 1000000)::bigint::text as end_us
      from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join services s on s.id = fi.service_id`,
  );
  const numbers = numberDirectory(
    holders
      .filter((h) => h.start_us !== null)
      .map((h) => ({ number: canonicalNumber(h.number) ?? h.number, serviceId: h.service_id, companyId: h.company_id, start: Number(h.start_us), end: h.end_us === null ? null : Number(h.end_us) })),
  );
  const companies = await queryRows<{ id: number; price_mb: string }>(tx, sql`select id, (price_mb * 1000000)::bigint::text as price_mb from companies`);
  const priceMb = new Map(companies.map((c) => [c.id, BigInt(c.price_mb)]));
  const [lower] = await queryRows<{ ascii: string; dotted_i: string; kelvin: string }>(
    tx,
    sql`select lower('ABCDEFGHIJKLMNOPQRSTUVWXYZ') as ascii, lower(${'\u0130'}) as dotted_i, lower(${'\u212a'}) as kelvin`,
  );
  return { numbers, priceMb, lowercase: new Lowercase(lower.ascii, lower.dotted_i, lower.kelvin) };
};

/**
 * The table the file's matched records are loaded into. When their first month has no partition
 * yet (the usual monthly file) a plain table, which can become the month's partition; else (a
 * re-import, a month already loaded) a temporary one: its rows are moved into place anyway, and a
 * temporary table writes no WAL.
 */
const createLanding = async (tx: Db, firstMonth: string | undefined): Promise<{ landing: string; adoptable: boolean }> => {
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

/** The staging tables of the unmatched records, the new records and their totals. */
const createStaging = async (tx: Db) => {
  await tx.execute(sql`drop table if exists pg_temp.usage_unmatched_new`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new_totals`);
  await tx.execute(sql`create temp table usage_unmatched_new (line integer, record_time timestamptz, sender text, receiver text, direction text,
    type text, length bigint, bundle text, price numeric(18, 6), record_key bytea, ambiguous boolean) on commit drop`);
};

/** `first`, then the rest of `rest`. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

// ---------------------------------------------------------------------------------------------
// The import

const refuse = (errors: LineError[]) => {
  const [first] = errors;
  return new HttpError(400, `Regel ${first.line}: ${first.message}. ${NOTHING_IMPORTED}`, errors);
};

interface Staged {
  records: number;
  /** The months (YYYY-MM) of the matched records. */
  months: string[];
  /** The instants the matched records lie in (their month partitions), or null without any. */
  span: { from: string; to: string } | null;
  /** The table holding the file's matched records. */
  landing: string;
  /** The landing table is a plain table that may become a partition. */
  adoptable: boolean;
  typer: RecordTyper;
}

/**
 * Reads, checks, types and matches the file in Node and COPYs its matched records into the landing
 * table and the unmatched ones into `usage_unmatched_new`; throws 400 or 413 when it is refused.
 */
const stageFile = async (tx: Db, client: RawClient, input: UsageImportInput, importId: number): Promise<Staged> => {
  lap = Date.now();
  const directory = await loadDirectory(tx);
  await createStaging(tx);
  step('directory');
  const reader = new CdrLineReader(input.source);
  const unmatched = new TextSpool();
  const typer = new RecordTyper({ ...directory, importId, unmatched });
  let landing = '';
  let adoptable = false;
  try {
    // The first rows are typed before the COPY starts: their month chooses the landing table.
    const rows = typedRows(reader, typer);
    const first = await rows.next();
    ({ landing, adoptable } = await createLanding(tx, [...typer.months][0]));
    await copyInto(client, `copy ${landing} (${RECORD_COLUMNS})`, prepend(first, rows));
    step('type and copy');
    if (input.truncated?.()) throw new HttpError(413, 'Het bestand is te groot.');
    if (!reader.header) throw refuse([reader.error ?? { line: 1, message: 'het bestand is leeg, de kopregel ontbreekt' }]);
    const errors = [...typer.errors];
    if (reader.error) errors.push(reader.error);
    if (errors.length) throw refuse(errors.slice(0, MAX_LINE_ERRORS));
    if (typer.unmatchedRecords) await copyInto(client, 'copy usage_unmatched_new', unmatched.chunks());
  } finally {
    unmatched.dispose();
  }
  step('unmatched');
  const sorted = [...typer.months].sort();
  const span = sorted.length ? { from: partitionOf(sorted[0]).from, to: partitionOf(sorted[sorted.length - 1]).to } : null;
  return { records: typer.records, months: sorted, span, landing, adoptable, typer };
};

/** The columns the typer COPYs into the landing table: its `id` comes from usage_records' sequence as each row arrives. */
const RECORD_COLUMNS = 'company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, import_id, record_key';
/** A record's columns when it moves from the landing table into place: its `id` with it. */
const STORED_COLUMNS = `id, ${RECORD_COLUMNS}`;

/**
 * One sum per kind of record and measure, the report tables' columns (USAGE_KIND_COLUMNS order):
 * over the staged totals (`records` a column of counts) or over records (each counts one).
 */
const kindSumsOver = (rows: 'totals' | 'records') =>
  USAGE_KINDS.flatMap(({ type, direction, bundle, column }) => {
    const where = `type = '${type}' and direction = '${direction}' and bundle = '${bundle}'`;
    return [
      { column: `${column}_records`, sum: rows === 'totals' ? `coalesce(sum(records) filter (where ${where}), 0)` : `count(*) filter (where ${where})` },
      { column: `${column}_length`, sum: `coalesce(sum(length) filter (where ${where}), 0)` },
      { column: `${column}_price_micros`, sum: `coalesce(sum(price) filter (where ${where}), 0) * 1000000` },
    ];
  });

const kindSums = kindSumsOver('totals');

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
const dropInFileDuplicates = async (tx: Db, landing: string, typer: RecordTyper) => {
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
const placeNewRecords = async (tx: Db, { span, months, landing, adoptable }: Staged): Promise<{ source: string; adopted: boolean }> => {
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
const keepUnknownRecords = async (tx: Db, landing: string, span: Staged['span']) => {
  await tx.execute(sql.raw(`create temp table usage_new on commit drop as
    select l.*, (l.record_time at time zone 'Europe/Amsterdam')::date - extract(day from l.record_time at time zone 'Europe/Amsterdam')::int + 1 as month
    from ${landing} l
    where not exists (select 1 from usage_records r where r.record_key = l.record_key and r.record_time = l.record_time
      and r.record_time >= '${span?.from ?? '-infinity'}'::timestamptz and r.record_time < '${span?.to ?? 'infinity'}'::timestamptz)`));
  await tx.execute(sql.raw(`drop table ${landing}`));
  step('new records');
};

/**
 * The new records' totals per company, month, service and kind (`usage_new_totals`): the typer's
 * sums when it has them for exactly the inserted rows (`typer`), else one aggregate of the rows.
 */
const stageNewTotals = async (tx: Db, client: RawClient, source: string, typer: RecordTyper | null) => {
  if (typer) {
    await tx.execute(sql`create temp table usage_new_totals (company_id integer, month date, service_id integer, number text,
      type text, direction text, bundle text, records integer, length numeric, price numeric) on commit drop`);
    await copyInto(client, 'copy usage_new_totals', typer.totalChunks());
  } else {
    await tx.execute(sql`create temp table usage_new_totals on commit drop as
      select company_id, month, service_id, max(number) as number, type, direction, bundle,
        count(*)::int as records, sum(length) as length, sum(price) as price
      from ${sql.raw(source)} group by company_id, month, service_id, type, direction, bundle`);
  }
  step('new totals');
};

/** The costs' and the group bundle's totals (per service and kind) grow by the new records. */
const addToMonthly = async (tx: Db) => {
  await tx.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    select company_id, month, service_id, number, type, direction, bundle, records, length, price from usage_new_totals
    on conflict (company_id, month, service_id, type, direction, bundle) do update set
      number = excluded.number, records = usage_monthly.records + excluded.records,
      length = usage_monthly.length + excluded.length, price = usage_monthly.price + excluded.price`);
  step('usage_monthly');
};

/** The report's row per number and month grows by the new records, each kind in its own columns. */
const addToNumberMonths = async (tx: Db) => {
  await tx.execute(sql.raw(`insert into usage_number_months (company_id, month, service_id, number, ${kindSums.map((k) => k.column).join(', ')})
    select company_id, month, service_id, max(number), ${kindSums.map((k) => k.sum).join(', ')}
    from usage_new_totals group by company_id, month, service_id
    on conflict (company_id, month, service_id) do update set number = excluded.number,
      ${kindSums.map((k) => `${k.column} = usage_number_months.${k.column} + excluded.${k.column}`).join(', ')}`));
  step('usage_number_months');
};

/**
 * The daily report table (usage_number_days: per company, business day and service, the month's
 * totals up to and including the day, on every day from the service's first day with records in
 * the month to the month's last day) grows by the new records. The usual monthly file (its
 * landing table became the month's partition, and the typer summed it exactly) is COPYed from the
 * typer's day sums: the month had no records, so it has no day rows yet. Otherwise the inserted
 * rows are summed per service and day, run up to the month's end, and added to the rows there are
 * (a record on the 3rd adds to the 3rd and every later day of its month).
 */
const addToNumberDays = async (tx: Db, client: RawClient, source: string, typer: RecordTyper | null) => {
  if (typer) {
    // Only the kinds the file has (the other columns keep their default, 0): fewer fields for COPY to read.
    const columns = typer.dayKinds().flatMap((kind) => USAGE_KIND_COLUMNS.slice(kind * 3, kind * 3 + 3));
    if (columns.length) await copyInto(client, `copy usage_number_days (company_id, day, service_id, number, ${columns.join(', ')})`, typer.dayChunks());
  } else {
    const columns = USAGE_KIND_COLUMNS;
    await tx.execute(sql.raw(`with new_days as (
        select company_id, (record_time at time zone 'Europe/Amsterdam')::date as day, service_id, max(number) as number,
          ${kindSumsOver('records').map((k) => `${k.sum} as ${k.column}`).join(', ')}
        from ${source} group by 1, 2, 3
      ), spans as (
        select company_id, service_id, date_trunc('month', day)::date as month, min(day) as first, max(number) as number
        from new_days group by 1, 2, 3
      )
      insert into usage_number_days (company_id, day, service_id, number, ${columns.join(', ')})
      select s.company_id, g.day::date, s.service_id, s.number, ${columns.map((c) => `coalesce(sum(n.${c}) over month_to_date, 0)`).join(', ')}
      from spans s
        cross join lateral generate_series(s.first, s.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
        left join new_days n on n.company_id = s.company_id and n.service_id = s.service_id and n.day = g.day::date
      window month_to_date as (partition by s.company_id, s.service_id, s.month order by g.day)
      on conflict (company_id, day, service_id) do update set number = excluded.number,
        ${columns.map((c) => `${c} = usage_number_days.${c} + excluded.${c}`).join(', ')}`));
  }
  step('usage_number_days');
};

/** A number with rows of more than one service in a month is marked `shared`: the report sums only those numbers. */
const markSharedNumbers = async (tx: Db) => {
  await tx.execute(sql`update usage_number_months u set shared = true
    from (
      select company_id, month, number from usage_number_months
      where (company_id, month) in (select distinct company_id, month from usage_new_totals)
      group by company_id, month, number having count(*) > 1
    ) d
    where u.company_id = d.company_id and u.month = d.month and u.number = d.number and not u.shared`);
  step('shared');
};

/** The costs' category totals (per company, month, type and bundle) grow by the new records. */
const addToCompanyMonths = async (tx: Db) => {
  await tx.execute(sql`insert into usage_company_months (company_id, month, type, bundle, price)
    select company_id, month, type, bundle, sum(price) from usage_new_totals group by company_id, month, type, bundle
    on conflict (company_id, month, type, bundle) do update set price = usage_company_months.price + excluded.price`);
  step('usage_company_months');
};

/**
 * A record kept aside earlier whose service has been registered since is matched now and leaves
 * `usage_unmatched`: a probe per kept record (the new partition's record_key index), not a scan of
 * the new records.
 */
const releaseMatchedNow = async (tx: Db, source: string) => {
  await tx.execute(sql`delete from usage_unmatched u where exists (select 1 from ${sql.raw(source)} where n.record_key = u.record_key)`);
};

/** The companies and months that got records, with how many. */
const companyMonthsWithRecords = (tx: Db) =>
  queryRows<{ company_id: number; month: string; imported: number }>(
    tx,
    sql`select company_id, to_char(month, 'YYYY-MM') as month, sum(records)::int as imported
      from usage_new_totals group by company_id, month order by month, company_id`,
  );

/** The file's unmatched records not kept yet go to `usage_unmatched`; answers how many, and how many of them were ambiguous. */
const keepUnmatched = async (tx: Db, importId: number) => {
  const [{ n: unmatched, ambiguous }] = await queryRows<{ n: number; ambiguous: number }>(
    tx,
    sql`with kept as (
        insert into usage_unmatched (import_id, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
        select ${importId}, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key
        from usage_unmatched_new
        on conflict (record_key) do nothing
        returning record_key
      ) select count(*)::int as n,
        count(*) filter (where record_key in (select record_key from usage_unmatched_new where ambiguous))::int as ambiguous
      from kept`,
  );
  return { unmatched, ambiguous };
};

/** Moves the staged records into place, the totals with them, and answers what became of them. */
const storeStaged = async (tx: Db, client: RawClient, importId: number, staged: Staged) => {
  await dropInFileDuplicates(tx, staged.landing, staged.typer);
  step('in-file duplicates');
  const { source, adopted } = await placeNewRecords(tx, staged);
  // The typer summed the file's matched records: exactly the new rows when they all became the partition.
  const exactTyper = adopted && staged.typer.totalsExact ? staged.typer : null;
  await stageNewTotals(tx, client, source, exactTyper);
  await addToMonthly(tx);
  await addToNumberMonths(tx);
  await addToNumberDays(tx, client, source, exactTyper);
  await markSharedNumbers(tx);
  await addToCompanyMonths(tx);
  await releaseMatchedNow(tx, source);
  const touched = await companyMonthsWithRecords(tx);
  step('unmatched matched now');
  return { touched, ...(await keepUnmatched(tx, importId)) };
};

/**
 * Imports a usage file: all or nothing, idempotent, streamed. Throws HttpError 400 (with the
 * first line errors) for a malformed file and 413 when the upload was cut at the size limit.
 */
export const importUsage = async (db: Db, input: UsageImportInput): Promise<UsageImportResult> =>
  db.transaction(async (tx) => {
    // Drizzle keeps the transaction's connection (pg) or the database thread's transaction (PGlite) on its session.
    const client = (tx as unknown as { session: { client: RawClient } }).session.client;
    // Room for the hash aggregates of the totals (a month of records has as many day rows);
    // this transaction only. Durability stays as it is: no synchronous_commit = off.
    await tx.execute(sql`set local work_mem = '64MB'`);
    // The import's row first: the records carry its id as they are loaded.
    const [{ id: importId }] = await queryRows<{ id: number }>(
      tx,
      sql`insert into usage_imports (file_name, uploaded_by) values (${input.fileName}, ${input.actor?.userId ?? null}) returning id`,
    );
    const staged = await stageFile(tx, client, input, importId);

    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    step('lock, partitions');
    const { touched, unmatched, ambiguous } = await storeStaged(tx, client, importId, staged);
    step('store');
    const imported = touched.reduce((sum, t) => sum + t.imported, 0);
    const duplicates = staged.records - imported - unmatched;
    const months = [...new Set(touched.map((t) => t.month))].sort();

    const bundleCompanies = new Map<number, boolean>();
    for (const { company_id: companyId, month } of touched) {
      if (!bundleCompanies.has(companyId)) bundleCompanies.set(companyId, await hasGroupBundle(tx, companyId));
      if (!bundleCompanies.get(companyId)) continue;
      const [year, m] = month.split('-').map(Number);
      await recalculateGroupBundle(tx, companyId, { year, month: m, day: 1 });
    }
    // Usage alerts (services/alerts.ts): recorded once with the import, mailed by the route after the commit.
    const alerts = await evaluateAlerts(tx, touched, importId);
    await tx.execute(sql`update usage_imports set records = ${staged.records}, imported = ${imported}, duplicates = ${duplicates}, unmatched = ${unmatched},
      months = ${`{${months.map((m) => `${m}-01`).join(',')}}`}::text[] where id = ${importId}`);
    const result = { importId, records: staged.records, imported, duplicates, unmatched, ambiguous, months, alerts };
    // A large import changes the totals' statistics: without fresh ones the first reports after it
    // plan for a handful of rows (nested loops over 80,000 monthly rows of a big customer).
    if (imported >= ANALYZE_AFTER) await tx.execute(sql`analyze usage_monthly, usage_number_months, usage_number_days, usage_company_months`);
    step('group bundle, analyze');
    await audit(tx, input.actor ?? { userId: null, companyId: null, impersonatingFrom: null }, 'usage.import', 'usage_import', importId, {
      file: input.fileName,
      records: staged.records,
      imported,
      duplicates,
      unmatched,
      ambiguous,
      months,
    });
    return result;
  });
