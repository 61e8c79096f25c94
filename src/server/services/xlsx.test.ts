import Fastify from 'fastify';
import { csvAmount, toCsv, type CsvCell } from './csv';
import { sendDownload, XLSX_TYPE } from './xlsx';
import { excelSerial, readXlsx } from './xlsxTestSupport';

/** services/xlsx.ts: the CSV's header and rows as one .xlsx sheet with real cell types. */

const HEADER = ['Naam', 'Aantal', 'Bedrag', 'Prijs', 'Datum', 'Maand', 'Tijd'];
const ROWS: CsvCell[][] = [
  ['=HYPERLINK("x")', 3, csvAmount('-5'), { number: '0.004000' }, { day: '05-03-2026' }, { month: '2026-03' }, { time: '13:45:30' }],
  ['+31 6', 0, csvAmount('1234.5'), null, { day: '31-12-2025' }, { month: '2025-12' }, { time: '00:00:00' }],
  ['-1', 1, csvAmount(0), undefined, { day: '01-01-2026' }, { month: '2026-01' }, { time: '23:59:59' }],
  ['@SUM(A1)', 2, csvAmount('0.105'), '', { day: '29-02-2024' }, { month: '2024-02' }, { time: '12:00:00' }],
];

const download = async (format?: 'csv' | 'xlsx') => {
  const app = Fastify();
  app.get('/', (_request, reply) => sendDownload(reply, format, 'verbruik-2026-03.csv', HEADER, ROWS));
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
};

it('streams an .xlsx attachment under the CSV name with .xlsx, never cached', async () => {
  const res = await download('xlsx');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_TYPE);
  expect(res.headers['content-disposition']).toBe('attachment; filename="verbruik-2026-03.xlsx"');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
});

it('writes numbers as numbers, days, months and times as Excel dates, and formula-like text as text', async () => {
  const { rows } = readXlsx((await download('xlsx')).rawPayload);
  expect(rows[0].map((c) => c?.value)).toEqual(HEADER);
  expect(rows[0].every((c) => c?.type === 's')).toBe(true);
  expect(rows.slice(1).map((row) => row[0])).toEqual(['=HYPERLINK("x")', '+31 6', '-1', '@SUM(A1)'].map((value) => ({ type: 's', value })));
  expect(rows.flat().some((c) => c?.type === 'f')).toBe(false);

  const [first, second, third, fourth] = rows.slice(1);
  expect(first[1]).toEqual({ type: 'n', value: 3 });
  expect(first[2]).toEqual({ type: 'n', value: -5, format: '#,##0.00' });
  expect(second[2]).toEqual({ type: 'n', value: 1234.5, format: '#,##0.00' });
  expect(fourth[2]).toEqual({ type: 'n', value: 0.11, format: '#,##0.00' });
  expect(first[3]).toEqual({ type: 'n', value: 0.004, format: '#,##0.000000' });
  expect(first[4]).toEqual({ type: 'n', value: excelSerial(2026, 3, 5), format: 'dd-mm-yyyy' });
  expect(fourth[4]).toEqual({ type: 'n', value: excelSerial(2024, 2, 29), format: 'dd-mm-yyyy' });
  expect(first[5]).toEqual({ type: 'n', value: excelSerial(2026, 3, 1), format: 'yyyy-mm' });
  expect(first[6]).toMatchObject({ type: 'n', format: 'hh:mm:ss' });
  expect(Math.round((first[6]!.value as number) * 86_400)).toBe(13 * 3600 + 45 * 60 + 30);
  expect(Math.round((second[6]!.value as number) * 86_400)).toBe(0);
  expect(Math.round((third[6]!.value as number) * 86_400)).toBe(86_399);
  // null, undefined and '' are empty cells.
  expect([second[3], third[3], fourth[3]]).toEqual([undefined, undefined, undefined]);
});

it('answers the CSV itself without a format', async () => {
  const res = await download();
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="verbruik-2026-03.csv"');
  expect(res.body).toBe(toCsv(HEADER, ROWS));
  expect(res.body.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")";3;-5,00;0,004000;05-03-2026;2026-03;13:45:30`);
});
