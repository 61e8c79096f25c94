import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db';
import { importOf } from '../src/server/services/usage/history';
import { importUsage } from '../src/server/services/usage/import';
import { openImport } from '../src/server/services/usage/importJob';
import { percentile } from './stats';
import { benchMonth, measure, prepare, writeCsv } from './usageImport';

/**
 * An import as a job (docs/usage.md, 'An import is a job') with other requests alongside: while
 * 1,000,000 records (BENCH_JOB_RECORDS) are imported as a job (its row first, its phases told), a client asks
 * for the job's progress and for a login every 100 ms through the real app. Answers each call's
 * p50/p99/max per phase of the import (checking, storing), the import's time and its peak RSS.
 * `npm run bench -- import-job` (BENCH_DB=postgres for PostgreSQL; PGlite otherwise).
 */

const RECORDS = Number(process.env.BENCH_JOB_RECORDS ?? 1_000_000);
const PASSWORD = 'Benchmark123!';
const EVERY_MS = 100;

export async function benchImportJob(target: 'postgres' | 'pglite'): Promise<string> {
  // PGlite in a data folder, as the portal runs it (in memory the whole database would count as the process's).
  const dataDir = target === 'pglite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-job-')) : undefined;
  const prepared = await prepare(target, dataDir);
  const { numbers, email } = prepared;
  // Opened again, as a portal starts on its data: generating the large customer grew PGlite's memory, which never shrinks.
  const database = dataDir ? (await prepared.database.close(), await openPglite(dataDir)) : prepared.database;
  const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
  await app.ready();
  const { file, bytes } = await writeCsv(numbers, benchMonth(), RECORDS);
  const lines = [`\nImport job on ${target === 'postgres' ? 'PostgreSQL' : 'PGlite'}, other requests alongside`];
  lines.push(`${RECORDS.toLocaleString('en')} records, ${(bytes / 2 ** 20).toFixed(0)} MB CSV; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    const token = (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } })).json().token;
    const actor = { userId: null, companyId: null, impersonatingFrom: null };
    const id = await openImport(database.db, { fileName: 'bench-job.csv', actor, bytesTotal: bytes });
    const samples: { call: string; phase: string; ms: number }[] = [];
    let done = false;
    // The phase as the import itself knows it (the job's own callbacks, as runImport gives them).
    let phase = 'checking';
    const ask = async (call: string, request: () => Promise<unknown>) => {
      while (!done) {
        const asked = phase;
        const started = performance.now();
        await request();
        samples.push({ call, phase: asked, ms: performance.now() - started });
        await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      }
    };
    const progress = ask('GET /api/usage/imports/{id}', () => app.inject({ method: 'GET', url: `/api/usage/imports/${id}`, headers: { authorization: `Bearer ${token}` } }));
    const login = ask('POST /api/auth/login', () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } }));
    const job = {
      id,
      checked: () => undefined,
      storing: async () => {
        phase = 'storing';
      },
    };
    const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    const before = process.memoryUsage().rss / 2 ** 20;
    const run = await measure(() => importUsage(database.db, { fileName: 'bench-job.csv', actor, source, job }));
    done = true;
    await Promise.all([progress, login]);
    lines.push(`import: ${run.seconds.toFixed(1)} s, ${Math.round(RECORDS / run.seconds).toLocaleString('en')} records/s, RSS ${before.toFixed(0)} MB before, peak ${run.peakMb.toFixed(0)} MB (${run.atPeak})`);
    lines.push(`  final row: ${JSON.stringify((await importOf(database.db, id))?.status)}`);
    lines.push('call                            phase       n     p50 ms   p99 ms   max ms');
    for (const call of ['GET /api/usage/imports/{id}', 'POST /api/auth/login']) {
      for (const p of ['checking', 'storing']) {
        const ms = samples.filter((s) => s.call === call && s.phase === p).map((s) => s.ms).sort((a, b) => a - b);
        if (!ms.length) continue;
        lines.push(
          `${call.padEnd(32)}${p.padEnd(10)}${String(ms.length).padStart(3)}  ${percentile(ms, 50).toFixed(0).padStart(7)}  ${percentile(ms, 99).toFixed(0).padStart(7)}  ${ms[ms.length - 1].toFixed(0).padStart(7)}`,
        );
      }
    }
  } finally {
    fs.rmSync(file, { force: true });
    await app.close();
    if (dataDir) await database.close();
    else await prepared.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}
