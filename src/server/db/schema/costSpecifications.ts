import { sql } from 'drizzle-orm';
import { check, customType, date, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { companies, parentCompanies } from './companies';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** The totals a stored version was rendered with: euros as exact decimal text, 2 decimals. */
export interface StoredSpecificationTotals {
  periodic: string;
  full: string;
  setup: string;
  usage: string;
  /** periodic + full + setup + usage, excluding VAT. */
  total: string;
  /** The VAT rate in percent it was rendered with, e.g. '21'. */
  vat_rate: string;
  vat: string;
  total_including_vat: string;
}

/**
 * Final cost specifications (docs/cost-specification.md, 'Final once billed'): the PDF of a company's (or a
 * parent company's group's) month as it was rendered when the month's billing export ran, version 1,
 * and each correction by provider staff after it, version 2 and on. A row is never changed: a
 * download gives its bytes, whose SHA-256 is kept beside them.
 */
export const costSpecifications = pgTable(
  'cost_specifications',
  {
    id: serial('id').primaryKey(),
    /** The company's specification; null for a group's. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The group's specification (every branch of the parent company); null for a company's. */
    parentCompanyId: integer('parent_company_id').references(() => parentCompanies.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    version: integer('version').notNull(),
    /** Why provider staff made a correction; null for version 1. */
    reason: text('reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    pdf: bytea('pdf').notNull(),
    /** SHA-256 of `pdf`, hex. */
    sha256: text('sha256').notNull(),
    totals: jsonb('totals').$type<StoredSpecificationTotals>().notNull(),
    /** When the contact persons marked 'Ontvangt kostenspecificatie' were mailed it; null until then. */
    mailedAt: instant('mailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('cost_specifications_one_subject', sql`(${t.companyId} is null) <> (${t.parentCompanyId} is null)`),
    check('cost_specifications_version_positive', sql`${t.version} >= 1`),
    uniqueIndex('cost_specifications_company_version_key').on(t.companyId, t.month, t.version).where(sql`${t.companyId} is not null`),
    uniqueIndex('cost_specifications_group_version_key').on(t.parentCompanyId, t.month, t.version).where(sql`${t.parentCompanyId} is not null`),
  ],
);
