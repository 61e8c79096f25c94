import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { businessTimeToEpoch } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { USAGE_KINDS } from '../../db/schema/usage';
import { HttpError } from '../../plugins/errors';
import { audit, type AuditActor } from '../audit';
import { hasGroupBundle, recalculateGroupBundle } from '../groupBundle';
import { CdrCopyReader, type CdrHeader, type LineError } from './cdrFile';

/**
 * The usage (CDR) import, decisions section 7. One transaction; Node does almost nothing per record:
 *
 * 1. `CdrCopyReader` reads the header and turns the rest of the upload, chunk by chunk with native
 *    string operations, into COPY text: one staging row per line (`usage_staging (line, raw)`).
 *    Memory holds one chunk, never the file.
 * 2. One statement (`typeStaged`) splits, trims and checks every line in PostgreSQL, with the same
 *    Dutch messages per line, and for valid lines computes the business-time instant, the record key
 *    (sha256 of the normalized fields) and the service (a join with the `used_for_cdr` numbers).
 *    Any malformed line refuses the whole file (400 with the first errors); nothing is written.
 * 3. After the advisory lock: the new records (matched, once per key, not known yet: a hash anti
 *    join with the months' partitions) go to a temporary table; from it into the existing month
 *    partitions, or, for a month this import creates, into a plain table that gets its indexes
 *    after the load and is then attached as the partition. `usage_monthly`, `usage_number_months`
 *    and `usage_company_months` grow by exactly those rows. Records without a service go to
 *    `usage_unmatched`.
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
  /** Months (YYYY-MM) that got records. */
  months: string[];
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

/** A file full of mistakes answers the first ones, not thousands. */
export const MAX_LINE_ERRORS = 20;
const NOTHING_IMPORTED = 'Er is geen data geïmporteerd.';
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
// Staging: the file's lines as text, checked and transformed by PostgreSQL

/**
 * `usage_staging` gets one row per line after the header (blank ones too: `line` counts them, the
 * header being line 1); the cells are separated by CELL_SEPARATOR. No index: it is read whole.
 */
const createStaging = async (tx: Db) => {
  await tx.execute(sql`drop table if exists pg_temp.usage_staging`);
  await tx.execute(sql`drop table if exists pg_temp.usage_typed`);
  await tx.execute(sql`drop table if exists pg_temp.usage_numbers`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new`);
  await tx.execute(sql`drop table if exists pg_temp.usage_new_totals`);
  await tx.execute(sql`create temp table usage_staging (
    line integer generated always as identity (start with 2), raw text not null
  ) on commit drop`);
};

type RawClient = Client | { query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown> };

/** PGlite reads COPY input from a blob: one per this many bytes, so memory stays flat. */
const PGLITE_COPY_BYTES = 4 << 20;

/** Streams the file's lines into usage_staging with COPY, on the transaction's own connection. */
const copyToStaging = async (client: RawClient, reader: CdrCopyReader): Promise<void> => {
  if (client instanceof Client) {
    await pipeline(Readable.from(reader.copyText()), client.query(copyFrom('copy usage_staging (raw) from stdin')));
    return;
  }
  let parts: Buffer[] = [];
  let bytes = 0;
  const flush = async () => {
    if (bytes === 0) return;
    await client.query(`copy usage_staging (raw) from '/dev/blob'`, [], { blob: new Blob(parts as unknown as BlobPart[]) });
    parts = [];
    bytes = 0;
  };
  for await (const text of reader.copyText()) {
    parts.push(text);
    bytes += text.length;
    if (bytes >= PGLITE_COPY_BYTES) await flush();
  }
  await flush();
};

const SEP = `E'\\x1f'`;

/**
 * One statement reads every staged line into `usage_typed`: the cells split (trimmed by the reader), the
 * first thing wrong with the line as the Dutch message of the file rules (`err`, null when the line
 * is valid), and for a valid line its business-time instant, normalized fields, record key and
 * service. `OFFSET 0` keeps each layer from being merged into the next, so no regular expression
 * or cast is evaluated twice.
 */
const typeStaged = async (tx: Db, header: CdrHeader) => {
  const width = header.width;
  await tx.execute(sql`create temp table usage_numbers on commit drop as
    select fi.value as number, s.id as service_id, s.company_id, s.start_time, s.end_time,
      count(*) over (partition by fi.value) > 1 as shared
    from service_field_inputs fi
      join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
      join services s on s.id = fi.service_id`);
  await tx.execute(sql`create index on usage_numbers (number)`);
  await tx.execute(sql`analyze usage_numbers`);
  const typedSql = `create temp table usage_typed on commit drop as
    select t.*, n.service_id, n.company_id
    from (
      select line, err, number, sender, receiver, direction, type, bundle, record_time, month, length, price,
        case when err is null then substr(sha256(convert_to(concat_ws(${SEP},
          lpad(y::text, 4, '0') || '-' || lpad(mo::text, 2, '0') || '-' || lpad(d::text, 2, '0'),
          tijd, sender, receiver, direction, type, length::text, bundle, coalesce(price::text, '')), 'UTF8')), 1, 16) end as record_key
      from (
        select line, err, number, sender, receiver, direction, type, bundle, y, mo, d, tijd,
          case when err is null then make_timestamp(y, mo, d, substr(tijd, 1, 2)::int, substr(tijd, 4, 2)::int, substr(tijd, 7, 2)::float8)
            at time zone 'Europe/Amsterdam' end as record_time,
          case when err is null then make_date(y, mo, 1) end as month,
          case when err is null then lengte::bigint end as length,
          case when err is null and prijs <> '' then replace(prijs, ',', '.')::numeric(18, 6) end as price
        from (
          select line, y, mo, d, tijd, afzender as sender, ontvanger as receiver, direction, type, bundle, lengte, prijs,
            case when direction = 'inkomend' and type <> 'data' then ontvanger else afzender end as number,
            case
              when unclosed then 'aanhalingsteken niet gesloten'
              when n <> ${width} then n || ' kolommen, verwacht ${width}'
              when not coalesce((ymd or dmy) and y >= 100 and mo between 1 and 12 and d between 1 and
                case when mo = 2 then case when y % 4 = 0 and (y % 100 <> 0 or y % 400 = 0) then 29 else 28 end
                  when mo in (4, 6, 9, 11) then 30 else 31 end, false)
                then 'ongeldige datum ''' || datum || ''' (dd-mm-jjjj of jjjj-mm-dd)'
              when not tijd_ok then 'ongeldige tijd ''' || tijd || ''' (uu:mm:ss)'
              when direction is null then 'ongeldige richting ''' || richting || ''' (inkomend of uitgaand)'
              when type is null then 'ongeldig type ''' || type_cell || ''' (data, voice of sms)'
              when not lengte_ok then 'ongeldige lengte ''' || lengte || ''' (een geheel getal, 0 of meer)'
              when bundle is null then 'ongeldige bundel ''' || bundel || ''' (in of out)'
              when not prijs_ok then 'ongeldige prijs ''' || prijs || ''' (euro''s, hoogstens 6 decimalen)'
              when direction = 'inkomend' and type <> 'data' and ontvanger = '' then 'ontvanger ontbreekt'
              when not (direction = 'inkomend' and type <> 'data') and afzender = '' then 'afzender ontbreekt'
            end as err
          from (
            select line, unclosed, n, datum, tijd, afzender, ontvanger, richting, type_cell, lengte, bundel, prijs, ymd, dmy,
              case when dmy then split_part(datum, '-', 3)::int when ymd then split_part(datum, '-', 1)::int end as y,
              case when dmy or ymd then split_part(datum, '-', 2)::int end as mo,
              case when dmy then split_part(datum, '-', 1)::int when ymd then split_part(datum, '-', 3)::int end as d,
              tijd_ok and substr(tijd, 1, 2) <= '23' collate "C" and substr(tijd, 4, 2) <= '59' collate "C"
                and substr(tijd, 7, 2) <= '59' collate "C" as tijd_ok,
              lengte_ok,
              prijs = '' or (translate(prijs_unsigned, '0123456789', '') in ('', '.')
                and length(split_part(prijs_unsigned, '.', 1)) between 1 and 12
                and (position('.' in prijs_unsigned) = 0 or length(split_part(prijs_unsigned, '.', 2)) between 1 and 6)) as prijs_ok,
              -- lower() only for what is not written in lower case already (it is slow on UTF-8).
              case when richting in ('inkomend', 'uitgaand') then richting else
                case lower(richting) when 'inkomend' then 'inkomend' when 'uitgaand' then 'uitgaand'
                  when 'incoming' then 'inkomend' when 'outgoing' then 'uitgaand' end end as direction,
              case when type_cell in ('data', 'voice', 'sms') then type_cell else
                case lower(type_cell) when 'data' then 'data' when 'voice' then 'voice' when 'sms' then 'sms' end end as type,
              case when bundel in ('in', 'out') then bundel else
                case lower(bundel) when 'in' then 'in' when 'out' then 'out' end end as bundle
            from (
              -- Shapes instead of regular expressions (PostgreSQL's are slow with alternatives):
              -- every digit becomes 0, so '1-2-2026' is '0-0-0000'.
              select line, unclosed, n, datum, tijd, afzender, ontvanger, richting, type_cell, lengte, bundel, prijs,
                date_shape in ('0000-00-00', '0000-0-00', '0000-00-0', '0000-0-0') as ymd,
                date_shape in ('00-00-0000', '0-00-0000', '00-0-0000', '0-0-0000') as dmy,
                translate(tijd, '0123456789', '0000000000') = '00:00:00' as tijd_ok,
                length(lengte) between 1 and 15 and translate(lengte, '0123456789', '') = '' as lengte_ok,
                prijs_unsigned
              from (
                select line, unclosed, n, datum, tijd, afzender, ontvanger, richting, type_cell, lengte, bundel, prijs,
                  translate(datum, '0123456789', '0000000000') as date_shape,
                  replace(case when left(prijs, 1) = '-' then substr(prijs, 2) else prijs end, ',', '.') as prijs_unsigned
                from (
                  select line, raw = E'\\x1e' as unclosed, cardinality(c) as n,
                    c[${header.index.datum + 1}] as datum, c[${header.index.tijd + 1}] as tijd,
                    c[${header.index.afzender + 1}] as afzender, c[${header.index.ontvanger + 1}] as ontvanger,
                    c[${header.index.richting + 1}] as richting, c[${header.index.type + 1}] as type_cell,
                    c[${header.index.lengte + 1}] as lengte, c[${header.index.bundel + 1}] as bundel,
                    ${header.index.prijs < 0 ? `''` : `c[${header.index.prijs + 1}]`} as prijs
                  from (select line, raw, string_to_array(raw, ${SEP}) as c from usage_staging where raw <> '' offset 0) s0
                  offset 0
                ) s1 offset 0
              ) s2 offset 0
            ) s2b offset 0
          ) s3 offset 0
        ) s4 offset 0
      ) s5 offset 0
    ) t
    left join usage_numbers n on n.number = t.number and t.err is null
      and n.start_time <= t.record_time and (n.end_time is null or n.end_time > t.record_time)
      -- Several services carry the number (moved to another company, or registered again): the one
      -- that started most recently wins, on equal starts the lowest id.
      and (not n.shared or not exists (select 1 from usage_numbers b where b.number = n.number
        and b.start_time <= t.record_time and (b.end_time is null or b.end_time > t.record_time)
        and (b.start_time > n.start_time or (b.start_time = n.start_time and b.service_id < n.service_id))))`;
  await tx.execute(sql.raw(typedSql));
};

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
}

/** Streams the file into staging, checks and types it in SQL; throws 400 or 413 when it is refused. */
const stageFile = async (tx: Db, client: RawClient, input: UsageImportInput): Promise<Staged> => {
  const reader = new CdrCopyReader(input.source);
  lap = Date.now();
  await copyToStaging(client, reader);
  step('copy');
  if (input.truncated?.()) throw new HttpError(413, 'Het bestand is te groot.');
  const { header } = reader;
  if (!header) throw refuse([reader.error ?? { line: 1, message: 'het bestand is leeg, de kopregel ontbreekt' }]);
  await typeStaged(tx, header);
  step('typed');
  const errors = await queryRows<LineError>(
    tx,
    sql`select line, err as message from usage_typed where err is not null order by line limit ${MAX_LINE_ERRORS}`,
  );
  if (reader.error) errors.push(reader.error);
  if (errors.length) throw refuse(errors.slice(0, MAX_LINE_ERRORS));
  const [{ records }] = await queryRows<{ records: number }>(tx, sql`select count(*)::int as records from usage_typed`);
  // The months that get records: after the lock, each goes into its partition or becomes one.
  const months = await queryRows<{ month: string }>(
    tx,
    sql`select distinct to_char(month, 'YYYY-MM') as month from usage_typed where service_id is not null`,
  );
  await tx.execute(sql`analyze usage_typed`);
  step('count, months');
  const sorted = months.map((m) => m.month).sort();
  const span = sorted.length ? { from: partitionOf(sorted[0]).from, to: partitionOf(sorted[sorted.length - 1]).to } : null;
  return { records, months: sorted, span };
};

const RECORD_COLUMNS = 'company_id, service_id, number, record_time, sender, receiver, direction, type, length, bundle, price, import_id, record_key';

/** One `coalesce(sum(...) filter (...), 0)` per kind of record and measure: the report table's columns. */
const kindSums = USAGE_KINDS.flatMap(({ type, direction, bundle, column }) => {
  const where = `type = '${type}' and direction = '${direction}' and bundle = '${bundle}'`;
  return [
    { column: `${column}_records`, sum: `coalesce(sum(records) filter (where ${where}), 0)` },
    { column: `${column}_length`, sum: `coalesce(sum(length) filter (where ${where}), 0)` },
    { column: `${column}_price_micros`, sum: `coalesce(sum(price) filter (where ${where}), 0) * 1000000` },
  ];
});

/**
 * A month this import creates: its rows go into a plain table with the month's bounds as a CHECK
 * (checked per row on the way in), its indexes are built afterwards by sorting (far cheaper than a
 * million random index inserts), and it is attached as the month's partition; the CHECK spares
 * ATTACH its scan, and the default partition it must check is empty.
 */
const loadNewPartition = async (tx: Db, month: string, rows: string) => {
  const { name, from, to } = partitionOf(month);
  await tx.execute(sql.raw(`create table ${name} (like usage_records including defaults,
    constraint ${name}_bounds check (record_time >= '${from}' and record_time < '${to}'))`));
  await tx.execute(sql.raw(`insert into ${name} (${RECORD_COLUMNS}) ${rows}`));
  step(`load ${name}`);
  await tx.execute(sql.raw(`create index ${name}_record_key_idx on ${name} (record_key)`));
  await tx.execute(sql.raw(`create index ${name}_company_id_service_id_record_time_idx on ${name} (company_id, service_id, record_time)`));
  step(`indexes ${name}`);
  await tx.execute(sql.raw(`alter table usage_records attach partition ${name} for values from ('${from}') to ('${to}')`));
  step(`attach ${name}`);
};

/** Moves the staged records into place and answers what became of them. */
const storeStaged = async (tx: Db, importId: number, { span, months }: Staged) => {
  // The new records: matched, once per key (the first line of a record that is twice in the
  // file), and not known yet. Known records are left out by one hash anti join over the months'
  // partitions (imports are serialized by the advisory lock), far cheaper than a conflict check
  // per record. A month without a partition has no records yet (the default partition stays
  // empty): when every month is new, the rows go straight from usage_typed into the new tables.
  const partitions = await existingPartitions(tx);
  const allNew = months.length > 0 && months.every((month) => !partitions.has(partitionOf(month).name));
  const newRows = (where: string) => `
    select st.company_id, st.service_id, st.number, st.record_time, st.sender, st.receiver, st.direction, st.type, st.length, st.bundle,
      coalesce(st.price, case when st.type = 'data' and st.bundle = 'out'
        then round(st.length::numeric / 1048576 * c.price_mb, 6) else 0 end) as price,
      ${importId}::int as import_id, st.record_key
    from usage_typed st join companies c on c.id = st.company_id
    where st.service_id is not null
      and st.line in (select min(line) from usage_typed where service_id is not null group by record_key)${where}`;
  let source: string;
  if (allNew) {
    for (const month of months) await loadNewPartition(tx, month, newRows(` and st.month = '${month}-01'::date`));
    source = `(${months.map((month) => `select *, '${month}-01'::date as month from ${partitionOf(month).name}`).join(' union all ')}) n`;
  } else {
    await tx.execute(sql.raw(`create temp table usage_new on commit drop as
      select n.*, (n.record_time at time zone 'Europe/Amsterdam')::date - extract(day from n.record_time at time zone 'Europe/Amsterdam')::int + 1 as month
      from (${newRows(`
        and not exists (select 1 from usage_records r where r.record_key = st.record_key and r.record_time = st.record_time
          and r.record_time >= '${span?.from ?? '-infinity'}'::timestamptz and r.record_time < '${span?.to ?? 'infinity'}'::timestamptz)`)}) n`));
    step('new records');
    for (const month of months) {
      const rows = `select ${RECORD_COLUMNS} from usage_new where month = '${month}-01'::date`;
      if (partitions.has(partitionOf(month).name)) {
        await tx.execute(sql.raw(`insert into usage_records (${RECORD_COLUMNS}) ${rows}`));
        step(`insert ${month}`);
      } else {
        await loadNewPartition(tx, month, rows);
      }
    }
    source = 'usage_new n';
  }
  // The totals grow by exactly the rows inserted.
  await tx.execute(sql`create temp table usage_new_totals on commit drop as
    select company_id, month, service_id, max(number) as number, type, direction, bundle,
      count(*)::int as records, sum(length) as length, sum(price) as price
    from ${sql.raw(source)} group by company_id, month, service_id, type, direction, bundle`);
  await tx.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    select company_id, month, service_id, number, type, direction, bundle, records, length, price from usage_new_totals
    on conflict (company_id, month, service_id, type, direction, bundle) do update set
      number = excluded.number, records = usage_monthly.records + excluded.records,
      length = usage_monthly.length + excluded.length, price = usage_monthly.price + excluded.price`);
  await tx.execute(sql.raw(`insert into usage_number_months (company_id, month, service_id, number, ${kindSums.map((k) => k.column).join(', ')})
    select company_id, month, service_id, max(number), ${kindSums.map((k) => k.sum).join(', ')}
    from usage_new_totals group by company_id, month, service_id
    on conflict (company_id, month, service_id) do update set number = excluded.number,
      ${kindSums.map((k) => `${k.column} = usage_number_months.${k.column} + excluded.${k.column}`).join(', ')}`));
  // A number with rows of more than one service in a month: the report aggregates those numbers.
  await tx.execute(sql`update usage_number_months u set shared = true
    from (
      select company_id, month, number from usage_number_months
      where (company_id, month) in (select distinct company_id, month from usage_new_totals)
      group by company_id, month, number having count(*) > 1
    ) d
    where u.company_id = d.company_id and u.month = d.month and u.number = d.number and not u.shared`);
  await tx.execute(sql`insert into usage_company_months (company_id, month, type, bundle, price)
    select company_id, month, type, bundle, sum(price) from usage_new_totals group by company_id, month, type, bundle
    on conflict (company_id, month, type, bundle) do update set price = usage_company_months.price + excluded.price`);
  // A record kept aside earlier whose service has been registered since is matched now.
  await tx.execute(sql`delete from usage_unmatched u using ${sql.raw(source)} where u.record_key = n.record_key`);
  const touched = await queryRows<{ company_id: number; month: string; imported: number }>(
    tx,
    sql`select company_id, to_char(month, 'YYYY-MM') as month, sum(records)::int as imported
      from usage_new_totals group by company_id, month order by month, company_id`,
  );
  step('totals');
  const [{ n: unmatched }] = await queryRows<{ n: number }>(
    tx,
    sql`with kept as (
        insert into usage_unmatched (import_id, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
        select ${importId}, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key
        from usage_typed where service_id is null
        on conflict (record_key) do nothing
        returning 1
      ) select count(*)::int as n from kept`,
  );
  return { touched, unmatched };
};

/**
 * Imports a usage file: all or nothing, idempotent, streamed. Throws HttpError 400 (with the
 * first line errors) for a malformed file and 413 when the upload was cut at the size limit.
 */
export const importUsage = async (db: Db, input: UsageImportInput): Promise<UsageImportResult> =>
  db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Drizzle keeps the transaction's connection (pg) or PGlite transaction on its session.
    const client = (txRaw as unknown as { session: { client: RawClient } }).session.client;
    // Room for the hash aggregates of the totals (a month of records has as many day rows);
    // this transaction only. Durability stays as it is: no synchronous_commit = off.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await createStaging(tx);
    const staged = await stageFile(tx, client, input);

    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const [{ id: importId }] = await queryRows<{ id: number }>(
      tx,
      sql`insert into usage_imports (file_name, uploaded_by, records) values (${input.fileName}, ${input.actor?.userId ?? null}, ${staged.records})
          returning id`,
    );
    step('lock, partitions');
    const { touched, unmatched } = await storeStaged(tx, importId, staged);
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
    await tx.execute(sql`update usage_imports set imported = ${imported}, duplicates = ${duplicates}, unmatched = ${unmatched},
      months = ${`{${months.map((m) => `${m}-01`).join(',')}}`}::text[] where id = ${importId}`);
    const result = { importId, records: staged.records, imported, duplicates, unmatched, months };
    // A large import changes the totals' statistics: without fresh ones the first reports after it
    // plan for a handful of rows (nested loops over 80,000 monthly rows of a big customer).
    if (imported >= ANALYZE_AFTER) await tx.execute(sql`analyze usage_monthly, usage_number_months, usage_company_months`);
    step('group bundle, analyze');
    await audit(tx, input.actor ?? { userId: null, companyId: null, impersonatingFrom: null }, 'usage.import', 'usage_import', importId, {
      file: input.fileName,
      records: staged.records,
      imported,
      duplicates,
      unmatched,
      months,
    });
    return result;
  });
