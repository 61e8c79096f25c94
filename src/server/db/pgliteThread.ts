import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../projectRoot';
import { fromWorkerError, type QueryResult, type WorkerAnswer, type WorkerCall } from './pgliteProtocol';

/**
 * The embedded database in a worker thread of its own (pgliteWorker.ts): PGlite runs PostgreSQL
 * in WebAssembly on the thread that calls it, so in the portal's thread every query stopped the
 * server from accepting and answering anything else (50 clients of the demo mix waited up to
 * 3.5 s for their first answer). Here a query costs the portal a message each way and the
 * database works on the second core.
 *
 * `PgliteThread` speaks the part of PGlite's interface that drizzle's PGlite driver and the usage
 * import use: `query` (with the row mode, the types kept as text, and a blob for COPY) and
 * `transaction`. If the worker dies, what was waiting fails as "database unavailable" (503) and
 * the next query starts a new worker on the same data folder.
 */

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's parsers keep these types' text as it is; only their types cross the thread. */
  parsers?: Record<number, unknown>;
  blob?: Blob;
}

/** A transaction's handle: its queries run inside it. */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

type Pending = { resolve(value: unknown): void; reject(err: Error): void };
type Running = { worker: Worker; ready: Promise<void>; pending: Map<number, Pending> };

/** The worker's file: compiled next to the server in a build, the TypeScript source in tests and scripts. */
const workerFile = () =>
  __filename.endsWith('.ts')
    ? { file: path.join(__dirname, 'pgliteWorker.ts'), execArgv: ['--require', 'esbuild-register'] }
    : { file: path.join(projectRoot(), 'build/server/pgliteWorker.js'), execArgv: [] };

/** The error of a query the worker could not answer: PostgreSQL's "shutting down", which the portal answers with 503. */
const workerGone = (detail: string) => Object.assign(new Error(`The database worker stopped: ${detail}`), { code: '57P01' });

export class PgliteThread {
  #running: Running | undefined;
  #nextId = 1;
  #closed = false;

  private constructor(
    private readonly dataDir: string | undefined,
    private readonly snapshot: Uint8Array | undefined,
  ) {}

  /**
   * Starts the worker on `dataDir` (in memory without one) and waits until the database is open;
   * with `snapshot` (a `dump()`), the database starts as that copy instead of empty.
   */
  static async open(dataDir?: string, snapshot?: Uint8Array): Promise<PgliteThread> {
    const thread = new PgliteThread(dataDir, snapshot);
    await thread.#start().ready;
    return thread;
  }

  #start(): Running {
    const { file, execArgv } = workerFile();
    const worker = new Worker(file, { workerData: { dataDir: this.dataDir, snapshot: this.snapshot }, execArgv });
    const pending = new Map<number, Pending>();
    let opened: Pending;
    const ready = new Promise<void>((resolve, reject) => (opened = { resolve: () => resolve(), reject }));
    const running: Running = { worker, ready, pending };
    worker.on('message', (message: WorkerAnswer) => {
      if (message.id === 0) {
        if ('error' in message) return opened.reject(fromWorkerError(message.error));
        if (pending.size === 0) worker.unref();
        return opened.resolve(undefined);
      }
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if ('error' in message) request.reject(fromWorkerError(message.error));
      else request.resolve(message.result);
    });
    const stopped = (detail: string) => {
      if (this.#running === running) this.#running = undefined;
      const err = workerGone(detail);
      opened.reject(err);
      for (const request of pending.values()) request.reject(err);
      pending.clear();
    };
    worker.on('error', (err) => stopped(err.message));
    worker.on('exit', (code) => stopped(`exit code ${code}`));
    this.#running = running;
    return running;
  }

  async #send(request: WorkerCall): Promise<unknown> {
    if (this.#closed) throw workerGone('the database is closed');
    const running = this.#running ?? this.#start();
    await running.ready;
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      running.pending.set(id, { resolve, reject });
      // The process stays up while an answer is due, and may end when none is.
      running.worker.ref();
      running.worker.postMessage({ ...request, id });
    });
  }

  #query(tx: number | undefined, text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.#send({
      op: 'query',
      text,
      params,
      tx,
      rowMode: options.rowMode,
      textTypes: options.parsers && Object.keys(options.parsers).map(Number),
      blob: options.blob,
    }) as Promise<QueryResult>;
  }

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#query(undefined, text, params, options);
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#send({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await work({ query: (text, params, options) => this.#query(tx, text, params, options) });
    } catch (err) {
      await this.#send({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.#send({ op: 'end', tx, commit: true });
    return result;
  }

  /** The whole database as a tarball, to open copies of it with `open(undefined, snapshot)`. */
  async dump(): Promise<Uint8Array> {
    return (await this.#send({ op: 'dump' })) as Uint8Array;
  }

  /** Ends the worker at once, as a crash would (tests). */
  async stopWorker(): Promise<void> {
    await this.#running?.worker.terminate();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    const running = this.#running;
    if (running) {
      await this.#send({ op: 'close' }).catch(() => undefined);
      await running.worker.terminate();
    }
    this.#closed = true;
  }
}
