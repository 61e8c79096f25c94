import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db';

/** What the routes count themselves, beyond every request's count and duration. */
export interface PortalMetrics {
  /** Usage records an import stored. */
  usageRecordsImported: Counter;
}

const sameToken = (given: string, expected: string) => {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at `GET /metrics` for an operator, in the text format, with
 * `Authorization: Bearer {METRICS_TOKEN}`; without METRICS_TOKEN configured the address does not
 * exist. Per route (its pattern, not the address, so ids do not multiply the series) and status:
 * request counts and durations; the database pool's connections (PostgreSQL); the process's own
 * (event-loop delay, memory, CPU, garbage collection, from prom-client); usage records imported;
 * whether Redis is reached (with REDIS_URL).
 */
export default fp(
  async (app, { database, token }: { database: Database; token?: string }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({ name: 'portal_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
    const durations = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from request to answer',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
      registers: [registry],
    });
    const pool = database.connections;
    if (pool) {
      new Gauge({
        name: 'portal_db_connections',
        help: 'Database pool connections by state (waiting: requests waiting for one)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { total, idle, waiting } = pool();
          this.set({ state: 'total' }, total);
          this.set({ state: 'idle' }, idle);
          this.set({ state: 'waiting' }, waiting);
        },
      });
    }
    const redisUp = app.rateLimits.redisUp;
    if (redisUp) {
      new Gauge({
        name: 'portal_redis_up',
        help: 'Whether the shared rate limits reach Redis (0: this instance counts them alone)',
        registers: [registry],
        collect() {
          this.set(redisUp() ? 1 : 0);
        },
      });
    }
    const metrics: PortalMetrics = {
      usageRecordsImported: new Counter({ name: 'portal_usage_records_imported_total', help: 'Usage records stored by imports', registers: [registry] }),
    };
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    if (token) {
      app.get('/metrics', async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameToken(given, token)) return reply.code(401).send({ message: 'Niet ingelogd of sessie verlopen.' });
        return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(await registry.metrics());
      });
    }
  },
  { name: 'metrics' },
);
