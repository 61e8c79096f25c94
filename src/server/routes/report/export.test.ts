import { eq } from 'drizzle-orm';
import { articleGroups, articles, services } from '../../db/schema';
import { XLSX_TYPE } from '../../services/xlsx';
import { excelSerial, readXlsx } from '../../services/xlsxTestSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { at, seedWorkedExample, type WorkedExample } from '../costs/workedExample';

/**
 * The billing export (docs/rules.md, 'The billing export'; docs/rules.md, 'Files') of the worked example in
 * ../costs/workedExample.ts: April 2025's invoice lines, usage per service and the group bundle
 * overage, as `2025-04-facturatie-input.csv`.
 */

let t: TestApp;
let ids: WorkedExample;
let token: string;

const APRIL = 'costs_date_from=2025-04-01&costs_date_to=2025-04-30';
const BOM = '\uFEFF';
const HEADER = 'Klantnummer;SAP nummer;Bedrijf;Maand;Soort;Facturatiecyclus;Artikel;Productgroep;Afname;Eindgebruiker;Aantal;Prijs;Bedrag excl. btw';

const get = (url: string, bearer = token) => t.app.inject({ method: 'GET', url, headers: auth(bearer) });
const rowsOf = (body: string) => body.slice(BOM.length).split('\r\n').filter(Boolean).slice(1).map((line) => line.split(';'));
/** Cents of a cell with a decimal comma. */
const cents = (cell: string) => Math.round(Number(cell.replace(',', '.')) * 100);

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedWorkedExample(t.database.db);
  token = await t.tokenFor(ids.userId);
  // By provider staff: s6 has costs in billed months (docs/rules.md, 'Billed months are closed').
  const managing = await t.manage(await t.login('admin@demo.nl'), ids.companyId);
  const deleted = await t.app.inject({ method: 'DELETE', url: `/api/services/${ids.s6}/hard`, headers: auth(managing) });
  expect(deleted.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/report/export', () => {
  it('answers the invoice lines, usage per service and bundle overage of April as a Dutch CSV', async () => {
    const res = await get(`/api/report/export?${APRIL}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="2025-04-facturatie-input.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const head = 'KT-001;55001;Kostentest B.V.;2025-04';
    const { s1, s2, s3, s4, s7 } = ids;
    expect(res.body).toBe(
      [
        BOM + HEADER,
        // Invoice lines: Periodiek, Nieuwe aansluitingen, Set up; by article name, then service.
        `${head};Periodiek;Maandelijks;'=SUM(1);Diensten;${s7};;1;10,00;10,00`,
        `${head};Periodiek;Per kwartaal;Hosting Pakket;Hosting;${s4};Jan Jansen;1;90,00;90,00`,
        `${head};Periodiek;Maandelijks;Licentie;Applicaties;;;10;5,00;50,00`,
        `${head};Periodiek;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s1};Jan Jansen;1;30,00;30,00`,
        `${head};Nieuwe aansluitingen;Maandelijks;Licentie;Applicaties;;;4;5,00;8,33`,
        `${head};Nieuwe aansluitingen;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s2};Piet de Vries;1;20,00;13,33`,
        `${head};Nieuwe aansluitingen;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s3};;1;30,00;20,00`,
        `${head};Set up;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s2};Piet de Vries;1;25,00;25,00`,
        // Usage per service, each rounded to cents: 0.004 + 2.345 + 0.105, 1.00451, 0.2.
        `${head};Verbruik;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s1};Jan Jansen;1;;2,45`,
        `${head};Verbruik;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s2};Piet de Vries;1;;1,00`,
        `${head};Verbruik;Maandelijks;Mobiel Onbeperkt;Mobiele telefonie;${s3};;1;;0,20`,
        // 1.5 GB over the bundle = 1536 MB at 0.01.
        `${head};Groepsbundel;Maandelijks;Data buiten groepsbundel (MB);;;;1536;0,01;15,36`,
        '',
      ].join('\r\n'),
    );
  });

  it('answers the same lines as .xlsx with format=xlsx: amounts and counts as numbers, the month as a date', async () => {
    const res = await get(`/api/report/export?${APRIL}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="2025-04-facturatie-input.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    const { rows } = readXlsx(res.rawPayload);
    expect(rows[0].map((c) => c?.value).join(';')).toBe(HEADER);
    const csvRows = rowsOf((await get(`/api/report/export?${APRIL}`)).body);
    expect(rows).toHaveLength(csvRows.length + 1);
    const month = { type: 'n', value: excelSerial(2025, 4, 1), format: 'yyyy-mm' };
    const text = (value: string) => ({ type: 's', value });
    const { s4 } = ids;
    const hosting = rows.find((row) => row[6]?.value === 'Hosting Pakket')!;
    expect(hosting).toEqual([
      text('KT-001'),
      text('55001'),
      text('Kostentest B.V.'),
      month,
      text('Periodiek'),
      text('Per kwartaal'),
      text('Hosting Pakket'),
      text('Hosting'),
      { type: 'n', value: s4 },
      text('Jan Jansen'),
      { type: 'n', value: 1 },
      { type: 'n', value: 90, format: '#,##0.00' },
      { type: 'n', value: 90, format: '#,##0.00' },
    ]);
    expect(rows.find((row) => row[6]?.value === '=SUM(1)')?.[6]).toEqual(text('=SUM(1)'));
    const bundle = rows.find((row) => row[4]?.value === 'Groepsbundel')!;
    expect(bundle.slice(10)).toEqual([
      { type: 'n', value: 1536, format: '#,##0' },
      { type: 'n', value: 0.01, format: '#,##0.00' },
      { type: 'n', value: 15.36, format: '#,##0.00' },
    ]);
    // The same amounts as the CSV, line by line.
    expect(rows.slice(1).map((row) => row[12]?.value)).toEqual(csvRows.map((r) => cents(r[12]) / 100));
    expect(rows.flat().some((c) => c?.type === 'f')).toBe(false);
  });

  it('keeps another company out of the .xlsx, and refuses an unknown format with 400', async () => {
    const { rows } = readXlsx((await get(`/api/report/export?${APRIL}&format=xlsx`, await t.login('klant@demo.nl'))).rawPayload);
    expect(rows.flat().some((c) => c?.value === 'KT-001' || c?.value === 'Kostentest B.V.')).toBe(false);
    expect((await get(`/api/report/export?${APRIL}&format=xls`)).statusCode).toBe(400);
    expect((await get(`/api/report/export?${APRIL}&extra=1`)).statusCode).toBe(400);
  });

  it('adds up to the invoice of /costs to the cent', async () => {
    const rows = rowsOf((await get(`/api/report/export?${APRIL}`)).body);
    const costs = (await get(`/api/costs?${APRIL}`)).json();
    const invoiced = costs.billing_cycles.reduce(
      (sum: number, c: { invoice: Record<string, number> }) => sum + cents(String(c.invoice.setup + c.invoice.full + c.invoice.periodic)),
      0,
    );
    const sumOf = (kinds: string[]) => rows.filter((r) => kinds.includes(r[4])).reduce((sum, r) => sum + cents(r[12]), 0);
    expect(sumOf(['Periodiek', 'Nieuwe aansluitingen', 'Set up'])).toBe(invoiced);
    expect(invoiced).toBe(24666);
    // The bundle line is the screen's bundle category; usage per service is rounded per line.
    expect(sumOf(['Groepsbundel'])).toBe(cents(String(costs.usagedetail.costs.bundle)));
    expect(sumOf(['Verbruik'])).toBe(245 + 100 + 20);
  });

  it('bills a quarter in its first month and a new connection in its start month', async () => {
    const may = rowsOf((await get('/api/report/export?costs_date_from=2025-05-01&costs_date_to=2025-05-31')).body);
    const hosting = may.filter((r) => r[6] === 'Hosting Pakket');
    expect(hosting).toEqual([expect.arrayContaining(['Nieuwe aansluitingen', String(ids.s5), '90,00', '55,16'])]);
    const june = rowsOf((await get('/api/report/export?costs_date_from=2025-06-01&costs_date_to=2025-06-30')).body);
    expect(june.filter((r) => r[6] === 'Hosting Pakket')).toEqual([]);
  });

  it('writes a negative amount (a discount) as a number, not neutralised', async () => {
    const db = t.database.db;
    const [group] = await db.select().from(articleGroups).where(eq(articleGroups.name, 'Diensten'));
    const [korting] = await db
      .insert(articles)
      .values({ companyId: ids.companyId, articleGroupId: group.id, name: 'Korting', price: '-5', setupPrice: '0' })
      .returning();
    await db.insert(services).values({ companyId: ids.companyId, articleId: korting.id, startTime: at(2025, 8, 1) });
    const rows = rowsOf((await get('/api/report/export?costs_date_from=2025-08-01&costs_date_to=2025-08-31')).body);
    expect(rows.filter((r) => r[6] === 'Korting').map((r) => r.slice(10))).toEqual([['1', '-5,00', '-5,00']]);
  });

  it('neutralises a formula after a comma in an article name, so a comma-reading spreadsheet sees text', async () => {
    const db = t.database.db;
    const [group] = await db.select().from(articleGroups).where(eq(articleGroups.name, 'Diensten'));
    const name = "x,=1+1+cmd|' /C calc'!A0";
    const [article] = await db.insert(articles).values({ companyId: ids.companyId, articleGroupId: group.id, name, price: '1', setupPrice: '0' }).returning();
    await db.insert(services).values({ companyId: ids.companyId, articleId: article.id, startTime: at(2025, 9, 1) });
    const res = await get('/api/report/export?costs_date_from=2025-09-01&costs_date_to=2025-09-30');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.includes('calc'))!;
    expect(line).toContain(";x,'=1+1+cmd|' /C calc'!A0;");
    // Read with `,` as the separator (quotes honoured), no cell starts a formula.
    const commaCells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
    expect(commaCells.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });

  it('names a range of months by its first and last month and lists every month', async () => {
    const res = await get('/api/report/export?costs_date_from=2025-04-01&costs_date_to=2025-06-30');
    expect(res.headers['content-disposition']).toBe('attachment; filename="2025-04-tot-2025-06-facturatie-input.csv"');
    expect(new Set(rowsOf(res.body).map((r) => r[3]))).toEqual(new Set(['2025-04', '2025-05', '2025-06']));
  });

  it("is the acting company's: another customer never sees these lines; impersonation exports the target", async () => {
    const klant = await get(`/api/report/export?${APRIL}`, await t.login('klant@demo.nl'));
    expect(klant.statusCode).toBe(200);
    expect(klant.body).not.toContain('KT-001');
    expect(klant.body.startsWith(BOM + HEADER)).toBe(true);

    const impersonated = await t.app.inject({
      method: 'POST',
      url: `/api/auth/impersonate?company_id=${ids.companyId}`,
      headers: auth(await t.login('admin@demo.nl')),
      payload: { reason: 'Test' },
    });
    const admin = impersonated.json().data.token as string;
    expect((await get(`/api/report/export?${APRIL}`, admin)).body).toBe((await get(`/api/report/export?${APRIL}`)).body);
  });
});

describe('GET /api/report/export/all', () => {
  it('is refused to customer staff with 403', async () => {
    for (const bearer of [token, await t.login('klant@demo.nl')]) {
      const res = await get(`/api/report/export/all?${APRIL}`, bearer);
      expect(res.statusCode).toBe(403);
    }
  });

  it('exports every customer company with services, the worked example exactly as its own export', async () => {
    const res = await get(`/api/report/export/all?${APRIL}`, await t.login('admin@demo.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="2025-04-facturatie-input.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const own = (await get(`/api/report/export?${APRIL}`)).body;
    const ownLines = own.slice(BOM.length).split('\r\n').filter(Boolean).slice(1);
    const allLines = res.body.slice(BOM.length).split('\r\n').filter(Boolean);
    expect(allLines[0]).toBe(HEADER);
    expect(allLines.filter((line) => line.startsWith('KT-001;'))).toEqual(ownLines);
    // The demo customers bill too; the provider itself never does.
    expect(new Set(allLines.slice(1).map((line) => line.split(';')[2])).size).toBeGreaterThan(1);
    expect(allLines.some((line) => line.split(';')[2] === 'Demo ICT Diensten')).toBe(false);
  });

  it('exports every customer company as .xlsx too, with the worked example as in its own export', async () => {
    const admin = await t.login('admin@demo.nl');
    const res = await get(`/api/report/export/all?${APRIL}&format=xlsx`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="2025-04-facturatie-input.xlsx"');
    const all = readXlsx(res.rawPayload).rows;
    const own = readXlsx((await get(`/api/report/export?${APRIL}&format=xlsx`)).rawPayload).rows;
    expect(all.filter((row) => row[0]?.value === 'KT-001')).toEqual(own.slice(1));
    expect(all.some((row) => row[2]?.value === 'Demo ICT Diensten')).toBe(false);
    expect((await get(`/api/report/export/all?${APRIL}&format=xlsx`)).statusCode).toBe(403);
  });

  it('refuses bad dates with 400', async () => {
    const res = await get('/api/report/export/all?costs_date_from=2025-04-31&costs_date_to=2025-04-30', await t.login('admin@demo.nl'));
    expect(res.statusCode).toBe(400);
  });
});
