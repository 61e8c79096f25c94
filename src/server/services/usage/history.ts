import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db';

/**
 * What the provider's staff see of the usage imports (docs/usage.md, 'Import history and numbers kept aside'): every import with who, when,
 * which file and what became of its records, and the numbers whose records matched no service
 * and are kept aside (docs/usage.md, 'Import': never silently dropped) with their counts and months.
 */

export interface ImportHistoryRow {
  id: number;
  file_name: string;
  /** The uploader's name; null when the account is gone or the import was the server's own. */
  uploaded_by: string | null;
  /** Epoch seconds, as the portal's other instants. */
  created_at: number;
  records: number;
  imported: number;
  duplicates: number;
  unmatched: number;
  /** Of `unmatched`: the records still kept aside (a later import or service may have matched the others). */
  still_unmatched: number;
  /** The months the import touched, 'YYYY-MM', oldest first. */
  months: string[];
  ambiguous: number;
  /** The import as a job (./importJob.ts): running, done or failed, and how far a running one is. */
  status: 'running' | 'done' | 'failed';
  phase: 'checking' | 'storing' | null;
  bytes_total: number;
  bytes_read: number;
  records_processed: number;
  /** While checking: the seconds until every line is checked, at the rate so far; else null. */
  seconds_left: number | null;
  finished_at: number | null;
  message: string | null;
  error: string | null;
  errors: { line: number; message: string }[];
}

/** The imports' rows as they are answered (without `seconds_left`, which `withEstimate` adds). */
const IMPORT_ROWS = sql`select i.id, i.file_name, nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as uploaded_by,
    floor(extract(epoch from i.created_at))::float8 as created_at,
    i.records, i.imported, i.duplicates, i.unmatched, i.ambiguous,
    (select count(*)::int from usage_unmatched m where m.import_id = i.id) as still_unmatched,
    array(select to_char(month::date, 'YYYY-MM') from unnest(i.months) as month order by month) as months,
    i.status, i.phase, i.bytes_total::float8 as bytes_total, i.bytes_read::float8 as bytes_read, i.records_processed,
    floor(extract(epoch from i.finished_at))::float8 as finished_at, i.message, i.error, i.errors,
    extract(epoch from i.progress_at - i.created_at)::float8 as checking_for,
    extract(epoch from now() - coalesce(i.progress_at, i.created_at))::float8 as since_progress,
    floor(extract(epoch from coalesce(i.progress_at, i.created_at)))::float8 as last_progress_at
  from usage_imports i
  left join users u on u.id = i.uploaded_by`;

type StoredRow = Omit<ImportHistoryRow, 'seconds_left'> & { checking_for: number | null; since_progress: number; last_progress_at: number };

/** A running import that wrote no progress for this long ended with its server: its transaction rolled back. */
const SILENT_SECONDS = 60;
const ABORTED = 'De import is afgebroken doordat de server stopte. Er is geen data geïmporteerd.';

/**
 * The time left of a running import's checking, at the rate so far (bytes read since the file
 * arrived), less the time since that progress was written; null before there is a rate.
 * Example: 40 MB of 100 MB read in 8 s, written 1 s ago: 60 MB at 5 MB/s is 12 s, 11 s left.
 */
const withEstimate = ({ checking_for: checkingFor, since_progress: sinceProgress, last_progress_at: lastProgressAt, ...row }: StoredRow): ImportHistoryRow => {
  // Read as failed, not written: a read never changes the database.
  if (row.status === 'running' && sinceProgress > SILENT_SECONDS) {
    return { ...row, status: 'failed', phase: null, error: ABORTED, finished_at: lastProgressAt, seconds_left: null };
  }
  const known = row.status === 'running' && row.phase === 'checking' && row.bytes_total > 0 && row.bytes_read > 0 && checkingFor && checkingFor > 0;
  const left = known ? ((row.bytes_total - row.bytes_read) * checkingFor) / row.bytes_read - sinceProgress : null;
  return { ...row, seconds_left: left === null ? null : Math.max(0, Math.ceil(left)) };
};

/** The imports, newest first, a page at a time, with their number. */
export const importHistory = async (db: Db, page: { offset: number; limit: number }): Promise<{ rows: ImportHistoryRow[]; total: number }> => {
  const rows = await queryRows<StoredRow & { total: number }>(
    db,
    sql`select *, count(*) over ()::int as total from (${IMPORT_ROWS}) i order by created_at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await importCount(db));
  return { rows: rows.map(({ total: _total, ...row }) => withEstimate(row)), total };
};

/** One import, as the history lists it; null when there is none with this id. */
export const importOf = async (db: Db, id: number): Promise<ImportHistoryRow | null> => {
  const [row] = await queryRows<StoredRow>(db, sql`${IMPORT_ROWS} where i.id = ${id}`);
  return row ? withEstimate(row) : null;
};

const importCount = async (db: Db) => (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from usage_imports`))[0].n;

/**
 * The record's own number in SQL, for rows of `usage_unmatched`: the receiver's for incoming
 * calls and texts, the sender's for everything else (domain/callRecords' `ownedByReceiver`;
 * history.test.ts holds the two to the same answers).
 */
export const OWN_NUMBER_SQL = sql`case when direction = 'inkomend' and type <> 'data' then receiver else sender end`;

export interface UnmatchedNumber {
  number: string;
  records: number;
  /** The months of its records, 'YYYY-MM', oldest first. */
  months: string[];
  /** The imports that brought them, oldest first. */
  imports: number[];
}

/** The numbers with records kept aside, most records first, a page at a time, with their number. */
export const unmatchedNumbers = async (db: Db, page: { offset: number; limit: number }): Promise<{ rows: UnmatchedNumber[]; total: number }> => {
  const rows = await queryRows<UnmatchedNumber & { total: number }>(
    db,
    sql`with kept as (
        select ${OWN_NUMBER_SQL} as number, to_char(record_time at time zone 'Europe/Amsterdam', 'YYYY-MM') as month, import_id
        from usage_unmatched
      )
      select number, count(*)::int as records,
        array_agg(distinct month order by month) as months,
        array_agg(distinct import_id order by import_id) filter (where import_id is not null) as imports,
        count(*) over ()::int as total
      from kept group by number
      order by records desc, number
      limit ${page.limit} offset ${page.offset}`,
  );
  const total =
    rows[0]?.total ??
    (page.offset === 0 ? 0 : (await queryRows<{ n: number }>(db, sql`select count(distinct ${OWN_NUMBER_SQL})::int as n from usage_unmatched`))[0].n);
  return { rows: rows.map(({ total: _total, imports, ...row }) => ({ ...row, imports: imports ?? [] })), total };
};
