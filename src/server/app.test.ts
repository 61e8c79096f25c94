import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { acceptedEncodings } from './clientScripts';
import { projectRoot } from './projectRoot';
import { auth, createTestApp, type TestApp } from './testing/testApp';

/** The app as a whole: security headers everywhere, JSON 404 for the API, history fallback for the SPA. */

const INDEX_HTML = '<!doctype html><html lang="nl"><head><script src="/main.0123456789abcdef.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let clientDir: string;
const BIG_SCRIPT = 'console.log("a screen of the portal");\n'.repeat(200);
const PRECOMPRESSED = {
  br: zlib.brotliCompressSync(BIG_SCRIPT, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: zlib.gzipSync(BIG_SCRIPT, { level: 9 }),
};
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'main.0123456789abcdef.js'), 'console.log("spa");');
  fs.writeFileSync(path.join(clientDir, 'services-screen.0123456789abcdef.js'), BIG_SCRIPT);
  // As the build writes them: a brotli and a gzip copy beside the file.
  fs.writeFileSync(path.join(clientDir, 'costs-screen.0123456789abcdef.js'), BIG_SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'costs-screen.0123456789abcdef.js.br'), PRECOMPRESSED.br);
  fs.writeFileSync(path.join(clientDir, 'costs-screen.0123456789abcdef.js.gz'), PRECOMPRESSED.gzip);
  // A source map, as a build with maps would write it beside its script (with compressed copies).
  fs.mkdirSync(path.join(clientDir, 'js'));
  fs.writeFileSync(path.join(clientDir, 'js/main.0123456789abcdef.js.map'), '{"version":3,"sources":["src/client/index.tsx"]}');
  fs.writeFileSync(path.join(clientDir, 'js/main.0123456789abcdef.js.map.gz'), zlib.gzipSync('{"version":3}'));
  fs.writeFileSync(path.join(clientDir, 'js/main.0123456789abcdef.js.map.br'), zlib.brotliCompressSync('{"version":3}'));
  // As the build copies it from public/.
  fs.copyFileSync(path.join(projectRoot(), 'public/robots.txt'), path.join(clientDir, 'robots.txt'));
  t = await createTestApp({ clientDir });
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const directives = (csp: string) =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  );

const expectSecurityHeaders = (res: LightMyRequestResponse) => {
  const csp = directives(String(res.headers['content-security-policy']));
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const hsts = String(res.headers['strict-transport-security']);
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15552000); // at least 180 days
  expect(hsts).toContain('includeSubDomains');
};

describe('security headers', () => {
  it('are on an API answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing-cycles', headers: auth(await t.login('klant@demo.nl')) });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });

  it('are on an API refusal', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing-cycles' });
    expect(res.statusCode).toBe(401);
    expectSecurityHeaders(res);
  });

  it('are on the SPA fallback and on static files', async () => {
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/some/deep/route' }));
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/main.0123456789abcdef.js' }));
  });
});

describe('request ids', () => {
  it('gives every answer its own id, also across instances (random, not a counter)', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await t.app.inject({ method: 'GET', url: '/api/billing-cycles' })).headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it("takes a load balancer's id when it looks like one, and never a header that could forge a log line", async () => {
    const given = async (id: string) => (await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } })).headers['x-request-id'];
    expect(await given('haproxy-7f3a9c01')).toBe('haproxy-7f3a9c01');
    expect(await given('kort')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await given('a b c d e f g h "level":60')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await given('x'.repeat(65))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a private portal', () => {
  it('asks search engines not to index anything: robots.txt disallows all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /']));
  });

  it('says noindex on pages, files and API answers (X-Robots-Tag), and in the page itself', async () => {
    for (const url of ['/dashboard', '/main.0123456789abcdef.js', '/robots.txt', '/api/billing-cycles', '/api/bestaat-niet']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['x-robots-tag']).toBe('noindex');
    }
    expect(fs.readFileSync(path.join(projectRoot(), 'public/index.html'), 'utf8')).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('caching of API answers', () => {
  it('keeps no copy of an API answer, a refusal or a CSV download (Cache-Control: no-store)', async () => {
    const token = await t.login('klant@demo.nl');
    const answer = await t.app.inject({ method: 'GET', url: '/api/billing-cycles', headers: auth(token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const refusal = await t.app.inject({ method: 'GET', url: '/api/billing-cycles' });
    expect(refusal.statusCode).toBe(401);
    expect(refusal.headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/api/bestaat-niet' })).headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'Welkom123!' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });
});

describe('source maps', () => {
  it.each(['/js/main.0123456789abcdef.js.map', '/js/main.0123456789abcdef.js.map.gz', '/js/main.0123456789abcdef.js.map.br', '/js/bestaat-niet.js.map'])(
    'are not served: %s answers 404, not the map and not the page',
    async (url) => {
      for (const encoding of ['br, gzip', 'identity']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('"version":3');
        expect(res.body).not.toContain('<!doctype html>');
      }
    },
  );
});

describe("the SPA's script-src", () => {
  it("is the portal's own files only: an inline script in index.html is not allowed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-inline-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script>window.booted=true</script></head><body></body></html>');
    const app = await createTestApp({ clientDir: dir, demo: false });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/mijn-diensten' });
      expect(directives(String(res.headers['content-security-policy']))['script-src']).toEqual(["'self'"]);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('unknown /api paths', () => {
  it.each([
    ['GET', '/api/bestaat-niet'],
    ['GET', '/api/users/1/extra'],
    ['POST', '/api/bestaat-niet'],
    ['DELETE', '/api/billing-cycles'],
  ])('%s %s answers 404 JSON, never the SPA', async (method, url) => {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toContain('<html');
  });
});

describe('compression', () => {
  const decode: Record<string, (body: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

  it.each(['br', 'gzip'])('sends an API answer as %s when asked, decoding to the same JSON', async (encoding) => {
    const token = await t.login('klant@demo.nl');
    const plain = await t.app.inject({ method: 'GET', url: '/api/articles', headers: auth(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await t.app.inject({ method: 'GET', url: '/api/articles', headers: { ...auth(token), 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode[encoding](res.rawPayload).toString('utf8'))).toEqual(plain.json());
    expectSecurityHeaders(res);
  });

  it('compresses static files and keeps their caching; small answers stay plain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/services-screen.0123456789abcdef.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);
    const small = await t.app.inject({ method: 'GET', url: '/some/deep/route', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe(INDEX_HTML);
  });
});

describe('precompressed files of the build', () => {
  it.each(['br', 'gzip'] as const)('sends the %s copy as it is, with the plain file type and caching', async (encoding) => {
    const res = await t.app.inject({ method: 'GET', url: '/costs-screen.0123456789abcdef.js', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // The very bytes of the build's copy: not compressed again on the way.
    expect(res.rawPayload.equals(PRECOMPRESSED[encoding])).toBe(true);
    expectSecurityHeaders(res);
  });

  it('prefers brotli when both are accepted, and sends the plain file to a client that accepts neither', async () => {
    const both = await t.app.inject({ method: 'GET', url: '/costs-screen.0123456789abcdef.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: '/costs-screen.0123456789abcdef.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });
});

describe('the hashed scripts, held in memory', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'deflate', 'gzip']],
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=0.5, br;q=1.0', ['br', 'gzip']],
    ['*', ['*', 'br', 'gzip']],
    ['br;q=0, *', ['*', 'gzip']],
    ['identity', ['identity']],
    ['', []],
  ])('reads Accept-Encoding %j', (header, expected) => {
    expect([...acceptedEncodings(header)].sort()).toEqual(expected);
  });

  it('sends gzip to a browser that refuses brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/costs-screen.0123456789abcdef.js', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(PRECOMPRESSED.gzip)).toBe(true);
  });

  it('are read once at start: served from memory, the disk is not asked again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(dir, 'js'));
    fs.writeFileSync(path.join(dir, 'js', 'layout.fedcba9876543210.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(dir, 'js', 'layout.fedcba9876543210.js.br'), PRECOMPRESSED.br);
    const own = await createTestApp({ clientDir: dir });
    try {
      fs.rmSync(path.join(dir, 'js'), { recursive: true });
      const res = await own.app.inject({ method: 'GET', url: '/js/layout.fedcba9876543210.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(PRECOMPRESSED.br)).toBe(true);
      expectSecurityHeaders(res);
      const head = await own.app.inject({ method: 'HEAD', url: '/js/layout.fedcba9876543210.js' });
      expect(head.statusCode).toBe(200);
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SPA', () => {
  it('answers index.html for a deep route, not to be cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/some/deep/route' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('answers index.html for a route with a query string and an encoded slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/mijn-diensten/1/mobiele-telefonie?page=2' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('serves hashed files for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/main.0123456789abcdef.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("spa");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a page request with another method with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/some/deep/route' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('without a built SPA', () => {
  it('answers 404 JSON for a page path', async () => {
    const bare = await createTestApp({ demo: false });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/dashboard' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
