import { sql } from 'drizzle-orm';
import { queryRows } from '../../db';
import { findCompanyByName } from '../../seed/demo';
import { openImport, runImport } from '../../services/usage/importJob';
import { dutchDate, multipartFile, numberedServices, previousMonth } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * An import is a job (docs/usage.md, 'An import is a job'): `Prefer: respond-async` answers 202 once
 * the file is received, and GET /api/usage/imports/{id} shows it running, then done or failed.
 */

let t: TestApp;
let admin: string;
let known: string;
const month = previousMonth();
const HEADER = 'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs';

const startImport = async (csv: string, fileName = 'taak.csv') => {
  const { payload, headers } = multipartFile('usage', csv, fileName);
  return t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin), prefer: 'respond-async' } });
};
const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: auth(token) });

/** The job's answers until it is no longer running. */
const followJob = async (id: number) => {
  const seen = [];
  for (;;) {
    const res = await get(`/api/usage/imports/${id}`);
    expect(res.statusCode).toBe(200);
    seen.push(res.json());
    if (res.json().status !== 'running') return seen;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** `count` calls of the known number on days 1-28 of the month, one second apart each day. */
const callLines = (count: number, minute = 0) =>
  Array.from({ length: count }, (_, i) => {
    const seconds = minute * 60 + Math.floor(i / 28);
    const time = [Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
    return `${dutchDate(month, (i % 28) + 1)};${time};${known};0201234567;uitgaand;voice;60;out;0,01`;
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  const companyId = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  known = (await numberedServices(t.database.db, companyId)).find((s) => s.endTime === null && s.number.startsWith('06'))!.number;
}, 60_000);
afterAll(() => t.close());

describe('POST /api/usage/import with Prefer: respond-async', () => {
  it('answers 202 with the job once the file is received; the job runs to done with the counts a waiting import answers', async () => {
    const csv = [HEADER, ...callLines(3), `${dutchDate(month, 2)};08:00:00;0699999977;0201234567;uitgaand;voice;60;out;`].join('\n');
    const res = await startImport(csv);
    expect(res.statusCode).toBe(202);
    const { import_id: id, message } = res.json();
    expect(message).toBe('Het bestand is ontvangen. De import loopt door, ook als je deze pagina verlaat.');
    expect(res.headers.location).toBe(`/api/usage/imports/${id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');

    const seen = await followJob(id);
    const done = seen.at(-1);
    expect(done).toMatchObject({
      id,
      file_name: 'taak.csv',
      status: 'done',
      phase: null,
      bytes_total: Buffer.byteLength(csv),
      bytes_read: Buffer.byteLength(csv),
      records: 4,
      records_processed: 4,
      imported: 3,
      unmatched: 1,
      duplicates: 0,
      months: [`${month.year}-${String(month.month).padStart(2, '0')}`],
      message: 'De data is succesvol geïmporteerd.',
      error: null,
      errors: [],
    });
    expect(done.finished_at).toBeGreaterThanOrEqual(done.created_at);
    // Every answer before it said running, and never went back.
    for (const answer of seen.slice(0, -1)) expect(answer.status).toBe('running');
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from usage_records where import_id = ${id}`);
    expect(n).toBe(3);

    // The same file again, waiting: the counts of an idempotent import.
    const again = await startImport(csv);
    const repeated = (await followJob(again.json().import_id)).at(-1);
    expect(repeated).toMatchObject({ status: 'done', imported: 0, duplicates: 4 });
  });

  it('shows an import checking, its bytes and lines growing, then done, while its file arrives in pieces', async () => {
    // Ten pieces of 5,000 lines, 300 ms apart: the checking lasts longer than a progress write's second.
    const pieces = Array.from({ length: 10 }, (_, i) => `${i === 0 ? `${HEADER}\n` : ''}${callLines(50_000, 600).slice(i * 5_000, (i + 1) * 5_000).join('\n')}\n`);
    async function* arriving() {
      for (const piece of pieces) {
        yield Buffer.from(piece);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    const actor = { userId: null, companyId: null, impersonatingFrom: null };
    const id = await openImport(t.database.db, { fileName: 'stukjes.csv', actor, bytesTotal: Buffer.byteLength(pieces.join('')) });
    const running = runImport(t.database.db, id, { fileName: 'stukjes.csv', actor, source: arriving() });
    const seen = await followJob(id);
    await running;
    const checking = seen.filter((s) => s.status === 'running' && s.phase === 'checking' && s.records_processed > 0);
    expect(checking.length).toBeGreaterThan(0);
    for (const s of checking) {
      expect(s.bytes_read).toBeGreaterThan(0);
      expect(s.bytes_read).toBeLessThanOrEqual(s.bytes_total);
      expect(s.records_processed).toBeLessThanOrEqual(50_000);
      expect(s.seconds_left).toEqual(expect.any(Number));
    }
    const processed = seen.filter((s) => s.status === 'running').map((s) => s.records_processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ status: 'done', records: 50_000, imported: 50_000, records_processed: 50_000, seconds_left: null });
  }, 60_000);

  it('fails a malformed file with the refusal a waiting import answers, and stores nothing', async () => {
    const csv = [HEADER, ...callLines(2, 900), `${dutchDate(month, 3)};25:00:00;${known};0201234567;uitgaand;voice;60;out;0,01`].join('\n');
    const res = await startImport(csv, 'fout.csv');
    expect(res.statusCode).toBe(202);
    const id = res.json().import_id;
    const failed = (await followJob(id)).at(-1);
    expect(failed).toMatchObject({
      status: 'failed',
      phase: null,
      imported: 0,
      message: null,
      error: expect.stringMatching(/^Regel 4: ongeldige tijd '25:00:00'.*Er is geen data geïmporteerd\.$/),
      errors: [{ line: 4, message: expect.stringContaining('tijd') }],
    });
    expect(failed.finished_at).toEqual(expect.any(Number));
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from usage_records where import_id = ${id}`);
    expect(n).toBe(0);
    // The history lists it with the others.
    const { data } = (await get('/api/usage/imports?limit=100')).json();
    expect(data.find((row: { id: number }) => row.id === id)).toMatchObject({ status: 'failed', file_name: 'fout.csv' });
  });

  it('refuses a request without the file with 400, recording nothing', async () => {
    const before = (await get('/api/usage/imports')).json().total;
    const { payload, headers } = multipartFile('anders', 'x');
    const res = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(admin), prefer: 'respond-async' } });
    expect(res.statusCode).toBe(400);
    expect((await get('/api/usage/imports')).json().total).toBe(before);
  });
});

describe('GET /api/usage/imports/{id}', () => {
  it('estimates the time left from the rate so far: 40 of 100 MB read in 8 s, written 1 s ago, leaves 11 s', async () => {
    const [{ id }] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into usage_imports (file_name, status, phase, bytes_total, bytes_read, records_processed, created_at, progress_at)
        values ('schatting.csv', 'running', 'checking', 100000000, 40000000, 500000, now() - interval '9 seconds', now() - interval '1 second') returning id`,
    );
    const answer = (await get(`/api/usage/imports/${id}`)).json();
    expect(answer).toMatchObject({ status: 'running', phase: 'checking', records_processed: 500_000, finished_at: null });
    // 60 MB at 5 MB/s is 12 s, less the second since; a slow test run may take a second more.
    expect([10, 11]).toContain(answer.seconds_left);
    await t.database.db.execute(sql`delete from usage_imports where id = ${id}`);
  });

  it('fails a running import whose server stopped: no progress for a minute', async () => {
    const [{ id }] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into usage_imports (file_name, status, phase, bytes_total, created_at, progress_at)
        values ('verweesd.csv', 'running', 'checking', 1000, now() - interval '3 minutes', now() - interval '2 minutes') returning id`,
    );
    expect((await get(`/api/usage/imports/${id}`)).json()).toMatchObject({
      status: 'failed',
      phase: null,
      error: 'De import is afgebroken doordat de server stopte. Er is geen data geïmporteerd.',
      seconds_left: null,
    });
  });

  it('answers 404 for an unknown import, 400 for a bad id, 403 to a customer', async () => {
    expect((await get('/api/usage/imports/999999')).statusCode).toBe(404);
    expect((await get('/api/usage/imports/999999')).json()).toEqual({ message: 'Deze import bestaat niet.' });
    expect((await get('/api/usage/imports/abc')).statusCode).toBe(400);
    expect((await get('/api/usage/imports/1', await t.login('klant@demo.nl'))).statusCode).toBe(403);
  });
});
