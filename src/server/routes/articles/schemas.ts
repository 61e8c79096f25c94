import { nullableNumber, nullableString } from '../serialize';

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

/** A row of the article page's table (repository.ts ArticleServiceRow); GET /services/{id} has the rest. */
export const articleServiceRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    end_user_id: { type: ['integer', 'null'] },
    // A nullable object, not anyOf: the serializer then needs no validation per row.
    end_user: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } },
    },
    start_time: { type: 'integer' },
    end_time: { type: ['integer', 'null'] },
    input_field_1: { type: ['string', 'null'] },
    article_group_field_inputs: {
      type: 'array',
      items: { type: 'object', properties: { article_group_field_id: { type: 'integer' }, value: { type: 'string' } } },
    },
  },
} as const;

/** The most services one window of GET /articles/{id} answers. */
export const MAX_SERVICES_WINDOW = 500;

/** GET /articles/{id}: ended services too, and optionally a window of the services. */
export const articleDetailQuery = {
  type: 'object',
  properties: {
    show_historic: { type: 'boolean' },
    services_offset: { type: 'integer', minimum: 0, maximum: 2147483647 },
    services_limit: { type: 'integer', minimum: 1, maximum: MAX_SERVICES_WINDOW },
  },
} as const;

export interface ArticleDetailQuery {
  show_historic?: boolean;
  services_offset?: number;
  services_limit?: number;
}

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
    services: { type: 'array', items: articleServiceRowSchema },
    /** All services matching show_historic, also when `services` is a window of them. */
    services_count: { type: 'integer' },
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
