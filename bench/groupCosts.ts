import { sql } from 'drizzle-orm';
import { addMonths, businessDateOf, daysInMonth, isoDate, todayNoon } from '../src/domain/time';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { queryRows } from '../src/server/db';
import { hashPassword } from '../src/server/services/auth/password';
import { seedReferenceData } from '../src/server/seed/reference';
import { openCostsDatabase, seedUsage, USAGE_MONTHS } from './costs';
import { LARGE, seedLargeCustomer } from './largeCustomer';
import { table, time } from './stats';

const BRANCHES = 20;
const PASSWORD = 'Benchmark123!';

/**
 * The group view (docs/rules.md, 'The group view'; target p95 < 200 ms on PostgreSQL): a parent company with 20 branches
 * of the large customer's size (each 2,000 articles, 50,000 services, 5,000 bulk entries and a
 * year of usage), `GET /api/group/costs` through the real app as a user of the first branch: with
 * the branches' figures stored (what every visit after the first finds while nothing changed),
 * after a change in one branch, and with nothing stored.
 */
export async function benchGroupCosts(kind: 'pglite' | 'postgres', url?: string): Promise<string> {
  const { database, drop } = await openCostsDatabase(kind, url);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const started = Date.now();
    const [parent] = await queryRows<{ id: number }>(database.db, sql`insert into parent_companies (name) values ('Benchmark Groep') returning id`);
    const today = businessDateOf(todayNoon());
    const first = addMonths(today.year, today.month, -(USAGE_MONTHS - 1));
    const branchIds: number[] = [];
    for (let i = 1; i <= BRANCHES; i += 1) {
      const { companyId } = await seedLargeCustomer(database.db, `Vestiging ${String(i).padStart(2, '0')} B.V.`);
      await database.db.execute(sql`update companies set parent_company_id = ${parent.id} where id = ${companyId}`);
      await seedUsage(database, companyId, isoDate(first));
      branchIds.push(companyId);
    }
    const seedSeconds = (Date.now() - started) / 1000;
    const email = 'bench-group@example.nl';
    await database.db.execute(sql`insert into users (firstname, lastname, email, company_id, role_id, password_hash)
      values ('Bench', 'Groep', ${email}, ${branchIds[0]}, 3, ${await hashPassword(PASSWORD)})`);

    const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = (path: string) => async () => {
      const res = await app.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (path.endsWith('&format=xlsx')) return;
      const { data } = res.json();
      if (data.branches.length !== BRANCHES) throw new Error(`${data.branches.length} branches`);
    };
    const monthQuery = (m: { year: number; month: number }) =>
      `costs_date_from=${isoDate({ ...m, day: 1 })}&costs_date_to=${isoDate({ ...m, day: daysInMonth(m.year, m.month) })}`;
    const last = addMonths(today.year, today.month, -1);
    const changeOneBranch = () => database.db.execute(sql`insert into company_changes (company_id) values (${branchIds[7]})`);
    const forgetAll = () => database.db.execute(sql`delete from company_month_figures`);
    // Every branch's figures stored at its version before the timings: what a second visitor finds.
    await get(`/api/group/costs?${monthQuery(last)}`)();
    const timings = [
      await time('GET /group/costs (last whole month, figures stored)', get(`/api/group/costs?${monthQuery(last)}`), 30),
      await time('GET /group/costs (running month, figures stored)', get(`/api/group/costs?${monthQuery(today)}`), 30),
      await time('GET /group/costs after a change in one branch', async () => {
        await changeOneBranch();
        await get(`/api/group/costs?${monthQuery(last)}`)();
      }, 20),
      await time('GET /group/costs with nothing stored (every branch computed)', async () => {
        await forgetAll();
        await get(`/api/group/costs?${monthQuery(last)}`)();
      }, 5, 1),
      await time('GET /group/costs/download?format=xlsx (last whole month)', get(`/api/group/costs/download?${monthQuery(last)}&format=xlsx`), 15),
    ];
    await app.close();
    const title = `Group view on ${kind} (${BRANCHES} branches of ${LARGE.articles} articles, ${LARGE.services} services, ${LARGE.bulkEntries} bulk entries and ${USAGE_MONTHS} months of usage each; generated in ${seedSeconds.toFixed(1)} s)`;
    return table(title, timings, 200);
  } finally {
    await drop();
  }
}
