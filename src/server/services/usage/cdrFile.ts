import { isUtf8 } from 'node:buffer';
import { cellsOf } from '../endUserImport';

/**
 * Reading a usage (CDR) file, docs/usage.md, 'Import': a header row, `;` or `,` separated, UTF-8 with
 * an optional BOM, one record a line. Streaming: pieces of lines are handed on as the upload comes
 * in, nothing holds the whole file. The lines' cells are checked and typed by `RecordTyper`
 * (recordTyper.ts, recordFields.ts): this file only finds the columns and the cells.
 *
 * Quoting: a cell may be wrapped in double quotes (`"1,50"` in a comma-separated file), with `""`
 * for a quote inside; no value of this format needs more. Lines that hold only blanks are skipped.
 */

export interface LineError {
  line: number;
  message: string;
}

const COLUMNS = {
  datum: ['datum', 'date'],
  tijd: ['tijd', 'time'],
  afzender: ['afzender', 'sender'],
  ontvanger: ['ontvanger', 'receiver'],
  richting: ['richting', 'direction'],
  type: ['type'],
  lengte: ['lengte', 'length'],
  bundel: ['bundel', 'bundle'],
  prijs: ['prijs', 'price'],
} as const;
type Column = keyof typeof COLUMNS;
/** `prijs` may be left out altogether; every other column is required. */
const OPTIONAL: Column[] = ['prijs'];

const unquote = (cell: string): string => {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).trim() : trimmed;
};

export interface CdrHeader {
  delimiter: ';' | ',';
  /** Cell index of every column; -1 for a missing optional one. */
  index: Record<Column, number>;
  width: number;
}

/** The header row: the separator it uses and where each column is. Unknown columns are ignored. */
export const parseHeader = (text: string): { header: CdrHeader } | { error: string } => {
  const delimiter = text.includes(';') ? ';' : ',';
  const names = text.split(delimiter).map((cell) => unquote(cell).toLowerCase());
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) {
    const found = names.flatMap((name, i) => ((COLUMNS[column] as readonly string[]).includes(name) ? [i] : []));
    if (found.length > 1) return { error: `kolom '${column}' staat er meer dan één keer in` };
    if (found.length === 0 && !OPTIONAL.includes(column)) {
      return { error: `kolom '${column}' ontbreekt (verwacht: ${Object.keys(COLUMNS).join(', ')})` };
    }
    index[column] = found.length ? found[0] : -1;
  }
  return { header: { delimiter, index, width: names.length } };
};

/** The reader hands on lines in pieces of about this size (see `pieces`). */
const PIECE_BYTES = 32 * 1024;

/** No record comes near this; a longer line means the file is not a usage file. */
const MAX_LINE_BYTES = 64 * 1024;

/** Upload chunks up to this size are copied into the reader's own buffer (see `CdrLineReader.work`). */
const WORK_BYTES = 1 << 20;
const NOTHING = Buffer.alloc(0);

// ---------------------------------------------------------------------------------------------
// The import's reader: pieces of whole lines, native string operations; the lines are typed by RecordTyper.

/** Separator of the cells of a line the reader hands on (the file's own `;` or `,` is replaced by it). */
export const CELL_SEPARATOR = '\u001f';
/** A line the reader hands on that is only this had a quote that was not closed. */
export const UNCLOSED_QUOTE = '\u001e';

/**
 * What String.prototype.trim() removes, as the latin1 reading of its UTF-8 bytes: ASCII blanks,
 * U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF.
 */
const BLANK =
  '(?:[ \\t\\v\\f\\r]|\\u00c2\\u00a0|\\u00e1\\u009a\\u0080|\\u00e2\\u0080[\\u0080-\\u008a\\u00a8\\u00a9\\u00af]|\\u00e2\\u0081\\u009f|\\u00e3\\u0080\\u0080|\\u00ef\\u00bb\\u00bf)';
const ANY_BLANK = new RegExp(BLANK);
const BLANKS_AROUND_CELLS = new RegExp(`${BLANK}+(?=[\\u001f\\n]|$)|(?<=^|[\\u001f\\n])${BLANK}+`, 'g');

const countNewlines = (bytes: Buffer): number => {
  let n = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) n += 1;
  return n;
};

/**
 * Turns the upload, piece by piece, into the text the import types line by line (`RecordTyper`):
 * one line per line of the file after the header (blank lines included, as empty lines, so a
 * line's position is its line number), with the file's separator replaced by CELL_SEPARATOR and
 * every cell trimmed, as a latin1 string (one character per byte: UTF-8 sequences pass untouched
 * and are decoded only for an error message). All of it is done on whole pieces with native
 * string operations; only a line holding a double quote is split into cells here (`cellsOf`).
 *
 * Reads the header itself. Problems only the reader can see (no header, a header without a
 * required column, bytes that are not UTF-8, an endless line) end the reading: `error` says
 * which line, and the rest of the upload is only read so the request completes.
 */
export class CdrLineReader {
  header: CdrHeader | null = null;
  error: LineError | null = null;
  /** Lines of the file read so far, the header included. */
  lines = 0;

  constructor(private readonly source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>) {}

  private fail(line: number, message: string) {
    this.error = { line, message };
  }

  private readHeader(bytes: Buffer) {
    this.lines = 1;
    let header = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
    if (header[header.length - 1] === 0x0d) header = header.subarray(0, header.length - 1);
    if (!isUtf8(header)) return this.fail(1, 'geen geldige UTF-8-tekst');
    const parsed = parseHeader(header.toString('utf8'));
    if ('error' in parsed) this.fail(1, parsed.error);
    else this.header = parsed.header;
  }

  /** Complete lines (ending in LF) as cell text. */
  private convert(bytes: Buffer): string | null {
    if (!isUtf8(bytes)) {
      // Hand on the lines before the first one that is not UTF-8, and stop there.
      let start = 0;
      for (;;) {
        const end = bytes.indexOf(0x0a, start);
        if (!isUtf8(bytes.subarray(start, end + 1))) {
          this.fail(this.lines + 1, 'geen geldige UTF-8-tekst');
          return start > 0 ? this.convertText(bytes.subarray(0, start)) : null;
        }
        this.lines += 1;
        start = end + 1;
      }
    }
    this.lines += countNewlines(bytes);
    return this.convertText(bytes);
  }

  private convertText(bytes: Buffer): string {
    const delimiter = this.header!.delimiter;
    // latin1 maps every byte to one character and back, so UTF-8 sequences pass untouched.
    let s = bytes.toString('latin1');
    if (s.includes('\r')) s = s.replaceAll('\r\n', '\n');
    if (s.includes('"')) {
      s = s
        .split('\n')
        .map((line) => (line.includes('"') ? (cellsOf(line, delimiter)?.join(CELL_SEPARATOR) ?? UNCLOSED_QUOTE) : line.replaceAll(delimiter, CELL_SEPARATOR)))
        .join('\n');
    } else {
      s = s.replaceAll(delimiter, CELL_SEPARATOR);
    }
    // Cells are trimmed as String.prototype.trim() does; lines of blanks only become empty.
    if (ANY_BLANK.test(s)) s = s.replace(BLANKS_AROUND_CELLS, '');
    return s;
  }

  /**
   * The reader's own buffer: the bytes of a line not complete yet (`held`, at its start), followed
   * by the chunk being read. Upload chunks are copied in as they arrive and not kept, so they die
   * young in V8 (a chunk kept while its lines are typed and sent lived long enough to be promoted:
   * 256 KB of old-generation garbage per chunk, until a full collection).
   */
  private work = Buffer.allocUnsafeSlow(WORK_BYTES);
  private held = 0;

  /** Room for `size` bytes in `work`, the held bytes kept. */
  private reserve(size: number) {
    if (size <= this.work.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(size, this.work.length * 2));
    this.work.copy(grown, 0, 0, this.held);
    this.work = grown;
  }

  /** `data` from `from` on is the start of a line that a later chunk completes: it moves to the start of `work`. */
  private hold(data: Buffer, from: number) {
    const length = data.length - from;
    if (length > this.work.length) this.work = Buffer.allocUnsafeSlow(Math.max(length, this.work.length * 2));
    // Buffer#copy handles the overlap when `data` is `work` itself.
    data.copy(this.work, 0, from);
    this.held = length;
  }

  /**
   * The next chunk of the upload behind the held bytes, or null at the end. A chunk of up to
   * WORK_BYTES is copied into `work`; a bigger one (a caller handing over a whole file) is read
   * where it is.
   */
  private async next(iterator: Iterator<Buffer | string> | AsyncIterator<Buffer | string>): Promise<Buffer | null> {
    const next = await iterator.next();
    if (next.done) return null;
    // After an error the upload is only read to its end.
    if (this.error) return NOTHING;
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    if (chunk.length > WORK_BYTES) return this.held ? Buffer.concat([this.work.subarray(0, this.held), chunk]) : chunk;
    this.reserve(this.held + chunk.length);
    chunk.copy(this.work, this.held);
    return this.work.subarray(0, this.held + chunk.length);
  }

  /** The cell text, in chunks of complete lines of about the size the upload arrives in. */
  async *chunks(): AsyncGenerator<string> {
    const { source } = this;
    const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
    let ended = false;
    try {
      // `data`: the held bytes and the chunk after them.
      for (let data = await this.next(iterator); data; data = await this.next(iterator)) {
        if (this.error) continue;
        let start = 0;
        if (!this.header) {
          const newline = data.indexOf(0x0a, this.held);
          if (newline === -1) {
            this.hold(data, 0);
            if (this.held > MAX_LINE_BYTES) this.fail(1, 'regel is te lang');
            continue;
          }
          this.readHeader(data.subarray(0, newline));
          if (this.error) continue;
          start = newline + 1;
        }
        const last = data.lastIndexOf(0x0a);
        if (last < start) {
          this.hold(data, start);
          if (this.held > MAX_LINE_BYTES) this.fail(this.lines + 1, 'regel is te lang');
          continue;
        }
        yield* this.pieces(data.subarray(start, last + 1));
        if (!this.error) this.hold(data, last + 1);
      }
      ended = true;
      if (this.error || this.held === 0) return;
      if (!this.header) {
        this.readHeader(this.work.subarray(0, this.held));
        return;
      }
      this.reserve(this.held + 1);
      this.work[this.held] = 0x0a;
      yield* this.pieces(this.work.subarray(0, this.held + 1));
    } finally {
      // As for-await does: a consumer that stops early (or an error) closes the upload.
      if (!ended) await iterator.return?.();
    }
  }

  /**
   * Complete lines in pieces of at most PIECE_BYTES (a longer line whole): their strings stay
   * small enough for V8's young generation, where they die cheaply, instead of piling up in its
   * large-object space until a full collection (which let the RSS grow by 100 MB and more).
   */
  private *pieces(bytes: Buffer): Generator<string> {
    for (let start = 0; start < bytes.length && !this.error; ) {
      let end = bytes.length;
      if (end - start > PIECE_BYTES) {
        const newline = bytes.lastIndexOf(0x0a, start + PIECE_BYTES - 1);
        end = (newline >= start ? newline : bytes.indexOf(0x0a, start + PIECE_BYTES)) + 1;
      }
      const text = this.convert(bytes.subarray(start, end));
      if (text) yield text;
      start = end;
    }
  }
}
