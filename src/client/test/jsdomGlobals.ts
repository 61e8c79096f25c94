import { TextDecoder, TextEncoder } from 'node:util';

/**
 * jsdom lacks parts of the browser that the portal relies on: TextEncoder (react-router
 * creates one when it loads) and the fetch classes (RTK Query builds a Request for every
 * call). Loaded for every client test by jest.config.ts (setupFiles).
 */

Object.assign(globalThis, { TextEncoder, TextDecoder });

class TestRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: string | null;
  readonly credentials: RequestCredentials | undefined;

  constructor(input: string | TestRequest, init: RequestInit = {}) {
    const base = typeof input === 'string' ? undefined : input;
    this.url = base?.url ?? (input as string);
    this.method = (init.method ?? base?.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers ?? base?.headers);
    this.body = typeof init.body === 'string' ? init.body : (base?.body ?? null);
    this.credentials = init.credentials ?? base?.credentials;
  }
}

class TestResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;

  constructor(
    private readonly body: string | null = null,
    init: ResponseInit = {},
  ) {
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new Headers(init.headers);
  }

  async text() {
    return this.body ?? '';
  }

  async json() {
    return JSON.parse(this.body ?? '');
  }

  clone() {
    return new TestResponse(this.body, { status: this.status, headers: this.headers });
  }
}

if (typeof globalThis.Request === 'undefined') Object.assign(globalThis, { Request: TestRequest });
if (typeof globalThis.Response === 'undefined') Object.assign(globalThis, { Response: TestResponse });

if (typeof globalThis.fetch === 'undefined') {
  Object.assign(globalThis, {
    fetch: () => Promise.reject(new Error('No fake server in this test: call mockServer() first')),
  });
}
