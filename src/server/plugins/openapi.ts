import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifySchema } from 'fastify';
import { projectRoot } from '../projectRoot';
import { apiDocsPage, type ApiDocument } from './apiDocsPage';
import { messageSchema } from './errors';
import { operationOf, RESOURCES, UPLOAD_FIELDS } from './openapiOperations';

/**
 * The API document (OpenAPI 3.1), generated from the routes' own schemas by @fastify/swagger, so
 * it says what the server does: `/api/openapi.json`, and readable as a page of its own at `/api/docs`
 * (apiDocsPage.ts).
 * One transform names every call (openapiOperations.ts) and states from the route's config who
 * may make it; the contract check of the server tests (testing/contract.ts) holds every answer
 * they receive against it.
 */

const API_PREFIX = '/api';
export const API_DOCUMENT_PATH = `${API_PREFIX}/openapi.json`;
export const API_DOCS_PATH = `${API_PREFIX}/docs`;

/** The documentation page: public, and no call of the API. */
export const isViewerRoute = (url: string) => url === API_DOCS_PATH;

/** The calls the document describes: every /api route but the document itself and its viewer. */
export const isApiCall = (url: string) => url.startsWith(`${API_PREFIX}/`) && url !== API_DOCUMENT_PATH && !isViewerRoute(url);

/** The security scheme's name in the document. */
const BEARER = 'bearer';

/** What an answer without a description of its own means, by status. */
const DESCRIPTIONS: Record<string, string> = {
  200: 'Gelukt.',
  201: 'Aangemaakt.',
  204: 'Gelukt, zonder inhoud.',
  413: 'Het verzoek of bestand is te groot.',
  415: 'Dit type inhoud wordt niet ondersteund.',
};

const descriptionOf = (status: string) => DESCRIPTIONS[status] ?? (status.startsWith('2') ? 'Gelukt.' : 'Mislukt: `message` zegt waarom.');

/** Answers the errors plugin (plugins/errors.ts) may give to any call, whatever its schema. */
const unavailableResponse = {
  description: 'De database is even niet bereikbaar: probeer het na Retry-After seconden opnieuw.',
  type: 'object',
  properties: { message: { type: 'string' }, request_id: { type: 'string' } },
  required: ['message', 'request_id'],
} as const;

/** And to any call that may carry a body (all but GET): Fastify's body limit and content type parser, schema or not. */
const bodyResponses = { 413: { ...messageSchema }, 415: { ...messageSchema } };

type ResponseSchemas = Record<string, { description?: string; [keyword: string]: unknown }>;

/** Every answer of the call, the generic errors included, each with a description. */
const responsesOf = (schema: FastifySchema, method: string): ResponseSchemas => {
  const all: ResponseSchemas = { ...(method === 'GET' ? {} : bodyResponses), 503: unavailableResponse, ...(schema.response as ResponseSchemas | undefined) };
  // Status keys are integer-like: the object lists them in ascending order.
  return Object.fromEntries(Object.entries(all).map(([status, answer]) => [status, answer.description ? answer : { ...answer, description: descriptionOf(status) }]));
};

/** Who may make the call, as the auth hook (plugins/auth.ts) decides from the route's config. */
const accessOf = (config: FastifyContextConfig) => {
  if (config.public) return 'Openbaar: zonder token.';
  if (config.permission) return `Vereist recht: ${config.permission}.`;
  return 'Voor elke ingelogde gebruiker (geen apart recht).';
};

/** The multipart body of an upload call, which its handler reads itself (no body schema). */
const uploadBody = (field: string) => ({
  consumes: ['multipart/form-data'],
  body: { type: 'object', properties: { [field]: { type: 'string', format: 'binary' } }, required: [field] },
});

/** Names and describes one route for the document; routes outside /api (health, metrics, the SPA) stay out. */
const transform: SwaggerTransform = ({ schema, url, route }) => {
  if (!isApiCall(url) || typeof route.method !== 'string') return { schema: { ...schema, hide: true }, url };
  const method = route.method;
  const callPath = url.slice(API_PREFIX.length);
  const { operationId, summary, tag } = operationOf(method, callPath);
  const config = route.config ?? {};
  const uploadField = UPLOAD_FIELDS[`${method} ${callPath}`];
  const upload = uploadField ? uploadBody(uploadField) : {};
  const description = [
    accessOf(config),
    config.twoFactorSetup ? 'Ook met een sessie die eerst tweestapsverificatie moet instellen.' : '',
    uploadField ? `Multipart-formulier met het bestand in veld \`${uploadField}\`.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    url,
    schema: {
      ...schema,
      ...upload,
      operationId,
      summary,
      description,
      tags: [tag],
      ...(config.permission ? { 'x-permission': config.permission } : {}),
      // Public calls need no token; the rest inherit the document's bearer requirement.
      ...(config.public ? { security: [] } : {}),
      response: responsesOf(schema ?? {}, method),
    },
  };
};

const packageVersion = (): string => JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')).version;

const DESCRIPTION = [
  'De API van Mijn Portaal: dezelfde aanroepen die het portaal zelf doet (specificatie hoofdstuk 7).',
  'Log in met `POST /auth/login` (met tweestapsverificatie daarna `POST /auth/login/two-factor`) en stuur het token dat terugkomt',
  'mee als `Authorization: Bearer <token>`; het is een uur geldig.',
  'Tijden zijn Unix-seconden, datumparameters JJJJ-MM-DD, bedragen getallen in euro. Elke fout antwoordt `{ "message": "..." }` in het Nederlands,',
  'bij ongeldige invoer (400) met `errors: [{ field, message }]`. Wat een aanroep vereist staat in zijn omschrijving en in `x-permission`.',
].join('\n');

const swaggerOptions = () => ({
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Mijn Portaal API', version: packageVersion(), description: DESCRIPTION },
    servers: [{ url: API_PREFIX }],
    components: {
      securitySchemes: {
        [BEARER]: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT', description: 'Het token uit POST /auth/login (of /auth/reset), een uur geldig.' },
      },
    },
    security: [{ [BEARER]: [] }],
    tags: Object.entries(RESOURCES).map(([name, { description }]) => ({ name, description })),
  },
  transform,
});

/**
 * The page and the document, open to anyone (they hold no data). The page is plain HTML without a
 * script, under the app's CSP; it is made once, from the document of the routes then registered.
 */
const documentationRoutes = async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
  let page: string | undefined;
  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) => {
    page ??= apiDocsPage(app.swagger() as unknown as ApiDocument, API_DOCUMENT_PATH);
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.get(API_DOCUMENT_PATH, { schema: { hide: true } }, async () => app.swagger());
};

/** Registered before the API routes, so that swagger's route hook sees every one of them. */
export default fp(
  async (app) => {
    await app.register(swagger, swaggerOptions());
    await app.register(documentationRoutes);
  },
  { name: 'openapi', dependencies: ['auth'] },
);
