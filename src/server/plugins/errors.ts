import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { NOT_A_PORTAL_INSTANT, portalEpochBounds } from '../../domain/dateRange';
import { MSG } from '../../domain/messages';
import { errorChain, isDatabaseUnavailable } from '../db/unavailable';
import { textProblemOf, type TextKind } from '../../domain/text';
import { HttpError } from '../httpError';
import { BLANK_NUMBER, blankNumberFieldsOf } from './blankNumbers';


/** The answer of an error: `{message}` in Dutch (the API document's error answers, routes/schemas.ts). */
export const messageSchema = Type.Object({ message: Type.String() });

const GENERIC = 'Er is een fout opgetreden. Probeer het later opnieuw.';
const INVALID_INPUT = 'Ongeldige invoer.';

type FieldError = { field: string; message: string };

/** One Ajv error as Fastify hands it over (error.validation). */
interface SchemaViolation {
  keyword: string;
  instancePath?: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  integer: 'een geheel getal',
  number: 'een getal',
  boolean: 'waar of onwaar',
  object: 'een object',
  array: 'een lijst',
  null: 'leeg',
};

const typeNames = (type: unknown) =>
  String(type)
    .split(',')
    .map((name) => TYPE_NAMES[name] ?? name)
    .join(' of ');

const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Ajv's English text per keyword, in Dutch (docs/screens.md, 'Messages': every message a user sees is Dutch). */
const dutchMessageOf = ({ keyword, params }: SchemaViolation): string => {
  const limit = params.limit;
  // The bounds of every time parameter (schemas.ts epochSeconds) say which years, not which second.
  const { first, last } = portalEpochBounds();
  if ((keyword === 'minimum' && limit === first) || (keyword === 'maximum' && limit === last)) return NOT_A_PORTAL_INSTANT;
  switch (keyword) {
    case 'required':
      return 'is verplicht';
    case 'type':
      return `moet ${typeNames(params.type)} zijn`;
    case 'minimum':
      return `moet minstens ${limit} zijn`;
    case 'maximum':
      return `mag hoogstens ${limit} zijn`;
    case 'exclusiveMinimum':
      return `moet groter zijn dan ${limit}`;
    case 'exclusiveMaximum':
      return `moet kleiner zijn dan ${limit}`;
    case 'multipleOf':
      return `moet een veelvoud van ${params.multipleOf} zijn`;
    case 'minLength':
      return limit === 1 ? 'mag niet leeg zijn' : `moet minstens ${limit} tekens lang zijn`;
    case 'maxLength':
      return `mag hoogstens ${limit} tekens lang zijn`;
    case 'minItems':
      return `moet minstens ${limit} elementen bevatten`;
    case 'maxItems':
      return `mag hoogstens ${limit} elementen bevatten`;
    case 'uniqueItems':
      return 'mag geen dubbele waarden bevatten';
    case 'minProperties':
    case 'maxProperties':
      return 'heeft een ongeldig aantal velden';
    case 'enum':
      return `moet een van deze waarden zijn: ${((params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return 'heeft een ongeldige waarde';
    case 'format':
      return params.format === 'email' ? 'moet een geldig e-mailadres zijn' : `heeft een ongeldig formaat (${params.format})`;
    case 'pattern':
      return params.pattern === ISO_DATE_PATTERN ? 'moet een datum zijn (JJJJ-MM-DD)' : 'heeft een ongeldig formaat';
    case 'additionalProperties':
      return 'is geen bekend veld';
    case 'anyOf':
    case 'oneOf':
      return 'voldoet aan geen van de toegestane vormen';
    default:
      return 'is ongeldig';
  }
};

/** The field a violation names: the path of the value, plus the missing or unknown property. */
const fieldOf = ({ instancePath, params }: SchemaViolation): string => {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const property = params.missingProperty ?? params.additionalProperty;
  if (typeof property !== 'string') return path;
  return path ? `${path}.${property}` : property;
};

/**
 * Fields whose text is not one line (src/domain/text.ts): the article's description and a
 * request's note, question and messages (multi-line fields on screen), and passwords (never
 * shown, exported or mailed).
 */
const TEXT_KINDS: Record<string, TextKind> = {
  description: 'multi-line',
  note: 'multi-line',
  text: 'multi-line',
  password: 'secret',
  current_password: 'secret',
};

/**
 * What no schema keyword catches, in every text and number of a request's params, query and
 * JSON body: NUL bytes, lone surrogates, control characters, line breaks in one-line fields
 * (names travel on into CSV exports and mails), invisible and bidi characters outside passwords, and numbers JSON.parse read as Infinity
 * (1e309) or Ajv coerced from a query string ('Infinity'). Walked with a stack, so a deeply
 * nested body cannot overflow the call stack.
 */
const inputProblemsOf = (request: FastifyRequest): FieldError[] => {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: string; key: string }[] = [
    { value: request.params, path: '', key: '' },
    { value: request.query, path: '', key: '' },
    { value: request.body, path: '', key: '' },
  ];
  while (stack.length > 0 && problems.length < 20) {
    const { value, path, key } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblemOf(value, Object.hasOwn(TEXT_KINDS, key) ? TEXT_KINDS[key] : 'line');
      if (problem) problems.push({ field: path, message: problem });
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) problems.push({ field: path, message: 'moet een eindig getal zijn' });
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [name, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${name}` : name;
        const nameProblem = textProblemOf(name);
        if (nameProblem) problems.push({ field: childPath, message: nameProblem });
        stack.push({ value: child, path: childPath, key: Array.isArray(value) ? key : name });
      }
    }
  }
  return problems;
};

/** PostgreSQL's data exceptions that mean "a value the database cannot hold": bad input, not a fault. */
const DATA_EXCEPTIONS = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL in text)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character (\u0000 in json)
]);

/** The PostgreSQL data exception behind an error (the driver's or Drizzle's wrapper), or null. */
const dataExceptionOf = (error: unknown): string | null => {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && DATA_EXCEPTIONS.has(code)) return code;
  return null;
};

/** Seconds a client is asked to wait before it tries again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The multipart parser's (busboy's) errors for a body that is cut off or has no usable boundary:
 * plain Errors without a status, told apart by their text.
 */
const BROKEN_MULTIPART = /[Uu]nexpected end of multipart data|^Multipart: Boundary not found$|^Boundary required$|^The needle cannot|^Unsupported Content-Type\.$/;

const isBrokenMultipart = (error: FastifyError, request: FastifyRequest) =>
  error.statusCode === undefined && !(error instanceof HttpError) && request.isMultipart?.() === true && BROKEN_MULTIPART.test(error.message);

/**
 * Dutch answers for the framework's and plugins' own 4xx errors (bad JSON, a wrong content type,
 * a URL too long), whose messages are English. Our own code throws HttpError with its message.
 */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'Ongeldig verzoek.',
  401: 'Niet ingelogd of sessie verlopen.',
  403: 'Geen toestemming voor deze actie.',
  404: 'Niet gevonden.',
  405: 'Deze methode is niet toegestaan.',
  406: 'Ongeldig verzoek: verwacht een bestand (multipart/form-data).',
  413: MSG.fileTooLarge,
  415: 'Dit type inhoud wordt niet ondersteund.',
  429: MSG.tooManyAttempts,
};

/**
 * One error handler: validation as 400 with Dutch field errors, known statuses as sent, 5xx
 * hidden; plus the blank-number check before validation (blankNumbers.ts) and the input check
 * of every request before its handler (inputProblemsOf).
 */
export default fp(
  async (app) => {
    // Before validation: Ajv's coercion would read a blank text as 0 (or null), see blankNumbers.ts.
    app.addHook('preValidation', async (request) => {
      const schema = request.routeOptions.schema;
      if (!schema) return;
      const errors = [
        ...blankNumberFieldsOf(schema.params, request.params),
        ...blankNumberFieldsOf(schema.querystring, request.query),
        ...blankNumberFieldsOf(schema.body, request.body),
      ].map((field) => ({ field, message: BLANK_NUMBER }));
      if (errors.length > 0) throw new HttpError(400, INVALID_INPUT, errors);
    });

    // After validation: Ajv coerces 'Infinity' and '1e309' in a query string to numbers it lets pass.
    app.addHook('preHandler', async (request) => {
      const errors = inputProblemsOf(request);
      if (errors.length > 0) throw new HttpError(400, INVALID_INPUT, errors);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        const errors = (error.validation as SchemaViolation[]).map((v) => ({ field: fieldOf(v), message: dutchMessageOf(v) }));
        return reply.code(400).send({ message: INVALID_INPUT, errors });
      }
      if (error instanceof HttpError) {
        if (error.errors) return reply.code(error.statusCode).send({ message: error.message, errors: error.errors });
        if (error.statusCode < 500) return reply.code(error.statusCode).send({ message: error.message });
      }
      if (isBrokenMultipart(error, request)) {
        return reply.code(400).send({ message: 'Het bestand is niet volledig of niet leesbaar ontvangen. Er is geen data geïmporteerd.' });
      }
      const dataException = dataExceptionOf(error);
      if (dataException) {
        // A value the schemas let through but the database refuses: the schema should catch it first.
        request.log.warn({ err: error, code: dataException }, 'database refused a value');
        return reply.code(400).send({ message: 'Ongeldige invoer: een waarde is te groot, te lang of bevat ongeldige tekens.' });
      }
      if (isDatabaseUnavailable(error)) {
        // A restart of PostgreSQL or a broken connection: a retry in a few seconds will do.
        request.log.warn({ err: error }, 'database unavailable');
        return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ message: MSG.databaseUnavailable, request_id: request.id });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        // The id is in the log line above and in the client's toast, so support can find one from the other.
        return reply.code(500).send({ message: GENERIC, request_id: request.id });
      }
      return reply.code(status).send({ message: STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400] });
    });
  },
  { name: 'errors' },
);
