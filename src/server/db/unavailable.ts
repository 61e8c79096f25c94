/** An error and the causes it wraps (Drizzle wraps the driver's), at most five deep. */
export function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth += 1, e = (e as { cause?: unknown }).cause) {
    yield e as { code?: unknown; message?: unknown };
  }
}

/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the
 * network's (refused, reset, timed out), PostgreSQL's connection exceptions (class 08, pgbouncer's
 * `query_wait_timeout` included) and its shutdown and start-up states (57P01-57P03), a statement
 * or lock wait cut off by the time limits (57014, 55P03: docs/operations.md, 'No query hangs'),
 * and the pg driver's own for a connection that ended or could not be made in time.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '57014', '55P03',
]);
const UNAVAILABLE_MESSAGES = /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|^Client was closed/;

export const isDatabaseUnavailable = (error: unknown): boolean =>
  [...errorChain(error)].some(
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)),
  );
