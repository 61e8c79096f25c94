import { Type } from 'typebox';
import { appliedMigrationCount, committedMigrations } from '../db';
import type { RouteApp } from './schemas';

/** The answers of the health calls (docs/api.md, 'How an answer is declared'); outside /api, so in no API document. */
const aliveAnswer = Type.Object({ status: Type.Literal('ok') });
const readyAnswer = Type.Object({ status: Type.Literal('ready'), migrations: Type.Integer() });
/** Not ready: migrations pending (how many applied of how many expected), or the database unavailable. */
const notReadyAnswer = Type.Object({
  status: Type.Enum(['migrations pending', 'database unavailable'], { type: 'string' }),
  applied: Type.Optional(Type.Integer()),
  expected: Type.Optional(Type.Integer()),
});

/**
 * For a load balancer and an orchestrator, outside /api and never the SPA:
 * - `GET /healthz`: the process is alive and answers (no database call), always 200;
 * - `GET /readyz`: the database answers and holds this build's migrations: 200, else 503, so a
 *   load balancer sends no customer to an instance that cannot serve them.
 */
export default async function healthRoutes(app: RouteApp) {
  const migrations = committedMigrations().length;
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', { schema: { response: { 200: aliveAnswer } } }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', { schema: { response: { 200: readyAnswer, 503: notReadyAnswer } } }, async (request, reply) => {
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
