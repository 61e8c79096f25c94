import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { addMonths, businessDateOf, isoDate, todayNoon } from '../../src/domain/time';
import { queryRows } from '../../src/server/db';
import { apiRouteKeys, fillPath, ROUTE_ACCESS } from '../../src/server/testing/routeAccess';
import { auth, createTestApp, type TestApp } from '../../src/server/testing/testApp';

/**
 * Every /api route (the table of routeAccess.ts, which the authorization matrix keeps complete)
 * gets FUZZ_RUNS requests generated from its own JSON schema, mixed with hostile values (NUL,
 * lone surrogates, Infinity, 1e309, ids out of range, huge and control-character texts, wrong
 * types, blank and whitespace texts, huge epochs, years 0000-0099, a numeric 0, a formula after
 * another list separator, broken JSON and multipart bodies), sent as superadmin, admin, a
 * customer's user and without a token. A second pass sends blank and whitespace texts to every
 * number field (params, query, body) of every route: each answers 400 and changes nothing. Each answer must be below 500, come without hanging, carry a Dutch message
 * when it refuses, and a refused request must leave the database as it was. The seed is fixed
 * (FUZZ_SEED), so a failure reproduces.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/**
 * An answer slower than this hangs. Not a speed target (those are measured by `npm run bench` on a
 * quiet machine): a 24-month billing export as Excel takes 0.8-1.5 s on a busy one.
 */
const SLOWEST_MS = 10_000;

type Schema = Record<string, unknown>;
type Role = 'superadmin' | 'admin' | 'endUser' | 'anonymous';
const ROLES: Role[] = ['superadmin', 'admin', 'endUser', 'anonymous'];

/** One generated request: the parts before they are put on the wire. */
interface FuzzRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown> | string;
  /** A value sent as JSON, or raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string };
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\t',
  '\u00a0',
  '8640000000001',
  '0099-12-31',
  '0000-01-01T12:00:00+01:00',
  "x,=1+1+cmd|' /C calc'!A0",
  'x;@SUM(1)',
  '\u0000',
  'Jan\u0000',
  '\uD800',
  'x\uDFFFy',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '-1e309',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '9007199254740993',
  '0026-01-01',
  '2026-02-30',
  '1899-12-31',
  '9999-12-31',
  'Jan\r\nBcc: iemand@voorbeeld.nl',
  'Piet\tJansen',
  '\u001b[31mrood',
  '\u0085\u2028',
  '=HYPERLINK("http://x")',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  'a'.repeat(70_000),
  '(a+)+$'.repeat(10),
  '🙂'.repeat(60),
];
const HOSTILE_NUMBERS = [2147483648, 2147483647, -1, 0, 1.5, -0.5, 1e308, Number.MAX_SAFE_INTEGER + 2, -2147483649, 8640000000001, -62135596800];
/** Values the JSON of a body carries as literal text: JSON.parse reads the first two as Infinity. */
const HOSTILE_LITERALS = ['1e309', '-1e309', '"\\u0000"', '"\\ud800"', '123456789012345678901234567890'];
const WRONG_TYPES: unknown[] = [null, true, {}, [], [1, 2], { a: { b: [] } }, 'abc'];

const today = businessDateOf(todayNoon());
/** Dates for date fields: mostly real ones near today, a few that are not (hostile values add more). */
const DATES = [
  isoDate({ ...today, day: 1 }),
  isoDate(today),
  isoDate(addMonths(today.year, today.month, -1)),
  isoDate(addMonths(today.year, today.month, -3)),
  '2026-01-01',
  '2025-06-15',
  '2024-02-29',
  '0026-01-01',
  '2026-02-30',
];

/** Values of the demo data set, so that generated requests also reach real objects. */
interface Pools {
  ids: number[];
  texts: string[];
  emails: string[];
  /** Phone numbers of services (their `used_for_cdr` field). */
  numbers: string[];
}

const hostile = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_NUMBERS), fc.constantFrom(...WRONG_TYPES));

const typesOf = (schema: Schema): string[] => {
  const { type } = schema;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema.properties) return ['object'];
  return ['string', 'integer', 'boolean', 'null'];
};

/**
 * How a request is generated: 'valid' values follow the schema (so the requests reach the
 * handlers), 'hostile' ones have hostile values, unknown fields and missing required ones mixed
 * in at every level.
 */
type Mode = 'valid' | 'hostile';

const integerArb = (schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> => {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -2147483648;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 2147483647;
  const small = fc.integer({ min: Math.max(min, 0), max: Math.min(max, 100) });
  if (/(^id$|_id$|Id$)/.test(name)) return fc.oneof(fc.constantFrom(...pools.ids), small);
  return fc.oneof(small, fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }));
};

/** Texts matching a pattern; null for the few patterns fast-check cannot generate from (lookahead). */
const patternArb = (pattern: string): fc.Arbitrary<string> | null => {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
};

const stringArb = (schema: Schema, pools: Pools, mode: Mode): fc.Arbitrary<unknown> => {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as string[]));
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 300, 300);
  const minLength = typeof schema.minLength === 'number' ? Math.min(schema.minLength, maxLength) : 0;
  if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return fc.constantFrom(...DATES);
  const matching = typeof schema.pattern === 'string' ? patternArb(schema.pattern) : null;
  if (mode === 'valid') {
    if (matching) return matching;
    if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom(...pools.emails));
    return fc.oneof(fc.string({ minLength: Math.max(minLength, 1), maxLength: Math.min(maxLength, 40) }), fc.constantFrom(...pools.texts));
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 20) }),
    fc.constantFrom(...pools.texts),
    ...(matching ? [matching] : []),
  );
};

/** An arbitrary of values for a JSON schema (the subset the routes use). */
const arbitraryOf = (schema: Schema | undefined, pools: Pools, mode: Mode, name = ''): fc.Arbitrary<unknown> => {
  if (!schema) return fc.constant(undefined);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, pools, mode, name)));
  if ('const' in schema) return fc.constant(schema.const);
  const byType = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'integer':
        return integerArb(schema, name, pools);
      case 'number':
        return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e6 }), integerArb(schema, name, pools));
      case 'string':
        return stringArb(schema, pools, mode);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(arbitraryOf(schema.items as Schema | undefined, pools, mode, name), { maxLength: 4 });
      default:
        return objectArb(schema, pools, mode);
    }
  });
  if (mode === 'valid') return fc.oneof(...byType);
  return fc.oneof({ arbitrary: fc.oneof(...byType), weight: 4 }, { arbitrary: hostile, weight: 1 });
};

const objectArb = (schema: Schema, pools: Pools, mode: Mode): fc.Arbitrary<Record<string, unknown>> => {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const fields = Object.entries(properties).map(([key, property]) =>
    fc.tuple(fc.constant(key), arbitraryOf(property, pools, mode, key), fc.nat(9)),
  );
  const extra =
    mode === 'valid'
      ? fc.constant(null)
      : fc.option(fc.tuple(fc.constantFrom('onbekend', '__proto__', 'constructor', 'id'), hostile), { freq: 4 });
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, unknownField]) => {
    const value: Record<string, unknown> = {};
    // An optional field about half the time; a hostile request leaves out a required one now and then.
    for (const [key, field, dice] of entries) if (dice < (required.has(key) ? (mode === 'valid' ? 10 : 9) : 5)) value[key] = field;
    if (unknownField) Object.defineProperty(value, unknownField[0], { value: unknownField[1], enumerable: true });
    return value;
  });
};

/** JSON text of a body with, now and then, a value JSON.stringify cannot write (1e309, a lone escape). */
const brokenJsonArb = (body: fc.Arbitrary<unknown>) =>
  fc.tuple(body, fc.constantFrom(...HOSTILE_LITERALS), fc.nat(3)).map(([value, literal, how]) => {
    const json = JSON.stringify(value ?? {}) ?? '{}';
    if (how === 0) return { raw: json.replace(/:(\d+|"[^"]*"|true|false|null)/, `:${literal}`), contentType: 'application/json' };
    if (how === 1) return { raw: json.slice(0, Math.max(1, Math.floor(json.length / 2))), contentType: 'application/json' };
    if (how === 2) return { raw: json, contentType: 'text/plain' };
    return { raw: '', contentType: 'application/json' };
  });

/** The file field each upload route reads, and lines of the file it expects. */
interface Upload {
  field: string;
  header: string;
  /** A line, hostile values mixed in. */
  line: fc.Arbitrary<string>;
  /** A well-formed line. */
  validLine(pools: Pools): fc.Arbitrary<string>;
}

/** A day of the running month as the usage file writes it (DD-MM-YYYY). */
const usageDay = (day: number) => isoDate({ ...today, day: Math.min(day, today.day) }).split('-').reverse().join('-');

const UPLOADS: Record<string, Upload> = {
  'POST /api/end-users/import': {
    field: 'data',
    header: 'voornaam;achternaam',
    validLine: () => fc.tuple(fc.stringMatching(/^[A-Za-z][a-z]{1,15}$/), fc.stringMatching(/^[A-Z][a-z]{1,15}$/)).map(([a, b]) => `${a};${b}`),
    line: fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...HOSTILE_STRINGS)), fc.string()).map(([a, b]) => `${a};${b}`),
  },
  'POST /api/usage/import': {
    field: 'usage',
    header: 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
    line: fc
      .tuple(
        fc.constantFrom(...DATES),
        fc.constantFrom('12:00:00', '25:61:61', '\u0000'),
        fc.constantFrom('0612345678', '31612345678', '\uD800', ''),
        fc.constantFrom('0201234567', 'x'.repeat(300)),
        fc.constantFrom('uitgaand', 'inkomend', 'zijwaarts'),
        fc.constantFrom('voice', 'sms', 'data', 'fax'),
        fc.constantFrom('60', '-1', '1e309', 'Infinity', '2147483648'),
        fc.constantFrom('', 'NL', '\u0000'),
        fc.constantFrom('0.10', '1e309', 'NaN', '-5', '0,01'),
      )
      .map((cells) => cells.join(';')),
    validLine: (pools) =>
      fc
        .tuple(fc.integer({ min: 1, max: 28 }), fc.constantFrom(...pools.numbers), fc.constantFrom('voice;60', 'sms;1', 'data;2097152'))
        .map(([day, number, kind]) => `${usageDay(day)};12:00:00;${number};0201234567;uitgaand;${kind};out;0,10`),
  },
};

const BOUNDARY = 'fuzz-boundary';

/** Multipart bodies: whole, truncated, without boundary, with another field, with garbage. */
const multipartArb = (key: string): fc.Arbitrary<FuzzRequest['body']> => {
  const { field, header, line } = UPLOADS[key];
  return fc
    .tuple(fc.array(line, { maxLength: 5 }), fc.nat(5), fc.nat(400), fc.constantFrom(field, 'other', ''))
    .map(([lines, how, cut, name]) => {
      const csv = [header, ...lines].join('\r\n');
      const whole =
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="bestand.csv"\r\n` +
        `Content-Type: text/csv\r\n\r\n${csv}\r\n--${BOUNDARY}--\r\n`;
      const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
      if (how === 0) return { raw: whole.slice(0, Math.min(cut, whole.length - 1)), contentType };
      if (how === 1) return { raw: whole, contentType: 'multipart/form-data' };
      if (how === 2) return { raw: `--${BOUNDARY}\r\n\r\n\u0000garbage`, contentType };
      if (how === 3) return { raw: whole.replace(`--${BOUNDARY}--`, ''), contentType };
      return { raw: whole, contentType };
    });
};

/** A whole multipart upload of a file with well-formed lines. */
const validUploadArb = (key: string, pools: Pools): fc.Arbitrary<FuzzRequest['body']> => {
  const { field, header, validLine } = UPLOADS[key];
  return fc.array(validLine(pools), { minLength: 1, maxLength: 5 }).map((lines) => ({
    raw:
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="bestand.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${[header, ...lines].join('\r\n')}\r\n--${BOUNDARY}--\r\n`,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  }));
};

/** The requests for one route from its schema (params, querystring, body) or its upload form, in one mode. */
const requestsOfMode = (key: string, route: RouteOptions, pools: Pools, mode: Mode): fc.Arbitrary<FuzzRequest> => {
  const schema = (route.schema ?? {}) as Record<string, Schema | undefined>;
  const placeholders = [...key.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const paramsSchema = schema.params ?? { type: 'object', properties: Object.fromEntries(placeholders.map((p) => [p, { type: 'integer' }])) };
  const params = arbitraryOf(paramsSchema, pools, mode).map((value) => {
    const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    // Every placeholder needs a value: a missing one is filled with a hostile text.
    return Object.fromEntries(placeholders.map((p) => [p, p in object ? object[p] : '\u0000']));
  });
  const querySchema = arbitraryOf(schema.querystring, pools, mode);
  const query =
    mode === 'valid'
      ? querySchema
      : fc.oneof(
          { arbitrary: querySchema, weight: 6 },
          { arbitrary: fc.constantFrom('a=1&a=2&a[b]=c', '%', '%E0%A4%A', 'x=%00', 'limit=1e309&offset=Infinity', '&&&=='), weight: 1 },
        );
  const jsonBody = arbitraryOf(schema.body ?? { type: 'object', properties: {} }, pools, mode);
  let body: fc.Arbitrary<FuzzRequest['body']> = jsonBody.map((json) => ({ json }));
  if (UPLOADS[key]) body = mode === 'valid' ? validUploadArb(key, pools) : fc.oneof({ arbitrary: multipartArb(key), weight: 5 }, { arbitrary: body, weight: 1 });
  else if (mode === 'hostile') body = fc.oneof({ arbitrary: body, weight: 4 }, { arbitrary: brokenJsonArb(jsonBody), weight: 1 });
  const method = key.split(' ')[0];
  return fc.record({
    params,
    query: query.map((q) => (typeof q === 'string' ? q : q && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : {})),
    body: method === 'GET' || method === 'DELETE' ? fc.option(body, { freq: 6 }).map((b) => b ?? undefined) : body,
  });
};

/** Requests that follow the schema, so that they reach the handlers, and hostile ones. */
const requestsArb = (key: string, route: RouteOptions, pools: Pools): fc.Arbitrary<FuzzRequest> =>
  fc.oneof(
    { arbitrary: requestsOfMode(key, route, pools, 'valid'), weight: 1 },
    { arbitrary: requestsOfMode(key, route, pools, 'hostile'), weight: 1 },
  );

/** A query value as text (light-my-request takes strings or arrays of strings). */
const queryText = (value: unknown): string | string[] => {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
};

const urlOf = (path: string, request: FuzzRequest): string => {
  const params = Object.fromEntries(Object.entries(request.params).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
  let url: string;
  try {
    url = `/api${fillPath(path.slice(4), params)}`;
  } catch {
    url = `/api${path.slice(4).replace(/:[A-Za-z_]+/g, '%00')}`;
  }
  if (typeof request.query === 'string') return `${url}?${request.query}`;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(request.query)) for (const text of [queryText(v)].flat()) search.append(k, text);
  const text = search.toString();
  return text ? `${url}?${text}` : url;
};

/** Destructive calls (ending sessions, deleting objects) run last, so they do not thin out the others' fixtures. */
const orderOf = (key: string) => (key.startsWith('GET ') ? 0 : key.startsWith('DELETE ') || key.includes('/logout') ? 2 : 1);
const ROUTE_KEYS = Object.keys(ROUTE_ACCESS).sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b));

/** English words of framework or validator messages: a refusal must be Dutch. */
const ENGLISH = /\b(must|should|cannot|Unexpected|Unsupported|invalid|required|property|Body|expected)\b/;

const seedOf = (key: string, role: Role) => {
  let hash = SEED;
  for (const char of `${key} ${role}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

let t: TestApp;
const registered: RouteOptions[] = [];
const routes = new Map<string, RouteOptions>();
let pools: Pools;
const userIds: Partial<Record<Role, number>> = {};
let requestNumber = 0;
let requestsSent = 0;

/**
 * Every insert, update and delete of the application's tables leaves a row in fuzz_journal, in
 * the same transaction: a write that is rolled back leaves none. A refused request must not add
 * one. (Sessions and one-time tokens are the auth routes' own bookkeeping and are left out.)
 */
const installJournal = async () => {
  const db = t.database.db;
  await db.execute(sql.raw('create table fuzz_journal (id bigserial primary key, tbl text not null)'));
  await db.execute(
    sql.raw(
      "create function fuzz_note() returns trigger language plpgsql as $$ begin insert into fuzz_journal (tbl) values (TG_TABLE_NAME); return null; end $$",
    ),
  );
  const tables = await queryRows<{ name: string }>(
    db,
    sql.raw(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not in ('fuzz_journal', 'fuzz_callers', 'sessions', 'auth_tokens')",
    ),
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`create trigger fuzz_note after insert or update or delete on "${name}" for each row execute function fuzz_note()`));
  }
  return tables.length;
};

/**
 * The callers as they were: an earlier route may have ended their company, disabled them or
 * changed their role (a success, not a bug), which would leave the later routes only 401s.
 */
const restoreCallers = async () => {
  const db = t.database.db;
  await db.execute(
    sql.raw('update users u set role_id = s.role_id, company_id = s.company_id, disabled = false from fuzz_callers s where u.id = s.id'),
  );
  await db.execute(sql.raw('update companies set end_time = null where end_time is not null and id in (select company_id from fuzz_callers)'));
};

const journalSize = async () => (await queryRows<{ n: number }>(t.database.db, sql.raw('select count(*)::int as n from fuzz_journal')))[0].n;

/**
 * The fuzz tests of one shard of the routes (every `shards`-th route of ROUTE_KEYS from `shard`
 * on): each shard is its own test file (fuzz.1.test.ts, …), so the test runner's workers share
 * the longest server test.
 */
export const fuzzShard = (shard: number, shards: number) => {
  const shardKeys = ROUTE_KEYS.filter((_, index) => index % shards === shard);

  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => registered.push(route) });
    for (const route of registered) {
      for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route);
    }
    const db = t.database.db;
    // The first ids of every table, and of the customer's own company (else its user meets only 404s).
    const tables = ['companies', 'users', 'articles', 'services', 'end_users', 'article_groups', 'parent_companies', 'bulk_services'];
    const customerTables = ['articles', 'services', 'end_users', 'bulk_services'];
    const customer = "(select company_id from users where email = 'klant@demo.nl')";
    const ids = await queryRows<{ id: number }>(
      db,
      sql.raw(
        [
          ...tables.map((table) => `(select id from ${table} order by id limit 6)`),
          ...customerTables.map((table) => `(select id from ${table} where company_id = ${customer} order by id limit 6)`),
        ].join(' union '),
      ),
    );
    const texts = await queryRows<{ text: string }>(
      db,
      sql.raw(`(select name as text from companies limit 5) union all (select firstname from end_users limit 5) union all (select name from articles limit 5)`),
    );
    const emails = await queryRows<{ email: string }>(db, sql.raw('select email from users order by id limit 8'));
    const numbers = await queryRows<{ value: string }>(
      db,
      sql.raw(
        `select i.value from service_field_inputs i join article_group_fields f on f.id = i.article_group_field_id
         where f.used_for_cdr and i.value <> '' order by i.id limit 20`,
      ),
    );
    pools = {
      ids: ids.map((r) => r.id),
      texts: [...texts.map((r) => r.text), 'Jansen', '12,50', '0'],
      emails: emails.map((r) => r.email),
      numbers: numbers.map((r) => r.value),
    };
    for (const [role, email] of [
      ['superadmin', 'superadmin@demo.nl'],
      ['admin', 'admin@demo.nl'],
      ['endUser', 'klant@demo.nl'],
    ] as const) {
      userIds[role] = (await queryRows<{ id: number }>(db, sql`select id from users where email = ${email}`))[0].id;
    }
    await db.execute(sql.raw(`create table fuzz_callers as select id, role_id, company_id from users where id in (${Object.values(userIds).join(',')})`));
    expect(await installJournal()).toBeGreaterThan(15);
  }, 120_000);

  afterAll(async () => {
    // For whoever tunes FUZZ_RUNS: how many requests this run sent.
    process.stdout.write(`fuzz: ${requestsSent} requests\n`);
    await t.close();
  });

  it('fuzzes every registered /api route, each in one shard', () => {
    expect(apiRouteKeys(registered)).toEqual([...ROUTE_KEYS].sort());
    expect(ROUTE_KEYS.filter((_, index) => index % shards === shard)).toEqual(shardKeys);
  });

  it('journals a committed write, and not one that was rolled back', async () => {
    const db = t.database.db;
    const before = await journalSize();
    const touch = sql`update companies set name = name where id = (select min(id) from companies)`;
    await db
      .transaction(async (tx) => {
        await tx.execute(touch);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await journalSize()).toBe(before);
    await db.execute(touch);
    expect(await journalSize()).toBe(before + 1);
  });

  /** The body of a request as text with its content type. */
  const wireBodyOf = (request: FuzzRequest): { payload?: string; contentType?: string } => {
    if (request.body && 'raw' in request.body) return { payload: request.body.raw, contentType: request.body.contentType };
    if (request.body && request.body.json !== undefined) return { payload: JSON.stringify(request.body.json), contentType: 'application/json' };
    return {};
  };

  /** Why a refusal is not the portal's: not JSON, no message, or English text (null when it is fine). */
  const refusalProblemOf = (body: string): string | null => {
    let parsed: { message?: unknown; errors?: { message?: unknown }[] };
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'not JSON';
    }
    const messages = [parsed.message, ...(parsed.errors ?? []).map((e) => e.message)];
    if (typeof parsed.message !== 'string') return 'no message';
    return messages.some((m) => typeof m === 'string' && ENGLISH.test(m)) ? 'not Dutch' : null;
  };

  describe.each(shardKeys)('%s', (key) => {
    it(`answers ${RUNS} requests per role below 500, without hanging, changing nothing when refusing`, async () => {
      const route = routes.get(key)!;
      const [method, path] = key.split(' ');
      const failures: string[] = [];
      /** How often each status came back (FUZZ_REPORT=1 prints them: do the requests reach the handlers?). */
      const statuses: Record<number, number> = {};
      for (const role of ROLES) {
        await restoreCallers();
        // A fresh session per role and route: an earlier route may have ended the previous one.
        const userId = userIds[role];
        const token = userId === undefined ? null : await t.tokenFor(userId);
        // The journal only grows by a request that succeeds: read again after one.
        let journal: number | undefined;
        for (const request of fc.sample(requestsArb(key, route, pools), { seed: seedOf(key, role), numRuns: RUNS })) {
          const url = urlOf(path, request);
          const { payload, contentType } = wireBodyOf(request);
          journal ??= await journalSize();
          requestNumber += 1;
          const started = performance.now();
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            payload,
            headers: { ...(token ? auth(token) : {}), ...(contentType ? { 'content-type': contentType } : {}) },
            remoteAddress: `10.${(requestNumber >> 16) & 255}.${(requestNumber >> 8) & 255}.${requestNumber & 255}`,
          });
          const ms = performance.now() - started;
          // What a request left running in the background (the cost specifications of a billing export, a mail) is its own doing.
          await t.app.backgroundTasks.settled();
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const what = `${role} ${method} ${url.slice(0, 200)} ${payload === undefined ? '' : JSON.stringify(payload.slice(0, 200))}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} for ${what}`);
          if (ms > SLOWEST_MS) failures.push(`${Math.round(ms)} ms for ${what}`);
          if (res.statusCode >= 400 && res.statusCode < 500) {
            const problem = refusalProblemOf(res.body);
            if (problem) failures.push(`${problem}: ${res.body.slice(0, 200)} for ${what}`);
            // Whatever the method: a GET may write too (the group bundle's recalculation).
            if ((await journalSize()) !== journal) failures.push(`${res.statusCode} but the database changed for ${what}`);
          } else {
            journal = undefined;
          }
          if (failures.length >= 10) break;
        }
      }
      requestsSent += Object.values(statuses).reduce((sum, n) => sum + n, 0);
      if (process.env.FUZZ_REPORT) process.stdout.write(`${key}: ${JSON.stringify(statuses)}\n`);
      expect(failures).toEqual([]);
    }, 120_000);
  });

  /** Blank texts: Ajv's coercion would read the last three as 0 and '' as null (plugins/blankNumbers.ts). */
  const BLANKS = ['', ' ', '\t', '\u00a0'];

  const takesNumber = (schema: Schema): boolean =>
    [schema.type].flat().some((type) => type === 'integer' || type === 'number') ||
    ((schema.anyOf ?? schema.oneOf ?? []) as Schema[]).some(takesNumber);

  /** The number fields of a request part: its properties, also those of an object branch (an optional body). */
  const numberFieldsOf = (schema: Schema | undefined): string[] => {
    if (!schema) return [];
    const objects = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as Schema[])];
    const fields = objects.flatMap((object) => Object.entries((object.properties ?? {}) as Record<string, Schema>));
    return [...new Set(fields.filter(([, property]) => takesNumber(property)).map(([name]) => name))];
  };

  describe('blank and whitespace texts in every number field', () => {
    it('answer 400 with a Dutch message on every route, and change nothing', async () => {
      await restoreCallers();
      const token = await t.tokenFor(userIds.superadmin!);
      const failures: string[] = [];
      let sent = 0;
      for (const key of shardKeys) {
        const schema = (routes.get(key)!.schema ?? {}) as Record<string, Schema | undefined>;
        const [method, path] = key.split(' ');
        const placeholders = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
        const validParams = Object.fromEntries(placeholders.map((p) => [p, pools.ids[0]]));
        const requests: FuzzRequest[] = [];
        for (const blank of BLANKS) {
          // An empty path segment matches no route (404): params get the other three.
          if (blank) for (const field of numberFieldsOf(schema.params)) requests.push({ params: { ...validParams, [field]: blank }, query: {} });
          for (const field of numberFieldsOf(schema.querystring)) requests.push({ params: validParams, query: { [field]: blank } });
          if (!UPLOADS[key]) for (const field of numberFieldsOf(schema.body)) requests.push({ params: validParams, query: {}, body: { json: { [field]: blank } } });
        }
        for (const request of requests) {
          const journal = await journalSize();
          const url = urlOf(path, request);
          const { payload, contentType } = wireBodyOf(request);
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            payload,
            headers: { ...auth(token), ...(contentType ? { 'content-type': contentType } : {}) },
          });
          sent += 1;
          const what = `${method} ${url} ${payload ?? ''}`;
          if (res.statusCode !== 400) failures.push(`${res.statusCode} for ${what}: ${res.body.slice(0, 200)}`);
          else if (refusalProblemOf(res.body)) failures.push(`${refusalProblemOf(res.body)} for ${what}`);
          if ((await journalSize()) !== journal) failures.push(`the database changed for ${what}`);
        }
      }
      requestsSent += sent;
      expect(sent).toBeGreaterThan(50);
      expect(failures).toEqual([]);
    }, 120_000);
  });
};
