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
import { BLOCK_STATES } from '../../domain/requests';
import { messageSchema } from '../plugins/errors';
import { XLSX_TYPE } from '../services/xlsx';

export { messageSchema };

/**
 * Shared schema pieces for route definitions. A route folder declares its requests and its
 * answers once, in TypeBox, in its own `schemas.ts` (docs/api.md, 'How an answer is declared'):
 * plain JSON Schema for Ajv, the serializer, the fuzz test and the API document
 * (plugins/openapi.ts, which the server tests hold every answer to: testing/contract.ts), and
 * through the type provider below the handler's types; the client imports the answers' `Static`
 * types (type-only), so no answer is restated by hand.
 */

/** What TypeBox's type provider makes of a schema, as Fastify asks it. */
type TypeBoxStatic<S> = (TypeBoxTypeProvider & { schema: S })['validator'];

/** A schema built with TypeBox (`Type.Object`, `Type.Array`, …, or `Nullable`), not a plain object. */
type TypeBoxSchema = { '~kind': string } | { '~unsafe': unknown };

/**
 * @fastify/type-provider-typebox's TypeBoxTypeProvider, for requests and answers alike: what a
 * request carries (params, querystring, body, headers) is typed from its schema, and so is what
 * the handler returns or sends, per status (`reply.code(404).send(...)` is held to the 404
 * schema). Only TypeBox-built answers are typed: an answer still written as a plain JSON Schema
 * object is `unknown`, and since Fastify joins the statuses' types, one such status leaves the
 * whole answer unchecked (that is why `errorResponses` below are TypeBox too).
 */
export interface RequestTypeProvider extends FastifyTypeProvider {
  validator: TypeBoxStatic<this['schema']>;
  serializer: this['schema'] extends TypeBoxSchema ? TypeBoxStatic<this['schema']> : unknown;
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

/** The answer `{message}`: a Dutch sentence saying what was done (or, as an error, what went wrong). */
export type MessageAnswer = Static<typeof messageSchema>;

/** No content (204): the handler sends nothing (`reply.code(204).send()`), so its type is `undefined`. */
export const noContent = Type.Unsafe<undefined>(Type.Null());

/** A company named: a user's own company, a parent company's branch. */
export const companyRefAnswer = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A parent company with its branches (GET /parent-companies, and a company's `parent_company`). */
export const parentCompanyAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sap_number: Nullable(Type.String()),
  companies: Type.Array(companyRefAnswer),
});
export type ParentCompanyAnswer = Static<typeof parentCompanyAnswer>;

/** An error answer: `{message}` in Dutch; `description` says when it comes, in the API document. */
const errorAnswer = (description: string) => Type.Object({ message: Type.String() }, { description });

/**
 * The errors every route may answer (docs/api.md, 'Errors'), with what they mean for the API
 * document (plugins/openapi.ts). The messages are those of plugins/errors.ts and plugins/auth.ts,
 * or the handler's own.
 */
export const errorResponses = {
  400: Type.Object(
    {
      message: Type.String(),
      errors: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.Optional(Type.String()),
            line: Type.Optional(Type.Integer()),
            message: Type.Optional(Type.String()),
          }),
        ),
      ),
    },
    {
      description: "Ongeldige invoer: `message` zegt wat er mis is ('Ongeldige invoer.'), `errors` per veld (of per regel van een bestand) waarom.",
    },
  ),
  401: errorAnswer("Geen of geen geldig token: 'Niet ingelogd of sessie verlopen.' (of de reden, bij inloggen en links uit e-mails)."),
  403: errorAnswer("Niet toegestaan, meestal omdat het recht voor deze aanroep ontbreekt: 'Geen toestemming voor deze actie.'"),
  404: errorAnswer('Niet gevonden, of van een ander bedrijf (een ander bedrijf ziet nooit de gegevens).'),
  409: errorAnswer('Kan niet: in strijd met wat er al is (een dubbel nummer, een gefactureerde maand, te weinig bulkafnames); `message` zegt wat.'),
  429: errorAnswer("Te veel pogingen: 'Te veel pogingen. Probeer het later opnieuw.'"),
};

/**
 * A download's answer: the CSV file (docs/rules.md, 'Files') or, with `format=xlsx`, the same rows
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

/** One of `values` or null, as one `type` and one `enum` (see Nullable). */
export const nullableEnum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number] | null>({ type: ['string', 'null'], enum: [...values, null] });

/** An afname's block state (docs/requests.md, 'Blocking'): null, 'requested' or 'blocked'. */
export const blockStateAnswer = nullableEnum(BLOCK_STATES);

/** An end user as a service names it. */
const endUserRefAnswer = Type.Object({ id: Type.Integer(), firstname: Type.String(), lastname: Type.String() });

/** A category value with its field (`GET /services/{id}`, `GET /articles/{id}/services`). */
export const fieldInputAnswer = Type.Object({
  article_group_field_id: Type.Integer(),
  article_group_field: Type.Object({ name: Type.String(), used_for_cdr: Type.Boolean() }),
  value: Type.String(),
});
export type FieldInputAnswer = Static<typeof fieldInputAnswer>;

/**
 * A service as a list shows it (services/serviceRows.ts): `GET /articles/{id}/services`, and the
 * first fields of `GET /services/{id}`.
 */
export const serviceRowAnswer = Type.Object({
  id: Type.Integer(),
  article_id: Type.Integer(),
  end_user_id: Nullable(Type.Integer()),
  // A nullable object, not anyOf: the serializer then needs no validation per row.
  end_user: Nullable(endUserRefAnswer),
  order_reference: Nullable(Type.String()),
  start_time: Type.Integer(),
  end_time: Nullable(Type.Integer()),
  input_field_1: Nullable(Type.String()),
  article_group_field_inputs: Type.Array(fieldInputAnswer),
  block_state: blockStateAnswer,
});

/** An article group with its category fields (`GET /article-groups/visible`, an article's group). */
export const articleGroupAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  icon: Type.String(),
  fields: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), used_for_cdr: Type.Boolean() })),
});
export type ArticleGroupAnswer = Static<typeof articleGroupAnswer>;

/**
 * An instant in Unix seconds, in the years every date range allows (domain dateRange.ts,
 * 1900-2199): the one schema of every time parameter. Outside them 400, never a date JavaScript
 * cannot write (`8640000000001`) or a company ended in a year no one meant.
 */
export const epochSeconds = Type.Integer({ minimum: portalEpochBounds().first, maximum: portalEpochBounds().last });

export const isoDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

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
 * a price of 0 would become "no own price" (docs/rules.md, 'A price of 0'). A `const`
 * coerces nothing.
 */
export const nullableAmount = Type.Union([Type.Unsafe<null>({ const: null }), amountInput]);
