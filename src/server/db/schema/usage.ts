import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money } from './columns';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One upload of a usage (CDR) file and what became of its records (docs/usage.md, 'Import'). */
export const usageImports = pgTable('usage_imports', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  records: integer('records').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  unmatched: integer('unmatched').notNull().default(0),
  /** First day of every month the import touched, as ISO dates. */
  months: text('months').array().notNull().default([]),
  /** Of `unmatched`: kept aside because services of two companies held their number. */
  ambiguous: integer('ambiguous').notNull().default(0),
  /** running, then done (committed with the records) or failed (nothing imported): docs/usage.md, 'An import is a job'. */
  status: text('status').notNull().default('done'),
  /** While running: checking (reading and checking the lines) or storing. */
  phase: text('phase'),
  /** The upload's size (0 when it was not known beforehand) and the bytes read and checked so far. */
  bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
  bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
  /** Lines read and checked so far. */
  recordsProcessed: integer('records_processed').notNull().default(0),
  /** Done: the answer's message; failed: the refusal's message and its first line errors. */
  message: text('message'),
  error: text('error'),
  errors: jsonb('errors').$type<{ line: number; message: string }[]>().notNull().default([]),
  /** When the running import last wrote its progress: one silent for a minute has ended with its server. */
  progressAt: instant('progress_at'),
  finishedAt: instant('finished_at'),
  createdAt: createdAt(),
}, (t) => [check('usage_imports_status', sql`${t.status} in ('running', 'done', 'failed')`)]);

/**
 * Usage records matched to a service. On both databases the migration makes this table
 * PARTITIONED BY RANGE (record_time) with one partition per month (created by the import before
 * it writes a month) and a default partition; there is no foreign key to services, a hard delete
 * of a service removes its records itself. `record_key` (a hash of the record's fields) makes a
 * re-import add nothing.
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    companyId: integer('company_id').notNull(),
    serviceId: integer('service_id').notNull(),
    /** The `used_for_cdr` value that matched: afzender for outgoing and data, ontvanger for incoming. */
    number: text('number').notNull(),
    recordTime: instant('record_time').notNull(),
    sender: text('sender').notNull(),
    receiver: text('receiver').notNull(),
    /** 'inkomend' | 'uitgaand' */
    direction: text('direction').notNull(),
    /** 'data' | 'voice' | 'sms' */
    type: text('type').notNull(),
    /** Bytes for data, seconds for voice, 1 for sms. */
    length: bigint('length', { mode: 'number' }).notNull(),
    /** 'in' | 'out' */
    bundle: text('bundle').notNull(),
    /** The price charged for the record in euros: as imported, or MB x price_mb for priceless out-of-bundle data. */
    price: money('price').notNull(),
    importId: integer('import_id'),
    /** SHA-256 of the record's fields (docs/usage.md): re-imports stay idempotent. Never leaves the server. */
    recordKey: bytea('record_key').notNull(),
    /** The record's id as answers show it: from a sequence as the import loads it, nothing of its content (docs/security.md). */
    id: bigint('id', { mode: 'number' })
      .notNull()
      .default(sql`nextval('usage_records_id_seq')`),
  },
  (t) => [
    // Not unique: the import is serialized and leaves out known keys itself (an anti join, and
    // one row per key of the file); this index only makes that anti join cheap when a small file
    // meets a big month partition.
    index('usage_records_key_idx').on(t.recordKey),
    index('usage_records_service_time_idx').on(t.companyId, t.serviceId, t.recordTime),
  ],
);

/** Records that matched no active service: kept aside and counted, never silently dropped. */
export const usageUnmatched = pgTable(
  'usage_unmatched',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id').references(() => usageImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    recordTime: instant('record_time').notNull(),
    sender: text('sender').notNull(),
    receiver: text('receiver').notNull(),
    direction: text('direction').notNull(),
    type: text('type').notNull(),
    length: bigint('length', { mode: 'number' }).notNull(),
    bundle: text('bundle').notNull(),
    price: money('price'),
    recordKey: bytea('record_key').notNull(),
  },
  (t) => [uniqueIndex('usage_unmatched_key_idx').on(t.recordKey)],
);

const usageTotals = {
  records: integer('records').notNull(),
  length: bigint('length', { mode: 'number' }).notNull(),
  price: money('price').notNull(),
};

/**
 * Per company, month (first day), service and kind of record: what the costs and the group bundle
 * read instead of the records. Maintained by the import in the same transaction as the records.
 */
export const usageMonthly = pgTable(
  'usage_monthly',
  {
    companyId: integer('company_id').notNull(),
    month: date('month').notNull(),
    serviceId: integer('service_id').notNull(),
    number: text('number').notNull(),
    type: text('type').notNull(),
    direction: text('direction').notNull(),
    bundle: text('bundle').notNull(),
    ...usageTotals,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.serviceId, t.type, t.direction, t.bundle] }),
  ],
);

/** The kinds of record the report table keeps apart: type x direction x bundle. */
export const USAGE_KINDS = (['data', 'voice', 'sms'] as const).flatMap((type) =>
  (['inkomend', 'uitgaand'] as const).flatMap((direction) =>
    (['in', 'out'] as const).map((bundle) => ({
      type,
      direction,
      bundle,
      /** Column prefix, e.g. `voice_uit_out`: records, length and price follow. */
      column: `${type}_${direction === 'inkomend' ? 'ink' : 'uit'}_${bundle}`,
    })),
  ),
);

/** The SQL names of the kind columns of usage_number_months and usage_number_days: records, length, price in micros per kind. */
export const USAGE_KIND_COLUMNS = USAGE_KINDS.flatMap(({ column }) => [`${column}_records`, `${column}_length`, `${column}_price_micros`]);

const kindColumns = Object.fromEntries(
  USAGE_KINDS.flatMap(({ column }) => [
    [`${column}Records`, integer(`${column}_records`).notNull().default(0)],
    [`${column}Length`, bigint(`${column}_length`, { mode: 'number' }).notNull().default(0)],
    // Exact: a price has 6 decimals. Integer sums are far cheaper than numeric ones for the report.
    [`${column}PriceMicros`, bigint(`${column}_price_micros`, { mode: 'number' }).notNull().default(0)],
  ]),
) as Record<string, ReturnType<typeof integer> | ReturnType<typeof bigint>>;

/**
 * The report table: one row per company, month (first day), service and number, with records,
 * length and price (in millionths of a euro) per kind of record (type x direction x bundle:
 * 12 x 3 columns), so the report
 * of whole months reads one row per number and a filter (type, direction, out only) is a choice
 * of columns. Maintained by the import (from the rows it inserted) and the hard delete.
 */
export const usageNumberMonths = pgTable(
  'usage_number_months',
  {
    companyId: integer('company_id').notNull(),
    month: date('month').notNull(),
    serviceId: integer('service_id').notNull(),
    number: text('number').notNull(),
    /** Another service of the company has a row for the number in the month (ended and registered again). */
    shared: boolean('shared').notNull().default(false),
    /**
     * Copies of the service's article and end user, so the whole-month report joins articles and
     * end users (for their current names) without reading services. Kept equal to the service's by
     * two triggers of migration 0004, whoever writes: one takes them from the service on insert
     * (the import leaves them out), one copies a change of the service's article or end user to
     * its rows (also the foreign key's when an end user is deleted).
     */
    articleId: integer('article_id').notNull(),
    endUserId: integer('end_user_id'),
    ...kindColumns,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.serviceId] }),
    // The services trigger and the hard delete find a service's rows.
    index('usage_number_months_service_idx').on(t.serviceId),
    // The report aggregates the rows of numbers with more than one service; nearly always none.
    index('usage_number_months_shared_idx').on(t.companyId, t.month).where(sql`shared`),
  ],
);

/**
 * The report table per day (docs/usage.md, 'Import'): per company, business day (Europe/Amsterdam) and service,
 * the month's totals up to and including that day (month to date), with the same kind columns as
 * usage_number_months, on every day from the service's first day with records in the month to the
 * month's last day. A report over part of a month reads at most two days of rows per service
 * (the 11th to the 16th: the 16th's rows less the 10th's), and a day's own usage is its row less
 * the day before's. Maintained by the import (from the rows it inserted, also the rematch's) and
 * the hard delete.
 */
export const usageNumberDays = pgTable(
  'usage_number_days',
  {
    companyId: integer('company_id').notNull(),
    day: date('day').notNull(),
    serviceId: integer('service_id').notNull(),
    number: text('number').notNull(),
    ...kindColumns,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.serviceId] }), index('usage_number_days_service_idx').on(t.serviceId)],
);

/** Price per company, month, type and bundle: the costs' category totals without reading every service. */
export const usageCompanyMonths = pgTable(
  'usage_company_months',
  {
    companyId: integer('company_id').notNull(),
    month: date('month').notNull(),
    type: text('type').notNull(),
    bundle: text('bundle').notNull(),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.type, t.bundle] })],
);
