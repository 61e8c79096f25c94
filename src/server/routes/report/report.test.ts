import { eq, sql } from 'drizzle-orm';
import { addMonths, businessTimeToEpoch, daysInMonth, isoDate } from '../../../domain/time';
import { queryRows } from '../../db';
import { endUsers, USAGE_KINDS } from '../../db/schema';
import { csvAmount, toCsv } from '../../services/csv';
import { XLSX_TYPE } from '../../services/xlsx';
import { excelSerial, readXlsx } from '../../services/xlsxTestSupport';
import { findCompanyByName } from '../../seed/demo';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/report, /api/report/download and /api/report/:userId/:phoneNumber (the "Verbruik" screens). */

let t: TestApp;
let customerToken: string;
let companyId: number;
/** Numbers of klant@demo.nl's company with an end user, and one of a sibling branch. */
let svc: NumberedService;
let other: NumberedService;
let sibling: NumberedService;

const month = previousMonth();
const before = addMonths(month.year, month.month, -1);
const after = addMonths(month.year, month.month, 1);
const lastDay = daysInMonth(month.year, month.month);
const GB = 1024 ** 3;

const get = (url: string, token = customerToken) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const range = (from: string, to: string, extra = '') => `report_date_from=${from}&report_date_to=${to}${extra}`;
const wholeMonth = () => range(isoDate(month), isoDate({ ...month, day: lastDay }));

beforeAll(async () => {
  t = await createTestApp();
  const adminToken = await t.login('admin@demo.nl');
  customerToken = await t.login('klant@demo.nl');
  const db = t.database.db;
  companyId = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const siblingId = (await findCompanyByName(db, 'Van Dijk Elektrotechniek B.V.'))!.id;
  const since = new Date(businessTimeToEpoch(before.year, before.month, 1) * 1000);
  const usable = (s: NumberedService) => s.startTime < since && s.endTime === null && s.endUserId !== null && s.number.startsWith('06');
  [svc, other] = (await numberedServices(db, companyId)).filter(usable);
  [sibling] = (await numberedServices(db, siblingId)).filter(usable);
  await db.update(endUsers).set({ firstname: '=HYPERLINK("x")' }).where(eq(endUsers.id, other.endUserId!));

  const d = (day: number, m = month) => dutchDate(m, day);
  const csv = [
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
    `${d(10)};09:00:00;${svc.number};0201234567;uitgaand;voice;125;out;0,105`,
    `${d(10)};09:30:00;0201234567;${svc.number};inkomend;voice;60;in;`,
    `${d(10)};10:00:00;${svc.number};internet;uitgaand;data;${GB};in;`,
    `${d(20)};10:00:00;${svc.number};internet;uitgaand;data;${2 * 1024 * 1024};out;`,
    `${d(20)};11:00:00;${svc.number};0612345678;uitgaand;sms;1;in;`,
    `${d(20)};11:01:00;${svc.number};0612345678;uitgaand;sms;1;out;0,10`,
    `${d(5, before)};08:00:00;${svc.number};0201234567;uitgaand;voice;30;out;1`,
    `${d(15)};12:00:00;${other.number};0301234567;uitgaand;voice;600;out;2,50`,
    `${d(15)};12:00:00;${sibling.number};0301234567;uitgaand;voice;999;out;9`,
  ].join('\n');
  const { payload, headers } = multipartFile('usage', csv);
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(adminToken) } });
  expect(res.json()).toMatchObject({ imported: 9 });
}, 60_000);
afterAll(() => t.close());

describe('GET /api/report', () => {
  it('answers one row per number of the acting company, both directions summed', async () => {
    const res = await get(`/api/report?${wholeMonth()}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { mobile_number: string }) => r.mobile_number).sort()).toEqual([svc.number, other.number].sort());
    const row = rows.find((r: { mobile_number: string }) => r.mobile_number === svc.number);
    expect(row).toEqual({
      id: svc.endUserId,
      firstname: expect.any(String),
      lastname: expect.any(String),
      mobile_number: svc.number,
      product_name: svc.article,
      data: GB + 2 * 1024 * 1024,
      sms: 2,
      call_seconds: 185,
      // 0.105 + 2 MB x 0.012 + 0.10 = 0.229: rounded once to cents.
      total_price: 0.23,
    });
  });

  it('reads partial months from the days: one day, and a range over two months', async () => {
    const day10 = isoDate({ ...month, day: 10 });
    const [row] = await (await get(`/api/report?${range(day10, day10, `&sender=${svc.number}`)}`)).json();
    expect(row).toMatchObject({ data: GB, sms: 0, call_seconds: 185, total_price: 0.11 });
    const over = await (await get(`/api/report?${range(isoDate({ ...before, day: 5 }), isoDate({ ...month, day: 10 }), `&sender=${svc.number}`)}`)).json();
    expect(over[0]).toMatchObject({ call_seconds: 215, total_price: 1.11 });
  });

  it.each([
    ['type=voice', { data: 0, sms: 0, call_seconds: 185 }],
    ['type=sms', { data: 0, sms: 2, call_seconds: 0 }],
    ['direction=inkomend', { data: 0, sms: 0, call_seconds: 60, total_price: 0 }],
    ['out_only=true', { data: 2 * 1024 * 1024, sms: 1, call_seconds: 125, total_price: 0.23 }],
    ['type=&direction=', { sms: 2, call_seconds: 185 }],
  ])('filters: %s', async (filter, expected) => {
    const rows = await (await get(`/api/report?${wholeMonth()}&${filter}&sender=${svc.number.slice(2, 8)}`)).json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ mobile_number: svc.number, ...expected });
  });

  it('answers no rows for a sender that matches nothing, and 400 when the range is reversed', async () => {
    expect((await get(`/api/report?${wholeMonth()}&sender=%25`)).json()).toEqual([]);
    const res = await get(`/api/report?${range(isoDate({ ...month, day: 2 }), isoDate(month))}`);
    expect(res.statusCode).toBe(400);
  });

  it("never shows another company's numbers", async () => {
    const text = (await get(`/api/report?${wholeMonth()}`)).body;
    expect(text).not.toContain(sibling.number);
  });
});

describe('GET /api/report in windows, and GET /api/report/summary', () => {
  it('answers the window of rows asked, in the order of the whole report', async () => {
    const all = (await get(`/api/report?${wholeMonth()}`)).json();
    expect(all).toHaveLength(2);
    expect((await get(`/api/report?${wholeMonth()}&offset=0&limit=1`)).json()).toEqual([all[0]]);
    expect((await get(`/api/report?${wholeMonth()}&offset=1&limit=1`)).json()).toEqual([all[1]]);
    expect((await get(`/api/report?${wholeMonth()}&offset=2&limit=1`)).json()).toEqual([]);
    // Partial months take windows too.
    const days = range(isoDate({ ...month, day: 2 }), isoDate({ ...month, day: 20 }));
    const partial = (await get(`/api/report?${days}`)).json();
    expect((await get(`/api/report?${days}&limit=1&offset=1`)).json()).toEqual(partial.slice(1, 2));
  });

  it('refuses a window that is not one', async () => {
    for (const window of ['limit=0', 'limit=1001', 'offset=-1&limit=10', 'limit=abc']) {
      expect((await get(`/api/report?${wholeMonth()}&${window}`)).statusCode).toBe(400);
    }
  });

  it('answers the number of rows and the exact sum of their rounded totals, under the same filters', async () => {
    const rows = (await get(`/api/report?${wholeMonth()}`)).json();
    const res = await get(`/api/report/summary?${wholeMonth()}`);
    expect(res.statusCode).toBe(200);
    // 0.23 for the first number, 2.50 for the other; not the sibling branch's 9.00.
    expect(res.json()).toEqual({ count: rows.length, total_price: 2.73 });
    expect((await get(`/api/report/summary?${wholeMonth()}&type=sms`)).json()).toEqual({ count: 1, total_price: 0.1 });
    expect((await get(`/api/report/summary?${wholeMonth()}&sender=%25`)).json()).toEqual({ count: 0, total_price: 0 });
    expect((await get(`/api/report/summary?${range(isoDate({ ...month, day: 2 }), isoDate(month))}`)).statusCode).toBe(400);
  });
});

describe('GET /api/report sorted (sort, order)', () => {
  type Row = { mobile_number: string; data: number; total_price: number };
  const numbers = async (query: string) => ((await get(`/api/report?${wholeMonth()}${query}`)).json() as Row[]).map((r) => r.mobile_number);
  const byNumber = () => [svc.number, other.number].sort();

  it('sorts on the total and on data, highest first with order=desc, in windows too', async () => {
    // svc: 0.23 and 1 GB + 2 MB; other: 2.50 and no data.
    expect(await numbers('&sort=total&order=desc')).toEqual([other.number, svc.number]);
    expect(await numbers('&sort=total&order=asc')).toEqual([svc.number, other.number]);
    expect(await numbers('&sort=data&order=desc')).toEqual([svc.number, other.number]);
    expect(await numbers('&sort=data')).toEqual([other.number, svc.number]);
    expect(await numbers('&sort=total&order=desc&offset=0&limit=1')).toEqual([other.number]);
    expect(await numbers('&sort=total&order=desc&offset=1&limit=1')).toEqual([svc.number]);
    expect(await numbers('&sort=data&order=desc&offset=0&limit=1')).toEqual([svc.number]);
  });

  it('sorts on the number, and on the name (the usual order) both ways', async () => {
    expect(await numbers('&sort=number')).toEqual(byNumber());
    expect(await numbers('&sort=number&order=desc')).toEqual(byNumber().reverse());
    const usual = await numbers('');
    expect(await numbers('&sort=name&order=asc')).toEqual(usual);
    expect(await numbers('&sort=name&order=desc')).toEqual([...usual].reverse());
  });

  it('breaks ties on the number, ascending whichever way the figure goes', async () => {
    // Calls only: neither number has data, so data ties.
    expect(await numbers('&type=voice&sort=data&order=desc')).toEqual(byNumber());
    expect(await numbers('&type=voice&sort=data&order=asc')).toEqual(byNumber());
    expect(await numbers('&type=voice&sort=data&order=desc&offset=1&limit=1')).toEqual([byNumber()[1]]);
  });

  it('downloads in the order asked', async () => {
    const lines = (await get(`/api/report/download?${wholeMonth()}&sort=total&order=desc`)).body.trim().split('\r\n').slice(1);
    expect(lines.map((line) => line.includes(other.number))).toEqual([true, false]);
  });

  it('refuses an unknown sort or order in Dutch', async () => {
    for (const query of ['sort=kosten', 'sort=product', 'order=aflopend', 'sort=total&order=DESC']) {
      const res = await get(`/api/report?${wholeMonth()}&${query}&offset=0&limit=10`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Ongeldige invoer.', errors: [{ field: query.includes('order') ? 'order' : 'sort', message: expect.stringMatching(/^moet een van deze waarden zijn: /) }] });
    }
    expect((await get(`/api/report/download?${wholeMonth()}&sort=kosten`)).statusCode).toBe(400);
  });
});

describe('GET /api/report/download', () => {
  it('answers a Dutch CSV: BOM, `;`, decimal comma, formulas neutralised, never cached', async () => {
    const res = await get(`/api/report/download?${wholeMonth()}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="verbruik-${isoDate(month)}-${isoDate({ ...month, day: lastDay })}.csv"`);
    expect(res.body.startsWith('\uFEFFVoornaam;Achternaam;Telefoonnummer;Product;')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    const formula = lines.find((l) => l.includes(other.number))!;
    expect(formula.startsWith(`"'=HYPERLINK(""x"")";`)).toBe(true);
    expect(formula.endsWith(';0;0;600;2,50')).toBe(true);
    expect(lines.find((l) => l.includes(svc.number))!.endsWith(`;${GB + 2 * 1024 * 1024};2;185;0,23`)).toBe(true);
  });

  it('answers the same rows as .xlsx with format=xlsx: numbers as numbers, amounts formatted, formulas as text', async () => {
    const res = await get(`/api/report/download?${wholeMonth()}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="verbruik-${isoDate(month)}-${isoDate({ ...month, day: lastDay })}.xlsx"`);
    const { rows } = readXlsx(res.rawPayload);
    expect(rows[0].map((c) => c?.value)).toEqual(['Voornaam', 'Achternaam', 'Telefoonnummer', 'Product', 'Data (bytes)', 'Sms (aantal)', 'Bellen (seconden)', 'Totaal excl. btw (EUR)']);
    expect(rows).toHaveLength(3);
    const own = rows.find((row) => row[2]?.value === svc.number)!;
    expect(own.slice(4)).toEqual([
      { type: 'n', value: GB + 2 * 1024 * 1024 },
      { type: 'n', value: 2 },
      { type: 'n', value: 185 },
      { type: 'n', value: 0.23, format: '#,##0.00' },
    ]);
    const formula = rows.find((row) => row[2]?.value === other.number)!;
    expect(formula[0]).toEqual({ type: 's', value: '=HYPERLINK("x")' });
    expect(formula[2]).toEqual({ type: 's', value: other.number });
    expect(rows.flat().some((c) => c?.type === 'f')).toBe(false);
    // Another company's numbers never appear.
    expect(rows.some((row) => row[2]?.value === sibling.number)).toBe(false);
  });

  it('answers the filtered rows as .xlsx too, and 400 for an unknown format', async () => {
    const { rows } = readXlsx((await get(`/api/report/download?${wholeMonth()}&type=sms&format=xlsx`)).rawPayload);
    expect(rows.slice(1).map((row) => [row[2]?.value, row[5]?.value])).toEqual([[svc.number, 2]]);
    expect((await get(`/api/report/download?${wholeMonth()}&format=xls`)).statusCode).toBe(400);
    expect((await get(`/api/report/download?${wholeMonth()}&format=csv`)).body).toBe((await get(`/api/report/download?${wholeMonth()}`)).body);
  });
});

describe('GET /api/report/:userId/:phoneNumber', () => {
  it('answers the records of the number in time order, in business time', async () => {
    const res = await get(`/api/report/${svc.endUserId}/${svc.number}?${wholeMonth()}`);
    expect(res.statusCode).toBe(200);
    const { records, has_more } = res.json().data;
    expect(has_more).toBe(false);
    expect(records).toHaveLength(6);
    expect(records[0]).toEqual({
      // An id of its own, nothing of the record's content (docs/security.md).
      id: expect.stringMatching(/^[1-9][0-9]*$/),
      direction: 'uitgaand',
      sender: svc.number,
      // The other party's number, masked for a customer (domain/callRecords).
      receiver: '0201234***',
      date: dutchDate(month, 10),
      time: '09:00:00',
      total_price: 0.11,
      type: 'voice',
      length: 125,
      bundle: 'out',
    });
    expect(records.map((r: { time: string }) => r.time)).toEqual(['09:00:00', '09:30:00', '10:00:00', '10:00:00', '11:00:00', '11:01:00']);
  });

  it("masks the other party's last three digits for a customer, keeps its own number and 'internet'; provider staff see every number whole", async () => {
    const parties = (records: { direction: string; type: string; sender: string; receiver: string }[]) =>
      records.map((r) => `${r.direction} ${r.type} ${r.sender} ${r.receiver}`);
    const path = `/api/report/${svc.endUserId}/${svc.number}?${wholeMonth()}`;
    expect(parties((await get(path)).json().data.records)).toEqual([
      `uitgaand voice ${svc.number} 0201234***`,
      `inkomend voice 0201234*** ${svc.number}`,
      `uitgaand data ${svc.number} internet`,
      `uitgaand data ${svc.number} internet`,
      `uitgaand sms ${svc.number} 0612345***`,
      `uitgaand sms ${svc.number} 0612345***`,
    ]);
    const staff = await t.manage(await t.login('admin@demo.nl'), companyId);
    expect(parties((await get(path, staff)).json().data.records)).toEqual([
      `uitgaand voice ${svc.number} 0201234567`,
      `inkomend voice 0201234567 ${svc.number}`,
      `uitgaand data ${svc.number} internet`,
      `uitgaand data ${svc.number} internet`,
      `uitgaand sms ${svc.number} 0612345678`,
      `uitgaand sms ${svc.number} 0612345678`,
    ]);
  });

  it('downloads the records as CSV in the import\'s columns, masked for a customer, whole for provider staff', async () => {
    const path = `/api/report/${svc.endUserId}/${svc.number}/download?${wholeMonth()}`;
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="verbruik-${svc.number}-${isoDate(month)}-${isoDate({ ...month, day: lastDay })}.csv"`);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs');
    expect(lines.slice(1)).toEqual([
      `${dutchDate(month, 10)};09:00:00;${svc.number};0201234***;uitgaand;voice;125;out;0,11`,
      `${dutchDate(month, 10)};09:30:00;0201234***;${svc.number};inkomend;voice;60;in;0,00`,
      `${dutchDate(month, 10)};10:00:00;${svc.number};internet;uitgaand;data;${GB};in;0,00`,
      `${dutchDate(month, 20)};10:00:00;${svc.number};internet;uitgaand;data;${2 * 1024 * 1024};out;0,02`,
      `${dutchDate(month, 20)};11:00:00;${svc.number};0612345***;uitgaand;sms;1;in;0,00`,
      `${dutchDate(month, 20)};11:01:00;${svc.number};0612345***;uitgaand;sms;1;out;0,10`,
    ]);
    const staff = await t.manage(await t.login('admin@demo.nl'), companyId);
    expect((await get(path, staff)).body).toContain(`${svc.number};0201234567;uitgaand`);
    expect((await get(`/api/report/${sibling.endUserId}/${sibling.number}/download?${wholeMonth()}`)).statusCode).toBe(404);
  });

  it('downloads the records as .xlsx with real dates and times, masked for a customer', async () => {
    const res = await get(`/api/report/${svc.endUserId}/${svc.number}/download?${wholeMonth()}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="verbruik-${svc.number}-${isoDate(month)}-${isoDate({ ...month, day: lastDay })}.xlsx"`);
    const { rows } = readXlsx(res.rawPayload);
    expect(rows[0].map((c) => c?.value)).toEqual(['datum', 'tijd', 'afzender', 'ontvanger', 'richting', 'type', 'lengte', 'bundel', 'prijs']);
    expect(rows).toHaveLength(7);
    const [first] = rows.slice(1);
    expect(first[0]).toEqual({ type: 'n', value: excelSerial(month.year, month.month, 10), format: 'dd-mm-yyyy' });
    expect(first[1]).toMatchObject({ type: 'n', format: 'hh:mm:ss' });
    expect(Math.round((first[1]!.value as number) * 86_400)).toBe(9 * 3600);
    expect(first.slice(2)).toEqual([
      { type: 's', value: svc.number },
      { type: 's', value: '0201234***' },
      { type: 's', value: 'uitgaand' },
      { type: 's', value: 'voice' },
      { type: 'n', value: 125 },
      { type: 's', value: 'out' },
      { type: 'n', value: 0.11, format: '#,##0.00' },
    ]);
    expect((await get(`/api/report/${sibling.endUserId}/${sibling.number}/download?${wholeMonth()}&format=xlsx`)).statusCode).toBe(404);
    expect((await get(`/api/report/${svc.endUserId}/${svc.number}/download?${wholeMonth()}&format=pdf`)).statusCode).toBe(400);
  });

  it('pages with limit and offset', async () => {
    const first = (await get(`/api/report/${svc.endUserId}/${svc.number}?${wholeMonth()}&limit=4`)).json().data;
    expect(first.records).toHaveLength(4);
    expect(first.has_more).toBe(true);
    const rest = (await get(`/api/report/${svc.endUserId}/${svc.number}?${wholeMonth()}&limit=4&offset=4`)).json().data;
    expect(rest.records.map((r: { time: string }) => r.time)).toEqual(['11:00:00', '11:01:00']);
    expect(rest.has_more).toBe(false);
  });

  it("answers 404 for another company's number, or a number under another end user", async () => {
    expect((await get(`/api/report/${sibling.endUserId}/${sibling.number}?${wholeMonth()}`)).statusCode).toBe(404);
    expect((await get(`/api/report/0/${sibling.number}?${wholeMonth()}`)).statusCode).toBe(404);
    expect((await get(`/api/report/${other.endUserId}/${svc.number}?${wholeMonth()}`)).statusCode).toBe(404);
  });

  it('answers an empty list for a number of the company without usage in the range', async () => {
    const res = await get(`/api/report/${svc.endUserId}/${svc.number}?${range('2020-01-01', '2020-01-31')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { records: [], has_more: false } });
  });
});

const priceColumns = USAGE_KINDS.map((k) => `${k.column}_price_micros`).join(' + ');
const recordColumns = USAGE_KINDS.map((k) => `${k.column}_records`).join(' + ');
const lengthColumns = USAGE_KINDS.map((k) => `${k.column}_length`).join(' + ');

it('keeps the import sums equal to the records (usage_monthly, usage_number_months, usage_company_months vs usage_records)', async () => {
  const [check] = await queryRows<Record<string, string>>(
    t.database.db,
    sql`select
      (select sum(price)::text from usage_records) as records, (select sum(price)::text from usage_monthly) as monthly,
      (select (sum(${sql.raw(priceColumns)}) / 1000000.0)::numeric(18, 6)::text from usage_number_months) as number_months,
      (select sum(price)::text from usage_company_months) as company_months,
      (select count(*)::text || '/' || sum(length)::text from usage_records) as records_count,
      (select sum(${sql.raw(recordColumns)})::text || '/' || sum(${sql.raw(lengthColumns)})::text from usage_number_months) as number_months_count`,
  );
  expect(check.monthly).toBe(check.records);
  expect(check.number_months).toBe(check.records);
  expect(check.company_months).toBe(check.records);
  expect(check.number_months_count).toBe(check.records_count);
});

it('answers for a whole month (usage_number_months) what the records of the month add up to', async () => {
  const rows = (await get(`/api/report?${wholeMonth()}`)).json() as { mobile_number: string; data: number; sms: number; call_seconds: number; total_price: number }[];
  const fromRecords = await queryRows<{ number: string; data: string; sms: string; call_seconds: string; total_price: string }>(
    t.database.db,
    sql`select r.number, coalesce(sum(r.length) filter (where r.type = 'data'), 0)::text as data,
        count(*) filter (where r.type = 'sms')::text as sms,
        coalesce(sum(r.length) filter (where r.type = 'voice'), 0)::text as call_seconds, round(sum(r.price), 2)::text as total_price
      from usage_records r
      where r.company_id = ${svc.companyId} and r.record_time >= ${new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000).toISOString()}::timestamptz
        and r.record_time < ${new Date(businessTimeToEpoch(after.year, after.month, 1) * 1000).toISOString()}::timestamptz
      group by r.number order by r.number`,
  );
  expect(rows.map((r) => [r.mobile_number, r.data, r.sms, r.call_seconds, r.total_price]).sort()).toEqual(
    fromRecords.map((r) => [r.number, Number(r.data), Number(r.sms), Number(r.call_seconds), Number(r.total_price)]).sort(),
  );
});

it('aggregates a number held by two services in a month (rows marked shared): one row, the service that started last', async () => {
  const db = t.database.db;
  const first = isoDate(before);
  const wholeBefore = range(first, isoDate({ ...before, day: daysInMonth(before.year, before.month) }), `&sender=${svc.number}`);
  const [alone] = (await get(`/api/report?${wholeBefore}`)).json();
  expect(alone).toMatchObject({ mobile_number: svc.number, call_seconds: 30, total_price: 1 });
  // As the import leaves it when `other` carried the number too in that month.
  await db.execute(sql`insert into usage_number_months (company_id, month, service_id, number, shared, voice_uit_out_records, voice_uit_out_length, voice_uit_out_price_micros)
    values (${svc.companyId}, ${first}::date, ${other.id}, ${svc.number}, true, 1, 10, 250000)`);
  await db.execute(sql`update usage_number_months set shared = true where service_id = ${svc.id} and month = ${first}::date`);
  try {
    const rows = (await get(`/api/report?${wholeBefore}`)).json();
    const latest = [svc, other].sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || a.id - b.id)[0];
    expect(rows).toEqual([expect.objectContaining({ mobile_number: svc.number, id: latest.endUserId, call_seconds: 40, total_price: 1.25 })]);
  } finally {
    await db.execute(sql`delete from usage_number_months where service_id = ${other.id} and month = ${first}::date`);
    await db.execute(sql`update usage_number_months set shared = false where service_id = ${svc.id} and month = ${first}::date`);
  }
});

describe('the whole-month report follows changes after the import (current names, end user and product)', () => {
  type Row = { id: number; firstname: string; lastname: string; mobile_number: string; product_name: string };
  const rowOf = async (number: string): Promise<Row> => (await get(`/api/report?${wholeMonth()}&sender=${number}`)).json()[0];
  const copiesOf = async (serviceId: number) =>
    queryRows<{ article_id: number; end_user_id: number | null }>(
      t.database.db,
      sql`select article_id, end_user_id from usage_number_months where service_id = ${serviceId} order by month`,
    );
  const newEndUser = async (firstname: string, lastname: string) =>
    (await t.database.db.insert(endUsers).values({ companyId: svc.companyId, firstname, lastname }).returning())[0];

  it("shows an end user's name as it is now", async () => {
    const db = t.database.db;
    const [{ lastname }] = await db.select().from(endUsers).where(eq(endUsers.id, other.endUserId!));
    await db.update(endUsers).set({ lastname: 'Hernoemd' }).where(eq(endUsers.id, other.endUserId!));
    try {
      expect(await rowOf(other.number)).toMatchObject({ id: other.endUserId, lastname: 'Hernoemd' });
    } finally {
      await db.update(endUsers).set({ lastname }).where(eq(endUsers.id, other.endUserId!));
    }
  });

  it('shows the end user and product the service has now: a change of the service is copied to its usage_number_months rows', async () => {
    const db = t.database.db;
    const [serviceBefore] = await queryRows<{ article_id: number }>(db, sql`select article_id from services where id = ${svc.id}`);
    const [article] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from articles where id <> ${serviceBefore.article_id} order by id limit 1`);
    const person = await newEndUser('Nieuwe', 'Gebruiker');
    await db.execute(sql`update services set end_user_id = ${person.id}, article_id = ${article.id} where id = ${svc.id}`);
    try {
      expect(await rowOf(svc.number)).toMatchObject({ id: person.id, firstname: 'Nieuwe', lastname: 'Gebruiker', product_name: article.name });
      const copies = await copiesOf(svc.id);
      expect(copies.length).toBeGreaterThan(0);
      expect(copies.every((c) => c.article_id === article.id && c.end_user_id === person.id)).toBe(true);
    } finally {
      await db.execute(sql`update services set end_user_id = ${svc.endUserId}, article_id = ${serviceBefore.article_id} where id = ${svc.id}`);
      await db.delete(endUsers).where(eq(endUsers.id, person.id));
    }
    expect(await rowOf(svc.number)).toMatchObject({ id: svc.endUserId, product_name: svc.article });
  });

  it("shows no end user once the service's end user is deleted (the foreign key empties the service's end user)", async () => {
    const db = t.database.db;
    const person = await newEndUser('Tijdelijke', 'Gebruiker');
    await db.execute(sql`update services set end_user_id = ${person.id} where id = ${svc.id}`);
    try {
      await db.delete(endUsers).where(eq(endUsers.id, person.id));
      expect(await rowOf(svc.number)).toMatchObject({ id: 0, firstname: '', lastname: '', product_name: svc.article });
      expect((await copiesOf(svc.id)).every((c) => c.end_user_id === null)).toBe(true);
    } finally {
      await db.execute(sql`update services set end_user_id = ${svc.endUserId} where id = ${svc.id}`);
    }
    expect(await rowOf(svc.number)).toMatchObject({ id: svc.endUserId });
  });

  it("takes the copies from the service on insert and update, whatever the writer gives", async () => {
    const db = t.database.db;
    const first = isoDate(before);
    await db.execute(sql`insert into usage_number_months (company_id, month, service_id, number, article_id, end_user_id, sms_uit_in_records)
      values (${other.companyId}, ${first}::date, ${other.id}, ${other.number}, -1, -1, 1)`);
    try {
      const [serviceNow] = await queryRows<{ article_id: number; end_user_id: number }>(db, sql`select article_id, end_user_id from services where id = ${other.id}`);
      const month = () => queryRows<{ article_id: number; end_user_id: number }>(
        db,
        sql`select article_id, end_user_id from usage_number_months where service_id = ${other.id} and month = ${first}::date`,
      );
      expect(await month()).toEqual([serviceNow]);
      await db.execute(sql`update usage_number_months set end_user_id = null where service_id = ${other.id} and month = ${first}::date`);
      expect(await month()).toEqual([serviceNow]);
    } finally {
      await db.execute(sql`delete from usage_number_months where service_id = ${other.id} and month = ${first}::date`);
    }
  });
});

describe('GET /api/report, all rows: byte for byte what the rows read one by one give', () => {
  // All rows come from one text the database aggregates (written as JSON without objects when the
  // cells allow); a window reads its rows one by one and JSON.stringify writes them.
  const queries = () => [
    wholeMonth(),
    `${wholeMonth()}&type=voice`,
    range(isoDate({ ...month, day: 2 }), isoDate({ ...month, day: 20 })),
    range(isoDate(before), isoDate({ ...month, day: lastDay })),
  ];
  const expectSameAsWindows = async () => {
    for (const query of queries()) {
      const all = await get(`/api/report?${query}`);
      const windowed = await get(`/api/report?${query}&offset=0&limit=1000`);
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toBe(windowed.headers['content-type']);
      expect(all.body).toBe(windowed.body);
      // The download reads all rows as well.
      const rows = windowed.json() as { firstname: string; lastname: string; mobile_number: string; product_name: string; data: number; sms: number; call_seconds: number; total_price: number }[];
      const csv = toCsv(
        ['Voornaam', 'Achternaam', 'Telefoonnummer', 'Product', 'Data (bytes)', 'Sms (aantal)', 'Bellen (seconden)', 'Totaal excl. btw (EUR)'],
        rows.map((r) => [r.firstname, r.lastname, r.mobile_number, r.product_name, r.data, r.sms, r.call_seconds, csvAmount(r.total_price)]),
      );
      expect((await get(`/api/report/download?${query}`)).body).toBe(csv);
    }
  };

  /** Runs `check` with other's end user named so (restored after). */
  const withNames = async (firstname: string, lastname: string, check: () => Promise<void>) => {
    const db = t.database.db;
    const [person] = await db.select().from(endUsers).where(eq(endUsers.id, other.endUserId!));
    await db.update(endUsers).set({ firstname, lastname }).where(eq(endUsers.id, other.endUserId!));
    try {
      await check();
    } finally {
      await db.update(endUsers).set({ firstname: person.firstname, lastname: person.lastname }).where(eq(endUsers.id, other.endUserId!));
    }
  };

  it.each([
    ['plain names', 'Jan', 'de Vries'],
    ['characters JSON escapes', 'Anna "An"', 'Back\\slash \u0001\u001f'],
    ['unicode', 'Zoë \u2028', 'Čapek ☎ 𝄞'],
    ['a tab and a line break in a name (the text cannot be split: rows read one by one)', 'Tab\there', 'Line\nbreak'],
    ['empty names', '', ''],
  ])('%s', async (_case, firstname, lastname) => {
    await withNames(firstname, lastname, expectSameAsWindows);
  });

  it('writes a figure beyond what a JSON number holds exactly as JSON.stringify does', async () => {
    const db = t.database.db;
    // 2^53 + 1 seconds: JSON.stringify writes the nearest double, 9007199254740992.
    const extra = 2n ** 53n + 1n - 600n;
    await db.execute(sql`update usage_number_months set voice_uit_out_length = voice_uit_out_length + ${extra}::bigint
      where service_id = ${other.id} and month = ${isoDate(month)}::date`);
    try {
      // Names JSON writes as they are, so only the figure keeps the text from being written as it is.
      await withNames('Jan', 'de Vries', async () => {
        expect((await get(`/api/report?${wholeMonth()}`)).body).toContain('"call_seconds":9007199254740992,');
        await expectSameAsWindows();
      });
    } finally {
      await db.execute(sql`update usage_number_months set voice_uit_out_length = voice_uit_out_length - ${extra}::bigint
        where service_id = ${other.id} and month = ${isoDate(month)}::date`);
    }
  });

  it.each([
    [-5_000_000, -2.5],
    [-2_500_000, 0],
    [7_495_000, 10],
    [-2_504_999, 0],
    [-2_505_000, -0.01],
  ])('writes a total price of %d micros more as JSON.stringify does', async (micros, total) => {
    const db = t.database.db;
    const change = (delta: number) =>
      db.execute(sql`update usage_number_months set voice_uit_out_price_micros = voice_uit_out_price_micros + ${delta}
        where service_id = ${other.id} and month = ${isoDate(month)}::date`);
    await change(micros);
    try {
      await withNames('Jan', 'de Vries', async () => {
        const rows = (await get(`/api/report?${wholeMonth()}`)).json() as { mobile_number: string; total_price: number }[];
        expect(rows.find((r) => r.mobile_number === other.number)!.total_price).toBe(total);
        await expectSameAsWindows();
      });
    } finally {
      await change(-micros);
    }
  });
});

describe('GET /api/report over part of a month (usage_number_days): what the records of the range add up to', () => {
  let keesToken: string;
  let kees: NumberedService[];

  beforeAll(async () => {
    const db = t.database.db;
    keesToken = await t.login('kees@korenschoof.nl');
    const keesCompany = (await findCompanyByName(db, 'Bakkerij De Korenschoof'))!.id;
    const since = new Date(businessTimeToEpoch(before.year, before.month, 1) * 1000);
    kees = (await numberedServices(db, keesCompany)).filter((s) => s.startTime < since && s.endTime === null);
    expect(kees.length).toBeGreaterThan(0);
    const [a, b = a] = kees;
    const d = (m: typeof month, day: number) => dutchDate(m, day);
    const lastBefore = daysInMonth(before.year, before.month);
    // Records on the edges of the days asked (00:00:00 and 23:59:59 business time), of every type, both directions, in and out.
    const csv = [
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs',
      `${d(before, 1)};00:00:00;${a.number};0201234567;uitgaand;voice;11;out;0,11`,
      `${d(before, 19)};23:59:59;${a.number};internet;uitgaand;data;${3 * 1024 * 1024};out;`,
      `${d(before, 20)};00:00:00;${a.number};0201234567;uitgaand;voice;13;out;0,13`,
      `${d(before, 20)};12:00:00;0201234567;${b.number};inkomend;voice;17;in;`,
      `${d(before, 28)};08:00:00;${b.number};0612345678;uitgaand;sms;1;out;0,09`,
      `${d(before, lastBefore)};23:59:59;${b.number};internet;uitgaand;data;${GB};in;`,
      `${d(month, 1)};00:00:00;${a.number};0612345678;uitgaand;sms;1;in;`,
      `${d(month, 10)};23:59:59;${a.number};0201234567;uitgaand;voice;19;out;0,195`,
      `${d(month, 11)};00:00:00;0612345678;${a.number};inkomend;sms;1;in;`,
      `${d(month, 15)};23:59:59;${b.number};0201234567;uitgaand;voice;23;out;0,235`,
      `${d(month, 16)};00:00:00;${b.number};0201234567;uitgaand;voice;29;out;0,29`,
      `${d(month, 25)};10:00:00;${a.number};internet;uitgaand;data;${5 * 1024 * 1024};out;`,
    ].join('\n');
    const { payload, headers } = multipartFile('usage', csv);
    const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(await t.login('admin@demo.nl')) } });
    expect(res.json()).toMatchObject({ imported: 12 });
  }, 60_000);

  type Figures = [string, number, number, number, number];
  const instant = (date: { year: number; month: number; day: number }) => new Date(businessTimeToEpoch(date.year, date.month, date.day) * 1000).toISOString();

  /** The report's rows as the records of the range give them: per number, filtered, the price rounded once. */
  const fromRecords = async (from: { year: number; month: number; day: number }, to: { year: number; month: number; day: number }, filter: Record<string, string>) => {
    const next = new Date(Date.UTC(to.year, to.month - 1, to.day + 1));
    const end = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    const rows = await queryRows<{ number: string; data: string; sms: string; call_seconds: string; total_price: string }>(
      t.database.db,
      sql`select r.number, coalesce(sum(r.length) filter (where r.type = 'data'), 0)::text as data,
          count(*) filter (where r.type = 'sms')::text as sms,
          coalesce(sum(r.length) filter (where r.type = 'voice'), 0)::text as call_seconds, round(sum(r.price), 2)::text as total_price
        from usage_records r
        where r.company_id = ${kees[0].companyId} and r.record_time >= ${instant(from)}::timestamptz and r.record_time < ${instant(end)}::timestamptz
          ${filter.type ? sql`and r.type = ${filter.type}` : sql``}
          ${filter.direction ? sql`and r.direction = ${filter.direction}` : sql``}
          ${filter.out_only ? sql`and r.bundle = 'out'` : sql``}
        group by r.number`,
    );
    return rows.map((r): Figures => [r.number, Number(r.data), Number(r.sms), Number(r.call_seconds), Number(r.total_price)]).sort();
  };

  const fromReport = async (from: { year: number; month: number; day: number }, to: { year: number; month: number; day: number }, filter: Record<string, string>) => {
    const query = new URLSearchParams({ report_date_from: isoDate(from), report_date_to: isoDate(to), ...filter });
    const res = await get(`/api/report?${query}`, keesToken);
    expect(res.statusCode).toBe(200);
    const windowed = (await get(`/api/report?${query}&offset=0&limit=1000`, keesToken)).json();
    expect(res.json()).toEqual(windowed);
    const summary = (await get(`/api/report/summary?${query}`, keesToken)).json();
    const rows = res.json() as { mobile_number: string; data: number; sms: number; call_seconds: number; total_price: number }[];
    expect(summary.count).toBe(rows.length);
    return rows.map((r): Figures => [r.mobile_number, r.data, r.sms, r.call_seconds, r.total_price]).sort();
  };

  const ranges = () => [
    ['the 1st to the 15th', { ...month, day: 1 }, { ...month, day: 15 }],
    ['the 20th to the 10th of the next month', { ...before, day: 20 }, { ...month, day: 10 }],
    ['the 11th to the 16th', { ...month, day: 11 }, { ...month, day: 16 }],
    ['the 2nd of one month to the last day of the next', { ...before, day: 2 }, { ...month, day: lastDay }],
    ['one day', { ...before, day: 20 }, { ...before, day: 20 }],
  ] as const;

  const filters: Record<string, string>[] = [{}, { type: 'voice' }, { type: 'data' }, { type: 'sms' }, { direction: 'inkomend' }, { out_only: 'true' }];
  it.each(filters)('filter %j', async (filter) => {
    for (const [name, from, to] of ranges()) {
      const expected = await fromRecords(from, to, filter);
      expect([name, await fromReport(from, to, filter)]).toEqual([name, expected]);
    }
    // The data asked is there: the 1st-15th has both numbers' records, unfiltered.
    if (Object.keys(filter).length === 0) expect((await fromRecords({ ...month, day: 1 }, { ...month, day: 15 }, {})).length).toBe(kees.length > 1 ? 2 : 1);
  });

  it('sums a number held by two services in the days asked into one row, with the service that started last', async () => {
    const db = t.database.db;
    const third = (await numberedServices(db, companyId)).find((s) => s.id !== svc.id && s.id !== other.id)!;
    const day10 = isoDate({ ...month, day: 10 });
    const query = range(isoDate({ ...month, day: 1 }), isoDate({ ...month, day: 15 }), `&sender=${svc.number}`);
    expect((await get(`/api/report?${query}`)).json()).toEqual([expect.objectContaining({ mobile_number: svc.number, call_seconds: 185, total_price: 0.11 })]);
    // As the import leaves it when a third service carried the number too on the 10th: the month's rows of both marked shared,
    // and the third's day rows on every day from the 10th to the month's end.
    await db.execute(sql`insert into usage_number_months (company_id, month, service_id, number, shared, voice_uit_out_records, voice_uit_out_length, voice_uit_out_price_micros)
      values (${svc.companyId}, ${isoDate(month)}::date, ${third.id}, ${svc.number}, true, 1, 10, 250000)`);
    await db.execute(sql`update usage_number_months set shared = true where service_id = ${svc.id} and month = ${isoDate(month)}::date`);
    await db.execute(sql`insert into usage_number_days (company_id, day, service_id, number, voice_uit_out_records, voice_uit_out_length, voice_uit_out_price_micros)
      select ${svc.companyId}, d::date, ${third.id}, ${svc.number}, 1, 10, 250000
      from generate_series(${day10}::date, ${isoDate({ ...month, day: lastDay })}::date, interval '1 day') d`);
    try {
      const latest = [svc, third].sort((a, b) => b.startTime.getTime() - a.startTime.getTime() || a.id - b.id)[0];
      // 0.105 + 0.25 = 0.355: rounded once, to 0.36.
      expect((await get(`/api/report?${query}`)).json()).toEqual([
        expect.objectContaining({ mobile_number: svc.number, id: latest.endUserId ?? 0, product_name: latest.article, call_seconds: 195, total_price: 0.36 }),
      ]);
      expect((await get(`/api/report/summary?${query}`)).json()).toEqual({ count: 1, total_price: 0.36 });
      // No records of the number before the 10th: no row.
      const early = range(isoDate({ ...month, day: 1 }), isoDate({ ...month, day: 9 }), `&sender=${svc.number}`);
      expect((await get(`/api/report?${early}`)).json()).toEqual([]);
    } finally {
      await db.execute(sql`delete from usage_number_days where service_id = ${third.id}`);
      await db.execute(sql`delete from usage_number_months where service_id = ${third.id}`);
      await db.execute(sql`update usage_number_months set shared = false where service_id = ${svc.id} and month = ${isoDate(month)}::date`);
    }
  });
});
