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
import { portalEpochBounds } from '../../domain/dateRange';
import { messageSchema } from '../plugins/errors';
import { XLSX_TYPE } from '../services/xlsx';

export { messageSchema };

/**
 * Shared schema pieces for route definitions. Request schemas (params, querystring, body) are
 * built with TypeBox: plain JSON Schema for Ajv, the fuzz test and the Dutch messages, and
 * through the type provider the handler's types, so no route restates them by hand. Response
 * schemas stay plain JSON Schema: they steer the serializer, and are the answers of the API
 * document (plugins/openapi.ts), which the server tests hold every answer to (testing/contract.ts).
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


/** An error answer: `{message}` in Dutch; `description` says when it comes, in the API document. */
const errorAnswer = (description: string) => ({ ...messageSchema, description }) as const;

/**
 * The errors every route may answer (decisions section 12), with what they mean for the API
 * document (plugins/openapi.ts). The messages are those of plugins/errors.ts and plugins/auth.ts,
 * or the handler's own.
 */
export const errorResponses = {
  400: {
    description: "Ongeldige invoer: `message` zegt wat er mis is ('Ongeldige invoer.'), `errors` per veld (of per regel van een bestand) waarom.",
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
    required: ['message'],
  },
  401: errorAnswer("Geen of geen geldig token: 'Niet ingelogd of sessie verlopen.' (of de reden, bij inloggen en links uit e-mails)."),
  403: errorAnswer("Niet toegestaan, meestal omdat het recht voor deze aanroep ontbreekt: 'Geen toestemming voor deze actie.'"),
  404: errorAnswer('Niet gevonden, of van een ander bedrijf (een ander bedrijf ziet nooit de gegevens).'),
  409: errorAnswer('Kan niet: in strijd met wat er al is (een dubbel nummer, een gefactureerde maand, te weinig bulkafnames); `message` zegt wat.'),
  429: errorAnswer("Te veel pogingen: 'Te veel pogingen. Probeer het later opnieuw.'"),
} as const;

/**
 * A download's answer: the CSV file (decisions section 11) or, with `format=xlsx`, the same rows
 * as an Excel file. The handler sends the file itself, so these only describe it.
 */
export const downloadResponse = {
  description: 'Het bestand als bijlage: CSV (UTF-8 met BOM, `;` gescheiden), of met `format=xlsx` een Excel-bestand.',
  content: {
    'text/csv': { schema: { type: 'string' } },
    [XLSX_TYPE]: { schema: { type: 'string', contentMediaType: XLSX_TYPE } },
  },
} as const;

/** A CSV-only download (the end user import's template). */
export const csvResponse = {
  description: 'Het CSV-bestand als bijlage (UTF-8 met BOM, `;` gescheiden).',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;

/** A row id: a positive PostgreSQL integer. */
export const integerId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const idParams = Type.Object({ id: integerId }, { additionalProperties: false });

/**
 * An instant in Unix seconds, in the years every date range allows (domain dateRange.ts,
 * 1900-2199): the one schema of every time parameter. Outside them 400, never a date JavaScript
 * cannot write (`8640000000001`) or a company ended in a year no one meant.
 */
export const epochSeconds = Type.Integer({ minimum: portalEpochBounds().first, maximum: portalEpochBounds().last });

export const isoDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const tokenSchema = Type.Object({ token: Type.String() });

export const emailSchema = Type.String({ minLength: 3, maxLength: 254, format: 'email' });

/** A body that may be absent (the fields then come from the query string). */
export const optionalBody = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

export const amountInput = Type.Union([
  Type.Number({ minimum: 0 }),
  Type.String({ pattern: '^\\s*\\d{1,12}([.,]\\d{1,6})?\\s*$' }),
]);

/**
 * An amount or null (a service without its own price). Null as `const`, not as a type: the app's
 * type coercion reads 0 as null in a `type: 'null'` branch (and null as 0 in a number branch), so
 * a price of 0 would become "no own price" (docs/rules.md, 'Een prijs van 0'). A `const`
 * coerces nothing.
 */
export const nullableAmount = Type.Union([Type.Unsafe<null>({ const: null }), amountInput]);
