/**
 * An import is a job (docs/usage.md, 'An import is a job'): its row in `usage_imports` is written,
 * running, once its file has arrived; while the lines are read and checked the row shows how far
 * the import is (bytes and lines, written every second), then that the records are being stored;
 * it ends done (committed together with the records) or failed (nothing imported, the refusal on
 * the row). Whoever may import sees it from any instance: ./history.ts reads the rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { queryRows, type Db } from '../../db';
import { HttpError } from '../../httpError';
import type { AuditActor } from '../audit';
import { importUsage, type UsageImportInput, type UsageImportResult } from './import';

/** How often a running import writes its progress. */
const PROGRESS_EVERY_MS = 1_000;

export const IMPORT_MSG = {
  received: 'Het bestand is ontvangen. De import loopt door, ook als je deze pagina verlaat.',
  failed: 'De import is mislukt door een fout op de server. Er is geen data geïmporteerd.',
  unknown: 'Deze import bestaat niet.',
} as const;

/** Writes the job's row, running; `bytesTotal` is the file's size, 0 when it is read as it arrives. */
export const openImport = async (db: Db, job: { fileName: string; actor: AuditActor | null; bytesTotal: number }): Promise<number> => {
  const [{ id }] = await queryRows<{ id: number }>(
    db,
    sql`insert into usage_imports (file_name, uploaded_by, status, phase, bytes_total, progress_at)
      values (${job.fileName}, ${job.actor?.userId ?? null}, 'running', 'checking', ${job.bytesTotal}, now()) returning id`,
  );
  return id;
};

/** What the row of a refused or broken import says: the refusal as the waiting call answers it, or that the server failed. */
const failureOf = (err: unknown): { error: string; errors: { line: number; message: string }[] } => {
  if (err instanceof HttpError) return { error: err.message, errors: (err.errors ?? []).filter((e) => 'line' in e) };
  if (isDatabaseUnavailable(err)) return { error: `${MSG.databaseUnavailable} Er is geen data geïmporteerd.`, errors: [] };
  return { error: IMPORT_MSG.failed, errors: [] };
};

/**
 * Runs the import of the job `id` to its end and answers its result; a refused or failed import is
 * written on the row as failed and thrown as it was.
 */
export const runImport = async (db: Db, id: number, input: Omit<UsageImportInput, 'job'>): Promise<UsageImportResult> => {
  const progress = { phase: 'checking', bytesRead: 0, records: 0 };
  // A write waits for the one before; on the embedded database one made during the storing
  // transaction waits for its end and then changes nothing (the import is no longer running).
  let writing: Promise<unknown> = Promise.resolve();
  const write = () =>
    (writing = writing
      .then(() =>
        db.execute(sql`update usage_imports set phase = ${progress.phase}, bytes_read = ${progress.bytesRead}, records_processed = ${progress.records},
          progress_at = now() where id = ${id} and status = 'running'`),
      )
      .catch(() => undefined));
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const tick = () => {
    if (ended) return;
    timer = setTimeout(() => void write().then(tick), PROGRESS_EVERY_MS);
    timer.unref();
  };
  const end = async () => {
    ended = true;
    clearTimeout(timer);
    await writing;
  };
  tick();
  try {
    return await importUsage(db, {
      ...input,
      job: {
        id,
        checked: (bytesRead, records) => Object.assign(progress, { bytesRead, records }),
        storing: async () => {
          progress.phase = 'storing';
          await write();
        },
      },
    });
  } catch (err) {
    await end();
    const { error, errors } = failureOf(err);
    await db
      .execute(
        sql`update usage_imports set status = 'failed', phase = null, records_processed = ${progress.records}, error = ${error},
          errors = ${JSON.stringify(errors)}::jsonb, finished_at = now() where id = ${id} and status = 'running'`,
      )
      .catch(() => undefined);
    throw err;
  } finally {
    await end();
  }
};

/** An upload received whole into a temporary file, to be imported after the answer. */
export interface ReceivedUpload {
  path: string;
  bytes: number;
  remove(): void;
}

/** Receives the upload into a temporary file; 413 (nothing kept) when it was cut at the size limit. */
export const receiveUpload = async (file: NodeJS.ReadableStream & { truncated?: boolean }): Promise<ReceivedUpload> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-upload-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  const target = path.join(dir, 'upload.csv');
  try {
    await pipeline(file, fs.createWriteStream(target));
    if (file.truncated) throw new HttpError(413, MSG.fileTooLarge);
    return { path: target, bytes: fs.statSync(target).size, remove };
  } catch (err) {
    remove();
    throw err;
  }
};
