import { Type, type Static } from 'typebox';
import { amountInput, integerId, Nullable, nullableAmount } from '../schemas';
import { nullableNumber, nullableString } from '../../serialize';



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
export const articleDetailQuery = Type.Object({
  show_historic: Type.Optional(Type.Boolean()),
  services_offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  services_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SERVICES_WINDOW })),
});

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
const articleInputProperties = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  sku: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  price: Type.Optional(amountInput),
  setup_price: Type.Optional(amountInput),
  billing_cycle_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  is_visible: Type.Optional(Type.Boolean()),
  gigabyte: Type.Optional(nullableAmount),
  article_group_id: Type.Optional(integerId),
  from_group_bundle: Type.Optional(Type.Boolean()),
};

/** PUT /articles/{id}: any of the writable fields. */
export const articleInput = Type.Object(articleInputProperties, { additionalProperties: false });

/** POST /articles/create: the writable fields, the article group required. */
export const articleCreateInput = Type.Object(
  { ...articleInputProperties, article_group_id: integerId },
  { additionalProperties: false },
);

export type ArticleInput = Static<typeof articleInput>;
