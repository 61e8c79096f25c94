import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { projectRoot } from '../projectRoot';
import { contractOf, type Answer } from '../testing/contract';
import { createTestApp, type TestApp } from '../testing/testApp';
import { API_DOCS_PATH, isApiCall } from './openapi';
import { RESOURCES } from './openapiOperations';

/**
 * The API document: a valid OpenAPI 3.1 document of every /api call, named as the
 * portal names them, with who may make each; its documentation page (every operation, under the app's CSP); and the contract
 * check that holds the server tests' answers to it, shown to fail on a wrong answer.
 */

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  'x-permission'?: string;
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
}
interface ApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let t: TestApp;
const registered: RouteOptions[] = [];
let document: ApiDocument;
/** The documentation page's HTML (GET /api/docs). */
let docsPage = '';

beforeAll(async () => {
  t = await createTestApp({ demo: false, onRoute: (route) => registered.push(route) });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
}, 60_000);
afterAll(() => t.close());

/** The /api calls the app registered (Fastify's own HEAD twins of GET routes left out), as `METHOD /path`. */
const registeredCalls = () =>
  registered
    .filter((route) => isApiCall(route.url) && route.method !== 'HEAD')
    .map((route) => ({ route, method: String(route.method), path: route.url.replace(/^\/api/, '') }));

const documentPath = (callPath: string) => callPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const operationOf = (method: string, callPath: string): Operation | undefined => document.paths[documentPath(callPath)]?.[method.toLowerCase()];

const allOperations = () => Object.values(document.paths).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]));

/** The document checked by @seriousme/openapi-schema-validator, an ES module: run by Node itself. */
const validated = (doc: unknown) =>
  new Promise<{ valid: boolean; errors?: unknown }>((resolve, reject) => {
    const script = [
      "import { Validator } from '@seriousme/openapi-schema-validator';",
      "let text = '';",
      'for await (const chunk of process.stdin) text += chunk;',
      'process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(text))));',
    ].join('\n');
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: projectRoot() }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(JSON.stringify(doc));
  });

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document that passes an OpenAPI validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const { version } = JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8'));
    expect(document.info).toMatchObject({ title: 'Mijn Portaal API', version });
    expect(await validated(document)).toEqual({ valid: true });
  }, 30_000);

  it('describes every /api call of the app, and nothing else, each with its own operationId and its resource as tag', () => {
    const calls = registeredCalls();
    expect(calls.length).toBeGreaterThan(60);
    for (const { method, path: callPath } of calls) {
      const operation = operationOf(method, callPath);
      expect({ call: `${method} ${callPath}`, operationId: operation?.operationId }).toEqual({ call: `${method} ${callPath}`, operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/) });
      expect(operation?.tags).toHaveLength(1);
    }
    const ids = allOperations().map((operation) => operation.operationId);
    expect(ids).toHaveLength(calls.length);
    expect(new Set(ids).size).toBe(ids.length);
    // No health check, metrics, SPA file, viewer file or the document itself.
    expect(Object.keys(document.paths).filter((p) => /^\/(healthz|readyz|metrics|docs|openapi)/.test(p))).toEqual([]);
  });

  it('names every call as the portal does, and names no call the app does not have', () => {
    const keys = new Set(registeredCalls().map(({ method, path: callPath }) => `${method} ${callPath}`));
    const named = new Set(Object.values(RESOURCES).flatMap(({ calls }) => Object.keys(calls)));
    expect([...keys].filter((key) => !named.has(key))).toEqual([]);
    for (const [tag, { calls }] of Object.entries(RESOURCES)) {
      for (const [key, [operationId, summary]] of Object.entries(calls)) {
        expect({ key, registered: keys.has(key) }).toEqual({ key, registered: true });
        const [method, callPath] = key.split(' ');
        expect(operationOf(method, callPath)).toMatchObject({ operationId, summary, tags: [tag] });
      }
    }
    expect(operationOf('GET', '/articles')?.operationId).toBe('getArticles');
    expect(operationOf('POST', '/articles/create')?.operationId).toBe('addArticle');
  });

  it("shows the permission each call needs, as the route's config says, and which calls need no token", () => {
    for (const { route, method, path: callPath } of registeredCalls()) {
      const operation = operationOf(method, callPath)!;
      const { permission, public: isPublic } = route.config ?? {};
      const call = `${method} ${callPath}`;
      expect({ call, permission: operation['x-permission'] }).toEqual({ call, permission });
      if (isPublic) {
        expect({ call, description: operation.description, security: operation.security }).toEqual({ call, description: expect.stringMatching(/^Openbaar/), security: [] });
      } else if (permission) {
        expect({ call, description: operation.description }).toEqual({ call, description: expect.stringMatching(new RegExp(`^Vereist recht: ${permission}\\.`)) });
      } else {
        expect({ call, description: operation.description }).toEqual({ call, description: expect.stringMatching(/^Voor elke ingelogde gebruiker/) });
      }
    }
    expect(operationOf('POST', '/articles/create')).toMatchObject({ 'x-permission': 'CREATE_ARTICLE', description: expect.stringMatching(/^Vereist recht: CREATE_ARTICLE/) });
  });

  it('describes the error answers with their Dutch messages, and downloads with their file types', () => {
    const { responses } = operationOf('GET', '/articles/:id')!;
    expect(responses['401'].description).toContain('Niet ingelogd of sessie verlopen.');
    expect(responses['403'].description).toContain('Geen toestemming voor deze actie.');
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '503']));
    expect(Object.keys(operationOf('GET', '/report/download')!.responses['200'].content!)).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
  });
});

describe(`${API_DOCS_PATH}: the documentation page`, () => {
  let page: Awaited<ReturnType<TestApp['app']['inject']>>;
  beforeAll(async () => {
    page = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    docsPage = page.body;
  });

  it('answers Dutch HTML without a login and without a script, under the CSP of the rest of the app', async () => {
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toMatch(/^<!doctype html>\s*<html lang="nl">/);
    expect(page.body).not.toMatch(/<script\b/i);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const api = await t.app.inject({ method: 'GET', url: '/api/support' });
    expect(page.headers['content-security-policy']).toBe(api.headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).toContain('<a class="skiplink" href="#aanroepen">');
    expect(page.body).toContain('<a href="/api/openapi.json">');
  });

  it('shows every operation of the document: its anchor, a link to it in the contents, method, path, summary, parameters and answers', () => {
    const operations = allEntries();
    expect(operations.length).toBeGreaterThan(100);
    for (const { method, path: callPath, operation } of operations) {
      const anchor = operation.operationId!;
      const section = sectionOf(anchor);
      expect({ anchor, found: section !== null }).toEqual({ anchor, found: true });
      expect(page.body).toContain(`<a href="#${anchor}">${method.toUpperCase()} ${callPath}</a>`);
      expect(section).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${callPath}</code>`);
      expect(section).toContain(escaped(operation.summary!));
      // Each answer by its status: its own, or among the shared error answers' line.
      const statuses = [...section!.matchAll(/<span class="status">([^<]+)<\/span>/g)].flatMap(([, listed]) => listed.split(', '));
      expect({ anchor, statuses: statuses.sort() }).toEqual({ anchor, statuses: Object.keys(operation.responses).sort() });
    }
    // One tag's heading each, in the document's order.
    const headings = [...page.body.matchAll(/<h2 id="groep-([^"]+)">/g)].map(([, name]) => name);
    expect(headings).toEqual(Object.keys(RESOURCES));
  });

  it('shows parameters with where they go, their type and whether they are required, and the fields of bodies and answers', () => {
    const user = sectionOf(operationOf('GET', '/users/:id')!.operationId!)!;
    expect(user).toMatch(/<code class="name">id<\/code> in het pad: <strong>verplicht<\/strong>, <span class="type">integer, minimaal 1, maximaal 2147483647<\/span>/);
    const addArticle = sectionOf('addArticle')!;
    expect(addArticle).toContain('<h4>Verzoek</h4>');
    // Bodies and answers as an indented outline: a field a line, one level in per nesting.
    const [request, created] = [...addArticle.matchAll(/<pre class="schema">([\s\S]*?)<\/pre>/g)].map(([, outline]) => outline.split('\n'));
    expect(request[0]).toBe('object');
    expect(request).toContain('  article_group_id: integer, verplicht, minimaal 1, maximaal 2147483647');
    expect(request).toContain('  sku: string of null, optioneel, maximaal 100 tekens');
    expect(request).toContain('  price: een van, optioneel');
    expect(request).toContain('    | number, minimaal 0');
    expect(addArticle).toMatch(/<span class="status">201<\/span> Aangemaakt\.<p class="content-type">Inhoud: <code>application\/json<\/code><\/p><pre class="schema">/);
    expect(created).toContain('  billing_cycle: object, verplicht');
    expect(created[created.indexOf('  billing_cycle: object, verplicht') + 1]).toMatch(/^ {4}\w+: /);
  });

  it("shows each error answer's shape once, under 'Foutantwoorden', and links a call's error answers to it", () => {
    const addArticle = sectionOf('addArticle')!;
    expect(addArticle).toMatch(/<li><span class="status">400, 401, 403, [\d, ]*503<\/span> De foutantwoorden van elke aanroep: <a href="#foutantwoorden">/);
    for (const status of ['400', '401', '403', '404', '503']) expect(docsPage.split(`<li id="fout-${status}">`)).toHaveLength(2);
    const errors = docsPage.slice(docsPage.indexOf('<h2 id="foutantwoorden">'));
    expect(errors).toMatch(/<li id="fout-400"><span class="status">400<\/span> Ongeldige invoer[^<]*<p class="content-type">Inhoud: <code>application\/json<\/code><\/p><pre class="schema">object/);
    expect(errors).toContain('\n  errors: lijst van object, optioneel');
  });
});

/** Every operation of the document with its method and path. */
const allEntries = () =>
  Object.entries(document.paths).flatMap(([callPath, item]) => METHODS.filter((m) => item[m]).map((method) => ({ method, path: callPath, operation: item[method] })));

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The HTML of one operation's section on the page, or null. */
const sectionOf = (anchor: string): string | null => {
  const start = docsPage.indexOf(`<section class="operation" id="${anchor}"`);
  if (start < 0) return null;
  return docsPage.slice(start, docsPage.indexOf('</section>', start));
};

describe('the contract check of the server tests (testing/contract.ts)', () => {
  const answer = (fields: Partial<Answer>): Answer => ({
    method: 'GET',
    route: '/api/support',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ phone: '020 123 45 67', email: 'support@demo.nl' }),
    ...fields,
  });

  it('passes an answer that fits the document', () => {
    const { mismatchOf } = contractOf(document);
    expect(mismatchOf(answer({}))).toBeNull();
    expect(mismatchOf(answer({ route: '/api/report/download', contentType: 'text/csv; charset=utf-8', body: '\uFEFFvoornaam;achternaam\r\n' }))).toBeNull();
    expect(mismatchOf(answer({ method: 'POST', route: '/api/auth/logout', status: 204, contentType: undefined, body: '' }))).toBeNull();
  });

  it('catches a body of the wrong shape, a status the document does not list, a wrong content type, and a call it does not have', () => {
    const { mismatchOf } = contractOf(document);
    const wrongShape = mismatchOf(answer({ body: JSON.stringify({ phone: 201234567 }) }));
    expect(wrongShape).toMatch(/^GET \/support answered 200: /);
    expect(wrongShape).toContain('body/phone must be string');
    expect(wrongShape).toContain("body must have required property 'email'");
    expect(mismatchOf(answer({ status: 500, body: JSON.stringify({ message: 'Er is een fout opgetreden.' }) }))).toMatch(/answered 500, a status the document does not list/);
    expect(mismatchOf(answer({ route: '/api/report/download', contentType: 'text/html' }))).toMatch(/as text\/html, the document lists text\/csv/);
    expect(mismatchOf(answer({ method: 'POST', route: '/api/auth/logout', status: 204, body: '{}' }))).toMatch(/with a body, the document lists none/);
    expect(mismatchOf(answer({ route: '/api/nothing/:id' }))).toBe('GET /nothing/{id} is not in the API document');
  });

  it("fails the test whose request got such an answer: inject() throws", async () => {
    // A route that answers a status its schema does not list.
    const broken = await createTestApp({
      demo: false,
      onRoute: (route) => {
        if (route.url === '/api/support' && route.method === 'GET') route.handler = async (_request, reply) => reply.code(202).send({ phone: '', email: '' });
      },
    });
    try {
      await expect(broken.app.inject({ method: 'GET', url: '/api/support' })).rejects.toThrow(/GET \/support answered 202, a status the document does not list/);
    } finally {
      await broken.close();
    }
  }, 60_000);
});
