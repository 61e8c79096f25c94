import { nullableNumber, nullableString } from '../serialize';
import { serviceRowSchema } from '../services/repository';

export const amountInput = {
  anyOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^\\s*\\d{1,12}([.,]\\d{1,6})?\\s*$' },
  ],
} as const;

const articleProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  description: { type: 'string' },
  sku: nullableString,
  article_group_id: { type: 'integer' },
  price: { type: 'number' },
  setup_price: { type: 'number' },
  billing_cycle_id: { type: 'integer' },
  billing_cycle: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  is_visible: { type: 'boolean' },
  gigabyte: nullableNumber,
  from_group_bundle: { type: 'boolean' },
} as const;

export const articleSchema = { type: 'object', properties: articleProperties } as const;

const bulkEntry = {
  type: 'object',
  properties: { id: { type: 'integer' }, amount: { type: 'integer' }, time: { type: 'integer' }, total: { type: 'integer' } },
} as const;

export const articleListItemSchema = {
  type: 'object',
  properties: {
    ...articleProperties,
    services_count: { type: 'integer' },
    bulk_services: { type: 'array', items: bulkEntry },
  },
} as const;

export const articleDetailSchema = {
  type: 'object',
  properties: {
    ...articleProperties,
    article_group: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        icon: { type: 'string' },
        fields: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, name: { type: 'string' }, used_for_cdr: { type: 'boolean' } },
          },
        },
      },
    },
    services: { type: 'array', items: serviceRowSchema },
    bulk_services: { type: 'array', items: bulkEntry },
    price_history: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          from_time: { type: 'integer' },
          price: { type: 'number' },
          setup_price: { type: 'number' },
        },
      },
    },
  },
} as const;

/** The writable fields of an article; company and ids never come from the caller. */
export const articleInput = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 200 },
    description: { type: 'string', maxLength: 5000 },
    sku: { type: ['string', 'null'], maxLength: 100 },
    price: amountInput,
    setup_price: amountInput,
    billing_cycle_id: { type: 'integer', minimum: 1, maximum: 4 },
    is_visible: { type: 'boolean' },
    gigabyte: { anyOf: [{ type: 'null' }, amountInput] },
    article_group_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    from_group_bundle: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export interface ArticleInput {
  name?: string;
  description?: string;
  sku?: string | null;
  price?: number | string;
  setup_price?: number | string;
  billing_cycle_id?: number;
  is_visible?: boolean;
  gigabyte?: number | string | null;
  article_group_id?: number;
  from_group_bundle?: boolean;
}
