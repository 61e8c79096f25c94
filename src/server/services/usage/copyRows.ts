/**
 * COPY text on its way into PostgreSQL or PGlite (docs/usage.md, 'Import', step 3): `copyInto`
 * streams it on the transaction's own connection with backpressure, `TextSpool` keeps the
 * unmatched records' rows until they are COPYed (in memory, beyond a limit in a temporary file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Spool } from './recordTyper';

/** The connection under a Drizzle transaction: node-postgres' client, or PGlite's. */
export type RawClient = Client | { query(text: string, params: unknown[], options?: { blob: Blob }): Promise<{ rows: Record<string, unknown>[] }> };

/** PGlite reads COPY input from a blob: one per this many bytes, so memory stays flat. */
const PGLITE_COPY_BYTES = 4 << 20;

const NEWLINE = 0x0a;

/**
 * The parts gathered for a blob split after their last row end: the whole rows, and the start of a
 * row that the next parts finish (empty when the last part ends a row). Null when no row ends in
 * them yet. (A blob is a COPY of its own: a row cut at its end is a row with missing columns.)
 */
export const wholeRows = (parts: Buffer[]): { rows: Buffer[]; rest: Buffer[] } | null => {
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const end = parts[i].lastIndexOf(NEWLINE) + 1;
    if (end === 0) continue;
    const rest = parts.slice(i + 1);
    if (end < parts[i].length) rest.unshift(parts[i].subarray(end));
    return { rows: [...parts.slice(0, i), parts[i].subarray(0, end)], rest };
  }
  return null;
};

/**
 * Streams COPY text into a table on the transaction's own connection, with backpressure. The
 * text may be cut anywhere (the unmatched records come back from their temporary file in chunks
 * of 1 MB): PostgreSQL's COPY stream takes it as it comes; PGlite's blobs each end on a row's end.
 */
export const copyInto = async (client: RawClient, copySql: string, text: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> => {
  if (client instanceof Client) {
    await pipeline(Readable.from(text), client.query(copyFrom(`${copySql} from stdin`)));
    return;
  }
  let parts: Buffer[] = [];
  let bytes = 0;
  const copy = (blobParts: Buffer[]) => client.query(`${copySql} from '/dev/blob'`, [], { blob: new Blob(blobParts as unknown as BlobPart[]) });
  for await (const part of text) {
    parts.push(part);
    bytes += part.length;
    if (bytes < PGLITE_COPY_BYTES) continue;
    // A row longer than a blob (never: a line has at most 64 KB) waits for its end.
    const split = wholeRows(parts);
    if (!split) continue;
    await copy(split.rows);
    parts = split.rest;
    bytes = parts.reduce((sum, p) => sum + p.length, 0);
  }
  if (bytes) await copy(parts);
};

/** The unmatched records' COPY text kept in memory; beyond it they go to a temporary file. */
export const UNMATCHED_IN_MEMORY = 16 << 20;

/**
 * COPY text kept in memory up to `limit` bytes, beyond that in a temporary file (unmatched
 * records: usually few). Written into blocks of 1 MB as it comes, so no string per row is kept
 * (a row string of the typer's template is several times its length in V8's heap).
 */
export class TextSpool implements Spool {
  private parts: Buffer[] = [];
  private block: Buffer | null = null;
  private used = 0;
  private bytes = 0;
  private file: { path: string; fd: number } | null = null;

  constructor(private readonly limit = UNMATCHED_IN_MEMORY) {}

  write(text: string) {
    if (!this.block || this.used + text.length > this.block.length) {
      if (this.block && this.used) this.parts.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafeSlow(Math.max(SPOOL_BLOCK, text.length));
      this.used = 0;
    }
    this.used += this.block.write(text, this.used, 'latin1');
    this.bytes += text.length;
    if (this.bytes >= this.limit) this.spill();
  }

  /** Adds COPY text that is already bytes (the typed records' rows). */
  writeBytes(bytes: Buffer) {
    if (!this.block || this.used + bytes.length > this.block.length) {
      if (this.block && this.used) this.parts.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafeSlow(Math.max(SPOOL_BLOCK, bytes.length));
      this.used = 0;
    }
    this.used += bytes.copy(this.block, this.used);
    this.bytes += bytes.length;
    if (this.bytes >= this.limit) this.spill();
  }

  private spill() {
    if (!this.file) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-rows-'));
      const file = path.join(dir, 'rows');
      this.file = { path: file, fd: fs.openSync(file, 'w') };
    }
    for (const part of this.parts) fs.writeSync(this.file.fd, part);
    if (this.block && this.used) fs.writeSync(this.file.fd, this.block, 0, this.used);
    // The last block is written again from its start.
    this.parts = [];
    this.used = 0;
    this.bytes = 0;
  }

  async *chunks(): AsyncGenerator<Buffer> {
    if (this.file) {
      fs.closeSync(this.file.fd);
      for await (const chunk of fs.createReadStream(this.file.path, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
    }
    yield* this.parts;
    if (this.block && this.used) yield this.block.subarray(0, this.used);
  }

  dispose() {
    if (this.file) fs.rmSync(path.dirname(this.file.path), { recursive: true, force: true });
  }
}

/** The spool's blocks. */
const SPOOL_BLOCK = 1 << 20;
