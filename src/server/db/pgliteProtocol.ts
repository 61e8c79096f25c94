/**
 * The messages between the portal and the worker thread that owns the embedded database
 * (pgliteThread.ts speaks, pgliteWorker.ts answers). Every request has an id; its answer carries
 * the same id with a result or an error.
 */

export type WorkerCall =
  | {
      op: 'query';
      text: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Types (OIDs) whose values stay the text PostgreSQL sends (drizzle's dates and numerics). */
      textTypes?: number[];
      /** COPY … FROM '/dev/blob' reads this. */
      blob?: Blob;
      /** The transaction the query runs in (a `begin`'s answer), or none. */
      tx?: number;
    }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  /** The whole database as a tarball (PGlite's dumpDataDir), to open copies of it (tests). */
  | { op: 'dump' }
  | { op: 'close' };

export type WorkerRequest = WorkerCall & { id: number };

/** A query's answer, as PGlite gives it. */
export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** An error's message and own fields (PostgreSQL's code, detail, constraint …), which survive the thread. */
export interface WorkerError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

/** The answer to request `id`; id 0 (once, first) says whether the database opened. */
export type WorkerAnswer = { id: number; result: unknown } | { id: number; error: WorkerError };

export const toWorkerError = (err: unknown): WorkerError => {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || key === 'cause') continue;
    // What cannot cross the thread (a query's parameters may hold anything) stays behind.
    try {
      fields[key] = structuredClone(value);
    } catch {
      // left out
    }
  }
  return { name: err.name, message: err.message, fields };
};

export const fromWorkerError = ({ name, message, fields }: WorkerError): Error => Object.assign(new Error(message), fields, { name });
