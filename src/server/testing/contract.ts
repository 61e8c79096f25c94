import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { isApiCall } from '../plugins/openapi';

/**
 * The contract test: every answer an /api route gives the server tests is held against
 * the API document (plugins/openapi.ts), so the document cannot drift from what the server does.
 * The test app (testApp.ts) records each answer as the route sent it and throws from `inject()`
 * when it does not fit: the status must be one the document lists for the operation, a JSON
 * body must match that status's schema, any other body (CSV, xlsx) must have a listed content type.
 */

/** One answer as the route sent it (before compression). */
export interface Answer {
  method: string;
  /** The route that answered, as registered: `/api/articles/:id`. */
  route: string;
  status: number;
  contentType: string | undefined;
  /** The body as sent, or null for a stream (an .xlsx download). */
  body: string | null;
}

interface ResponseObject {
  content?: Record<string, unknown>;
}

interface ApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject> } | undefined> | undefined>;
}

const DOCUMENT_ID = 'openapi.json';

/** The document's path of a route: `/api/report/:userId/:phoneNumber` -> `/report/{userId}/{phoneNumber}`. */
const documentPathOf = (route: string) => route.replace(/^\/api/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** A JSON pointer into the document, as a URI fragment (Ajv decodes it). */
const pointerTo = (...tokens: string[]) => '#/' + tokens.map((t) => encodeURIComponent(t.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase();

/** Checks answers against one API document; validators are compiled per operation and status, once. */
export const contractOf = (document: ApiDocument) => {
  // The document as one schema, so the response schemas' `$ref`s to its components resolve.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(document as object, DOCUMENT_ID);
  const validators = new Map<string, ValidateFunction>();

  const validatorOf = (path: string, method: string, status: string) => {
    const ref = DOCUMENT_ID + pointerTo('paths', path, method, 'responses', status, 'content', 'application/json', 'schema');
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };

  const bodyMismatch = (answer: Answer, path: string, method: string): string | null => {
    let value: unknown;
    try {
      value = JSON.parse(answer.body ?? '');
    } catch {
      return 'the body is not JSON';
    }
    const validate = validatorOf(path, method, String(answer.status));
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'body', separator: '; ' });
  };

  /** Why the answer does not fit the document, or null when it does (or is no call of the API). */
  const mismatchOf = (answer: Answer): string | null => {
    if (!isApiCall(answer.route) || answer.method === 'HEAD' || answer.method === 'OPTIONS') return null;
    const path = documentPathOf(answer.route);
    const method = answer.method.toLowerCase();
    const operation = document.paths?.[path]?.[method];
    if (!operation) return `${answer.method} ${path} is not in the API document`;
    const where = `${answer.method} ${path} answered ${answer.status}`;
    const response = operation.responses?.[String(answer.status)];
    if (!response) return `${where}, a status the document does not list (${Object.keys(operation.responses ?? {}).join(', ')})`;
    if (!response.content) return answer.body ? `${where} with a body, the document lists none` : null;
    const mediaType = mediaTypeOf(answer.contentType);
    if (!mediaType || !(mediaType in response.content)) {
      return `${where} as ${mediaType ?? 'no content type'}, the document lists ${Object.keys(response.content).join(', ')}`;
    }
    if (mediaType !== 'application/json') return null;
    const problem = bodyMismatch(answer, path, method);
    return problem && `${where}: ${problem}`;
  };

  return { mismatchOf };
};

/** Records every /api answer of `app` (a new instance: the hook must come before the routes). */
export const recordAnswers = (app: FastifyInstance, answers: WeakMap<object, Answer>) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route && isApiCall(route)) {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const contentType = reply.getHeader('content-type');
      answers.set(request.raw, { method: request.method, route, status: reply.statusCode, contentType: contentType?.toString(), body });
    }
    return payload;
  });
};

/**
 * Makes `app.inject(options)` throw when the answer does not fit the document, so the test that
 * asked fails, naming the call, the status and what does not fit. (The chained form,
 * `inject()` without options, is left as it is; no test uses it.)
 */
export const holdToContract = (app: FastifyInstance, answers: WeakMap<object, Answer>) => {
  const inject = app.inject.bind(app);
  let contract: ReturnType<typeof contractOf> | undefined;
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options);
    const answer = answers.get(res.raw.req);
    // The document is complete once the app is ready, as it is by the first request.
    const problem = answer ? (contract ??= contractOf(app.swagger() as ApiDocument)).mismatchOf(answer) : null;
    if (problem) throw new Error(`The answer does not fit the API document (plugins/openapi.ts): ${problem}\nBody: ${res.body.slice(0, 1000)}`);
    return res;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined ? (inject as (...args: unknown[]) => unknown)(options, callback) : checked(options)) as FastifyInstance['inject'];
};
