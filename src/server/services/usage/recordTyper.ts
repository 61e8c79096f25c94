import { CELL_SEPARATOR, UNCLOSED_QUOTE, type CdrHeader, type LineError } from './cdrFile';
import { DaySums } from './daySums';
import { AMBIGUOUS, holderAt, type NumberDirectory, type NumberHolder } from './numberHolders';
import { RecordFields, type Fields, type Lowercase } from './recordFields';
import { hexWord, KeyPrints, keyOf } from './recordKeys';
import { microsText, priceOf } from './recordPrice';
import { instantOf, recordTime } from './recordTime';

/**
 * The per-line work of the usage import, in Node: every line the reader hands on (cells separated
 * by CELL_SEPARATOR, trimmed, latin1 text of the UTF-8 bytes) is checked in the order of the rules
 * with the same Dutch messages, typed, keyed (SHA-256, as always), matched to its service and
 * written as a COPY text row of the month's records table, or of the unmatched records. The totals
 * of the matched records are summed on the way. Exact: integers and decimal strings only, no
 * binary floating point on money; where a figure could leave the safe integers the totals are left
 * to SQL (`totalsExact`).
 *
 * A line's steps, in the order of the rules: its cells (`cellsOfLine`), its fields checked and
 * typed (`fieldsOf`, ./recordFields.ts), its instant (`instantOf`, ./recordTime.ts), its key
 * (`keyOf`, ./recordKeys.ts), the service that held its number then (`holderAt`,
 * ./numberHolders.ts), its price (`priceOf`, ./recordPrice.ts), its row (`writeRecord`, or
 * `keepAside` for the unmatched). What only the database knows is loaded once before the first
 * line: how `lower()` folds the letters that matter (`Lowercase`), the numbers and services
 * (`NumberDirectory`). The import's steps are in docs/usage.md, 'Import'.
 */

export const MAX_LINE_ERRORS = 20;

const TYPE_INDEX: Record<string, number> = { data: 0, voice: 1, sms: 2 };

/** The sums of one service's matched records per kind (USAGE_KINDS order): records, length, price in micros. */
interface ServiceTotals {
  companyId: number;
  number: string;
  monthKey: string;
  sums: Float64Array;
}

/** What a suspected in-file duplicate adds to the totals (the same for every copy of a key). */
interface Contribution {
  serviceId: number;
  /** Day of the month. */
  day: number;
  kind: number;
  length: number;
  micros: number | null;
}

/** A spool of COPY text: in memory up to a limit, then in a temporary file. */
export interface Spool {
  write(text: string): void;
  chunks(): AsyncIterable<Buffer>;
}

export interface TypedRowsOptions {
  numbers: NumberDirectory;
  /** price_mb of every company, in micros. */
  priceMb: Map<number, bigint>;
  lowercase: Lowercase;
  importId: number;
  /** Where the unmatched records' COPY rows go (line, record_time, sender, receiver, direction, type, length, bundle, price, record_key, ambiguous). */
  unmatched: Spool;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** The row buffer's first size: a piece of 32 KB of lines makes about 70 KB of rows. */
const OUT_BYTES = 256 << 10;
/** The totals' COPY text goes out in chunks of about this size. */
const TOTALS_CHUNK = 64 << 10;

export class RecordTyper {
  /** The first lines with a mistake (at most MAX_LINE_ERRORS). */
  readonly errors: LineError[] = [];
  /** Valid records in the file. */
  records = 0;
  /** Records kept aside: no service held their number at their instant, or services of several companies did. */
  unmatchedRecords = 0;
  /** Months (YYYY-MM) of the matched records. */
  readonly months = new Set<string>();
  /** Per service, the sums of its matched records (only when `totalsExact`). */
  readonly totals = new Map<number, ServiceTotals>();
  /** Per service and business day, the sums of its matched records (only when `totalsExact`): usage_number_days. */
  readonly days = new DaySums();
  /** False when the totals cannot be summed exactly here (several months or numbers of a service, sums beyond safe integers). */
  totalsExact = true;
  /** Matched records whose key may be in the file twice (hex key → what each copy adds to the totals). */
  readonly suspects = new Map<string, Contribution>();

  private readonly prints = new KeyPrints();
  private readonly fields: RecordFields;
  /** The cells of the line being typed, for `fieldsOf`. */
  private readonly cellAt = (i: number) => this.cell(i);
  /** The line number of the last line typed (the header is line 1). */
  private line = 1;
  private text = '';
  private escape = false;
  private ascii = true;
  private lastMonth = '';
  /** The piece's record rows, written as they are typed (no string per row survives the line); reused for every piece. */
  private out = Buffer.allocUnsafeSlow(OUT_BYTES);
  private outLength = 0;
  private cellStarts = new Int32Array(2);

  constructor(private readonly options: TypedRowsOptions) {
    this.fields = new RecordFields(options.lowercase);
  }

  /**
   * Types a piece of lines from the reader (which read the header before the first): each line's
   * steps in turn. After MAX_LINE_ERRORS mistakes the file is refused anyway: the rest is skipped.
   */
  typePiece(text: string, header: CdrHeader) {
    if (this.cellStarts.length !== header.width + 1) this.cellStarts = new Int32Array(header.width + 1);
    this.text = text;
    this.escape = /[\\\t\r]/.test(text);
    this.ascii = !/[^\x00-\x7f]/.test(text);
    for (let start = 0; start < text.length && this.errors.length < MAX_LINE_ERRORS; ) {
      const end = text.indexOf('\n', start);
      this.line += 1;
      // An empty line (blank in the file) only counts.
      if (end > start) this.typeLine(header, start, end, this.line);
      start = end + 1;
    }
  }

  /**
   * The records' COPY rows of the piece typed so far, as a buffer of their own: the row buffer is
   * reused for the next piece, and the copy, handed to the COPY stream and dropped once sent, dies
   * young in V8. (Views of 4 MB slabs lived as long as their slab: each slab was promoted to V8's
   * old generation and freed only by a full collection, so dead slabs piled up.)
   */
  take(): Buffer | null {
    if (this.outLength === 0) return null;
    const rows = Buffer.allocUnsafe(this.outLength);
    this.out.copy(rows, 0, 0, this.outLength);
    this.outLength = 0;
    return rows;
  }

  private write(row: string) {
    if (this.outLength + row.length > this.out.length) {
      // A piece with more rows than ever before (a long line): a bigger buffer from now on.
      const grown = Buffer.allocUnsafeSlow(Math.max(this.out.length * 2, this.outLength + row.length));
      this.out.copy(grown, 0, 0, this.outLength);
      this.out = grown;
    }
    this.outLength += this.out.write(row, this.outLength, 'latin1');
  }

  private fail(line: number, message: string) {
    this.errors.push({ line, message });
  }

  private cellText(value: string) {
    return this.escape ? value.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\r', '\\r') : value;
  }

  /** One line: checked (the first mistake is the line's message), then typed, matched and written. */
  private typeLine(header: CdrHeader, start: number, end: number, line: number) {
    if (!this.cellsOfLine(header, start, end, line)) return;
    const fields = this.fields.fieldsOf(this.cellAt, header);
    if (typeof fields === 'string') {
      this.fail(line, fields);
      return;
    }
    // A file with a mistake is refused whole: the lines after the first mistake are only checked.
    if (this.errors.length) return;
    const instant = instantOf(fields.date, fields.seconds);
    const key = keyOf(fields, this.ascii);
    this.records += 1;
    const holder = holderAt(this.options.numbers.get(fields.number), instant * 1_000_000);
    if (holder === null || holder === AMBIGUOUS) this.keepAside(fields, key, line, holder === AMBIGUOUS);
    else this.writeRecord(fields, key, holder);
  }

  /**
   * The cells: where each starts in the piece's text (`cellStarts`, no array of strings per line),
   * as many as the header has; false (and the line's mistake) when it has another number of cells.
   */
  private cellsOfLine(header: CdrHeader, start: number, end: number, line: number): boolean {
    const { text } = this;
    if (end - start === 1 && text[start] === UNCLOSED_QUOTE) {
      this.fail(line, 'aanhalingsteken niet gesloten');
      return false;
    }
    const starts = this.cellStarts;
    let n = 1;
    starts[0] = start;
    for (let at = text.indexOf(CELL_SEPARATOR, start); at !== -1 && at < end; at = text.indexOf(CELL_SEPARATOR, at + 1)) {
      if (n < starts.length) starts[n] = at + 1;
      n += 1;
    }
    if (n !== header.width) {
      this.fail(line, `${n} kolommen, verwacht ${header.width}`);
      return false;
    }
    starts[n] = end + 1;
    return true;
  }

  private cell(i: number): string {
    return this.text.slice(this.cellStarts[i], this.cellStarts[i + 1] - 1);
  }

  /** A record no service held (or services of several companies did) goes to the unmatched records' spool. */
  private keepAside(fields: Fields, key: string, line: number, ambiguous: boolean) {
    const { date, tijd, sender, receiver, direction, type, length, bundle, price } = fields;
    this.unmatchedRecords += 1;
    this.options.unmatched.write(
      `${line}\t${recordTime(date, tijd)}\t${this.cellText(sender)}\t${this.cellText(receiver)}\t${direction}\t${type}\t${length}\t${bundle}\t${price ? price.text : '\\N'}\t\\\\x${key}\t${ambiguous ? 't' : 'f'}\n`,
    );
  }

  /** A matched record: its price, its COPY row of the landing table, its print for the duplicate check and its share of the totals. */
  private writeRecord(fields: Fields, key: string, holder: NumberHolder) {
    const { date, tijd, sender, receiver, direction, type, length, bundle, number } = fields;
    const { text: priceText, micros } = priceOf(fields, this.options.priceMb.get(holder.companyId) ?? 0n);
    this.write(
      `${holder.companyId}\t${holder.serviceId}\t${this.cellText(number)}\t${recordTime(date, tijd)}\t${this.cellText(sender)}\t${this.cellText(receiver)}\t${direction}\t${type}\t${length}\t${bundle}\t${priceText}\t${this.options.importId}\t\\\\x${key}\n`,
    );
    if (date.monthKey !== this.lastMonth) {
      this.months.add(date.monthKey);
      this.lastMonth = date.monthKey;
    }
    const kind = TYPE_INDEX[type] * 4 + (direction === 'uitgaand' ? 2 : 0) + (bundle === 'out' ? 1 : 0);
    const lengthValue = Number(length);
    if (this.prints.add(hexWord(key, 0), hexWord(key, 8))) {
      this.suspects.set(key, { serviceId: holder.serviceId, day: date.day, kind, length: lengthValue, micros });
    }
    if (this.totalsExact) this.addTotals(holder, number, date.monthKey, date.day, kind, lengthValue, micros, 1);
  }

  private addTotals(holder: NumberHolder, number: string, monthKey: string, day: number, kind: number, length: number, micros: number | null, times: number) {
    let totals = this.totals.get(holder.serviceId);
    if (!totals) {
      totals = { companyId: holder.companyId, number, monthKey, sums: new Float64Array(36) };
      this.totals.set(holder.serviceId, totals);
    }
    if (micros === null || totals.number !== number || totals.monthKey !== monthKey) {
      this.totalsExact = false;
      return;
    }
    const { sums } = totals;
    sums[kind * 3] += times;
    sums[kind * 3 + 1] += times * length;
    sums[kind * 3 + 2] += times * micros;
    if (Math.abs(sums[kind * 3 + 1]) > MAX_SAFE || Math.abs(sums[kind * 3 + 2]) > MAX_SAFE) this.totalsExact = false;
    this.days.add(holder.serviceId, holder.companyId, number, monthKey, day, kind, length, micros, times);
    if (!this.days.exact) this.totalsExact = false;
  }

  /** Takes the copies of a key found `extra` times too many (in-file duplicates) out of the totals. */
  removeDuplicates(key: string, extra: number) {
    const contribution = this.suspects.get(key)!;
    const totals = this.totals.get(contribution.serviceId);
    if (!this.totalsExact || !totals) return;
    const { serviceId, day, kind, length, micros } = contribution;
    this.addTotals({ serviceId, companyId: totals.companyId, start: 0, end: null }, totals.number, totals.monthKey, day, kind, length, micros, -extra);
  }

  /**
   * The totals as COPY text of usage_new_totals (company_id, month, service_id, number, type,
   * direction, bundle, records, length, price), in chunks of about 64 KB: one string of all the
   * rows (100,000 of them for 16,000 services) and its pieces took some 40 MB of V8's heap.
   */
  *totalChunks(): Generator<Buffer> {
    const kinds = ['data', 'voice', 'sms'].flatMap((type) => ['inkomend', 'uitgaand'].flatMap((direction) => ['in', 'out'].map((bundle) => `${type}\t${direction}\t${bundle}`)));
    let text = '';
    for (const [serviceId, { companyId, number, monthKey, sums }] of this.totals) {
      const escaped = this.escapeAlways(number);
      for (let kind = 0; kind < 12; kind += 1) {
        if (sums[kind * 3] === 0) continue;
        text += `${companyId}\t${monthKey}-01\t${serviceId}\t${escaped}\t${kinds[kind]}\t${sums[kind * 3]}\t${sums[kind * 3 + 1]}\t${microsText(sums[kind * 3 + 2])}\n`;
      }
      if (text.length >= TOTALS_CHUNK) {
        yield Buffer.from(text, 'latin1');
        text = '';
      }
    }
    if (text) yield Buffer.from(text, 'latin1');
  }

  /**
   * The day sums as usage_number_days' month-to-date rows, COPY text in chunks of about 64 KB: its
   * columns are company_id, day, service_id, number and the kind columns of `dayKinds()`.
   */
  dayChunks(): Generator<Buffer> {
    return this.days.rows((number) => this.escapeAlways(number));
  }

  /** The kinds of record (USAGE_KINDS indexes) whose columns `dayChunks` writes. */
  dayKinds(): number[] {
    return this.days.kinds();
  }

  private escapeAlways(value: string) {
    return value.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\r', '\\r');
  }
}
