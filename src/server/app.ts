import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { IMMUTABLE, isHashedFile, serveClientScripts } from './clientScripts';
import type { Config, TrustedProxies } from './config';
import type { Database } from './db';
import { projectRoot } from './projectRoot';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import metricsPlugin from './plugins/metrics';
import openapiPlugin from './plugins/openapi';
import { createMailer, createMailLimits } from './services/mail';
import { createBackgroundTasks, settleWithin } from './services/backgroundTasks';
import { memoryRateLimits, redisRateLimits } from './services/rateLimiter';
import { createTokenService } from './services/auth/tokens';
import { apiRoutes } from './routes';
import healthRoutes from './routes/health';
import './types';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Folder of the built SPA; served when it exists. */
  clientDir?: string;
}

/** The build's source maps and their compressed copies: never sent to a browser. */
const SOURCE_MAPS = ['**/*.map', '**/*.map.br', '**/*.map.gz'];

/** /api and below, by the raw address or by the route it matched (the router decodes `/%61pi/...`). */
const isApiRequest = (url: string, routeUrl: string | undefined) =>
  /^\/api(?:[/?]|$)/.test(url) || (routeUrl?.startsWith('/api/') ?? false);

/**
 * A request's id: the one a load balancer put in `X-Request-Id` when it looks like an id (so its
 * log and ours meet), else a new random one; unique across instances, unlike Fastify's counter.
 * It is in every log line of the request, in the answer's `X-Request-Id`, and in a 5xx's body.
 */
const requestIdOf = (request: { headers: Record<string, string | string[] | undefined> }): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : crypto.randomUUID();
};

/**
 * Fastify's `trustProxy` for TRUST_PROXY: the listed proxies, or the nearest `hops` connections
 * whoever they are (Fastify itself trusts no one for a bare number). Either way `request.ip` is
 * the address the nearest trusted proxy saw: the last untrusted one in `X-Forwarded-For`, so an
 * entry a client wrote before it changes nothing. It is the client of every limit (docs/security.md).
 */
const trustProxyOf = (trusted: TrustedProxies | undefined) =>
  typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : (trusted ?? false);

/** Helmet's settings; `inlineScripts` are the CSP hashes of the SPA's inline scripts (its first ones). */
const securityHeaders = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // No inline script: every script is a file of the build.
      scriptSrc: ["'self'"],
      // MUI's emotion injects style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  hsts: { maxAge: 31536000, includeSubDomains: true },
  referrerPolicy: { policy: 'same-origin' as const },
};

/** The operator's addresses: never the web app, also when one is switched off. */
const OPERATOR_PATHS = /^\/(?:metrics|healthz|readyz)(?:[/?#]|$)/;

/** Registers third-party plugins, then ours, then the API routes, then the SPA. */
export const buildApp = async ({ config, database, clientDir }: AppOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    genReqId: requestIdOf,
    trustProxy: trustProxyOf(config.trustedProxies),
    ajv: { customOptions: { allErrors: true, coerceTypes: 'array', removeAdditional: false } },
  });

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('db', database.db);
        instance.decorate('tokens', createTokenService(config.jwtSecret));
        const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: instance.log });
        instance.decorate('mailer', mailer);
        const rateLimits = config.redisUrl ? redisRateLimits(config.redisUrl, config.redisKeyPrefix, instance.log) : memoryRateLimits();
        instance.decorate('rateLimits', rateLimits);
        instance.decorate('mailLimits', createMailLimits(rateLimits));
        const backgroundTasks = createBackgroundTasks(instance.log);
        instance.decorate('backgroundTasks', backgroundTasks);
        instance.decorate('lifecycle', { draining: false });
        instance.addHook('onClose', async () => {
          await settleWithin(backgroundTasks);
          mailer.close();
          await rateLimits.close();
        });
      },
      { name: 'core' },
    ),
  );
  const spaDir = clientDir ?? path.join(projectRoot(), 'build/public');
  const indexHtml = path.join(spaDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  await app.register(helmet, securityHeaders);
  // Before the routes and the static files: it hooks every route as it is added. JSON, CSV and the
  // SPA's files above 1 kB travel as brotli or gzip (a 5,000-service article is ≈1.3 MB of JSON).
  // Quality 4 and level 6: a few ms for such an answer. Request bodies are left as they come.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadLimitBytes, files: 1 } });
  // API answers are the user's own data (and CSV downloads of it): no browser or proxy keeps a copy.
  // Before the auth hook's 401 and 403, and before the handler, which may still say otherwise.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (isApiRequest(request.url, request.routeOptions.url)) reply.header('Cache-Control', 'no-store');
    // A private portal: no search engine lists its pages, files or answers (robots.txt asks the same).
    reply.header('X-Robots-Tag', 'noindex');
  });
  await app.register(metricsPlugin, { database, token: config.metricsToken });
  await app.register(errorsPlugin);
  await app.register(authPlugin);
  // Before the routes: it documents each as it is added (/api/openapi.json, /api/docs).
  await app.register(openapiPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(healthRoutes);

  if (hasClient) {
    const inMemory = serveClientScripts(app, spaDir);
    await app.register(fastifyStatic, {
      root: spaDir,
      index: false,
      wildcard: false,
      // The hashed scripts are served from memory (clientScripts.ts).
      // Source maps stay on the server (webpack.config.ts writes them without a link in the scripts).
      globIgnore: [...inMemory, ...SOURCE_MAPS],
      // The build writes a .br and a .gz copy of every file above 1 kB (webpack.config.ts): sent
      // as they are when the browser accepts them; smaller files are compressed by the plugin above.
      preCompressed: true,
      // Else send's own "public, max-age=0" overrides the header set below and the fallback's no-cache.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', isHashedFile(path.basename(filePath)) ? IMMUTABLE : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A source map's address answers 404, not the page, so nothing suggests one exists; so does
    // an operator's address the server does not offer (/metrics without METRICS_TOKEN).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !OPERATOR_PATHS.test(request.url) &&
      !/\.map(?:\.br|\.gz)?(?:[?#]|$)/i.test(request.url);
    if (isPage && hasClient) {
      // History fallback: the SPA's router decides, including its own 404 page.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Niet gevonden.' });
  });

  return app;
};
