import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { Pool, type PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { addMonths, businessDateOf, daysInMonth, isoDate, todayNoon } from '../src/domain/time';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite, openPostgres, queryRows, type Database } from '../src/server/db';
import type { PgliteThread } from '../src/server/db/pgliteThread';
import { importUsage } from '../src/server/services/usage/import';
import { dropWhenDisconnected } from '../src/server/testing/testApp';
import { prepareLargeCustomer } from './servicesReads';
import { table, time } from './stats';

/**
 * The usage import end to end (lines checked, typed, keyed and matched in Node and COPYed into the table that becomes the
 * month's partition, its indexes built afterwards, monthly, daily, report and category totals, group bundle) on a generated CSV of
 * the large customer's numbers, with the peak RSS and V8's memory at that peak, against a bare COPY of the same file; a re-import
 * of the same file in the same process; the import of the next month; then the usage report over the first month, over part of
 * it and over the month boundary.
 */

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The benchmark's own database (BENCH_USAGE_DB: two runs side by side need two names). */
const BENCH_DB = process.env.BENCH_USAGE_DB ?? 'bench_usage';
const RECORDS = { postgres: 1_000_000, pglite: Number(process.env.BENCH_PGLITE_RECORDS ?? 200_000) };
/**
 * BENCH_USAGE_KEEP=1 (PostgreSQL only): keep the database after the run, and when it is already
 * there with its imported month, only migrate it and time the report reads again (no re-import).
 */
const KEEP = process.env.BENCH_USAGE_KEEP === '1';
/** The large customer's user password (bench/servicesReads.ts). */
const PASSWORD = 'Benchmark123!';

const benchDbUrl = () => {
  const url = new URL(postgresUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
};

/** The benchmark's database; PGlite in memory, or in `pgliteDir` as the portal keeps it (DATA_DIR). */
const openDatabase = async (target: 'postgres' | 'pglite', pgliteDir?: string) => {
  if (target === 'pglite') return { database: await openPglite(pgliteDir), drop: async () => undefined };
  const admin = new Pool({ connectionString: postgresUrl, max: 1 });
  await dropWhenDisconnected(admin, BENCH_DB);
  await admin.query(`create database ${BENCH_DB}`);
  const database = await openPostgres(benchDbUrl(), 10);
  return {
    database,
    drop: async () => {
      await database.close();
      if (!KEEP) await dropWhenDisconnected(admin, BENCH_DB);
      await admin.end();
    },
  };
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Writes `count` records of the month to a file, streaming; answers its path and size. */
export const writeCsv = async (numbers: string[], month: { year: number; month: number }, count: number) => {
  const file = path.join(os.tmpdir(), `usage-bench-${process.pid}.csv`);
  const out = fs.createWriteStream(file);
  const days = daysInMonth(month.year, month.month);
  // A 32-bit LCG in integer arithmetic, its high bits as the number. (Until 2026-11-22 the product
  // was a float beyond 2^53, which cycled early: the records used only 4,277 of the 16,404 numbers.)
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (seed >>> 8) / 16_777_216;
  };
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write('datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n');
  const LINES_PER_WRITE = 2000;
  for (let i = 0; i < count; i += LINES_PER_WRITE) {
    let chunk = '';
    for (let j = i; j < Math.min(count, i + LINES_PER_WRITE); j += 1) {
      const number = numbers[Math.floor(random() * numbers.length)];
      const date = `${pad(1 + (j % days))}-${pad(month.month)}-${month.year}`;
      const seconds = j % 86_400;
      const t = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
      const roll = random();
      if (roll < 0.5) chunk += `${date};${t};${number};internet;uitgaand;data;${Math.floor(random() * 50_000_000)};${roll < 0.05 ? 'out' : 'in'};\n`;
      else if (roll < 0.8) chunk += `${date};${t};${number};0201234567;uitgaand;voice;${Math.floor(random() * 900)};out;0,${pad(Math.floor(random() * 100))}\n`;
      else if (roll < 0.9) chunk += `${date};${t};0201234567;${number};inkomend;voice;${Math.floor(random() * 900)};in;\n`;
      else chunk += `${date};${t};${number};0612345678;uitgaand;sms;1;in;\n`;
    }
    await write(chunk);
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { file, bytes: fs.statSync(file).size };
};

/** Samples the memory while `fn` runs; answers its result, seconds, the peak RSS and where the memory was at that peak. */
export const measure = async <T>(fn: () => Promise<T>) => {
  let peak = process.memoryUsage();
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  };
  const timer = setInterval(sample, 20);
  const started = process.hrtime.bigint();
  try {
    const result = await fn();
    sample();
    return { result, seconds: Number(process.hrtime.bigint() - started) / 1e9, peakMb: peak.rss / MB, atPeak: memoryText(peak) };
  } finally {
    clearInterval(timer);
  }
};

/** V8's heap (committed / in use) and the memory outside it (external, of which array buffers), in MB. */
const memoryText = (m: NodeJS.MemoryUsage) =>
  `heap ${(m.heapTotal / MB).toFixed(0)} MB (${(m.heapUsed / MB).toFixed(0)} in use), external ${(m.external / MB).toFixed(0)} MB ` +
  `(array buffers ${(m.arrayBuffers / MB).toFixed(0)})`;

const MB = 1024 * 1024;

const BARE_TABLE = `create unlogged table usage_bare (datum text, tijd text, afzender text, ontvanger text, richting text,
  type text, lengte bigint, bundel text, prijs text)`;
const BARE_COPY = `copy usage_bare from stdin with (format csv, delimiter ';', header true)`;

/** COPY of the same file into an unlogged table without indexes: what the disk and parser alone cost. */
const bareCopy = async (database: Database, file: string) => {
  const client = (database.db as unknown as { $client: Pool | PgliteThread }).$client;
  if (client instanceof Pool) {
    const conn: PoolClient = await client.connect();
    try {
      await conn.query(BARE_TABLE);
      await pipeline(fs.createReadStream(file), conn.query(copyFrom(BARE_COPY)));
    } finally {
      conn.release();
    }
  } else {
    await client.query(BARE_TABLE);
    await client.query(BARE_COPY.replace('stdin', `'/dev/blob'`), [], { blob: new Blob([fs.readFileSync(file)]) });
  }
};

/** Month of the benchmark records: the previous business month. */
export const benchMonth = () => {
  const today = businessDateOf(todayNoon());
  return addMonths(today.year, today.month, -1);
};

const nextMonthOf = (month: { year: number; month: number }) => addMonths(month.year, month.month, 1);

interface Prepared {
  database: Database;
  drop(): Promise<void>;
  companyId: number;
  email: string;
  numbers: string[];
}

/** Numbers whose service is active the whole bench month, so every record matches. */
const numbersOf = async (database: Database, companyId: number) => {
  const monthStart = isoDate(benchMonth());
  return (
    await queryRows<{ number: string }>(
      database.db,
      sql`select fi.value as number from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join services s on s.id = fi.service_id
        where s.company_id = ${companyId} and s.end_time is null and s.start_time < ${monthStart}::date - 1`,
    )
  ).map((r) => r.number);
};

export const prepare = async (target: 'postgres' | 'pglite', pgliteDir?: string): Promise<Prepared> => {
  const { database, drop } = await openDatabase(target, pgliteDir);
  const { companyId, email } = await prepareLargeCustomer(database);
  return { database, drop, companyId, email, numbers: await numbersOf(database, companyId) };
};

/** The database a BENCH_USAGE_KEEP run left, migrated to the current schema; null when there is none. */
const reopenKept = async (): Promise<Prepared | null> => {
  const admin = new Pool({ connectionString: postgresUrl, max: 1 });
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (rows.length === 0) return null;
  } finally {
    await admin.end();
  }
  const database = await openPostgres(benchDbUrl(), 10);
  const [user] = await queryRows<{ company_id: number; email: string }>(
    database.db,
    sql`select company_id, email from users where email like 'bench-%@example.nl' limit 1`,
  );
  const [imported] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from usage_imports`);
  if (!user || imported.n < 2) {
    await database.close();
    return null;
  }
  await database.migrate();
  const numbers = await numbersOf(database, user.company_id);
  return { database, drop: () => database.close(), companyId: user.company_id, email: user.email, numbers };
};

/** `npm run bench -- usage`: the import of 1,000,000 records (fewer on PGlite) and the report over them. */
export async function benchUsageImport(target: 'postgres' | 'pglite'): Promise<string> {
  const kept = KEEP && target === 'postgres' ? await reopenKept() : null;
  if (kept) {
    try {
      const load = `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (1/5/15 min)`;
      return [`\nUsage report on PostgreSQL, kept database ${BENCH_DB} (no import)`, load, await benchReport(kept, RECORDS.postgres)].join('\n');
    } finally {
      await kept.drop();
    }
  }
  const prepared = await prepare(target);
  const { database, numbers } = prepared;
  const lines: string[] = [`\nUsage import on ${target === 'postgres' ? 'PostgreSQL' : 'PGlite'}`];
  try {
    const count = RECORDS[target];
    const { file, bytes } = await writeCsv(numbers, benchMonth(), count);
    lines.push(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (1/5/15 min) on ${os.cpus().length} cores`);
    lines.push(`${count.toLocaleString('en')} records over ${numbers.length.toLocaleString('en')} numbers, ${(bytes / MB).toFixed(0)} MB CSV`);
    const base = process.memoryUsage();
    const baseRss = base.rss / MB;
    const run = await measure(() =>
      importUsage(database.db, { source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), fileName: 'bench.csv', actor: null }),
    );
    lines.push(
      `import: ${run.seconds.toFixed(1)} s, ${Math.round(count / run.seconds).toLocaleString('en')} records/s ` +
        `(imported ${run.result.imported}, duplicates ${run.result.duplicates}, unmatched ${run.result.unmatched}); ` +
        `RSS ${baseRss.toFixed(0)} MB before, peak ${run.peakMb.toFixed(0)} MB`,
      `  memory before: ${memoryText(base)}; at the peak: ${run.atPeak}`,
    );
    const bare = await measure(() => bareCopy(database, file));
    lines.push(
      `bare COPY of the file into an unlogged table: ${bare.seconds.toFixed(1)} s, ` +
        `${Math.round(count / bare.seconds).toLocaleString('en')} records/s; import / bare = ${(run.seconds / bare.seconds).toFixed(1)}x`,
    );
    const again = await measure(() =>
      importUsage(database.db, { source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), fileName: 'bench.csv', actor: null }),
    );
    lines.push(
      `re-import of the same file (all duplicates): ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb.toFixed(0)} MB`,
      `  memory at the peak: ${again.atPeak}`,
    );
    fs.rmSync(file, { force: true });
    // The next month too (the running one), so a range over the month boundary has records on both sides.
    const next = nextMonthOf(benchMonth());
    const nextFile = await writeCsv(numbers, next, count);
    const second = await measure(() =>
      importUsage(database.db, { source: fs.createReadStream(nextFile.file, { highWaterMark: 256 * 1024 }), fileName: 'bench-next.csv', actor: null }),
    );
    fs.rmSync(nextFile.file, { force: true });
    lines.push(
      `import of the next month (as many records): ${second.seconds.toFixed(1)} s, ${Math.round(count / second.seconds).toLocaleString('en')} records/s, ` +
        `peak RSS ${second.peakMb.toFixed(0)} MB`,
    );
    lines.push(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} after the imports`);
    lines.push(await benchReport(prepared, count));
  } finally {
    await prepared.drop();
  }
  return lines.join('\n');
}

/** p50/p95 of the report reads over the month just imported, through the real app. */
export async function benchReport({ database, email, numbers }: Prepared, count: number): Promise<string> {
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const month = benchMonth();
    const from = isoDate(month);
    const to = isoDate({ ...month, day: daysInMonth(month.year, month.month) });
    const mid = isoDate({ ...month, day: 15 });
    const day20 = isoDate({ ...month, day: 20 });
    const nextDay10 = isoDate({ ...nextMonthOf(month), day: 10 });
    const [user] = await queryRows<{ end_user_id: number | null }>(
      database.db,
      sql`select s.end_user_id from services s join service_field_inputs fi on fi.service_id = s.id where fi.value = ${numbers[0]}`,
    );
    const rows = (
      await app.inject({ method: 'GET', url: `/api/report?report_date_from=${from}&report_date_to=${to}`, headers })
    ).json().length as number;
    const get = (url: string) => async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const timings = [
      await time(`GET /report whole month (${rows} rows)`, get(`/api/report?report_date_from=${from}&report_date_to=${to}`), 30),
      // What the screen asks: the summary and the windows of 200 rows as the table scrolls.
      await time('GET /report/summary whole month (the screen opens)', get(`/api/report/summary?report_date_from=${from}&report_date_to=${to}`), 30),
      await time('GET /report whole month, first window of 200', get(`/api/report?report_date_from=${from}&report_date_to=${to}&offset=0&limit=200`), 30),
      await time(
        'GET /report whole month, last window of 200',
        get(`/api/report?report_date_from=${from}&report_date_to=${to}&offset=${Math.max(0, rows - 200)}&limit=200`),
        30,
      ),
      await time('GET /report 1st-15th (usage_number_days)', get(`/api/report?report_date_from=${from}&report_date_to=${mid}`), 30),
      await time('GET /report 20th-10th of the next month', get(`/api/report?report_date_from=${day20}&report_date_to=${nextDay10}`), 30),
      await time('GET /report 2nd-30th', get(`/api/report?report_date_from=${isoDate({ ...month, day: 2 })}&report_date_to=${isoDate({ ...month, day: 30 })}`), 30),
      await time('GET /report/summary 1st-15th', get(`/api/report/summary?report_date_from=${from}&report_date_to=${mid}`), 30),
      await time('GET /report whole month, type=voice, sender', get(`/api/report?report_date_from=${from}&report_date_to=${to}&type=voice&sender=0600`), 30),
      await time('GET /report/:user/:number (one number)', get(`/api/report/${user.end_user_id ?? 0}/${numbers[0]}?report_date_from=${from}&report_date_to=${to}`), 30),
      await time('GET /report/download whole month', get(`/api/report/download?report_date_from=${from}&report_date_to=${to}`), 20),
    ];
    return table(`Usage report over a month of ${count.toLocaleString('en')} records`, timings, 100);
  } finally {
    await app.close();
  }
}
