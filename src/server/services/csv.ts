import type { FastifyReply } from 'fastify';
import { Decimal } from '../../domain/money';

/**
 * CSV downloads (docs/rules.md, 'Files'): `;` separated, UTF-8 with a BOM and CRLF line ends so
 * Excel in a Dutch locale opens them as columns, decimal comma, and text cells that Excel would
 * read as a formula neutralised.
 */

/** A number written exactly as given (e.g. an amount with its 2 decimals), with a decimal comma. */
export interface CsvNumber {
  number: string;
}

/** A day `DD-MM-YYYY`, a month `YYYY-MM` or a time of day `HH:MM:SS`: that text in a CSV, a real date in an .xlsx (xlsx.ts). */
export interface CsvDay {
  day: string;
}
export interface CsvMonth {
  month: string;
}
export interface CsvTime {
  time: string;
}

export type CsvCell = string | number | CsvNumber | CsvDay | CsvMonth | CsvTime | null | undefined;

const BOM = '\uFEFF';
const SEPARATOR = ';';
/**
 * `=`, `+`, `-`, `@` (docs/security.md, "CSV cells"); tab and carriage return are formula starters in Excel too.
 * Each one that starts the text, or follows a list separator (`;`, `,` or tab, also after spaces
 * or quotes), gets a leading `'`: a spreadsheet that reads the file with another separator (its
 * locale's, or a guess) splits `x,=1+1+cmd|' /C calc'!A0` at the comma, and the quotes of a `;`
 * file do not hold there, as the cell does not start the line (OWASP, CSV injection).
 */
const FORMULA_STARTS = /(^|[;,\t])([ "]*)(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[;"\r\n]/;

/** A number with a decimal comma: 12.5 -> '12,5', '0.004000' -> '0,004000'. Exact for decimal strings. */
export const decimalComma = (value: number | string): string => String(value).replace('.', ',');

/** An amount rounded half-up to `places` decimals ('12.5' -> 12,50), for a CSV cell. */
export const csvAmount = (value: number | string, places = 2): CsvNumber => ({
  number: new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places),
});

const objectText = (value: CsvNumber | CsvDay | CsvMonth | CsvTime): string =>
  'number' in value ? decimalComma(value.number) : 'day' in value ? value.day : 'month' in value ? value.month : value.time;

/**
 * One cell. Numbers are written with a decimal comma and never neutralised (a negative amount
 * stays a number for Excel); in text every formula start gets a leading `'` (FORMULA_STARTS).
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return decimalComma(value);
  if (typeof value === 'object') return objectText(value);
  const text = value.replace(FORMULA_STARTS, "$1$2'");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: CsvCell[]): string => `${cells.map(csvCell).join(SEPARATOR)}\r\n`;

/** The whole file, BOM included: a header row (Dutch) and one line per row. */
export const toCsv = (header: string[], rows: CsvCell[][]): string =>
  BOM + csvLine(header) + rows.map(csvLine).join('');

/** The Content-Disposition of a download under this file name (quotes and line breaks dropped). */
export const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/["\\\r\n]/g, '')}"`;

/** Sends a CSV download: attachment with the given file name, never cached. Adds the BOM if missing. */
export const sendCsv = (reply: FastifyReply, fileName: string, body: string): FastifyReply =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .send(body.startsWith(BOM) ? body : BOM + body);
