import { sql } from 'drizzle-orm';
import { businessTimeToEpoch, isoDate } from '../../../domain/time';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** POST /api/usage/import, docs/usage.md, 'Import'. */

let t: TestApp;
let adminToken: string;
let customerToken: string;
let companyId: number;
/** Two mobile services of klant@demo.nl's company, active all of last month. */
let svc: NumberedService;
let other: NumberedService;
/** A service of the company that ended. */
let ended: NumberedService;

const month = previousMonth();
const MONTH = `${month.year}-${String(month.month).padStart(2, '0')}`;
const day10 = dutchDate(month, 10);
const isoDay10 = isoDate({ ...month, day: 10 });

const upload = (content: string | Buffer, token = adminToken, field = 'usage') => {
  const { payload, headers } = multipartFile(field, content);
  return t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(token) } });
};

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0].n;

const clearUsage = async () => {
  for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'group_bundle_months']) {
    await t.database.db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  await t.database.db.execute(sql`delete from usage_imports`);
};

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
  customerToken = await t.login('klant@demo.nl');
  companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const monthStart = new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000);
  const numbered = await numberedServices(t.database.db, companyId);
  const activeAllMonth = numbered.filter((s) => s.startTime < monthStart && s.endTime === null && s.number.startsWith('06'));
  [svc, other] = activeAllMonth;
  ended = numbered.find((s) => s.endTime !== null)!;
  expect(svc && other && ended).toBeTruthy();
}, 60_000);
afterAll(() => t.close());
beforeEach(clearUsage);

describe('POST /api/usage/import', () => {
  it('imports a `;` file with a BOM, CRLF, Dutch headers and decimal comma prices', async () => {
    const csv =
      '\uFEFFdatum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\r\n' +
      `${day10};09:15:00;${svc.number};0201234567;uitgaand;voice;125;out;0,15\r\n` +
      `${day10};09:20:00;${svc.number};internet;uitgaand;data;2097152;out;\r\n` +
      `${day10};10:00:00;${svc.number};0612345678;uitgaand;sms;1;in;\r\n` +
      `${day10};11:00:00;${svc.number};internet;uitgaand;data;1073741824;in;\r\n`;
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), imported: 4, duplicates: 0, unmatched: 0, ambiguous: 0, refused: 0, months: [MONTH] });

    const records = await queryRows<{ type: string; price: string; record_time: string | Date; service_id: number; number: string }>(
      t.database.db,
      sql`select type, price::text, record_time, service_id, number from usage_records order by record_time`,
    );
    expect(records.map((r) => [r.type, r.price])).toEqual([
      ['voice', '0.150000'],
      // Out-of-bundle data without a price: 2 MB x price_mb 0.012.
      ['data', '0.024000'],
      ['sms', '0.000000'],
      ['data', '0.000000'],
    ]);
    expect(records.every((r) => r.service_id === svc.id && r.number === svc.number)).toBe(true);
    // Business time: 09:15 in Amsterdam.
    expect(new Date(records[0].record_time).getTime()).toBe(businessTimeToEpoch(month.year, month.month, 10, 9, 15) * 1000);

    const perKind = await queryRows<{ month: string; type: string; bundle: string; records: number; length: string; price: string }>(
      t.database.db,
      sql`select month::text, type, bundle, records, length::text, price::text from usage_monthly order by type, bundle`,
    );
    expect(perKind).toEqual([
      { month: isoDate(month), type: 'data', bundle: 'in', records: 1, length: '1073741824', price: '0.000000' },
      { month: isoDate(month), type: 'data', bundle: 'out', records: 1, length: '2097152', price: '0.024000' },
      { month: isoDate(month), type: 'sms', bundle: 'in', records: 1, length: '1', price: '0.000000' },
      { month: isoDate(month), type: 'voice', bundle: 'out', records: 1, length: '125', price: '0.150000' },
    ]);
    // The report table: one row for the service, a column per kind of record.
    const numberMonths = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select month::text, service_id, number, data_uit_in_records, data_uit_in_length::text, data_uit_out_length::text,
          data_uit_out_price_micros::text, sms_uit_in_records, voice_uit_out_records, voice_uit_out_length::text,
          voice_uit_out_price_micros::text, voice_ink_in_records, voice_ink_out_price_micros::text
        from usage_number_months`,
    );
    expect(numberMonths).toEqual([
      {
        month: isoDate(month), service_id: svc.id, number: svc.number,
        data_uit_in_records: 1, data_uit_in_length: '1073741824', data_uit_out_length: '2097152', data_uit_out_price_micros: '24000',
        sms_uit_in_records: 1, voice_uit_out_records: 1, voice_uit_out_length: '125', voice_uit_out_price_micros: '150000',
        voice_ink_in_records: 0, voice_ink_out_price_micros: '0',
      },
    ]);
    const companyMonths = await queryRows<{ type: string; bundle: string; price: string }>(
      t.database.db,
      sql`select type, bundle, price::text from usage_company_months where company_id = ${companyId} order by type, bundle`,
    );
    expect(companyMonths).toEqual([
      { type: 'data', bundle: 'in', price: '0.000000' },
      { type: 'data', bundle: 'out', price: '0.024000' },
      { type: 'sms', bundle: 'in', price: '0.000000' },
      { type: 'voice', bundle: 'out', price: '0.150000' },
    ]);
    const monthly = await queryRows<{ month: string; total: string }>(
      t.database.db,
      sql`select month::text, sum(price)::text as total from usage_monthly group by month`,
    );
    expect(monthly).toEqual([{ month: isoDate(month), total: '0.174000' }]);

    const [imp] = await queryRows<{ imported: number; months: string[]; file_name: string }>(
      t.database.db,
      sql`select imported, months, file_name from usage_imports`,
    );
    expect(imp).toEqual({ imported: 4, months: [isoDate(month)], file_name: 'verbruik.csv' });
    const [log] = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_log where action = 'usage.import'`);
    expect(log).toBeTruthy();
    // The month's partition holds the rows; the default partition none.
    expect(await count(`usage_records_${MONTH.replace('-', '_')}`)).toBe(4);
    expect(await count('usage_records_default')).toBe(0);
  });

  it('imports a `,` file with English headers, ISO dates, quoted decimal comma and any column order', async () => {
    const iso = isoDay10;
    const csv =
      'Price,Date,Time,Direction,Type,Sender,Receiver,Length,Bundle\n' +
      `"1,25",${iso},08:00:00,outgoing,voice,${svc.number},0101234567,60,out\n` +
      `0.5,${iso},08:05:00,incoming,voice,0201112233,${other.number},30,out\n`;
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 2, duplicates: 0, unmatched: 0 });
    const rows = await queryRows<{ service_id: number; direction: string; price: string }>(
      t.database.db,
      sql`select service_id, direction, price::text from usage_records order by record_time`,
    );
    // Outgoing by afzender, incoming by ontvanger.
    expect(rows).toEqual([
      { service_id: svc.id, direction: 'uitgaand', price: '1.250000' },
      { service_id: other.id, direction: 'inkomend', price: '0.500000' },
    ]);
  });

  it('matches only a service active at the record time, and keeps the others aside as unmatched', async () => {
    const before = new Date(svc.startTime.getTime() - 24 * 3600 * 1000);
    const beforeDate = isoDate({ year: before.getUTCFullYear(), month: before.getUTCMonth() + 1, day: before.getUTCDate() });
    const afterEnd = new Date(ended.endTime!.getTime() + 24 * 3600 * 1000);
    const afterDate = isoDate({ year: afterEnd.getUTCFullYear(), month: afterEnd.getUTCMonth() + 1, day: afterEnd.getUTCDate() });
    const csv =
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
      `${beforeDate};12:00:00;${svc.number};0201234567;uitgaand;voice;10;out;0.10\n` +
      `${afterDate};12:00:00;${ended.number};0201234567;uitgaand;voice;10;out;0.10\n` +
      `${day10};12:00:00;0699999999;0201234567;uitgaand;voice;10;out;0.10\n` +
      // Incoming: the receiver is the number, the unknown sender does not matter.
      `${day10};12:00:00;0699999999;${svc.number};inkomend;voice;10;in;\n`;
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, unmatched: 3, duplicates: 0 });
    expect(await count('usage_unmatched')).toBe(3);
    const lines = await queryRows<{ line: number }>(t.database.db, sql`select line from usage_unmatched order by line`);
    expect(lines.map((l) => l.line)).toEqual([2, 3, 4]);

    // Again: nothing new, all four known.
    const again = await upload(csv);
    expect(again.json()).toMatchObject({ imported: 0, unmatched: 0, duplicates: 4 });
    expect(await count('usage_unmatched')).toBe(3);
  });

  it('adds nothing on a re-import, also when the file is written differently', async () => {
    const first =
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
      `${day10};09:15:00;${svc.number};0201234567;uitgaand;voice;125;out;0,15\n` +
      `${day10};09:15:00;${svc.number};0201234567;uitgaand;voice;125;out;0,15\n`;
    const res = await upload(first);
    // The same record twice in one file counts once.
    expect(res.json()).toMatchObject({ imported: 1, duplicates: 1 });
    const second = `date,time,sender,receiver,direction,type,length,bundle,price\n${isoDay10},09:15:00,${svc.number},0201234567,uitgaand,voice,0125,out,0.150\n`;
    const again = await upload(second);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 1, months: [] });
    expect(await count('usage_records')).toBe(1);
    const [monthly] = await queryRows<{ records: number }>(t.database.db, sql`select records from usage_monthly`);
    expect(monthly.records).toBe(1);
    const [numberMonth] = await queryRows<{ records: number; price: string }>(
      t.database.db,
      sql`select voice_uit_out_records as records, voice_uit_out_price_micros::text as price from usage_number_months`,
    );
    expect(numberMonth).toEqual({ records: 1, price: '150000' });
    const [companyMonth] = await queryRows<{ price: string }>(t.database.db, sql`select price::text from usage_company_months`);
    expect(companyMonth.price).toBe('0.150000');
  });

  it('refuses a file with a bad line whole: 400 naming the line, nothing stored', async () => {
    const csv =
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
      `${day10};09:00:00;${svc.number};0201234567;uitgaand;voice;10;out;0,10\n` +
      `${day10};09:01:00;${svc.number};0201234567;uitgaand;voice;10;out;0,10\n` +
      `${day10};09:02:00;0699999999;0201234567;uitgaand;voice;10;out;0,10\n` +
      `${day10};25:00:00;${svc.number};0201234567;uitgaand;voice;10;out;0,10\n` +
      `31-02-2026;09:04:00;${svc.number};0201234567;sideways;voice;10;out;abc\n`;
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^Regel 5: ongeldige tijd '25:00:00'.*Er is geen data geïmporteerd\.$/);
    expect(body.errors).toEqual([
      { line: 5, message: expect.stringContaining('tijd') },
      { line: 6, message: expect.stringContaining('datum') },
    ]);
    for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'usage_imports']) {
      expect(await count(table)).toBe(0);
    }
  });

  it.each([
    ['a missing column', 'datum;tijd;afzender;ontvanger;richting;type;lengte;prijs\n', /kolom 'bundel' ontbreekt/, 1],
    ['an empty file', '', /leeg/, 1],
    ['a wrong number of cells', `datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${day10};09:00:00;0612345678\n`, /3 kolommen, verwacht 9/, 2],
    ['a negative length', `datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${day10};09:00:00;0612345678;x;uitgaand;data;-5;in;\n`, /lengte/, 2],
    ['bad UTF-8', Buffer.concat([Buffer.from(`datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${day10};09:00:00;06`), Buffer.from([0xff, 0xfe]), Buffer.from(';x;uitgaand;data;5;in;\n')]), /UTF-8/, 2],
  ])('refuses %s', async (_, csv, message, line) => {
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ line, message: expect.stringMatching(message) });
  });

  it('answers at most 20 errors', async () => {
    const bad = `${day10};99:00:00;0612345678;x;uitgaand;data;5;in;\n`;
    const res = await upload(`datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${bad.repeat(50)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveLength(20);
  });

  it('stores the group bundle figures of the months it touched', async () => {
    const gb = 1024 ** 3;
    const csv =
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
      `${day10};09:00:00;${svc.number};internet;uitgaand;data;${3 * gb};in;\n` +
      `${day10};10:00:00;${other.number};internet;uitgaand;data;${gb / 2};in;\n` +
      // Out of bundle and voice do not count.
      `${day10};11:00:00;${other.number};internet;uitgaand;data;${gb};out;\n` +
      `${day10};12:00:00;${other.number};0201234567;uitgaand;voice;600;in;\n`;
    expect((await upload(csv)).statusCode).toBe(200);
    expect(svc.fromGroupBundle && other.fromGroupBundle).toBe(true);
    const [stored] = await queryRows<{ gb_used: string }>(
      t.database.db,
      sql`select gb_used::text from group_bundle_months where company_id = ${companyId} and month = ${isoDate(month)}::date`,
    );
    expect(stored.gb_used).toBe('3.500000');
    const res = await t.app.inject({ method: 'GET', url: `/api/groupbundlecosts?costs_date_from=${isoDate(month)}`, headers: auth(customerToken) });
    expect(res.json().gb_used).toBe(3.5);
  });

  it('refuses a customer (UPLOAD_CDR) with 403, and a request without the file with 400', async () => {
    const csv = `datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${day10};09:00:00;${svc.number};x;uitgaand;data;5;in;\n`;
    expect((await upload(csv, customerToken)).statusCode).toBe(403);
    expect((await upload(csv, adminToken, 'data')).statusCode).toBe(400);
    expect(await count('usage_records')).toBe(0);
  });

  it('removes the usage of a hard-deleted service from every total and returns its records to the kept-aside list', async () => {
    const csv =
      'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
      `${day10};09:00:00;${svc.number};0201234567;uitgaand;voice;60;out;0,10\n` +
      `${day10};09:00:00;${other.number};0201234567;uitgaand;voice;60;out;0,10\n`;
    expect((await upload(csv)).statusCode).toBe(200);
    // Provider staff managing the company: the service has costs in billed months (docs/rules.md, 'Billed months are closed').
    const managing = await t.manage(adminToken, companyId);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/services/${svc.id}/hard`, headers: auth(managing) });
    expect(res.statusCode).toBe(200);
    for (const table of ['usage_records', 'usage_monthly', 'usage_number_months']) {
      const rows = await queryRows<{ service_id: number }>(t.database.db, sql`select service_id from ${sql.identifier(table)}`);
      expect(rows.map((r) => r.service_id)).toEqual([other.id]);
    }
    // The company's category totals keep only the other service's price.
    const totals = await queryRows<{ type: string; bundle: string; price: string }>(
      t.database.db,
      sql`select type, bundle, price::text from usage_company_months where company_id = ${companyId}`,
    );
    expect(totals).toEqual([{ type: 'voice', bundle: 'out', price: '0.100000' }]);
    // Its record is kept aside again (docs/rules.md, "Kept-aside usage belongs to nobody": no deletion destroys usage), and the same file adds nothing.
    expect(await count('usage_unmatched')).toBe(1);
    expect((await upload(csv)).json()).toMatchObject({ imported: 0, duplicates: 2, unmatched: 0 });
  });
});

describe('POST /api/usage/import over the upload limit', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ demo: true, config: { uploadLimitBytes: 2048 } });
  }, 60_000);
  afterAll(() => small.close());

  it('answers 413 and stores nothing', async () => {
    const token = await small.login('admin@demo.nl');
    const line = `${day10};09:00:00;0612345678;0201234567;uitgaand;voice;60;out;0,10\n`;
    const { payload, headers } = multipartFile('usage', `datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n${line.repeat(100)}`);
    const res = await small.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(token) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Het bestand is te groot.' });
    const [{ n }] = await queryRows<{ n: number }>(small.database.db, sql`select count(*)::int as n from usage_imports`);
    expect(n).toBe(0);
  });
});
