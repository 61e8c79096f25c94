import { Type } from 'typebox';
import { appliedMigrationCount, committedMigrations } from '../db';
import type { RouteApp } from './schemas';

/** The answers of the health calls (docs/api.md, 'How an answer is declared'); outside /api, so in no API document. */
const aliveAnswer = Type.Object({ status: Type.Literal('ok') });
const readyAnswer = Type.Object({
  status: Type.Literal('ready'),
  migrations: Type.Integer(),
  /** The database did not answer this check; it answered this many seconds ago (within the grace). */
  database_unreachable_seconds: Type.Optional(Type.Number()),
});
/** Not ready: migrations pending (how many applied of how many expected), the database unavailable, or stopping. */
const notReadyAnswer = Type.Object({
  status: Type.Enum(['migrations pending', 'database unavailable', 'draining'], { type: 'string' }),
  applied: Type.Optional(Type.Integer()),
  expected: Type.Optional(Type.Integer()),
});

/** docs/operations.md, 'Starting, stopping, health': the check answers within this time, whatever the database does. */
export const READINESS_DEADLINE_MS = 1_500;
/** A database that stops answering for less than this is a blip: the instance stays in the load balancer. */
export const DATABASE_GRACE_MS = 10_000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/**
 * For a load balancer and an orchestrator, outside /api and never the SPA:
 * - `GET /healthz`: the process is alive and answers (no database call), always 200;
 * - `GET /readyz`: whether the instance can serve customers, answered within 1.5 s. 503 while it
 *   stops (SIGTERM: `draining`), while migrations are pending, and once the database has not
 *   answered for 10 s. A shorter blip keeps it ready: every instance shares the database, so taking
 *   them all out would turn a PostgreSQL restart into the load balancer's error page, where the
 *   instances answer the portal's own 503 with Retry-After and the browser asks again.
 */
export default async function healthRoutes(app: RouteApp) {
  const migrations = committedMigrations().length;
  const noStore = { 'Cache-Control': 'no-store' };
  let answeredAt = Date.now();
  let knownApplied = migrations;

  app.get('/healthz', { schema: { response: { 200: aliveAnswer } } }, async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', { schema: { response: { 200: readyAnswer, 503: notReadyAnswer } } }, async (request, reply) => {
    if (app.lifecycle.draining) return reply.code(503).headers(noStore).send({ status: 'draining' });
    try {
      const applied = await within(appliedMigrationCount(app.db), READINESS_DEADLINE_MS);
      answeredAt = Date.now();
      knownApplied = applied;
      if (applied < migrations) {
        return reply.code(503).headers(noStore).send({ status: 'migrations pending', applied, expected: migrations });
      }
      return reply.headers(noStore).send({ status: 'ready', migrations: applied });
    } catch (err) {
      const silentMs = Date.now() - answeredAt;
      if (silentMs < DATABASE_GRACE_MS && knownApplied >= migrations) {
        request.log.warn({ err, silentMs }, 'database did not answer the readiness check: still ready (a blip)');
        return reply.headers(noStore).send({ status: 'ready', migrations: knownApplied, database_unreachable_seconds: Math.round(silentMs / 100) / 10 });
      }
      request.log.warn({ err }, 'not ready: database unavailable');
      return reply.code(503).headers(noStore).send({ status: 'database unavailable' });
    }
  });
}
