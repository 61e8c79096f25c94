import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { monthKey } from '../src/domain/time';
import { queryRows, type Db } from '../src/server/db';
import { alertMails, evaluateAlerts, type NewAlert } from '../src/server/services/alerts';
import { importUsage } from '../src/server/services/usage/import';
import { table, time } from './stats';
import { benchMonth, prepare, writeCsv } from './usageImport';

/**
 * `npm run bench -- alerts`: what the usage alerts add to an import of 1,000,000 records (fewer on
 * PGlite) of the large customer (docs/usage.md, 'Alerts'; target: under 5 % of the import's time). The import runs
 * once, as it always does with the company's default settings (group bundle alerts on); then the
 * alert evaluation of the month it touched is timed on its own, in a transaction that is rolled
 * back (so every run finds the same thresholds crossed), for four sets of settings: the defaults,
 * thresholds no number reaches, a data threshold one number in ten is above, and thresholds every
 * number crosses (two alerts per number: the worst case, 32,000 rows inserted); then the worst case
 * again once its alerts are recorded (a later import of the month: nothing new).
 */

const RECORDS = { postgres: 1_000_000, pglite: Number(process.env.BENCH_PGLITE_RECORDS ?? 200_000) };

class RolledBack extends Error {}

/** Runs `fn` in a transaction and rolls it back; answers what `fn` answered. */
const rolledBack = async <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await fn(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return result as T;
};

const setThresholds = (db: Db, companyId: number, values: { costs: string; gb: string; numberCosts: string }) =>
  db.execute(sql`insert into alert_settings (company_id, bundle_alerts, out_of_bundle_costs, number_data_gb, number_usage_costs)
    values (${companyId}, true, ${values.costs}, ${values.gb}, ${values.numberCosts})
    on conflict (company_id) do update set out_of_bundle_costs = excluded.out_of_bundle_costs,
      number_data_gb = excluded.number_data_gb, number_usage_costs = excluded.number_usage_costs`);

export async function benchAlerts(target: 'postgres' | 'pglite'): Promise<string> {
  const prepared = await prepare(target);
  const { database, companyId, numbers } = prepared;
  const db = database.db;
  const lines = [`\nUsage alerts after an import on ${target === 'postgres' ? 'PostgreSQL' : 'PGlite'}`];
  try {
    const count = RECORDS[target];
    const month = benchMonth();
    const { file } = await writeCsv(numbers, month, count);
    lines.push(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (1/5/15 min) on ${os.cpus().length} cores`);
    const started = process.hrtime.bigint();
    const result = await importUsage(db, { source: fs.createReadStream(file, { highWaterMark: 256 * 1024 }), fileName: 'bench.csv', actor: null });
    const importMs = Number(process.hrtime.bigint() - started) / 1e6;
    fs.rmSync(file, { force: true });
    lines.push(
      `import of ${count.toLocaleString('en')} records over ${numbers.length.toLocaleString('en')} numbers (alerts included, default settings): ` +
        `${(importMs / 1000).toFixed(1)} s, ${result.alerts?.length ?? 0} alerts recorded`,
    );

    const touched = [{ company_id: companyId, month: monthKey(month) }];
    let crossed: NewAlert[] = [];
    const evaluate = async () => {
      crossed = await rolledBack(db, (tx) => evaluateAlerts(tx, touched, result.importId));
    };
    // The import's own alerts would keep every run from recording them again.
    await db.execute(sql`delete from sent_alerts`);
    const timings = [];
    const found: string[] = [];
    timings.push(await time('defaults (group bundle at 80 % / 100 %)', evaluate, 10, 2));
    found.push(`defaults: ${crossed.length} alerts`);
    await setThresholds(db, companyId, { costs: '100000000', gb: '100000', numberCosts: '100000' });
    timings.push(await time('all thresholds set, none crossed', evaluate, 10, 2));
    found.push(`none crossed: ${crossed.length} alerts`);
    // The data threshold one number in ten is above (the 90th percentile of the numbers' data, in GB).
    const [{ gb }] = await queryRows<{ gb: string }>(
      db,
      sql`select round((percentile_disc(0.9) within group (order by bytes) / 1073741824.0)::numeric, 3)::text as gb
        from (select sum(data_ink_in_length + data_ink_out_length + data_uit_in_length + data_uit_out_length) as bytes
          from usage_number_months where company_id = ${companyId} group by number) n`,
    );
    await setThresholds(db, companyId, { costs: '100000000', gb, numberCosts: '100000' });
    timings.push(await time('one number in ten crosses its data threshold', evaluate, 10, 2));
    found.push(`one in ten: ${crossed.length.toLocaleString('en')} alerts`);
    await setThresholds(db, companyId, { costs: '0', gb: '0', numberCosts: '0' });
    timings.push(await time('all thresholds set, every number crosses', evaluate, 5, 1));
    found.push(`every number: ${crossed.length.toLocaleString('en')} alerts`);
    timings.push(await time('the mails of those alerts (composed, not sent)', async () => alertMails(crossed, 'https://portaal.example.nl'), 10, 2));
    // A later import of the month finds every one of them recorded already: nothing new, nothing mailed.
    await evaluateAlerts(db, touched, result.importId);
    timings.push(await time('every number crosses, all sent before (a later import)', evaluate, 5, 1));

    lines.push(table(`Alert evaluation of the month (${found.join('; ')})`, timings));
    const budget = importMs * 0.05;
    for (const t of timings.filter((t) => !t.name.startsWith('the mails'))) {
      lines.push(`  ${t.name}: p50 ${((t.p50 / importMs) * 100).toFixed(2)} % of the import (target < 5 %: ${t.p50 < budget ? 'ok' : 'OVER'})`);
    }
  } finally {
    await prepared.drop();
  }
  return lines.join('\n');
}
