import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { isoDate } from '../src/domain/time';
import { queryRows, type Database } from '../src/server/db';
import { seedReferenceData } from '../src/server/seed/reference';
import { companySpecification, specificationOf } from '../src/server/services/costSpecification/content';
import { specificationPdfBytes } from '../src/server/services/costSpecification/pdf';
import { importUsage } from '../src/server/services/usage/import';
import { openCostsDatabase } from './costs';
import { LARGE, seedLargeCustomer } from './largeCustomer';
import { percentile } from './stats';
import { benchMonth, writeCsv } from './usageImport';

/**
 * `npm run bench -- specification`: the cost specification's PDF (docs/cost-specification.md,
 * 'What it shows') of a company with 5,000 afnames and 1,000,000 usage records in the month
 * (200,000 on PGlite, `BENCH_PGLITE_RECORDS`), imported through the real import: the content
 * (cost engine, usage per number) and the PDF together, as a download makes them. Targets: under
 * 3 s and under 150 MB of extra memory (RSS and V8 heap over what the process held before).
 */

const RECORDS = { postgres: 1_000_000, pglite: Number(process.env.BENCH_PGLITE_RECORDS ?? 200_000) };
const RUNS = 7;
const MB = 1024 * 1024;

/** The large customer's shape at 5,000 afnames. */
const SPECIFICATION_CUSTOMER: typeof LARGE = { articles: 500, services: 5000, endUsers: 2000, bulkEntries: 500, servicesOnBigArticle: 1000 };

/** Numbers of services active the whole month, so every record matches one. */
const numbersOf = async (database: Database, companyId: number, monthStart: string) =>
  (
    await queryRows<{ number: string }>(
      database.db,
      sql`select fi.value as number from service_field_inputs fi
        join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
        join services s on s.id = fi.service_id
        where s.company_id = ${companyId} and s.end_time is null and s.start_time < ${monthStart}::date - 1`,
    )
  ).map((r) => r.number);

/** Runs `fn` sampling the memory every 10 ms: its time and the peak RSS and heap over the figures before it. */
const measured = async (fn: () => Promise<unknown>) => {
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  };
  const timer = setInterval(sample, 10);
  const started = process.hrtime.bigint();
  try {
    await fn();
    sample();
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, rssMb: (rss - before.rss) / MB, heapMb: (heap - before.heapUsed) / MB };
  } finally {
    clearInterval(timer);
  }
};

export async function benchCostSpecification(kind: 'pglite' | 'postgres', url?: string): Promise<string> {
  const { database, drop } = await openCostsDatabase(kind, url);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const { companyId } = await seedLargeCustomer(database.db, 'Kostenspecificatie Benchmark B.V.', SPECIFICATION_CUSTOMER);
    const month = benchMonth();
    const numbers = await numbersOf(database, companyId, isoDate(month));
    const count = RECORDS[kind];
    const { file } = await writeCsv(numbers, month, count);
    const started = Date.now();
    await importUsage(database.db, { source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), fileName: 'bench.csv', actor: null });
    const importSeconds = (Date.now() - started) / 1000;
    fs.rmSync(file, { force: true });

    let pages = 0;
    let lines = 0;
    let bytes = 0;
    let rows = 0;
    const run = async () => {
      const content = (await companySpecification(database.db, companyId, month, '21'))!;
      const pdf = await specificationPdfBytes(specificationOf(month, content, { draft: true, version: null, reason: null, madeAt: new Date() }));
      lines = content.kinds.reduce((n, k) => n + k.groups.reduce((m, g) => m + g.articles.reduce((a, x) => a + x.lines.length, 0), 0), 0);
      rows = content.usage.numbers.length;
      bytes = pdf.length;
      pages = Number(/\/Type \/Pages\n\/Count (\d+)/.exec(pdf.toString('latin1'))?.[1] ?? 0);
    };
    // The first run (a server's first download: the engine's cache and the database's cold), then the runs timed.
    const first = await measured(run);
    const results = [];
    for (let i = 0; i < RUNS; i += 1) results.push(await measured(run));
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const rss = Math.max(...results.map((r) => r.rssMb));
    const heap = Math.max(...results.map((r) => r.heapMb));
    // The content and the PDF apart, to show where the time goes.
    const content = (await companySpecification(database.db, companyId, month, '21'))!;
    const contentOnly = await measured(() => companySpecification(database.db, companyId, month, '21'));
    const pdfOnly = await measured(() => specificationPdfBytes(specificationOf(month, content, { draft: true, version: null, reason: null, madeAt: new Date() })));
    return [
      `\nCost specification PDF on ${kind} (${SPECIFICATION_CUSTOMER.services.toLocaleString('en')} afnames, ${count.toLocaleString('en')} usage records over ${numbers.length.toLocaleString('en')} numbers imported in ${importSeconds.toFixed(1)} s; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`,
      `${lines.toLocaleString('en')} cost lines, ${rows.toLocaleString('en')} numbers with usage: ${pages} pages, ${(bytes / 1024).toFixed(0)} kB`,
      `content + PDF, ${RUNS} runs: p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms (target < 3000: ${percentile(ms, 95) < 3000 ? 'ok' : 'OVER'})`,
      `first run: ${first.ms.toFixed(0)} ms, RSS +${first.rssMb.toFixed(0)} MB, heap +${first.heapMb.toFixed(0)} MB`,
      `extra memory (worst run): RSS +${rss.toFixed(0)} MB, heap +${heap.toFixed(0)} MB (target < 150: ${Math.max(rss, heap, first.rssMb, first.heapMb) < 150 ? 'ok' : 'OVER'})`,
      `  parts: content ${contentOnly.ms.toFixed(0)} ms (RSS +${contentOnly.rssMb.toFixed(0)} MB), PDF ${pdfOnly.ms.toFixed(0)} ms (RSS +${pdfOnly.rssMb.toFixed(0)} MB)`,
    ].join('\n');
  } finally {
    await drop();
  }
}
