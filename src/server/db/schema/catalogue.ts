import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { BlockState } from '../../../domain/requests';
import { createdAt, instant, money } from './columns';
import { companies } from './companies';

/** Article groups are the provider's, global (docs/rules.md, 'Article groups'). */
export const articleGroups = pgTable('article_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('services'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

/** The category fields of a group's services; `used_for_cdr` links usage records to a service. */
export const articleGroupFields = pgTable(
  'article_group_fields',
  {
    id: serial('id').primaryKey(),
    articleGroupId: integer('article_group_id')
      .notNull()
      .references(() => articleGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    usedForCdr: boolean('used_for_cdr').notNull().default(false),
  },
  (t) => [index('article_group_fields_group_idx').on(t.articleGroupId)],
);

/** Which article groups a company sees. */
export const companyArticleGroups = pgTable(
  'company_article_groups',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    articleGroupId: integer('article_group_id')
      .notNull()
      .references(() => articleGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.articleGroupId] }),
    index('company_article_groups_group_idx').on(t.articleGroupId),
  ],
);

export const billingCycles = pgTable('billing_cycles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  months: integer('months').notNull(),
});

export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    articleGroupId: integer('article_group_id')
      .notNull()
      .references(() => articleGroups.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sku: text('sku'),
    price: money('price').notNull().default('0'),
    setupPrice: money('setup_price').notNull().default('0'),
    billingCycleId: integer('billing_cycle_id')
      .notNull()
      .default(1)
      .references(() => billingCycles.id),
    isVisible: boolean('is_visible').notNull().default(true),
    gigabyte: money('gigabyte'),
    fromGroupBundle: boolean('from_group_bundle').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('articles_company_group_idx').on(t.companyId, t.articleGroupId)],
);

/** docs/costs.md, '3. The price for a month': the price of a month comes from the entry valid at a point in time. */
export const articlePriceHistory = pgTable(
  'article_price_history',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    fromTime: instant('from_time').notNull(),
    price: money('price').notNull(),
    setupPrice: money('setup_price').notNull(),
  },
  (t) => [index('article_price_history_article_idx').on(t.articleId, t.fromTime)],
);

export const endUsers = pgTable(
  'end_users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    createdAt: createdAt(),
    /** Dutch sort keys of the names, kept by PostgreSQL (migration 0009). */
    sortLastname: text('sort_lastname').generatedAlwaysAs(sql`name_sort_key("lastname")`),
    sortFirstname: text('sort_firstname').generatedAlwaysAs(sql`search_text("firstname")`),
  },
  (t) => [index('end_users_company_idx').on(t.companyId)],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id),
    endUserId: integer('end_user_id').references(() => endUsers.id, { onDelete: 'set null' }),
    /** Overrides of the article's price and setup price for this service (docs/rules.md, 'A service's own price'). */
    price: money('price'),
    setupPrice: money('setup_price'),
    orderReference: text('order_reference'),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time'),
    contractPeriod: text('contract_period').notNull().default('Maandelijks'),
    inputField1: text('input_field_1'),
    inputField2: text('input_field_2'),
    inputField3: text('input_field_3'),
    inputField4: text('input_field_4'),
    spieField1: text('spie_field_1'),
    spieField2: text('spie_field_2'),
    spieField3: text('spie_field_3'),
    /** 'requested' from a block request until it is carried out, then 'blocked' (docs/requests.md, 'Blocking'). */
    blockState: text('block_state').$type<BlockState>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The article page's table pages through an article's services oldest start first, then id.
    index('services_article_start_idx').on(t.articleId, t.startTime, t.id),
    index('services_company_idx').on(t.companyId),
    index('services_end_user_idx').on(t.endUserId),
  ],
);

export const serviceFieldInputs = pgTable(
  'service_field_inputs',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').notNull(),
    articleGroupFieldId: integer('article_group_field_id')
      .notNull()
      .references(() => articleGroupFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [
    index('service_field_inputs_service_idx').on(t.serviceId),
    index('service_field_inputs_company_value_idx').on(t.companyId, t.articleGroupFieldId, t.value),
    // docs/rules.md, 'Phone numbers are global': a phone number's holders are looked up across all companies.
    index('service_field_inputs_value_idx').on(t.value),
  ],
);

/** Bulk services: a running total of amounts in time order (docs/rules.md, 'Bulk services'). */
export const bulkServices = pgTable(
  'bulk_services',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    time: instant('time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('bulk_services_article_idx').on(t.articleId, t.time)],
);
