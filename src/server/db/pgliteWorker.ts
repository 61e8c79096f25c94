import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { toWorkerError, type WorkerAnswer, type WorkerRequest } from './pgliteProtocol';

/**
 * The worker thread that owns the embedded database (see pgliteThread.ts): it opens PGlite on
 * the data folder it is given (in memory without one) and answers the portal's queries and
 * transactions. PGlite queues them itself: a query from outside a transaction waits until the
 * open transaction ends, as it does in one thread.
 */

const port = parentPort!;
/** `snapshot`: a tarball of a database (the `dump` answer) to start from instead of an empty one. */
const { dataDir, snapshot } = workerData as { dataDir?: string; snapshot?: Uint8Array<ArrayBuffer> };

const keepText = (value: string) => value;

/** The open transactions: the handle their queries run on, and how to end them. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void; ended: Promise<unknown> }>();
let nextTransaction = 1;

/** What a transaction's callback rejects with to roll back; not an error of the caller's. */
const ROLL_BACK = Symbol('roll back');

const begin = (db: PGlite): Promise<number> =>
  new Promise((resolve, reject) => {
    const id = nextTransaction++;
    const ended = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollBack) => {
          transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollBack(ROLL_BACK)), ended });
          resolve(id);
        }),
    );
    // BEGIN itself failed: the callback never ran.
    ended.catch((err) => (err === ROLL_BACK ? undefined : reject(err)));
  });

const end = async (id: number, commit: boolean): Promise<null> => {
  const transaction = transactions.get(id);
  if (!transaction) throw new Error(`Transaction ${id} is not open`);
  transactions.delete(id);
  transaction.end(commit);
  try {
    await transaction.ended;
  } catch (err) {
    if (err !== ROLL_BACK) throw err;
  }
  return null;
};

const handle = async (db: PGlite, request: WorkerRequest): Promise<unknown> => {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`Transaction ${request.tx} is not open`);
      const { rows, fields, affectedRows } = await target.query(request.text, request.params, {
        rowMode: request.rowMode,
        parsers: request.textTypes && Object.fromEntries(request.textTypes.map((oid) => [oid, keepText])),
        blob: request.blob,
      });
      return { rows, fields, affectedRows };
    }
    case 'begin':
      return begin(db);
    case 'end':
      return end(request.tx, request.commit);
    case 'dump':
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    case 'close':
      await db.close();
      return null;
  }
};

const answer = (message: WorkerAnswer) => port.postMessage(message);

PGlite.create(dataDir, {
  extensions: { pg_trgm, btree_gin, unaccent },
  loadDataDir: snapshot ? new Blob([snapshot]) : undefined,
}).then(
  (db) => {
    port.on('message', (request: WorkerRequest) => {
      handle(db, request).then(
        (result) => answer({ id: request.id, result }),
        (err: unknown) => answer({ id: request.id, error: toWorkerError(err) }),
      );
    });
    answer({ id: 0, result: null });
  },
  (err: unknown) => answer({ id: 0, error: toWorkerError(err) }),
);
