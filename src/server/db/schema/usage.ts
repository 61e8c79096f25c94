import { bigint, customType, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money } from './columns';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** One upload of a usage (CDR) file and what became of its records (decisions section 7). */
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
  createdAt: createdAt(),
});

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
    recordKey: bytea('record_key').notNull(),
  },
  (t) => [
    uniqueIndex('usage_records_key_idx').on(t.recordKey, t.recordTime),
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
 * Per company, day, service and kind of record: what the report and the costs read instead of
 * the records themselves. Maintained by the import in the same transaction as the records.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    companyId: integer('company_id').notNull(),
    day: date('day').notNull(),
    serviceId: integer('service_id').notNull(),
    number: text('number').notNull(),
    type: text('type').notNull(),
    direction: text('direction').notNull(),
    bundle: text('bundle').notNull(),
    ...usageTotals,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.serviceId, t.type, t.direction, t.bundle] }),
    index('usage_daily_service_idx').on(t.companyId, t.serviceId, t.day),
  ],
);

/** The same totals per month (first day of the month): a whole-month report or cost reads these. */
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
