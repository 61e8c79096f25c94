import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLE } from '../../../domain/permissions';
import { addMonths, daysInMonth, isoDate } from '../../../domain/time';
import { queryRows } from '../../db';
import { USAGE_KINDS } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { importUsage } from './import';
import { matchKeptRecords } from './rematch';
import { removeUsageOfService } from './removal';
import { dutchDate, numberedServices, previousMonth, type NumberedService } from './testSupport';

/**
 * The daily report table (usage_number_days, docs/usage.md, 'Import') holds per company, business day and
 * service the month's records up to and including the day, on every day from the service's first
 * day with records in the month to the month's last day, whoever changes the records: the usual monthly
 * file (a new month: the typer's day sums COPYed), a file into a month that has records (one
 * aggregate of the inserted rows added), a file over two months, a re-import, the rematch of
 * records kept aside, and the hard delete of a service.
 */

let t: TestApp;
let companyId: number;
let svc: NumberedService;
let other: NumberedService;

const month = previousMonth();
const before = addMonths(month.year, month.month, -1);
const lastDay = daysInMonth(month.year, month.month);
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';
const actor = { userId: null, companyId: null, impersonatingFrom: null };

const importCsv = (lines: string[]) => importUsage(t.database.db, { source: [`${HEADER}\n${lines.join('\n')}\n`], fileName: 'dagen.csv', actor: null });

const kindColumns = USAGE_KINDS.flatMap(({ column }) => [`${column}_records`, `${column}_length`, `${column}_price_micros`]);
const recordSums = USAGE_KINDS.flatMap(({ type, direction, bundle }) => {
  const where = `type = '${type}' and direction = '${direction}' and bundle = '${bundle}'`;
  return [`count(*) filter (where ${where})`, `coalesce(sum(length) filter (where ${where}), 0)`, `(coalesce(sum(price) filter (where ${where}), 0) * 1000000)::bigint`];
});

/**
 * The day rows, and what the records give for them: per company, service and month, every day
 * from its first record's business day to the month's last day, the records of the month up to
 * and including that day. Equal when the table is right.
 */
const daysAndRecords = async () => {
  const days = await queryRows<Record<string, string | number>>(
    t.database.db,
    sql.raw(`select company_id, day::text as day, service_id, number, ${kindColumns.map((c) => `${c}::text`).join(', ')}
      from usage_number_days order by company_id, day, service_id`),
  );
  const records = await queryRows<Record<string, string | number>>(
    t.database.db,
    sql.raw(`with records as (
        select *, (record_time at time zone 'Europe/Amsterdam')::date as day from usage_records
      ), spans as (
        select company_id, service_id, date_trunc('month', day)::date as month, min(day) as first, max(number) as number from records group by 1, 2, 3
      ), days as (
        select s.*, g.day::date as day from spans s, generate_series(s.first, s.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
      )
      select d.company_id, d.day::text as day, d.service_id, d.number, ${recordSums.map((s, i) => `(${s})::text as ${kindColumns[i]}`).join(', ')}
      from days d join records r on r.company_id = d.company_id and r.service_id = d.service_id and r.day >= d.month and r.day <= d.day
      group by d.company_id, d.day, d.service_id, d.number order by 1, 2, 3`),
  );
  return { days, records };
};

const expectDaysEqualRecords = async () => {
  const { days, records } = await daysAndRecords();
  expect(days).toEqual(records);
  return days;
};

const hasPartition = async (m: { year: number; month: number }) => {
  const name = `usage_records_${m.year}_${String(m.month).padStart(2, '0')}`;
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_class where relname = ${name}`);
  return row.n === 1;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  companyId = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const since = new Date(Date.UTC(before.year, before.month - 1, 1) - 86_400_000);
  [svc, other] = (await numberedServices(db, companyId)).filter((s) => s.startTime < since && s.endTime === null && s.number.startsWith('06'));
  expect(other).toBeTruthy();
}, 60_000);
afterAll(() => t.close());

describe('usage_number_days follows the records', () => {
  it('the usual monthly file (a month without records yet): a row per service and day from its first record to the month\'s end, in-file duplicates once', async () => {
    expect(await hasPartition(month)).toBe(false);
    const d = (day: number) => dutchDate(month, day);
    const result = await importCsv([
      `${d(1)};00:00:00;${svc.number};0201234567;uitgaand;voice;125;out;0,105`,
      `${d(1)};23:59:59;${svc.number};internet;uitgaand;data;1048576;out;`,
      `${d(1)};23:59:59;${svc.number};internet;uitgaand;data;1048576;out;`,
      `${d(2)};00:00:00;0201234567;${svc.number};inkomend;voice;60;in;`,
      `${d(2)};12:00:00;${svc.number};0612345678;uitgaand;sms;1;in;`,
      `${d(2)};12:00:01;${svc.number};0612345678;uitgaand;sms;1;out;0,10`,
      `${d(15)};08:00:00;${other.number};0301234567;uitgaand;voice;600;out;2,50`,
      `${d(15)};09:00:00;${other.number};0301234567;uitgaand;voice;1;out;-0,000001`,
    ]);
    expect(result).toMatchObject({ imported: 7, duplicates: 1 });
    expect(await hasPartition(month)).toBe(true);
    const days = await expectDaysEqualRecords();
    // svc from the 1st, other from the 15th, both to the month's last day.
    const on = (service: NumberedService, day: number) => days.find((r) => r.service_id === service.id && r.day === isoDate({ ...month, day }));
    expect(days).toHaveLength(lastDay + lastDay - 14);
    expect(on(other, 14)).toBeUndefined();
    // The in-file duplicate (1 MB out of bundle without a price) counted once.
    expect(on(svc, 1)).toMatchObject({ voice_uit_out_records: '1', voice_uit_out_length: '125', voice_uit_out_price_micros: '105000', data_uit_out_records: '1', sms_uit_in_records: '0' });
    expect(on(svc, 2)).toMatchObject({ voice_uit_out_records: '1', data_uit_out_records: '1', sms_uit_in_records: '1', sms_uit_out_price_micros: '100000', voice_ink_in_length: '60' });
    expect(on(svc, lastDay)).toEqual({ ...on(svc, 2), day: isoDate({ ...month, day: lastDay }) });
    expect(on(other, 15)).toMatchObject({ voice_uit_out_records: '2', voice_uit_out_length: '601', voice_uit_out_price_micros: '2499999' });
  });

  it('a file into a month with records adds to the days there are and makes new ones; a re-import changes nothing', async () => {
    const d = (day: number) => dutchDate(month, day);
    const lines = [
      `${d(2)};18:00:00;${svc.number};0201234567;uitgaand;voice;30;out;0,05`,
      `${d(3)};18:00:00;${svc.number};0201234567;uitgaand;voice;30;out;0,05`,
      `${d(15)};10:00:00;0301234567;${other.number};inkomend;sms;1;in;`,
    ];
    expect(await importCsv(lines)).toMatchObject({ imported: 3 });
    const days = await expectDaysEqualRecords();
    const on = (day: number) => days.find((r) => r.service_id === svc.id && r.day === isoDate({ ...month, day }));
    expect(on(2)).toMatchObject({ voice_uit_out_records: '2', voice_uit_out_length: '155' });
    expect(on(3)).toMatchObject({ voice_uit_out_records: '3', voice_uit_out_length: '185' });
    expect(await importCsv(lines)).toMatchObject({ imported: 0, duplicates: 3 });
    expect(await expectDaysEqualRecords()).toEqual(days);
  });

  it('a file over two months puts each record on its own business day', async () => {
    expect(await importCsv([
      `${dutchDate(before, 28)};23:30:00;${svc.number};internet;uitgaand;data;5000;in;`,
      `${dutchDate(month, 28)};00:30:00;${svc.number};internet;uitgaand;data;7000;in;`,
    ])).toMatchObject({ imported: 2 });
    const days = await expectDaysEqualRecords();
    const withData = days.filter((r) => r.data_uit_in_records !== '0');
    expect(withData[0]).toMatchObject({ day: isoDate({ ...before, day: 28 }), data_uit_in_length: '5000' });
    expect(withData.find((r) => r.day === isoDate({ ...month, day: 27 }))).toBeUndefined();
    expect(withData.find((r) => r.day === isoDate({ ...month, day: 28 }))).toMatchObject({ data_uit_in_length: '7000' });
  });

  it('records kept aside and matched later (the rematch goes through the import) get their days', async () => {
    const db = t.database.db;
    const number = '0699000111';
    expect(await importCsv([`${dutchDate(month, 7)};10:00:00;${number};0201234567;uitgaand;voice;42;out;0,42`])).toMatchObject({ unmatched: 1 });
    await db.execute(sql`update service_field_inputs set value = ${number} from article_group_fields f
      where f.id = article_group_field_id and f.used_for_cdr and service_id = ${other.id}`);
    try {
      expect(await matchKeptRecords(db, { ...actor, roleId: ROLE.admin }, [number], { start: other.startTime, end: null })).toMatchObject({ imported: 1 });
      const days = await expectDaysEqualRecords();
      const on = (day: number) => days.find((r) => r.service_id === other.id && r.day === isoDate({ ...month, day }));
      expect(on(7)).toMatchObject({ number, voice_uit_out_records: '1', voice_uit_out_length: '42' });
      expect(on(15)).toMatchObject({ voice_uit_out_records: '3', voice_uit_out_length: '643' });
    } finally {
      await db.execute(sql`update service_field_inputs set value = ${other.number} from article_group_fields f
        where f.id = article_group_field_id and f.used_for_cdr and service_id = ${other.id}`);
    }
  });

  it("migration 0011's backfill gives the rows the import keeps", async () => {
    const { days } = await daysAndRecords();
    const migration = fs.readFileSync(path.join(__dirname, '../../db/migrations/0011_usage_number_days.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "usage_number_days"');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from usage_number_days`);
      await tx.execute(sql.raw(backfill));
    });
    expect((await daysAndRecords()).days).toEqual(days);
  });

  it('the hard delete of a service takes its days (its records go back to the kept-aside list)', async () => {
    await t.database.db.transaction((tx) => removeUsageOfService(tx, companyId, other.id));
    const days = await expectDaysEqualRecords();
    expect(days.length).toBeGreaterThan(0);
    expect(days.some((r) => r.service_id === other.id)).toBe(false);
  });
});
