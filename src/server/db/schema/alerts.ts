import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { createdAt, instant, money } from './columns';
import { usageImports } from './usage';
import { users } from './users';

/**
 * What a customer company wants to be told ('Meldingen' on Mijn bedrijf, docs/usage.md, 'Alerts'). Without a row
 * the defaults hold: group bundle alerts on, no thresholds of its own.
 */
export const alertSettings = pgTable('alert_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The group bundle at 80 % and at 100 % of the month. */
  bundleAlerts: boolean('bundle_alerts').notNull().default(true),
  /** The company's out-of-bundle costs of the month above this amount in euros; null: no alert. */
  outOfBundleCosts: money('out_of_bundle_costs'),
  /** A number's data of the month above this many GB (1024^3 bytes); null: no alert. */
  numberDataGb: numeric('number_data_gb', { precision: 12, scale: 3 }),
  /** A number's usage costs of the month above this amount in euros; null: no alert. */
  numberUsageCosts: money('number_usage_costs'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** The company's contact persons (users) who receive its alerts. */
export const alertRecipients = pgTable(
  'alert_recipients',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/**
 * Every alert sent, once. The company's own alerts (group bundle, out-of-bundle costs) are a row
 * per company, month, kind and threshold, unique (`sent_alerts_once_idx`): a second import that
 * finds the same threshold crossed sends nothing. The per-number alerts of one import are one row
 * per kind and threshold listing every number that crossed it (`numbers`): an import that finds
 * 16,000 numbers over their thresholds records two rows, not 32,000. A number is never alerted
 * twice for a month, kind and threshold: the evaluation leaves out the numbers an earlier row
 * lists, and imports and rematches take their turns (one advisory lock), so no two decide at once.
 */
export const sentAlerts = pgTable(
  'sent_alerts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** First day of the month the alert is about. */
    month: date('month').notNull(),
    /** 'bundle_80' | 'bundle_100' | 'out_of_bundle_costs' | 'number_data' | 'number_usage_costs' */
    kind: text('kind').notNull(),
    /** The per-number alerts: the numbers that crossed the threshold, in order; empty for the company's own. */
    numbers: text('numbers').array().notNull().default(sql`'{}'::text[]`),
    /** Each number's figure, in the order of `numbers` (exact decimal text). */
    numberValues: text('number_values').array().notNull().default(sql`'{}'::text[]`),
    /** The threshold crossed, exact decimal text (percent, euros or GB). */
    threshold: text('threshold').notNull(),
    /** The figure that crossed it, exact decimal text: the company's, or the highest of the numbers'. */
    value: text('value').notNull(),
    /** The e-mail addresses it was sent to. */
    recipients: text('recipients').array().notNull().default([]),
    importId: integer('import_id').references(() => usageImports.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sent_alerts_once_idx').on(t.companyId, t.month, t.kind, t.threshold).where(sql`numbers = '{}'`),
    index('sent_alerts_month_idx').on(t.companyId, t.month, t.kind, t.threshold),
    index('sent_alerts_company_idx').on(t.companyId, t.createdAt),
  ],
);
