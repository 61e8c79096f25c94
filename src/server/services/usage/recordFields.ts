/**
 * A usage line's cells checked and typed (docs/usage.md, 'Import': the file's columns and the
 * order of the rules, with the same Dutch messages): the date, time, richting, type, lengte, bundel
 * and prijs cells, and afzender and ontvanger in their canonical form (docs/rules.md, 'Canonical
 * phone numbers'). Cells are latin1 text of their UTF-8 bytes; the words are compared as
 * PostgreSQL's `lower()` folds them (`Lowercase`). Char-code loops, no regular expressions.
 */
import { ownedByReceiver } from '../../../domain/callRecords';
import { canonicalNumber, holdsDigit } from '../../../domain/phoneNumbers';
import type { CdrHeader } from './cdrFile';

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

export interface DateCell {
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
export interface Fields {
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
export interface Price {
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

/** Reads a line's fields; keeps the dates it has read (a file has few distinct ones). */
export class RecordFields {
  private readonly dates = new Map<string, DateCell | null>();

  constructor(private readonly lowercase: Lowercase) {}

  private dateOf(cell: string): DateCell | null {
    let date = this.dates.get(cell);
    if (date === undefined) {
      date = parseDateCell(cell);
      if (this.dates.size > 10_000) this.dates.clear();
      this.dates.set(cell, date);
    }
    return date;
  }

  /**
   * The record's fields checked in the order of the rules (docs/usage.md) and typed, the cells read
   * by `cell`; the line's message (its first mistake) when it has one.
   */
  fieldsOf(cell: (i: number) => string, { index }: CdrHeader): Fields | string {
    const { lowercase } = this;
    const datum = cell(index.datum);
    const date = this.dateOf(datum);
    if (!date) return `ongeldige datum '${utf8(datum)}' (dd-mm-jjjj of jjjj-mm-dd)`;
    const tijd = cell(index.tijd);
    const seconds = timeOfDay(tijd);
    if (seconds < 0) return `ongeldige tijd '${utf8(tijd)}' (uu:mm:ss)`;
    // The words as written in the file need no folding (nearly every line).
    const richting = cell(index.richting);
    const direction = richting === 'uitgaand' || richting === 'inkomend' ? richting : DIRECTIONS.get(lowercase.of(richting));
    if (!direction) return `ongeldige richting '${utf8(richting)}' (inkomend of uitgaand)`;
    const typeCell = cell(index.type);
    const type = typeCell === 'data' || typeCell === 'voice' || typeCell === 'sms' ? typeCell : TYPES.get(lowercase.of(typeCell));
    if (!type) return `ongeldig type '${utf8(typeCell)}' (data, voice of sms)`;
    const lengte = cell(index.lengte);
    const length = lengthText(lengte);
    if (length === null) return `ongeldige lengte '${utf8(lengte)}' (een geheel getal, 0 of meer)`;
    const bundel = cell(index.bundel);
    const bundle = bundel === 'in' || bundel === 'out' ? bundel : BUNDLES.get(lowercase.of(bundel));
    if (!bundle) return `ongeldige bundel '${utf8(bundel)}' (in of out)`;
    const prijs = index.prijs < 0 ? '' : cell(index.prijs);
    const price = prijs === '' ? null : parsePrice(prijs);
    if (prijs !== '' && price === null) return `ongeldige prijs '${utf8(prijs)}' (euro's, hoogstens 6 decimalen)`;
    const afzender = cell(index.afzender);
    const ontvanger = cell(index.ontvanger);
    const byReceiver = ownedByReceiver(direction, type);
    if ((byReceiver ? ontvanger : afzender) === '') return byReceiver ? 'ontvanger ontbreekt' : 'afzender ontbreekt';
    const sender = partyOf(afzender);
    if (sender === null) return `ongeldige afzender '${utf8(afzender)}' ${NUMBER_RULE}`;
    const receiver = partyOf(ontvanger);
    if (receiver === null) return `ongeldige ontvanger '${utf8(ontvanger)}' ${NUMBER_RULE}`;
    return { date, tijd, seconds, direction, type, length, bundle, price, sender, receiver, number: byReceiver ? receiver : sender };
  }
}
