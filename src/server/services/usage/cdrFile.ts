import { isUtf8 } from 'node:buffer';
import { cellsOf } from '../endUserImport';

/**
 * Reading a usage (CDR) file, decisions section 7: a header row, `;` or `,` separated, UTF-8 with
 * an optional BOM, one record a line. Pure and streaming: lines arrive in batches as the upload
 * comes in, nothing holds the whole file.
 *
 * Quoting: a cell may be wrapped in double quotes (`"1,50"` in a comma-separated file), with `""`
 * for a quote inside; no value of this format needs more. Lines that hold only blanks are skipped.
 */

export interface LineError {
  line: number;
  message: string;
}

export type Direction = 'inkomend' | 'uitgaand';
export type UsageType = 'data' | 'voice' | 'sms';

/** One valid record, its fields normalized (so the same record always gives the same key). */
export interface CdrRecord {
  line: number;
  /** Business date (Europe/Amsterdam) as YYYY-MM-DD. */
  date: string;
  /** HH:mm:ss, business time. */
  time: string;
  sender: string;
  receiver: string;
  direction: Direction;
  type: UsageType;
  /** Bytes, seconds or 1 (sms): decimal digits without leading zeros. */
  length: string;
  bundle: 'in' | 'out';
  /** Euros with 6 decimals ("1.500000"), or null when the file gives none. */
  price: string | null;
  /** The record's own number: afzender for outgoing and data, ontvanger for incoming. */
  number: string;
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

const DIRECTIONS: Record<string, Direction> = { inkomend: 'inkomend', uitgaand: 'uitgaand', incoming: 'inkomend', outgoing: 'uitgaand' };
const TYPES: Record<string, UsageType> = { data: 'data', voice: 'voice', sms: 'sms' };
const BUNDLES: Record<string, 'in' | 'out'> = { in: 'in', out: 'out' };

const DATE_DMY = /^(\d{1,2})-(\d{1,2})-(\d{4})$/;
const DATE_YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
const LENGTH = /^\d{1,15}$/;
const PRICE = /^(-?)(\d{1,12})(?:[.,](\d{1,6}))?$/;

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

const pad2 = (value: string) => (value.length === 1 ? `0${value}` : value);

/** dd-mm-yyyy or yyyy-mm-dd, an existing day, as YYYY-MM-DD. */
const parseDate = (value: string): string | null => {
  const dmy = DATE_DMY.exec(value);
  const ymd = dmy ? null : DATE_YMD.exec(value);
  if (!dmy && !ymd) return null;
  const [year, month, day] = dmy ? [dmy[3], dmy[2], dmy[1]] : [ymd![1], ymd![2], ymd![3]];
  const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (check.getUTCFullYear() !== Number(year) || check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day)) {
    return null;
  }
  return `${year}-${pad2(month)}-${pad2(day)}`;
};

/** Euros with `.` or `,` as decimal mark, at most 6 decimals, as an exact string with 6 decimals. */
const parsePrice = (value: string): string | null => {
  const m = PRICE.exec(value);
  if (!m) return null;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  return `${m[1]}${whole}.${(m[3] ?? '').padEnd(6, '0')}`;
};

/** One record line: the record, or what is wrong with it (Dutch, for the import answer). */
export const parseRecord = (header: CdrHeader, text: string, line: number): CdrRecord | LineError => {
  const raw = text.includes('"') ? cellsOf(text, header.delimiter) : text.split(header.delimiter);
  if (!raw) return { line, message: 'aanhalingsteken niet gesloten' };
  if (raw.length !== header.width) {
    return { line, message: `${raw.length} kolommen, verwacht ${header.width}` };
  }
  const cell = (column: Column) => (header.index[column] < 0 ? '' : raw[header.index[column]].trim());
  const date = parseDate(cell('datum'));
  if (!date) return { line, message: `ongeldige datum '${cell('datum')}' (dd-mm-jjjj of jjjj-mm-dd)` };
  const time = cell('tijd');
  if (!TIME.test(time)) return { line, message: `ongeldige tijd '${time}' (uu:mm:ss)` };
  const direction = DIRECTIONS[cell('richting').toLowerCase()];
  if (!direction) return { line, message: `ongeldige richting '${cell('richting')}' (inkomend of uitgaand)` };
  const type = TYPES[cell('type').toLowerCase()];
  if (!type) return { line, message: `ongeldig type '${cell('type')}' (data, voice of sms)` };
  const length = cell('lengte');
  if (!LENGTH.test(length)) return { line, message: `ongeldige lengte '${length}' (een geheel getal, 0 of meer)` };
  const bundle = BUNDLES[cell('bundel').toLowerCase()];
  if (!bundle) return { line, message: `ongeldige bundel '${cell('bundel')}' (in of out)` };
  const priceText = cell('prijs');
  const price = priceText === '' ? null : parsePrice(priceText);
  if (priceText !== '' && price === null) {
    return { line, message: `ongeldige prijs '${priceText}' (euro's, hoogstens 6 decimalen)` };
  }
  const sender = cell('afzender');
  const receiver = cell('ontvanger');
  const number = direction === 'inkomend' && type !== 'data' ? receiver : sender;
  if (number === '') {
    return { line, message: direction === 'inkomend' && type !== 'data' ? 'ontvanger ontbreekt' : 'afzender ontbreekt' };
  }
  return {
    line,
    date,
    time,
    sender,
    receiver,
    direction,
    type,
    length: length.replace(/^0+(?=\d)/, ''),
    bundle,
    price,
    number,
  };
};

export const isLineError = (value: CdrRecord | LineError): value is LineError => 'message' in value;

export interface NumberedLine {
  line: number;
  text: string;
}

/**
 * The lines of a byte stream, in batches (one per chunk that completes a line), numbered from 1,
 * the BOM dropped, CR LF and LF both ending a line. Throws CdrFileError for a line that is not
 * valid UTF-8 or longer than any record.
 */
export async function* readLines(source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<NumberedLine[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let rest: Buffer = Buffer.alloc(0);
  let lineNo = 0;
  const decode = (bytes: Buffer): NumberedLine[] => {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      // Find the line that is not UTF-8 for the error answer.
      let start = 0;
      for (let line = lineNo + 1; ; line += 1) {
        const end = bytes.indexOf(0x0a, start);
        try {
          decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
        } catch {
          throw new CdrFileError(line, 'geen geldige UTF-8-tekst');
        }
        start = end + 1;
      }
    }
    if (lineNo === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const parts = text.split('\n');
    return parts.map((part) => ({
      line: (lineNo += 1),
      text: part.endsWith('\r') ? part.slice(0, -1) : part,
    }));
  };
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const lastNewline = bytes.lastIndexOf(0x0a);
    if (lastNewline === -1) {
      rest = rest.length ? Buffer.concat([rest, bytes]) : bytes;
      if (rest.length > MAX_LINE_BYTES) throw new CdrFileError(lineNo + 1, 'regel is te lang');
      continue;
    }
    const complete = rest.length ? Buffer.concat([rest, bytes.subarray(0, lastNewline)]) : bytes.subarray(0, lastNewline);
    rest = Buffer.from(bytes.subarray(lastNewline + 1));
    yield decode(complete);
  }
  if (rest.length) yield decode(rest);
}

/** A line the reader cannot even split off: not UTF-8, or absurdly long. */
export class CdrFileError extends Error {
  constructor(
    public line: number,
    message: string,
  ) {
    super(message);
  }
}

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
