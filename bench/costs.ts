import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CostCache, costsOfMonth, monthsInRange, monthsTotals, totalsByCycle } from '../src/domain/costs';
import { addMonths, businessDateOf, daysInMonth, isoDate, todayNoon } from '../src/domain/time';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database } from '../src/server/db';
import { loadCostInput, loadCostTotalsInput } from '../src/server/services/costs';
import { usageOfMonths } from '../src/server/services/costs/usage';
import { recalculateGroupBundle } from '../src/server/services/groupBundle';
import { companyMonthsFromMonthly } from '../src/server/services/usage/testSupport';
import { createScratchDatabase } from '../src/server/testing/testApp';
import { LARGE } from './largeCustomer';
import { prepareLargeCustomer } from './servicesReads';
import { table, time, type Timing } from './stats';

const PASSWORD = 'Benchmark123!';
export const USAGE_MONTHS = 12;

/** A fresh database of the given kind; on PostgreSQL a new database under `url`, dropped afterwards. */
export const openCostsDatabase = async (kind: 'pglite' | 'postgres', url?: string) => {
  if (kind === 'pglite') {
    const database = await openPglite();
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(url!, `portal_bench_costs_${crypto.randomBytes(4).toString('hex')}`);
  const database = await openPostgres(scratch.url, 10);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};

/**
 * A year of usage for the large customer's mobile services (about 12,500): per month and service
 * in-bundle data and priced out-of-bundle voice, as the import leaves them in usage_monthly.
 */
export const seedUsage = async (database: Database, companyId: number, firstMonth: string) => {
  await database.db.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    select s.company_id, (${firstMonth}::date + m * interval '1 month')::date, s.id, '06' || lpad(s.id::text, 8, '0'), t.type, 'uitgaand', t.bundle,
      10, case when t.type = 'data' then 200000000 + s.id % 1000 * 1000000 else 600 end,
      case when t.type = 'voice' then 0.10 + (s.id % 90) / 1000.0 else 0 end
    from services s
      join articles a on a.id = s.article_id and a.from_group_bundle
      cross join generate_series(0, ${USAGE_MONTHS - 1}) as m
      cross join (values ('data', 'in'), ('voice', 'out')) as t(type, bundle)
    where s.company_id = ${companyId}`);
  await companyMonthsFromMonthly(database.db, companyId);
  await database.db.execute(sql`analyze usage_monthly`);
  // The import stores the group bundle figures of every month it brings usage for.
  for (let m = 0; m < USAGE_MONTHS; m += 1) {
    const [year, month] = firstMonth.split('-').map(Number);
    await recalculateGroupBundle(database.db, companyId, { ...addMonths(year, month, m), day: 1 });
  }
};

/**
 * p50/p95 of the costs screen's reads for the large customer through the real app: `/costs` of
 * one month, `/costsbymonth` of twelve (the chart) and the periodic lines of one month; then the
 * parts of `/costsbymonth` on their own, to show where the time goes.
 */
export async function benchCosts(kind: 'pglite' | 'postgres', url?: string): Promise<{ report: string; timings: Timing[] }> {
  const { database, drop } = await openCostsDatabase(kind, url);
  try {
    const { companyId, email, seedSeconds } = await prepareLargeCustomer(database);
    const today = businessDateOf(todayNoon());
    const first = addMonths(today.year, today.month, -(USAGE_MONTHS - 1));
    await seedUsage(database, companyId, isoDate(first));
    const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = (path: string) => async () => {
      const res = await app.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const month = `costs_date_from=${isoDate({ ...today, day: 1 })}&costs_date_to=${isoDate({ ...today, day: daysInMonth(today.year, today.month) })}`;
    const year = `costs_date_from=${isoDate(first)}&costs_date_to=${isoDate({ ...today, day: daysInMonth(today.year, today.month) })}`;
    const range = { from: { year: first.year, month: first.month }, to: { year: today.year, month: today.month } };
    const months = monthsInRange(range.from, range.to);
    const input = await loadCostInput(database.db, companyId, range);
    const collapsed = await loadCostTotalsInput(database.db, companyId, range);
    // As the server keeps one across requests (services/costs/index.ts).
    const cache = new CostCache();
    const timings = [
      await time('GET /costs (one month)', get(`/api/costs?${month}`), 30),
      await time('GET /costsbymonth (12 months)', get(`/api/costsbymonth?${year}`), 20),
      await time('GET /costslinesmonthly (one month)', get(`/api/costslinesmonthly?${month}`), 15),
      await time('  parts: loadCostInput, no names (12 months)', () => loadCostInput(database.db, companyId, range, { endUserNames: false }), 10),
      await time('  parts: loadCostTotalsInput, collapsed (12 months)', () => loadCostTotalsInput(database.db, companyId, range), 10),
      await time('  parts: engine, 12 x costsOfMonth + totals', async () => {
        for (const m of months) totalsByCycle(costsOfMonth(input, m, cache).costs);
      }, 10),
      await time('  parts: engine, monthsTotals, collapsed input (12 months)', async () => {
        monthsTotals(collapsed, months, cache);
      }, 10),
      await time('  parts: usage of 12 months (incl. bundle)', () => usageOfMonths(database.db, companyId, months), 10),
    ];
    // Without stored group bundle figures (usage that did not come through the import) they are computed.
    await database.db.execute(sql`delete from group_bundle_months where company_id = ${companyId}`);
    timings.push(
      await time('  parts: usage of 12 months, bundle figures computed', () => usageOfMonths(database.db, companyId, months), 10),
    );
    await app.close();
    const title = `Costs on ${kind} (large customer: ${LARGE.articles} articles, ${LARGE.services} services, ${LARGE.bulkEntries} bulk entries, ${input.services.length} services in the 12-month window, ${collapsed.services.length} rows collapsed for totals, ${USAGE_MONTHS} months of usage; generated in ${seedSeconds.toFixed(1)} s)`;
    return { report: table(title, timings, 100), timings };
  } finally {
    await drop();
  }
}
