import { decodeClaims } from '../base/token';
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
    body: typeof body === 'string' && body ? JSON.parse(body) : null,
  };
};

/** As the server's INCLUDED_BUDGET_MS: an included call not answered by then is left out. */
export const INCLUDED_BUDGET_MS = 100;

/**
 * Replaces `fetch` with a fake server for one test. Unknown routes answer 404 like the
 * real API. Answers the list of requests it saw.
 *
 * Like the real server, a refresh that answers a token answers the GET calls of its `include`
 * too (`{user}` and `{company}` standing for the token's), each through the routes with that
 * token and listed among the requests after the refresh, and keeps those that answered 200 within
 * INCLUDED_BUDGET_MS under `included`.
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
  const withIncluded = async (request: SeenRequest, response: Response): Promise<Response> => {
    const include = (request.body as { include?: string[] } | null)?.include;
    if (!include || !response.ok) return response;
    const body = (await response.json()) as { token: string };
    const claims = decodeClaims(body.token)!;
    const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), INCLUDED_BUDGET_MS));
    const included: Record<string, unknown> = {};
    await Promise.all(
      include.map(async (path) => {
        const url = `/api/${path.replaceAll('{user}', String(claims.sub)).replaceAll('{company}', String(claims.company_id))}`;
        const inner = await Promise.race([answer({ method: 'GET', url, requestedWith: null, authorization: `Bearer ${body.token}`, credentials: 'same-origin', body: null }), late]);
        if (inner?.status === 200) included[path] = await inner.json();
      }),
    );
    return json(200, { ...body, included });
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = seen(input, init);
    const response = await answer(request);
    return request.method === 'POST' && request.url === '/api/auth/refresh' ? withIncluded(request, response) : response;
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
