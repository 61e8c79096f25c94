import { sql } from 'drizzle-orm';
import { businessTimeToEpoch } from '../../../domain/time';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { UNMATCHED_IN_MEMORY } from './copyRows';
import { dutchDate, multipartFile, numberedServices, previousMonth, type NumberedService } from './testSupport';

/**
 * A usage file whose unmatched records are more than the spool keeps in memory (16 MB): they go
 * through a temporary file, read back in chunks that end anywhere in a row, and on PGlite are
 * COPYed in blobs of a few MB. Every blob must end on a row's end (it once cut a row: `missing
 * data for column "type"`). The smallest file that crosses that border: rows of about 8 KB (a long
 * `ontvanger`), just over 16 MB of them.
 */

let t: TestApp;
let adminToken: string;
let svc: NumberedService;
const month = previousMonth();
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n';
/** Unmatched rows of about this many bytes (far below the 64 KB a line may have). */
const ROW_BYTES = 8_000;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const monthStart = new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000);
  svc = (await numberedServices(t.database.db, companyId)).find((s) => s.startTime < monthStart && s.endTime === null && s.number.startsWith('06'))!;
  expect(svc).toBeTruthy();
}, 60_000);
afterAll(() => t.close());

const timeOf = (i: number) => [3600, 60, 1].map((s) => String(Math.floor(i / s) % (s === 3600 ? 24 : 60)).padStart(2, '0')).join(':');

/**
 * A receiver of the unmatched record i: its own, of a length that does not divide a MB. Text
 * without digits (i spelled with the letters a–j), so no number: the import refuses a number with letters.
 */
const receiverOf = (i: number) => `r${String(i).replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}-${'x'.repeat(ROW_BYTES - 100 + (i % 13))}`;

it('imports a file whose unmatched records spill past the spool (16 MB), every row whole, on this database', async () => {
  const unmatchedCount = Math.ceil(UNMATCHED_IN_MEMORY / ROW_BYTES) + 200;
  const matchedCount = 300;
  const day = dutchDate(month, 12);
  const lines: string[] = [];
  for (let i = 0; i < unmatchedCount; i += 1) {
    lines.push(`${day};${timeOf(i)};0699${String(i).padStart(6, '0')};${receiverOf(i)};uitgaand;voice;${i};out;0,01\n`);
    // A matched record now and then, so both COPYs run side by side.
    if (i % Math.floor(unmatchedCount / matchedCount) === 0) {
      lines.push(`${day};${timeOf(i)};${svc.number};internet;uitgaand;data;${1000 + i};in;\n`);
    }
  }
  const matched = lines.filter((l) => l.includes(';internet;')).length;
  const csv = Buffer.from(HEADER + lines.join(''));
  expect(csv.length).toBeGreaterThan(UNMATCHED_IN_MEMORY);

  const { payload, headers } = multipartFile('usage', csv);
  const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(adminToken) } });
  expect([res.statusCode, res.statusCode === 200 ? '' : res.body]).toEqual([200, '']);
  expect(res.json()).toMatchObject({ imported: matched, unmatched: unmatchedCount, duplicates: 0 });

  // Every unmatched row arrived whole: its receiver, its length and its line.
  const [kept] = await queryRows<{ n: number; receivers: string; lengths: string; whole: boolean }>(
    t.database.db,
    sql`select count(*)::int as n, sum(length(receiver))::text as receivers, sum(length)::text as lengths,
        bool_and(receiver = 'r' || translate(length::text, '0123456789', 'abcdefghij') || '-' || repeat('x', ${ROW_BYTES - 100} + (length % 13)::int) and sender = '0699' || lpad(length::text, 6, '0')) as whole
      from usage_unmatched`,
  );
  expect(kept).toEqual({
    n: unmatchedCount,
    receivers: String(Array.from({ length: unmatchedCount }, (_, i) => receiverOf(i).length).reduce((a, b) => a + b, 0)),
    lengths: String(((unmatchedCount - 1) * unmatchedCount) / 2),
    whole: true,
  });
  const [records] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from usage_records where service_id = ${svc.id}`);
  expect(records.n).toBe(matched);
}, 120_000);

/**
 * By hand (minutes, not a default test): `USAGE_IMPORT_RECORDS=1000000` imports a generated file of
 * that many records, a quarter of them of numbers nobody holds, streamed from a temporary file,
 * and logs the time and the process's peak resident size (docs/usage.md, "Memory").
 */
const MANY = Number(process.env.USAGE_IMPORT_RECORDS ?? 0);
(MANY ? it : it.skip)(`imports ${MANY} records with unmatched ones, memory flat`, async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { importUsage } = await import('./import');
  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const monthStart = new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000);
  const numbers = (await numberedServices(t.database.db, companyId)).filter((s) => s.startTime < monthStart && s.endTime === null).map((s) => s.number);
  const file = path.join(os.tmpdir(), `usage-many-${process.pid}.csv`);
  const out = fs.createWriteStream(file);
  let seed = 42;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return (seed >>> 8) / 16_777_216;
  };
  out.write(HEADER);
  for (let i = 0; i < MANY; i += 2000) {
    let chunk = '';
    for (let j = i; j < Math.min(MANY, i + 2000); j += 1) {
      const number = random() < 0.25 ? `0698${String(Math.floor(random() * 1_000_000)).padStart(6, '0')}` : numbers[Math.floor(random() * numbers.length)];
      chunk += `${dutchDate(month, 1 + (j % 28))};${timeOf(j % 86_400)};${number};0201234567;uitgaand;voice;${Math.floor(random() * 900)};out;0,${String(j % 100).padStart(2, '0')}\n`;
    }
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  const before = process.memoryUsage();
  let peak = before;
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  };
  const timer = setInterval(sample, 20);
  const started = Date.now();
  try {
    const result = await importUsage(t.database.db, { source: fs.createReadStream(file), fileName: 'many.csv', actor: null });
    const seconds = (Date.now() - started) / 1000;
    sample();
    const MB = 1 << 20;
    // On PGlite the database itself (its WebAssembly memory, array buffers) is in this process.
    const memory = (m: NodeJS.MemoryUsage) =>
      `RSS ${(m.rss / MB).toFixed(0)} MB, heap ${(m.heapUsed / MB).toFixed(0)} MB, array buffers ${(m.arrayBuffers / MB).toFixed(0)} MB`;
    console.log(
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${MANY} records (${(fs.statSync(file).size / MB).toFixed(0)} MB) in ${seconds.toFixed(1)} s; ` +
        `peak ${memory(peak)}; before ${memory(before)}; ${JSON.stringify({ ...result, months: undefined })}`,
    );
    expect(result.imported + result.duplicates + result.unmatched).toBe(MANY);
    expect(result.unmatched).toBeGreaterThan(MANY / 5);
  } finally {
    clearInterval(timer);
    fs.rmSync(file, { force: true });
  }
}, 1_800_000);
