import { sql } from 'drizzle-orm';
import { businessTimeToEpoch, zonedParts } from '../../../domain/time';
import { queryRows } from '../../db';
import { createTestApp, type TestApp } from '../../testing/testApp';

/**
 * The usage import matches a record to its service at the instant domain/time gives its business
 * time, and PostgreSQL stores the record from its wall time and the zone's name (recordTime.ts).
 * Both must be PostgreSQL's `AT TIME ZONE 'Europe/Amsterdam'`, as the import always read them:
 * checked here for the start of every hour of 1996-2099 and for minutes inside every skipped and
 * repeated hour (a wall time in the hour skipped in spring gets the offset before
 * the change, one in the hour repeated in autumn is its second occurrence, standard time), and back
 * from every hour's instant to the wall clock (the month of a stored record). One query per batch
 * of years, compared in JS.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
}, 60_000);
afterAll(() => t.close());

const FIRST_YEAR = 1996;
const LAST_YEAR = 2099;
const YEARS_PER_QUERY = 8;
const batches = () => {
  const out: { from: number; to: number }[] = [];
  for (let from = FIRST_YEAR; from <= LAST_YEAR; from += YEARS_PER_QUERY) out.push({ from, to: Math.min(LAST_YEAR, from + YEARS_PER_QUERY - 1) });
  return out;
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

it('reads the start of every hour of business time from 1996 to 2099 as PostgreSQL does, and PostgreSQL reads the import rows alike', async () => {
  let checked = 0;
  const mismatches: string[] = [];
  for (const { from, to } of batches()) {
    const [row] = await queryRows<{ instants: string; rows_read_alike: boolean }>(
      t.database.db,
      sql`select string_agg(extract(epoch from (w at time zone 'Europe/Amsterdam'))::bigint::text, ',' order by w) as instants,
          bool_and((to_char(w, 'YYYY-MM-DD HH24:MI:SS') || ' Europe/Amsterdam')::timestamptz = w at time zone 'Europe/Amsterdam') as rows_read_alike
        from generate_series(${`${from}-01-01`}::timestamp, ${`${to}-12-31 23:00`}::timestamp, interval '1 hour') w`,
    );
    expect(row.rows_read_alike).toBe(true);
    const instants = row.instants.split(',');
    let i = 0;
    for (let at = Date.UTC(from, 0, 1); at <= Date.UTC(to, 11, 31, 23); at += 3_600_000, i += 1) {
      const wall = new Date(at);
      const [year, month, day, hour] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours()];
      const ours = businessTimeToEpoch(year, month, day, hour);
      if (String(ours) !== instants[i]) mismatches.push(`${year}-${pad(month)}-${pad(day)} ${pad(hour)}:00: ${ours} != ${instants[i]}`);
    }
    expect(i).toBe(instants.length);
    checked += i;
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
  // 104 years of hours.
  expect(checked).toBe((Date.UTC(LAST_YEAR + 1, 0, 1) - Date.UTC(FIRST_YEAR, 0, 1)) / 3_600_000);
}, 120_000);

it('gives the wall clock of every hour from 1996 to 2099 as PostgreSQL does', async () => {
  const mismatches: string[] = [];
  for (const { from, to } of batches()) {
    const [row] = await queryRows<{ walls: string }>(
      t.database.db,
      sql`select string_agg(to_char(i at time zone 'Europe/Amsterdam', 'YYYYMMDDHH24MISS'), ',' order by i) as walls
        from generate_series(${`${from}-01-01T00:00:00Z`}::timestamptz, ${`${to}-12-31T23:00:00Z`}::timestamptz, interval '1 hour') i`,
    );
    const walls = row.walls.split(',');
    let i = 0;
    for (let at = Date.UTC(from, 0, 1); at <= Date.UTC(to, 11, 31, 23); at += 3_600_000, i += 1) {
      const p = zonedParts(at);
      const ours = `${p.year}${pad(p.month)}${pad(p.day)}${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
      if (ours !== walls[i]) mismatches.push(`${new Date(at).toISOString()}: ${ours} != ${walls[i]}`);
    }
    expect(i).toBe(walls.length);
  }
  expect(mismatches.slice(0, 10)).toEqual([]);
}, 120_000);

it('takes the offset before the change in the skipped spring hour and the second occurrence of the repeated autumn hour', async () => {
  // The switch days of every year: the last Sundays of March and October, minutes into the switch hour.
  const switchWalls: string[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    for (const month of [3, 10]) {
      const last = new Date(Date.UTC(year, month, 0));
      const day = last.getUTCDate() - last.getUTCDay();
      for (const minute of ['00:01', '15:00', '30:00', '59:00']) switchWalls.push(`${year}-${pad(month)}-${pad(day)} 02:${minute}`);
    }
  }
  const walls = [...switchWalls,'2026-03-29 01:59:59', '2026-03-29 02:00:00', '2026-03-29 02:30:00', '2026-03-29 03:00:00', '2026-10-25 01:59:59', '2026-10-25 02:00:00', '2026-10-25 02:30:00', '2026-10-25 03:00:00'];
  const rows = await queryRows<{ instant: string }>(
    t.database.db,
    sql`select to_char(w::timestamp at time zone 'Europe/Amsterdam' at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as instant
      from unnest(${`{${walls.join(',')}}`}::text[]) with ordinality as x(w, n) order by n`,
  );
  const ours = walls.map((w) => {
    const [y, mo, d, h, mi, s] = w.split(/[- :]/).map(Number);
    return new Date(businessTimeToEpoch(y, mo, d, h, mi, s) * 1000).toISOString().slice(0, 19);
  });
  expect(ours).toEqual(rows.map((r) => r.instant));
  expect(ours.slice(switchWalls.length)).toEqual([
    '2026-03-29T00:59:59',
    '2026-03-29T01:00:00',
    '2026-03-29T01:30:00',
    '2026-03-29T01:00:00',
    '2026-10-24T23:59:59',
    '2026-10-25T01:00:00',
    '2026-10-25T01:30:00',
    '2026-10-25T02:00:00',
  ]);
});
