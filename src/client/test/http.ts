import { FROM_PORTAL_HEADER } from '../../domain/fromPortal';

/** A request as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/api/groupbundlecosts?costs_date_from=2026-05-01`. */
  url: string;
  /** The header the server requires of a refresh and a logout (not cross-site). */
  requestedWith: string | null;
  authorization: string | null;
  credentials: RequestCredentials | undefined;
  /** The header that makes a retried submission one request (docs/requests.md, 'Around it'). */
  idempotencyKey: string | null;
  body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

/** Routes keyed `METHOD /path` (the query string is not part of the key). */
export type Routes = Record<string, Handler>;

export const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const seen = (input: RequestInfo | URL, init?: RequestInit): SeenRequest => {
  const request = input instanceof Request ? input : new Request(String(input), init);
  const body = request.body as unknown;
  return {
    method: request.method,
    url: request.url,
    requestedWith: request.headers.get(FROM_PORTAL_HEADER.name),
    authorization: request.headers.get('Authorization'),
    credentials: request.credentials,
    idempotencyKey: request.headers.get('Idempotency-Key'),
    body: typeof body === 'string' && body ? JSON.parse(body) : null,
  };
};

/**
 * Replaces `fetch` with a fake server for one test. Unknown routes answer 404 like the
 * real API. Answers the list of requests it saw.
 */
export const mockServer = (routes: Routes): SeenRequest[] => {
  const requests: SeenRequest[] = [];
  const answer = (request: SeenRequest) => {
    requests.push(request);
    // Like the real server: a refresh or logout without the portal's header is cross-site.
    const sessionCall = request.method === 'POST' && ['/api/auth/refresh', '/api/auth/logout'].includes(request.url);
    if (sessionCall && request.requestedWith !== FROM_PORTAL_HEADER.value) return json(403, { message: 'Dit verzoek kan alleen vanuit het portaal worden gedaan.' });
    const handler = routes[`${request.method} ${request.url.split('?')[0]}`];
    return handler ? handler(request) : json(404, { message: 'Not found' });
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    return answer(seen(input, init));
  }) as typeof fetch;
  return requests;
};

/** A promise the test settles itself, to hold an answer while it looks at the screen. */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
};
