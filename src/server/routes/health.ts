import type { FastifyInstance } from 'fastify';
import { appliedMigrationCount, committedMigrations } from '../db';

/**
 * For a load balancer and an orchestrator, outside /api and never the SPA:
 * - `GET /healthz`: the process is alive and answers (no database call), always 200;
 * - `GET /readyz`: the database answers and holds this build's migrations: 200, else 503, so a
 *   load balancer sends no customer to an instance that cannot serve them.
 */
export default async function healthRoutes(app: FastifyInstance) {
  const migrations = committedMigrations().length;
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      const applied = await appliedMigrationCount(app.db);
      if (applied < migrations) {
        return reply.code(503).headers(noStore).send({ status: 'migrations pending', applied, expected: migrations });
      }
      return reply.headers(noStore).send({ status: 'ready', migrations: applied });
    } catch (err) {
      request.log.warn({ err }, 'not ready: database unavailable');
      return reply.code(503).headers(noStore).send({ status: 'database unavailable' });
    }
  });
}
