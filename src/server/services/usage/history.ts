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
}

/** The imports, newest first, a page at a time, with their number. */
export const importHistory = async (db: Db, page: { offset: number; limit: number }): Promise<{ rows: ImportHistoryRow[]; total: number }> => {
  const rows = await queryRows<ImportHistoryRow & { total: number }>(
    db,
    sql`select i.id, i.file_name, nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '') as uploaded_by,
        floor(extract(epoch from i.created_at))::float8 as created_at,
        i.records, i.imported, i.duplicates, i.unmatched,
        (select count(*)::int from usage_unmatched m where m.import_id = i.id) as still_unmatched,
        array(select to_char(month::date, 'YYYY-MM') from unnest(i.months) as month order by month) as months,
        count(*) over ()::int as total
      from usage_imports i
      left join users u on u.id = i.uploaded_by
      order by i.created_at desc, i.id desc
      limit ${page.limit} offset ${page.offset}`,
  );
  const total = rows[0]?.total ?? (page.offset === 0 ? 0 : await importCount(db));
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
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
