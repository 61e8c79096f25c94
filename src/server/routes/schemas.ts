import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';

/**
 * Shared schema pieces for route definitions. Request schemas (params, querystring, body) are
 * built with TypeBox: plain JSON Schema for Ajv, the fuzz test and the Dutch messages, and
 * through the type provider the handler's types, so no route restates them by hand. Response
 * schemas stay plain JSON Schema: they only steer the serializer.
 */

/** What TypeBox's type provider makes of a request schema, as Fastify asks it. */
type TypeBoxRequest<S> = (TypeBoxTypeProvider & { schema: S })['validator'];

/**
 * @fastify/type-provider-typebox's TypeBoxTypeProvider for what a request carries (params,
 * querystring, body, headers). Answers stay untyped, as they were: the response schemas are
 * written for the serializer (nullable objects as `type: ['object', 'null']`, which TypeBox's
 * inference does not read), so typing them would mean rewriting them first.
 */
export interface RequestTypeProvider extends FastifyTypeProvider {
  validator: TypeBoxRequest<this['schema']>;
  serializer: unknown;
}

/** The app as a route plugin sees it: request types come from the route's TypeBox schemas. */
export type RouteApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  RequestTypeProvider
>;

/**
 * A value of `schema` or null, as `type: [T, 'null']` (not TypeBox's anyOf): one keyword for
 * Ajv to check, so a wrong value gets one Dutch message ("moet tekst of leeg zijn").
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const errorResponses = {
  400: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, line: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  },
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
} as const;

/** A row id: a positive PostgreSQL integer. */
export const integerId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const idParams = Type.Object({ id: integerId }, { additionalProperties: false });

export const isoDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const tokenSchema = Type.Object({ token: Type.String() });

export const emailSchema = Type.String({ minLength: 3, maxLength: 254, format: 'email' });

/** A body that may be absent (the fields then come from the query string). */
export const optionalBody = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
