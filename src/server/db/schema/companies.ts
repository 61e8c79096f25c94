import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money } from './columns';

export const parentCompanies = pgTable('parent_companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sapNumber: text('sap_number'),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    aliases: text('aliases'),
    customerNumber: text('customer_number'),
    zipcode: text('zipcode'),
    address: text('address'),
    city: text('city'),
    sapNumber: text('sap_number'),
    priceMb: money('price_mb').notNull().default('0'),
    inputLabel1: text('input_label_1'),
    inputLabel2: text('input_label_2'),
    inputLabel3: text('input_label_3'),
    inputLabel4: text('input_label_4'),
    parentCompanyId: integer('parent_company_id').references(() => parentCompanies.id, {
      onDelete: 'set null',
    }),
    /** The provider's own company (its staff are superadmins and admins). */
    isProvider: boolean('is_provider').notNull().default(false),
    /** The company's admin requires two-factor login of all its users (docs/rules.md, 'Two-factor login'). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** 'Aanvragen vereisen goedkeuring' (docs/requests.md, 'Approval'). */
    requestsNeedApproval: boolean('requests_need_approval').notNull().default(false),
    /** The field /kosten's 'Per kostenplaats' view allocates costs by, remembered for the company (docs/cost-specification.md, 'Costs per cost centre'). */
    costAllocationField: text('cost_allocation_field'),
    endTime: instant('end_time'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('companies_customer_number_key').on(t.customerNumber),
    uniqueIndex('companies_sap_number_key').on(t.sapNumber),
    index('companies_parent_company_idx').on(t.parentCompanyId),
  ],
);
