import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { instant, money } from './columns';

/** Stored group-bundle figures of a month, written by "Herberekenen" and by usage imports. */
export const groupBundleMonths = pgTable(
  'group_bundle_months',
  {
    companyId: integer('company_id').notNull(),
    month: date('month').notNull(),
    totalGb: money('total_gb').notNull(),
    gbUsed: money('gb_used').notNull(),
    calculatedAt: instant('calculated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
