import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import { attachment, sendCsv, toCsv, type CsvCell } from './csv';

/**
 * Excel downloads beside the CSV ones: the same header and rows (CsvCell, csv.ts) written as one
 * .xlsx sheet with real cell types. Amounts and counts are numbers, days, months and times real
 * Excel dates; text is a string cell, which Excel never evaluates as a formula, so it stays as
 * given (no `'` as in the CSV).
 */

export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Thousands separator and exactly the decimals the amount was given with ('12.50' -> #,##0.00). */
const numberFormat = (decimals: number) => (decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(decimals)}`);

/** A Date whose Excel serial number is that UTC moment: the library counts days from 1899-12-30 UTC. */
const excelDate = (year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0) =>
  new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));

const parts = (text: string, separator: string) => text.split(separator).map(Number);

const xlsxCell = (value: CsvCell): Cell => {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return { value, type: String };
  if (typeof value === 'number') return { value, type: Number };
  if ('number' in value) {
    const decimals = value.number.split('.')[1]?.length ?? 0;
    return { value: Number(value.number), type: Number, format: numberFormat(decimals) };
  }
  if ('day' in value) {
    const [day, month, year] = parts(value.day, '-');
    return { value: excelDate(year, month, day), type: Date, format: 'dd-mm-yyyy' };
  }
  if ('month' in value) {
    const [year, month] = parts(value.month, '-');
    return { value: excelDate(year, month, 1), type: Date, format: 'yyyy-mm' };
  }
  // A time of day is the fraction of a day after Excel's day 0.
  const [hours, minutes, seconds] = parts(value.time, ':');
  return { value: excelDate(1899, 12, 30, hours, minutes, seconds), type: Date, format: 'hh:mm:ss' };
};

/** The .xlsx file name of a CSV download: `x.csv` -> `x.xlsx`. */
const xlsxFileName = (csvFileName: string) => csvFileName.replace(/\.csv$/, '') + '.xlsx';

/** Sends the rows as an .xlsx download (bold header row that stays in view), streamed, never cached. */
export const sendXlsx = async (reply: FastifyReply, fileName: string, header: string[], rows: CsvCell[][]) => {
  const sheet: Row[] = [header.map((value) => ({ value, type: String, fontWeight: 'bold' as const })), ...rows.map((row) => row.map(xlsxCell))];
  const file = writeXlsxFile(sheet, { stickyRowsCount: 1, columns: header.map((name) => ({ width: Math.max(12, name.length + 2) })) });
  // Without an argument toStream() answers the readable stream; the library's type is a union
  // of its two call forms that TypeScript cannot call.
  const stream = await (file.toStream as () => Promise<Readable>)();
  return reply
    .header('Content-Type', XLSX_TYPE)
    .header('Content-Disposition', attachment(fileName))
    .header('Cache-Control', 'no-store')
    .send(stream);
};

/** One download in the asked format, from the CSV's file name, header and rows. */
export const sendDownload = (reply: FastifyReply, format: DownloadFormat | undefined, csvFileName: string, header: string[], rows: CsvCell[][]) =>
  format === 'xlsx' ? sendXlsx(reply, xlsxFileName(csvFileName), header, rows) : sendCsv(reply, csvFileName, toCsv(header, rows));
