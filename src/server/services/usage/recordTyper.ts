import crypto from 'node:crypto';
import { BUSINESS_TIME_ZONE, businessTimeToEpoch } from '../../../domain/time';
import { ownedByReceiver } from '../../../domain/callRecords';
import { canonicalNumber, holdsDigit } from '../../../domain/phoneNumbers';
import { CELL_SEPARATOR, UNCLOSED_QUOTE, type CdrHeader, type LineError } from './cdrFile';
import { DaySums } from './daySums';

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
 * typed (`fieldsOf`), its instant (`instantOf`, business time by domain/time), the service that
 * held its number then (`holderAt`), its row (`writeRecord`, or `keepAside` for the unmatched).
 * What only the database knows is loaded once before the first line: how `lower()` folds the
 * letters that matter (`Lowercase`), the numbers and services (`NumberDirectory`).
 */

export const MAX_LINE_ERRORS = 20;

/** One service carrying a `used_for_cdr` number, with its active period in microseconds since 1970. */
export interface NumberHolder {
  serviceId: number;
  companyId: number;
  start: number;
  end: number | null;
}

/**
 * Every `used_for_cdr` number with its services, the one that wins first: among the services
 * active at a record's instant the one that started last, on equal starts the lowest id.
 */
export type NumberDirectory = Map<string, NumberHolder[]>;

/** A record whose number services of more than one company held at its instant. */
export const AMBIGUOUS = 'ambiguous';

/**
 * The service that held the number at instant `t` (microseconds; a service holds it in [start,
 * end)), or null. Within one company the one that started last wins (a number ended and registered
 * again). Services of two companies at the same instant (data from before numbers were global,
 * docs/rules.md, 'Kept-aside usage') answer AMBIGUOUS: the record is kept aside, never handed to either of them.
 */
export const holderAt = (holders: NumberHolder[] | undefined, t: number): NumberHolder | null | typeof AMBIGUOUS => {
  if (!holders) return null;
  let holder: NumberHolder | null = null;
  for (const h of holders) {
    if (h.start > t || (h.end !== null && h.end <= t)) continue;
    if (!holder) holder = h;
    else if (h.companyId !== holder.companyId) return AMBIGUOUS;
  }
  return holder;
};

export const numberDirectory = (rows: { number: string; serviceId: number; companyId: number; start: number; end: number | null }[]): NumberDirectory => {
  const directory: NumberDirectory = new Map();
  for (const { number, ...holder } of rows) {
    const holders = directory.get(number);
    if (holders) holders.push(holder);
    else directory.set(number, [holder]);
  }
  for (const holders of directory.values()) holders.sort((a, b) => b.start - a.start || a.serviceId - b.serviceId);
  return directory;
};

/**
 * PostgreSQL's `lower()` for the letters the richting, type and bundel words are made of: the
 * database's own answers for A–Z and for the only characters outside ASCII whose lower case is an
 * ASCII letter in some locale (U+0130 İ, U+212A Kelvin sign). Everything else stays outside ASCII
 * when lowered, so it can never spell one of the words.
 */
export class Lowercase {
  private readonly ascii: string[] = [];
  constructor(
    upperAscii: string,
    private readonly dottedI: string,
    private readonly kelvin: string,
  ) {
    for (let i = 0; i < 128; i += 1) this.ascii.push(String.fromCharCode(i));
    for (let i = 0; i < 26; i += 1) this.ascii[65 + i] = latin1(upperAscii[i] ?? '');
  }

  /** Lower case of a cell (latin1 text of its UTF-8 bytes). */
  of(cell: string): string {
    let s = cell;
    if (/[^\x00-\x7f]/.test(s)) s = s.replaceAll('\u00c4\u00b0', latin1(this.dottedI)).replaceAll('\u00e2\u0084\u00aa', latin1(this.kelvin));
    let out = '';
    for (let i = 0; i < s.length; i += 1) {
      const c = s.charCodeAt(i);
      out += c < 128 ? this.ascii[c] : s[i];
    }
    return out;
  }
}

/** The latin1 text of a string's UTF-8 bytes (how the typer holds cells). */
const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
/** A cell back as text, for a message. */
const utf8 = (cell: string) => Buffer.from(cell, 'latin1').toString('utf8');

interface DateCell {
  iso: string;
  year: number;
  month: number;
  day: number;
  /** 'YYYY-MM' */
  monthKey: string;
  /** The instant (epoch seconds) of each hour's start, NaN for an hour with a change of offset inside; made on first use. */
  hours: Float64Array | null;
}

const DIRECTIONS = new Map<string, Fields['direction']>([
  ['inkomend', 'inkomend'],
  ['uitgaand', 'uitgaand'],
  ['incoming', 'inkomend'],
  ['outgoing', 'uitgaand'],
]);
const TYPES = new Map<string, Fields['type']>([
  ['data', 'data'],
  ['voice', 'voice'],
  ['sms', 'sms'],
]);
const BUNDLES = new Map<string, Fields['bundle']>([
  ['in', 'in'],
  ['out', 'out'],
]);
const TYPE_INDEX: Record<string, number> = { data: 0, voice: 1, sms: 2 };

const isDigit = (c: number) => c >= 48 && c <= 57;
const daysIn = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** dd-mm-yyyy or yyyy-mm-dd (day and month of one or two digits), an existing day of a year ≥ 100. */
const parseDateCell = (cell: string): DateCell | null => {
  const groups: number[] = [];
  const lengths: number[] = [];
  let value = 0;
  let length = 0;
  for (let i = 0; i <= cell.length; i += 1) {
    const c = i < cell.length ? cell.charCodeAt(i) : 45;
    if (c === 45) {
      if (length === 0 || groups.length === 3) return null;
      groups.push(value);
      lengths.push(length);
      value = 0;
      length = 0;
    } else if (isDigit(c)) {
      value = value * 10 + (c - 48);
      length += 1;
      if (length > 4) return null;
    } else return null;
  }
  if (groups.length !== 3) return null;
  let year: number;
  let month: number;
  let day: number;
  if (lengths[0] === 4 && lengths[1] <= 2 && lengths[2] <= 2) [year, month, day] = groups;
  else if (lengths[0] <= 2 && lengths[1] <= 2 && lengths[2] === 4) [day, month, year] = groups;
  else return null;
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  const monthKey = `${String(year).padStart(4, '0')}-${pad2(month)}`;
  return { iso: `${monthKey}-${pad2(day)}`, year, month, day, monthKey, hours: null };
};

/**
 * The instants of a day's hours in business time (domain/time; `businessTime.test.ts` proves it
 * equals PostgreSQL's `AT TIME ZONE 'Europe/Amsterdam'` for every hour of 1996-2099). An hour whose
 * last second is not 3599 seconds after its start has a change of offset inside (only in historic
 * dates: from 1996 on clocks change on whole hours): NaN, its times are converted one by one.
 */
const hourStarts = ({ year, month, day }: DateCell): Float64Array => {
  const hours = new Float64Array(24);
  for (let hour = 0; hour < 24; hour += 1) {
    const start = businessTimeToEpoch(year, month, day, hour);
    hours[hour] = businessTimeToEpoch(year, month, day, hour, 59, 59) - start === 3599 ? start : NaN;
  }
  return hours;
};

/**
 * The record's instant, epoch seconds: a wall time in the hour skipped in spring has the offset
 * before the change (02:30 is 01:30 UTC), one in the hour repeated in autumn is its second
 * occurrence (standard time) — both as PostgreSQL's `AT TIME ZONE` reads them, so a record is
 * matched at the instant the database stores for it. Per day its hours are converted once.
 */
const instantOf = (date: DateCell, seconds: number): number => {
  const hour = Math.floor(seconds / 3600);
  const start = (date.hours ??= hourStarts(date))[hour];
  if (!Number.isNaN(start)) return start + (seconds % 3600);
  return businessTimeToEpoch(date.year, date.month, date.day, hour, Math.floor(seconds / 60) % 60, seconds % 60);
};

/**
 * The record_time of a COPY row: the wall time as the file gives it with the business zone's name,
 * which PostgreSQL reads exactly as its `AT TIME ZONE 'Europe/Amsterdam'` (the same offset rule for
 * the skipped and the repeated hour). So a record is stored at the instant the import always gave
 * it, for every year: before 1970 time zone databases disagree (Debian's PostgreSQL keeps
 * Amsterdam's own history, Node's ICU and PGlite follow Brussels), where domain/time, which
 * matches the service, is only as exact as Node's.
 */
const recordTime = (date: DateCell, tijd: string) => `${date.iso} ${tijd} ${BUSINESS_TIME_ZONE}`;

/** How a number may be written, in a line's mistake. */
const NUMBER_RULE = '(een telefoonnummer: cijfers, spaties, +, -, ., ( en ))';

/**
 * A sender or receiver cell (latin1 text of its UTF-8 bytes) as stored: a phone number in its
 * canonical form (domain/phoneNumbers, docs/usage.md), text without digits as it is (a data
 * record's 'internet'), null for a value with digits that is not a number ('06\x', full-width
 * digits): a line error. A cell that is canonical already comes back as it is.
 */
const partyOf = (cell: string): string | null => {
  const canonical = canonicalNumber(cell);
  if (canonical !== null) return canonical;
  return holdsAnyDigit(cell) ? null : cell;
};

/** True when the cell holds a digit of any script: ASCII ones found in the latin1 text, others in the text its bytes spell. */
const holdsAnyDigit = (cell: string): boolean => {
  for (let i = 0; i < cell.length; i += 1) {
    const c = cell.charCodeAt(i);
    if (c >= 128) return holdsDigit(utf8(cell));
    if (isDigit(c)) return true;
  }
  return false;
};

/** A line's fields, checked and normalized (so the same record always gives the same key). */
interface Fields {
  date: DateCell;
  /** HH:mm:ss as written. */
  tijd: string;
  /** Seconds since midnight. */
  seconds: number;
  direction: 'inkomend' | 'uitgaand';
  type: 'data' | 'voice' | 'sms';
  /** Digits without leading zeros. */
  length: string;
  bundle: 'in' | 'out';
  price: Price | null;
  /** Canonical when a number (domain/phoneNumbers), else the text as written. */
  sender: string;
  receiver: string;
  /** The record's own number: the receiver's for incoming calls and texts, else the sender's. */
  number: string;
}

/** HH:mm:ss, 00:00:00–23:59:59: seconds since midnight, or -1. */
const timeOfDay = (cell: string): number => {
  if (cell.length !== 8 || cell.charCodeAt(2) !== 58 || cell.charCodeAt(5) !== 58) return -1;
  const h = twoDigits(cell, 0);
  const m = twoDigits(cell, 3);
  const s = twoDigits(cell, 6);
  return h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59 ? -1 : h * 3600 + m * 60 + s;
};

const twoDigits = (cell: string, at: number): number => {
  const a = cell.charCodeAt(at);
  const b = cell.charCodeAt(at + 1);
  return isDigit(a) && isDigit(b) ? (a - 48) * 10 + (b - 48) : -1;
};

/** A whole number of at most 15 digits, as text without leading zeros; null when it is not. */
const lengthText = (cell: string): string | null => {
  if (cell.length < 1 || cell.length > 15) return null;
  let first = -1;
  for (let i = 0; i < cell.length; i += 1) {
    const c = cell.charCodeAt(i);
    if (!isDigit(c)) return null;
    if (first < 0 && c !== 48) first = i;
  }
  return first < 0 ? '0' : first === 0 ? cell : cell.slice(first);
};

/** A price as `numeric(18,6)` text ('-1.500000', '0.000000' for minus zero) and in micros (null beyond safe integers). */
interface Price {
  text: string;
  micros: number | null;
}

/** Euros with `.` or `,` as decimal mark: an optional '-', 1–12 digits, then 1–6 decimals; null when it is not. */
const parsePrice = (cell: string): Price | null => {
  const negative = cell.charCodeAt(0) === 45;
  let whole = -1;
  let wholeEnd = -1;
  const start = negative ? 1 : 0;
  for (let i = start; i < cell.length; i += 1) {
    const c = cell.charCodeAt(i);
    if (c === 44 || c === 46) {
      if (wholeEnd >= 0) return null;
      wholeEnd = i;
    } else if (!isDigit(c)) return null;
    else if (wholeEnd < 0 && whole < 0 && c !== 48) whole = i;
  }
  const end = wholeEnd < 0 ? cell.length : wholeEnd;
  const wholeDigits = end - start;
  const fraction = wholeEnd < 0 ? '' : cell.slice(wholeEnd + 1);
  if (wholeDigits < 1 || wholeDigits > 12 || (wholeEnd >= 0 && (fraction.length < 1 || fraction.length > 6))) return null;
  const wholeText = whole < 0 || whole >= end ? '0' : cell.slice(whole, end);
  const fractionText = fraction.padEnd(6, '0');
  const zero = wholeText === '0' && fractionText === '000000';
  const sign = negative && !zero ? '-' : '';
  const micros = wholeText.length <= 9 ? (Number(wholeText) * 1_000_000 + Number(fractionText)) * (sign ? -1 : 1) : null;
  return { text: `${sign}${wholeText}.${fractionText}`, micros };
};

/** Micros as `numeric(18,6)` text. */
export const microsText = (micros: bigint | number): string => {
  const value = BigInt(micros);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
};

const MB = 1_048_576n;

/** Rounds numerator / denominator (denominator > 0) half away from zero, as PostgreSQL's numeric does. */
const roundDiv = (numerator: bigint, denominator: bigint) => {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = abs / denominator + ((abs % denominator) * 2n >= denominator ? 1n : 0n);
  return negative ? -quotient : quotient;
};

/**
 * The price of out-of-bundle data without a price, in micros, exactly as PostgreSQL computes
 * `round(length::numeric / 1048576 * price_mb, 6)`: the division rounded at the scale numeric
 * division chooses (`select_div_scale`: 16 significant digits from the estimated weight of the
 * quotient in base-10000 digits), the product exact, then rounded to 6 decimals.
 */
export const outOfBundlePriceMicros = (length: number, priceMbMicros: bigint): bigint => {
  if (length === 0 || priceMbMicros === 0n) return 0n;
  const weight = Math.floor((String(length).length - 1) / 4);
  const firstDigit = Math.floor(length / 10_000 ** weight);
  // 1048576 is 104|8576 in base 10000: weight 1, first digit 104.
  const quotientWeight = weight - 1 - (firstDigit <= 104 ? 1 : 0);
  const scale = 10n ** BigInt(Math.min(Math.max(16 - quotientWeight * 4, 0), 1000));
  const quotient = roundDiv(BigInt(length) * scale, MB);
  return roundDiv(quotient * priceMbMicros, scale);
};

/**
 * The 16-byte keys of the file's matched records, 8 bytes each kept (open addressing): a second
 * line with the same first 8 bytes is a suspect, settled exactly by the database (`suspects`).
 * 256 tables, chosen by the key's first byte, each at most three quarters full and doubled on its
 * own: a growth holds two tables of 1/256 of the prints at once, not the old and the new copy of
 * all of them (24 MB at 800,000 records with one table).
 */
class KeyPrints {
  private readonly tables: Uint32Array[] = Array.from({ length: 256 }, () => new Uint32Array(2 * 64));
  private readonly sizes = new Int32Array(256);

  /** Adds a key (its first 8 bytes as two unsigned 32-bit words); true when these 8 bytes were there already. */
  add(a: number, b: number): boolean {
    const table = a >>> 24;
    let slots = this.tables[table];
    if ((this.sizes[table] + 1) * 4 > (slots.length / 2) * 3) slots = this.grow(table);
    if (!insert(slots, a, b)) return true;
    this.sizes[table] += 1;
    return false;
  }

  private grow(table: number): Uint32Array {
    const old = this.tables[table];
    const slots = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] !== 0 || old[i + 1] !== 0) insert(slots, old[i], old[i + 1]);
    }
    this.tables[table] = slots;
    return slots;
  }
}

/** Puts a print in a table; false when it was there already. */
const insert = (slots: Uint32Array, a: number, b: number): boolean => {
  const mask = slots.length / 2 - 1;
  // 0/0 marks an empty slot: the (astronomically rare) key starting with 8 zero bytes is stored as 0/1.
  const lo = a === 0 && b === 0 ? 1 : b;
  for (let i = a & mask; ; i = (i + 1) & mask) {
    const x = slots[2 * i];
    const y = slots[2 * i + 1];
    if (x === 0 && y === 0) {
      slots[2 * i] = a;
      slots[2 * i + 1] = lo;
      return true;
    }
    if (x === a && y === lo) return false;
  }
};

/** The unsigned 32-bit number of 8 lower-case hex digits of `hex` from `at` (no substring, no parseInt). */
const hexWord = (hex: string, at: number): number => {
  let value = 0;
  for (let i = at; i < at + 8; i += 1) {
    const c = hex.charCodeAt(i);
    value = value * 16 + (c <= 57 ? c - 48 : c - 87);
  }
  return value;
};

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
  private readonly dates = new Map<string, DateCell | null>();
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

  constructor(private readonly options: TypedRowsOptions) {}

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

  private fail(line: number, message: string): null {
    this.errors.push({ line, message });
    return null;
  }

  private dateOf(cell: string): DateCell | null {
    let date = this.dates.get(cell);
    if (date === undefined) {
      date = parseDateCell(cell);
      if (this.dates.size > 10_000) this.dates.clear();
      this.dates.set(cell, date);
    }
    return date;
  }

  private cellText(value: string) {
    return this.escape ? value.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\r', '\\r') : value;
  }

  /** One line: checked (the first mistake is the line's message), then typed, matched and written. */
  private typeLine(header: CdrHeader, start: number, end: number, line: number) {
    if (!this.cellsOfLine(header, start, end, line)) return;
    const fields = this.fieldsOf(header, line);
    // A file with a mistake is refused whole: the lines after the first mistake are only checked.
    if (!fields || this.errors.length) return;
    const instant = instantOf(fields.date, fields.seconds);
    const key = this.keyOf(fields);
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

  /** The record's fields checked in the order of the rules (docs/usage.md) and typed; null after noting the first mistake. */
  private fieldsOf({ index }: CdrHeader, line: number): Fields | null {
    const { lowercase } = this.options;
    const datum = this.cell(index.datum);
    const date = this.dateOf(datum);
    if (!date) return this.fail(line, `ongeldige datum '${utf8(datum)}' (dd-mm-jjjj of jjjj-mm-dd)`);
    const tijd = this.cell(index.tijd);
    const seconds = timeOfDay(tijd);
    if (seconds < 0) return this.fail(line, `ongeldige tijd '${utf8(tijd)}' (uu:mm:ss)`);
    // The words as written in the file need no folding (nearly every line).
    const richting = this.cell(index.richting);
    const direction = richting === 'uitgaand' || richting === 'inkomend' ? richting : DIRECTIONS.get(lowercase.of(richting));
    if (!direction) return this.fail(line, `ongeldige richting '${utf8(richting)}' (inkomend of uitgaand)`);
    const typeCell = this.cell(index.type);
    const type = typeCell === 'data' || typeCell === 'voice' || typeCell === 'sms' ? typeCell : TYPES.get(lowercase.of(typeCell));
    if (!type) return this.fail(line, `ongeldig type '${utf8(typeCell)}' (data, voice of sms)`);
    const lengte = this.cell(index.lengte);
    const length = lengthText(lengte);
    if (length === null) return this.fail(line, `ongeldige lengte '${utf8(lengte)}' (een geheel getal, 0 of meer)`);
    const bundel = this.cell(index.bundel);
    const bundle = bundel === 'in' || bundel === 'out' ? bundel : BUNDLES.get(lowercase.of(bundel));
    if (!bundle) return this.fail(line, `ongeldige bundel '${utf8(bundel)}' (in of out)`);
    const prijs = index.prijs < 0 ? '' : this.cell(index.prijs);
    const price = prijs === '' ? null : parsePrice(prijs);
    if (prijs !== '' && price === null) return this.fail(line, `ongeldige prijs '${utf8(prijs)}' (euro's, hoogstens 6 decimalen)`);
    const afzender = this.cell(index.afzender);
    const ontvanger = this.cell(index.ontvanger);
    const byReceiver = ownedByReceiver(direction, type);
    if ((byReceiver ? ontvanger : afzender) === '') return this.fail(line, byReceiver ? 'ontvanger ontbreekt' : 'afzender ontbreekt');
    const sender = partyOf(afzender);
    if (sender === null) return this.fail(line, `ongeldige afzender '${utf8(afzender)}' ${NUMBER_RULE}`);
    const receiver = partyOf(ontvanger);
    if (receiver === null) return this.fail(line, `ongeldige ontvanger '${utf8(ontvanger)}' ${NUMBER_RULE}`);
    return { date, tijd, seconds, direction, type, length, bundle, price, sender, receiver, number: byReceiver ? receiver : sender };
  }

  /**
   * The record's key, as PostgreSQL's sha256() of its normalized fields joined by U+001F always
   * gave it, so re-imports of older imports stay idempotent (UTF-8: the latin1 text of its bytes,
   * or the text itself when it is ASCII). Hex, its first 16 bytes.
   */
  private keyOf({ date, tijd, sender, receiver, direction, type, length, bundle, price }: Fields): string {
    const keyText = `${date.iso}\u001f${tijd}\u001f${sender}\u001f${receiver}\u001f${direction}\u001f${type}\u001f${length}\u001f${bundle}\u001f${price ? price.text : ''}`;
    return (this.ascii ? crypto.hash('sha256', keyText, 'hex') : crypto.hash('sha256', Buffer.from(keyText, 'latin1'), 'hex')).slice(0, 32);
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
    const { text: priceText, micros } = this.priceOf(fields, holder);
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

  /** As imported; out-of-bundle data without a price at the company's price_mb; anything else without a price costs 0. */
  private priceOf({ price, type, bundle, length }: Fields, holder: NumberHolder): Price {
    if (price) return price;
    if (type !== 'data' || bundle !== 'out') return { text: '0.000000', micros: 0 };
    const computed = outOfBundlePriceMicros(Number(length), this.options.priceMb.get(holder.companyId) ?? 0n);
    return { text: microsText(computed), micros: computed <= BigInt(MAX_SAFE) && computed >= -BigInt(MAX_SAFE) ? Number(computed) : null };
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
