import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { queryRows } from '../src/server/db';
import { createSession } from '../src/server/services/auth/sessions';
import { seedReferenceData } from '../src/server/seed/reference';
import { openCostsDatabase } from './costs';
import { table, time } from './stats';

const COMPANIES = 2_000;
const REQUESTS = 100_000;
/** About one in five requests is still open, one in twenty-five of those a block. */
const OPEN_SHARE = 0.2;

/**
 * The provider's request queue (docs/requests.md, 'The queue'; target: the first page p95 < 50 ms
 * on PostgreSQL): 100,000 requests over 2,000 companies, each company with an article and five
 * afnames with a phone number; `GET /api/request-queue` through the real app as provider staff.
 */
export async function benchRequestQueue(kind: 'pglite' | 'postgres', url?: string): Promise<string> {
  const { database, drop } = await openCostsDatabase(kind, url);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const db = database.db;
    const started = Date.now();
    await db.execute(sql`insert into companies (name, is_provider) values ('Bench Aanbieder', true)`);
    await db.execute(sql`insert into companies (name) select 'Klant ' || lpad(i::text, 4, '0') || ' B.V.' from generate_series(1, ${COMPANIES}) i`);
    const [{ group }] = await queryRows<{ group: number }>(db, sql`select id as group from article_groups where name = 'Mobiele telefonie'`);
    const [{ field }] = await queryRows<{ field: number }>(
      db,
      sql`select id as field from article_group_fields where article_group_id = ${group} and used_for_cdr`,
    );
    await db.execute(sql`insert into articles (company_id, article_group_id, name, price)
      select id, ${group}, 'Zakelijk Onbeperkt', 25 from companies where not is_provider`);
    await db.execute(sql`insert into services (company_id, article_id, start_time)
      select a.company_id, a.id, now() - interval '400 days' from articles a, generate_series(1, 5)`);
    await db.execute(sql`insert into service_field_inputs (service_id, company_id, article_group_field_id, value)
      select id, company_id, ${field}, '06' || lpad(id::text, 8, '0') from services`);
    await db.execute(sql`insert into users (firstname, lastname, email, company_id, role_id)
      select 'Klant', 'Gebruiker ' || id, 'klant' || id || '@bench.nl', id, 3 from companies where not is_provider`);
    const [{ staff }] = await queryRows<{ staff: number }>(
      db,
      sql`insert into users (firstname, lastname, email, company_id, role_id)
        select 'Bench', 'Medewerker', 'staff@bench.nl', id, 2 from companies where is_provider returning id as staff`,
    );
    // Requests: spread over the companies and their afnames, over the last 400 days; the open ones are the most recent.
    await db.execute(sql`insert into requests (company_id, kind, state, service_id, details, requested_by, requested_by_name, created_at, updated_at)
      select s.company_id,
        (array['block', 'question', 'tariff_change', 'new_sim', 'unblock', 'question'])[1 + (i % 6)],
        case when i > ${Math.round(REQUESTS * (1 - OPEN_SHARE))} then (array['submitted', 'in_progress'])[1 + (i % 2)]
          else (array['done', 'done', 'done', 'rejected', 'withdrawn'])[1 + (i % 5)] end,
        s.id, '{}'::jsonb, u.id, 'Klant Gebruiker',
        now() - ((${REQUESTS} - i) * interval '5 minutes'), now() - ((${REQUESTS} - i) * interval '5 minutes')
      from generate_series(1, ${REQUESTS}) i
        join services s on s.id = 1 + (i * 7919) % (${COMPANIES} * 5)
        join users u on u.company_id = s.company_id`);
    // Blocks among the open requests are rarer than the mix above makes them: one in twenty-five.
    await db.execute(sql`update requests set kind = 'question' where kind = 'block' and state in ('submitted', 'in_progress') and id % 4 <> 0`);
    await db.execute(sql`analyze`);
    const seedSeconds = (Date.now() - started) / 1000;
    const [{ open }] = await queryRows<{ open: number }>(db, sql`select count(*)::int as open from requests where state in ('submitted', 'in_progress')`);

    const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
    await app.ready();
    const session = await createSession(db, staff);
    const [provider] = await queryRows<{ id: number }>(db, sql`select id from companies where is_provider`);
    const token = app.tokens.sign({ sub: staff, company_id: provider.id, impersonate: null, sid: session.id });
    const headers = { authorization: `Bearer ${token}` };
    const get = (path: string) => async () => {
      const res = await app.inject({ method: 'GET', url: path, headers });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const [{ someCompany }] = await queryRows<{ someCompany: number }>(db, sql`select company_id as "someCompany" from requests order by id desc limit 1`);
    const timings = [
      await time('GET /request-queue (open, first page)', get('/api/request-queue'), 60),
      await time('GET /request-queue?kind=block', get('/api/request-queue?kind=block'), 40),
      await time('GET /request-queue?company_id=… (one company)', get(`/api/request-queue?company_id=${someCompany}`), 40),
      await time('GET /request-queue?state=done (oldest first)', get('/api/request-queue?state=done'), 40),
      await time('GET /request-queue?q=0600001 (search)', get('/api/request-queue?q=0600001'), 30),
      await time('GET /request-queue/summary', get('/api/request-queue/summary'), 60),
    ];
    await app.close();
    const title = `Request queue on ${kind} (${REQUESTS.toLocaleString('en')} requests, ${open.toLocaleString('en')} open, over ${COMPANIES.toLocaleString('en')} companies; generated in ${seedSeconds.toFixed(1)} s)`;
    return table(title, timings, 50);
  } finally {
    await drop();
  }
}
