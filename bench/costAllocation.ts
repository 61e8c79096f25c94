import os from 'node:os';
import { addMonths, businessDateOf, monthStart, todayNoon } from '../src/domain/time';
import { seedReferenceData } from '../src/server/seed/reference';
import { allocationEntries, allocationFields, allocationRows, allocationTotal } from '../src/server/services/costs/allocation';
import { openCostsDatabase, seedUsage, USAGE_MONTHS } from './costs';
import { LARGE, seedLargeCustomer } from './largeCustomer';
import { percentile } from './stats';

/**
 * `npm run bench -- allocation`: 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost
 * centre') of last month for a company of 5,000 afnames and for the large customer (50,000), by its
 * free field 'Kostenplaats' (40 values) and by the category field 'SIM nummer' (a value per mobile
 * afname): the engine's month, the usage per afname and the field's values, as GET
 * /costs/allocation computes them. Target: under 1 s for 5,000 afnames.
 */

const RUNS = 7;
const SIZES: { label: string; size: typeof LARGE }[] = [
  { label: '5,000 afnames', size: { articles: 500, services: 5000, endUsers: 2000, bulkEntries: 500, servicesOnBigArticle: 1000 } },
  { label: '50,000 afnames', size: LARGE },
];

export async function benchCostAllocation(kind: 'pglite' | 'postgres', url?: string): Promise<string> {
  const out = [`\n'Per kostenplaats' on ${kind} (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`];
  for (const { label, size } of SIZES) {
    const { database, drop } = await openCostsDatabase(kind, url);
    try {
      await database.migrate();
      await seedReferenceData(database.db);
      const { companyId } = await seedLargeCustomer(database.db, 'Kostenplaats Benchmark B.V.', size);
      const today = businessDateOf(todayNoon());
      await seedUsage(database, companyId, monthStart(addMonths(today.year, today.month, -(USAGE_MONTHS - 1))));
      const month = addMonths(today.year, today.month, -1);
      const company = { id: companyId, name: 'Kostenplaats Benchmark B.V.' };
      for (const key of ['free:1', 'category:SIM nummer']) {
        const field = (await allocationFields(database.db, [companyId], companyId)).find((f) => f.key === key)!;
        let rows = 0;
        let entries = 0;
        const run = async () => {
          const started = process.hrtime.bigint();
          const all = await allocationEntries(database.db, [company], month, field);
          const byValue = allocationRows(all);
          allocationTotal(byValue);
          rows = byValue.length;
          entries = all.length;
          return Number(process.hrtime.bigint() - started) / 1e6;
        };
        const first = await run();
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i += 1) ms.push(await run());
        ms.sort((a, b) => a - b);
        out.push(
          `${label}, by ${field.name} (${rows} rows, ${entries.toLocaleString('en')} lines): p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, first ${first.toFixed(0)} ms` +
            (size.services === 5000 ? ` (target < 1000: ${percentile(ms, 95) < 1000 ? 'ok' : 'OVER'})` : ''),
        );
      }
    } finally {
      await drop();
    }
  }
  return out.join('\n');
}
