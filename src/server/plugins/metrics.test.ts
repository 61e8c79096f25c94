import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auth, createTestApp, type TestApp } from '../testing/testApp';

/** GET /metrics for Prometheus (docs/operations.md, 'Logs, request ids and metrics'): guarded by METRICS_TOKEN, per route and status. */
describe('metrics', () => {
  let t: TestApp;
  const token = 'metrics-geheim-0123456789';
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: token } });
  }, 60_000);
  afterAll(() => t?.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token or with another', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer metrics-geheim-012345678')).statusCode).toBe(401);
  });

  it('counts and times requests per route pattern and status, and tells the process and pool state', async () => {
    const klant = await t.login('klant@demo.nl');
    for (const id of [999_998, 999_999]) await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: auth(klant) });
    await t.app.inject({ method: 'GET', url: '/api/article-groups/visible' });

    const res = await scrape(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    // One series for both users: the route's pattern, not its address.
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/users\/:id",status="404"\} 2$/m);
    expect(text).toContain('portal_http_requests_total{method="GET",route="/api/article-groups/visible",status="401"} 1');
    expect(text).toContain('portal_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/auth/login",status="200"}');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('portal_usage_records_imported_total 0');
    if (t.database.kind === 'postgres') expect(text).toMatch(/^portal_db_connections\{state="total"\} [1-9]/m);
  });

  it('tells whether the shared limits reach Redis, only where REDIS_URL is set', async () => {
    expect((await scrape(`Bearer ${token}`)).body).not.toContain('portal_redis_up');
    const withRedis = await createTestApp({ demo: false, config: { metricsToken: token, redisUrl: 'redis://127.0.0.1:1' } });
    try {
      // A login makes a count, which finds Redis away.
      await withRedis.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'niemand@demo.nl', password: 'x'.repeat(12) } });
      const res = await withRedis.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.body).toMatch(/^portal_redis_up 0$/m);
    } finally {
      await withRedis.close();
    }
  }, 60_000);

  it('has no /metrics at all without a configured token: a JSON 404, not the web app', async () => {
    // With a built web app every unknown page address answers its index.html.
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Mijn Portaal</title>');
    const open = await createTestApp({ demo: false, clientDir });
    try {
      for (const url of ['/metrics', '/metrics/', '/metrics?x=1']) {
        const res = await open.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer ' } });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
      // The history fallback itself still works.
      expect((await open.app.inject({ method: 'GET', url: '/kosten' })).body).toContain('Mijn Portaal');
    } finally {
      await open.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  }, 60_000);
});
