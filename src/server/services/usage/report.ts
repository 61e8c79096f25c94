import { sql, type SQL } from 'drizzle-orm';
import type { CalendarRange } from '../../../domain/dateRange';
import { addMonths, businessTimeToEpoch, daysInMonth, isoDate, parseIsoDate, type CalendarDate } from '../../../domain/time';
import { USAGE_KINDS } from '../../db/schema/usage';
import { queryRows, type Db } from '../../db';

/**
 * The usage report ('Verbruik', docs/usage.md, 'Report'): one row per number with usage in a
 * date range: whole months inside the range from usage_number_months (one row per service and
 * number), a partly covered first or last month from usage_number_days (per service and business
 * day, the month's totals up to that day). Only the detail screen of one number reads usage_records.
 */

export interface ReportFilters {
  type?: 'data' | 'voice' | 'sms';
  direction?: 'inkomend' | 'uitgaand';
  /** Only out-of-bundle usage. */
  outOnly?: boolean;
  /** Part of the number. */
  sender?: string;
}

/**
 * The order of the report's rows (docs/usage.md, 'Report'): by end user (the usual order), number,
 * data or total. Every order ends on the number, which is unique in the report, so windows of a
 * sorted report never skip or repeat a row between equal figures.
 */
export const REPORT_SORT_KEYS = ['name', 'number', 'data', 'total'] as const;
export interface ReportSort {
  key: (typeof REPORT_SORT_KEYS)[number];
  direction: 'asc' | 'desc';
}
export const DEFAULT_REPORT_SORT: ReportSort = { key: 'name', direction: 'asc' };

/** The ORDER BY of a sort over the `report` rows of reportSql; data is decimal text there, so compared as numeric. */
const orderOf = ({ key, direction }: ReportSort): SQL => {
  const dir = direction === 'desc' ? 'desc' : 'asc';
  switch (key) {
    case 'number':
      return sql.raw(`mobile_number ${dir}`);
    case 'data':
      return sql.raw(`data::numeric ${dir}, mobile_number`);
    case 'total':
      return sql.raw(`total_price ${dir}, mobile_number`);
    default:
      // Rows without an end user stay last either way.
      return sql.raw(`sort_lastname ${dir} nulls last, sort_firstname ${dir} nulls last, mobile_number ${dir}`);
  }
};

export interface ReportRow {
  id: number;
  firstname: string;
  lastname: string;
  mobile_number: string;
  product_name: string;
  data: number;
  sms: number;
  call_seconds: number;
  total_price: number;
}

const before = (a: CalendarDate, b: CalendarDate) => isoDate(a) < isoDate(b);

/** The range split into whole months (first days) and at most two partial day ranges. */
export const splitRange = ({ from, to }: CalendarRange) => {
  const wholeMonths: string[] = [];
  const dayRanges: [string, string][] = [];
  for (let m = { year: from.year, month: from.month, day: 1 }; !before(to, m); m = addMonths(m.year, m.month, 1)) {
    const last = { ...m, day: daysInMonth(m.year, m.month) };
    const start = before(m, from) ? from : m;
    const end = before(to, last) ? to : last;
    if (start.day === 1 && end.day === last.day) wholeMonths.push(isoDate(m));
    else dayRanges.push([isoDate(start), isoDate(end)]);
  }
  return { wholeMonths, dayRanges };
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const senderSql = (filters: ReportFilters, table = ''): SQL =>
  filters.sender ? sql` and ${sql.raw(table)}number ilike ${`%${escapeLike(filters.sender)}%`}` : sql``;

/** The sum of some kind columns (usage_number_months, usage_number_days) as SQL text ('0' for none). */
const plus = (columns: string[]) => (columns.length ? columns.join(' + ') : '0');

/**
 * A report row's figures under the filters as sums of kind columns, as SQL text over the columns
 * of one row of usage_number_months or usage_number_days (`alias`.): data (bytes), sms (records),
 * call_seconds, price_micros (millionths of a euro) and records (whether the row counts).
 */
const FIGURES = ['data', 'sms', 'call_seconds', 'price_micros', 'records'] as const;
const figureSums = (filters: ReportFilters, alias: string): Record<(typeof FIGURES)[number], string> => {
  const kinds = USAGE_KINDS.filter(
    (k) =>
      (!filters.type || k.type === filters.type) &&
      (!filters.direction || k.direction === filters.direction) &&
      (!filters.outOnly || k.bundle === 'out'),
  );
  const of = (type: string, measure: string) => plus(kinds.filter((k) => k.type === type).map((k) => `${alias}.${k.column}_${measure}`));
  return {
    data: of('data', 'length'),
    sms: of('sms', 'records'),
    call_seconds: of('voice', 'length'),
    price_micros: plus(kinds.map((k) => `${alias}.${k.column}_price_micros`)),
    records: plus(kinds.map((k) => `${alias}.${k.column}_records`)),
  };
};

/** `expression as name` for each figure, as SQL. */
const figuresAs = (expression: (figure: (typeof FIGURES)[number]) => string) =>
  sql.raw(FIGURES.map((figure) => `${expression(figure)} as ${figure}`).join(', '));

/** The columns every source of the report has before its figures. */
const COPIES = sql.raw('m.company_id, m.month, m.service_id, m.number, m.shared, m.article_id, m.end_user_id');

/**
 * The rows of usage_number_months of whole months with their figures (FIGURES) under the filters,
 * as a FROM item: the source of the report's rows, as `partOfMonth` is for part of a month.
 */
const wholeMonthsOf = (companyId: number, months: string[], filters: ReportFilters): SQL => {
  const sums = figureSums(filters, 'm');
  return sql`(select ${COPIES}, ${figuresAs((figure) => sums[figure])}
    from usage_number_months m
    where m.company_id = ${companyId} and m.month in (${sql.join(months.map((month) => sql`${month}::date`), sql`, `)}))`;
};

/**
 * The rows of usage_number_months for part of their month (`from` to `to`, ISO, not the whole
 * month) with the figures (FIGURES) of those days, as a FROM item like `wholeMonthsOf`.
 * usage_number_days holds on each day the month's totals up to and including that day, so the
 * 1st to the 15th is the 15th's row, the 11th to the 16th the 16th's row less the 10th's, the 20th
 * to the month's last day the month's row less the 19th's: at most two rows per service read by
 * the primary key, however many days the part has. A figure is a sum of kind columns, so each day
 * row is summed to its five figures before the join (`offset 0` keeps PostgreSQL from merging the
 * sums into the join, which would then hash the rows' 36 kind columns instead of 5 figures: a
 * third less time for a month of 16,000 numbers). A service without records by `to` has no day
 * row and drops out; the month's row gives the `shared` mark and the copies of the service's
 * article and end user, as for a whole month.
 */
const partOfMonth = (companyId: number, from: string, to: string, filters: ReportFilters): SQL => {
  const start = parseIsoDate(from)!;
  const end = parseIsoDate(to)!;
  const toMonthEnd = end.day === daysInMonth(end.year, end.month);
  const daySums = figureSums(filters, 'd');
  const dayFigures = (day: string) =>
    sql`(select d.service_id, ${figuresAs((figure) => daySums[figure])}
      from usage_number_days d where d.company_id = ${companyId} and d.day = ${day}::date offset 0)`;
  const monthSums = figureSums(filters, 'm');
  const upTo = (figure: (typeof FIGURES)[number]) => (toMonthEnd ? `(${monthSums[figure]})` : `e.${figure}`);
  const since = (figure: (typeof FIGURES)[number]) => (start.day > 1 ? ` - coalesce(b.${figure}, 0)` : '');
  return sql`(select ${COPIES}, ${figuresAs((figure) => `${upTo(figure)}${since(figure)}`)}
    from usage_number_months m${toMonthEnd ? sql`` : sql`
      join ${dayFigures(to)} e on e.service_id = m.service_id`}${
      start.day > 1
        ? sql`
      left join ${dayFigures(isoDate({ ...start, day: start.day - 1 }))} b on b.service_id = m.service_id`
        : sql``
    }
    where m.company_id = ${companyId} and m.month = ${isoDate({ ...start, day: 1 })}::date)`;
};

/**
 * The per-service totals of the range, filtered, as rows (service_id, number, article_id,
 * end_user_id: the copies of the service's, data, sms, call_seconds, price_micros); a statement
 * fragment. Whole months read usage_number_months, a partly covered month `partOfMonth`
 * (`sharedOnly`: only the rows of numbers with more than one service in the month). A service
 * shows when the chosen kinds have a record in the range.
 */
const totalsInRange = (companyId: number, range: CalendarRange, filters: ReportFilters, sharedOnly: boolean): SQL => {
  const { wholeMonths, dayRanges } = splitRange(range);
  const sources = [
    ...(wholeMonths.length ? [wholeMonthsOf(companyId, wholeMonths, filters)] : []),
    ...dayRanges.map(([from, to]) => partOfMonth(companyId, from, to, filters)),
  ];
  const where = sql`${sharedOnly ? sql`shared and ` : sql``}records > 0${senderSql(filters)}`;
  return sql.join(
    sources.map((source) => sql`select service_id, number, article_id, end_user_id, data, sms, call_seconds, price_micros from ${source} u where ${where}`),
    sql` union all `,
  );
};

/** The end user's columns of a report row; `holder` is the alias of the row with the end user id (holders or usage_number_months). */
const reportColumns = (holder: 'h' | 'u') =>
  sql.raw(`coalesce(${holder}.end_user_id, 0) as id, coalesce(e.firstname, '') as firstname, coalesce(e.lastname, '') as lastname`);
/** Rows go by end user the Dutch way ('de Boer' under B, domain/names.ts): the keys kept with the name (migration 0009). */
const SORT_COLUMNS = sql.raw('e.sort_lastname, e.sort_firstname');

/**
 * The report's rows as a statement: `select {columns} from report`, ordered by `order` (`sort`,
 * by default the end user's name). One row
 * per number. A number held by more than one service of the company in the range (ended and
 * registered again) is one row; its end user and product are those of the service that started
 * last (on equal starts the lowest id). Integer sums per number (a hash aggregate, no sort by the
 * collation); the service that started last is looked up only for numbers with more than one, the
 * others take the copies of their service's article and end user from their rows (kept equal to
 * the service's by the triggers of migration 0004), so `services` is not read for them.
 * A range within one month (a whole month: the common case, or part of one) reads its rows of
 * numbers with one service as they are (no aggregate), with the article and end user copied on
 * them (no join with services), and aggregates only the rows marked `shared`.
 */
const reportSql = (
  companyId: number,
  range: CalendarRange,
  filters: ReportFilters,
  select: (order: SQL) => SQL,
  sort: ReportSort = DEFAULT_REPORT_SORT,
): SQL => {
  const { wholeMonths, dayRanges } = splitRange(range);
  const oneMonth = wholeMonths.length + dayRanges.length === 1;
  const source = wholeMonths.length ? wholeMonthsOf(companyId, wholeMonths, filters) : partOfMonth(companyId, ...dayRanges[0], filters);
  const direct = oneMonth
    ? sql`
      union all
      select ${reportColumns('u')}, u.number, a.name, u.data::text, u.sms::text, u.call_seconds::text, round(u.price_micros / 1000000.0, 2), ${SORT_COLUMNS}
      from ${source} u
        join articles a on a.id = u.article_id
        left join end_users e on e.id = u.end_user_id
      where not u.shared and u.records > 0${senderSql(filters, 'u.')}`
    : sql``;
  return sql`with totals as (${totalsInRange(companyId, range, filters, oneMonth)}),
    per_number as (
      select number, sum(data) as data, sum(sms) as sms, sum(call_seconds) as call_seconds,
        round(sum(price_micros) / 1000000.0, 2) as total_price, min(service_id) as first_service, max(service_id) as last_service,
        min(article_id) as article_id, min(end_user_id) as end_user_id
      from totals group by number
    ),
    latest as (
      select distinct on (t.number) t.number, s.id
      from totals t join services s on s.id = t.service_id
      where t.number in (select number from per_number where first_service <> last_service)
      order by t.number, s.start_time desc, s.id
    ),
    holders as (
      select p.number, p.data, p.sms, p.call_seconds, p.total_price,
        case when l.id is null then p.article_id else s.article_id end as article_id,
        case when l.id is null then p.end_user_id else s.end_user_id end as end_user_id
      from per_number p
        left join latest l on l.number = p.number
        left join services s on s.id = l.id and s.company_id = ${companyId}
    ),
    report as (
      select ${reportColumns('h')}, h.number as mobile_number, a.name as product_name,
        h.data::text as data, h.sms::text as sms, h.call_seconds::text as call_seconds, h.total_price, ${SORT_COLUMNS}
      from holders h
        join articles a on a.id = h.article_id
        left join end_users e on e.id = h.end_user_id${direct}
    )
    ${select(orderOf(sort))}`;
};

/**
 * The rows of a statement of the report (reportSql), read with PostgreSQL's JIT compilation off
 * for its transaction. A partly covered month (2nd to 30th) or a range over two months is
 * estimated above `jit_above_cost`, and compiling its expressions took 43 ms of a 111 ms query
 * over a month of 16,000 numbers (explain analyze); at these row counts it never earns that back.
 * Local to the transaction, so it holds through a pooler in transaction mode too.
 */
const reportQuery = <T>(db: Db, query: SQL): Promise<T[]> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<T>(tx, query);
  });

/** The report row's columns, in the order of ReportRow. */
const ROW_COLUMNS = 'id, firstname, lastname, mobile_number, product_name, data, sms, call_seconds, total_price';
const ROW_CELLS = 9;

/** A report row as the driver answers it (numbers as decimal text), or as split from the aggregated text (all text). */
interface ReportCells {
  id: number | string;
  firstname: string;
  lastname: string;
  mobile_number: string;
  product_name: string;
  data: string;
  sms: string;
  call_seconds: string;
  total_price: string;
}

/** A row of the answer from its cells: the figures as JSON numbers. */
const reportRowOf = (r: ReportCells): ReportRow => ({
  id: Number(r.id),
  firstname: r.firstname,
  lastname: r.lastname,
  mobile_number: r.mobile_number,
  product_name: r.product_name,
  data: Number(r.data),
  sms: Number(r.sms),
  call_seconds: Number(r.call_seconds),
  total_price: Number(r.total_price),
});

/**
 * All rows of the report as one text the database aggregates in the report's order: a line per
 * row, its cells (ROW_COLUMNS) separated by tabs, the total price without trailing zeros (`9.5`,
 * `0`, as a JSON number writes it). Reading 16,000 rows of 9 fields through the driver took Node
 * longer than the database needed for the whole query; one text is split natively.
 */
const reportLines = async (db: Db, companyId: number, range: CalendarRange, filters: ReportFilters, sort?: ReportSort) => {
  const [all] = await reportQuery<{ count: number; lines: string | null }>(
    db,
    reportSql(
      companyId,
      range,
      filters,
      (order) =>
        sql`select count(*)::int as count,
        string_agg(concat_ws(E'\\t', id, firstname, lastname, mobile_number, product_name, data, sms, call_seconds, trim_scale(total_price)), E'\\n'
          order by ${order}) as lines
        from report`,
      sort,
    ),
  );
  return { count: all.count, lines: all.lines ?? '' };
};

/**
 * The rows of the aggregated text, or null when it cannot be split: a cell holding a tab or a
 * line break itself (or a null cell, which concat_ws leaves out). `count` lines of ROW_CELLS
 * cells each are found only when every tab and line break is a separator.
 */
const rowsOfLines = (text: string, count: number): ReportRow[] | null => {
  const lines = text.split('\n');
  if (lines.length !== count) return null;
  const rows = new Array<ReportRow>(count);
  for (let i = 0; i < count; i += 1) {
    const c = lines[i].split('\t');
    if (c.length !== ROW_CELLS) return null;
    // The cells are the text the driver answers for these columns, converted the same way.
    const [id, firstname, lastname, mobile_number, product_name, data, sms, call_seconds, total_price] = c;
    rows[i] = reportRowOf({ id, firstname, lastname, mobile_number, product_name, data, sms, call_seconds, total_price });
  }
  return rows;
};

/** What JSON writes before each cell of a row (UTF-8, all ASCII). */
const JSON_BEFORE = ['{"id":', ',"firstname":"', '","lastname":"', '","mobile_number":"', '","product_name":"', '","data":', ',"sms":', ',"call_seconds":', ',"total_price":'].map(
  (text) => Buffer.from(text, 'latin1'),
);
/** The bytes JSON adds to a row besides its cells: JSON_BEFORE and the closing `}`. */
const JSON_ROW_BYTES = JSON_BEFORE.reduce((sum, bytes) => sum + bytes.length, 0) + 1;
const ID = 0;
const TEXT = 1;
const FIGURE = 2;
const PRICE = 3;
/** Each cell's kind, and the most digits (before a decimal point) JSON writes unchanged for it. */
const CELL_KINDS = [ID, TEXT, TEXT, TEXT, TEXT, FIGURE, FIGURE, FIGURE, PRICE];
const MAX_DIGITS = [10, 0, 0, 0, 0, 15, 15, 15, 13];

/**
 * The JSON answer for the rows of the aggregated text, byte for byte what JSON.stringify writes
 * for them (and UTF-8 encodes), written in one pass over the text into one buffer: no 16,000
 * objects, no string of 3 MB. Null when some cell needs more than copying, and then the caller
 * lets JSON.stringify write the rows:
 * - a text cell with a character JSON escapes (`"`, `\`, a control character);
 * - a number JSON would not write digit for digit: more than 15 significant digits (beyond what a
 *   double holds exactly), a leading zero, a trailing zero after the decimal point, minus zero;
 * - a tab or a line break inside a cell, or a null cell: then the text is not `count` lines of
 *   ROW_CELLS cells.
 * Every other character JSON.stringify writes as it is; here it is UTF-8 encoded as Buffer.from
 * would, and an output of another length than Buffer.byteLength announced is not used.
 */
const jsonOfLines = (text: string, count: number): Buffer | null => {
  const n = text.length;
  // Each row's 8 tabs become the text before its cells; a line break between two rows, a comma.
  const size = 2 + Buffer.byteLength(text, 'utf8') - (ROW_CELLS - 1) * count + count * JSON_ROW_BYTES;
  const out = Buffer.allocUnsafe(size);
  let o = 0;
  out[o++] = 0x5b; // [
  let before = JSON_BEFORE[0];
  for (let k = 0; k < before.length; k += 1) out[o++] = before[k];
  let cell = 0;
  let kind = ID;
  let rows = 0;
  let start = 0;
  let digits = 0;
  let decimals = -1;
  for (let i = 0; i <= n; i += 1) {
    const c = i < n ? text.charCodeAt(i) : 0x0a;
    if (c === 0x09 || c === 0x0a) {
      // The end of a cell: a number must be one JSON writes as it is.
      if (kind !== TEXT) {
        if (digits < 1 || digits > MAX_DIGITS[cell] || decimals === 0) return null;
        const first = text.charCodeAt(start) === 0x2d ? start + 1 : start;
        if (text.charCodeAt(first) === 0x30 && (digits > 1 || (first > start && decimals < 0))) return null;
        if (decimals > 0 && text.charCodeAt(i - 1) === 0x30) return null;
      }
      if (c === 0x09) {
        cell += 1;
        if (cell === ROW_CELLS) return null;
        kind = CELL_KINDS[cell];
        before = JSON_BEFORE[cell];
        for (let k = 0; k < before.length; k += 1) out[o++] = before[k];
      } else {
        if (cell !== ROW_CELLS - 1) return null;
        rows += 1;
        out[o++] = 0x7d; // }
        if (i < n) {
          if (rows === count) return null;
          out[o++] = 0x2c; // ,
          before = JSON_BEFORE[0];
          for (let k = 0; k < before.length; k += 1) out[o++] = before[k];
        }
        cell = 0;
        kind = ID;
      }
      start = i + 1;
      digits = 0;
      decimals = -1;
    } else if (kind === TEXT) {
      if (c < 0x80) {
        if (c === 0x22 || c === 0x5c || c < 0x20) return null;
        out[o++] = c;
      } else if (c < 0x800) {
        out[o++] = 0xc0 | (c >> 6);
        out[o++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        out[o++] = 0xe0 | (c >> 12);
        out[o++] = 0x80 | ((c >> 6) & 0x3f);
        out[o++] = 0x80 | (c & 0x3f);
      } else {
        // A surrogate pair (the database's text has no lone surrogates; one is left to JSON.stringify).
        const low = text.charCodeAt(i + 1);
        if (c > 0xdbff || low < 0xdc00 || low > 0xdfff) return null;
        const point = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
        out[o++] = 0xf0 | (point >> 18);
        out[o++] = 0x80 | ((point >> 12) & 0x3f);
        out[o++] = 0x80 | ((point >> 6) & 0x3f);
        out[o++] = 0x80 | (point & 0x3f);
        i += 1;
      }
    } else {
      if (c >= 0x30 && c <= 0x39) {
        if (decimals < 0) digits += 1;
        else if ((decimals += 1) > 2) return null;
      } else if (kind === PRICE && c === 0x2d && i === start) {
        // The sign of a price.
      } else if (kind === PRICE && c === 0x2e && decimals < 0 && digits > 0) {
        decimals = 0;
      } else return null;
      out[o++] = c;
    }
  }
  out[o++] = 0x5d; // ]
  return rows === count && o === size ? out : null;
};

/** The rows of one window of the report (or all of them), read row by row. */
const reportRows = async (
  db: Db,
  companyId: number,
  range: CalendarRange,
  filters: ReportFilters,
  page?: { offset: number; limit: number },
  sort?: ReportSort,
) =>
  (
    await reportQuery<ReportCells>(
      db,
      reportSql(
        companyId,
        range,
        filters,
        (order) => sql`select ${sql.raw(ROW_COLUMNS)} from report order by ${order}${page ? sql` limit ${page.limit} offset ${page.offset}` : sql``}`,
        sort,
      ),
    )
  ).map(reportRowOf);

/** All rows, split from the aggregated text, or read row by row when it cannot be split. */
const allRows = async (db: Db, companyId: number, range: CalendarRange, filters: ReportFilters, lines: string, count: number, sort?: ReportSort) =>
  rowsOfLines(lines, count) ?? reportRows(db, companyId, range, filters, undefined, sort);

/**
 * The report's rows in order (`sort`; by default lastname, firstname, number); with `page`, only
 * that window of them (the screen asks windows as it scrolls, so a big customer's 16,000 numbers
 * are not sent at once).
 * All rows are split from the aggregated text (`reportLines`); a name with a tab or a line break
 * in it (the text cannot be split then, which is noticed) makes them read row by row.
 */
export const usageReport = async (
  db: Db,
  companyId: number,
  range: CalendarRange,
  filters: ReportFilters,
  page?: { offset: number; limit: number },
  sort?: ReportSort,
): Promise<ReportRow[]> => {
  if (page) return reportRows(db, companyId, range, filters, page, sort);
  const { count, lines } = await reportLines(db, companyId, range, filters, sort);
  if (count === 0) return [];
  return allRows(db, companyId, range, filters, lines, count, sort);
};

/**
 * All rows of the report as the UTF-8 bytes of the JSON answer of GET /report: exactly what
 * `JSON.stringify(await usageReport(...))` writes, without the objects when the cells allow
 * (`jsonOfLines`: nearly always).
 */
export const usageReportJson = async (db: Db, companyId: number, range: CalendarRange, filters: ReportFilters, sort?: ReportSort): Promise<Buffer> => {
  const { count, lines } = await reportLines(db, companyId, range, filters, sort);
  if (count === 0) return Buffer.from('[]');
  return (
    jsonOfLines(lines, count) ??
    Buffer.from(JSON.stringify(await allRows(db, companyId, range, filters, lines, count, sort)), 'utf8')
  );
};

/**
 * The size and total of the whole report (the screen's "n nummers, totaal € x" above a windowed
 * table): the number of rows and the exact sum of their rounded totals, as decimal text.
 */
export const usageReportSummary = async (
  db: Db,
  companyId: number,
  range: CalendarRange,
  filters: ReportFilters,
): Promise<{ count: number; total_price: string }> => {
  const [row] = await reportQuery<{ count: string; total_price: string }>(
    db,
    reportSql(companyId, range, filters, () => sql`select count(*) as count, coalesce(sum(total_price), 0)::numeric(18, 2)::text as total_price from report`),
  );
  return { count: Number(row?.count ?? 0), total_price: row?.total_price ?? '0.00' };
};

export interface DetailRecord {
  /**
   * The record's id (decimal text): stable and unique, from a sequence as the record was loaded,
   * so nothing of its content (a masked digit) can be computed from it. The record key stays on
   * the server.
   */
  id: string;
  direction: string;
  sender: string;
  receiver: string;
  /** dd-mm-yyyy, business time. */
  date: string;
  /** HH:mm:ss, business time. */
  time: string;
  total_price: number;
  type: string;
  length: number;
  bundle: string;
}

/**
 * The services of the acting company that carry the number for the end user (0: services
 * without end user): by their `used_for_cdr` value now, or by usage recorded on the number.
 * Empty when the number or the end user is not the company's.
 */
export const servicesOfNumber = async (db: Db, companyId: number, endUserId: number, number: string): Promise<number[]> => {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from services s
      where s.company_id = ${companyId}
        and ${endUserId === 0 ? sql`s.end_user_id is null` : sql`s.end_user_id = ${endUserId}`}
        and (exists (select 1 from service_field_inputs fi join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
                     where fi.service_id = s.id and fi.value = ${number})
          or exists (select 1 from usage_monthly u where u.company_id = ${companyId} and u.service_id = s.id and u.number = ${number}))`,
  );
  return rows.map((r) => r.id);
};

/** The instant a business day starts, ISO. */
const dayStart = (date: CalendarDate) => new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000).toISOString();

const nextDay = (date: CalendarDate): CalendarDate => {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** The records of the services in the range, in time order, one page (limit + 1 read to know if more follow). */
export const usageRecordsOf = async (
  db: Db,
  companyId: number,
  serviceIds: number[],
  number: string,
  range: CalendarRange,
  page: { limit: number; offset: number },
): Promise<{ records: DetailRecord[]; hasMore: boolean }> => {
  if (serviceIds.length === 0) return { records: [], hasMore: false };
  const rows = await queryRows<{
    id: string;
    direction: string;
    sender: string;
    receiver: string;
    date: string;
    time: string;
    price: string;
    type: string;
    length: string;
    bundle: string;
  }>(
    db,
    sql`select id::text as id, direction, sender, receiver,
        to_char(record_time at time zone 'Europe/Amsterdam', 'DD-MM-YYYY') as date,
        to_char(record_time at time zone 'Europe/Amsterdam', 'HH24:MI:SS') as time,
        round(price, 2) as price, type, length, bundle
      from usage_records
      where company_id = ${companyId}
        and service_id in (${sql.join(serviceIds.map((id) => sql`${id}`), sql`, `)})
        and number = ${number}
        and record_time >= ${dayStart(range.from)} and record_time < ${dayStart(nextDay(range.to))}
      order by record_time, id
      limit ${page.limit + 1} offset ${page.offset}`,
  );
  return {
    records: rows.slice(0, page.limit).map((r) => ({
      id: r.id,
      direction: r.direction,
      sender: r.sender,
      receiver: r.receiver,
      date: r.date,
      time: r.time,
      total_price: Number(r.price),
      type: r.type,
      length: Number(r.length),
      bundle: r.bundle,
    })),
    hasMore: rows.length > page.limit,
  };
};
