import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openPglite, openPostgres, queryRows, type Database } from '../src/server/db';
import { hashPassword } from '../src/server/services/auth/password';
import { seedReferenceData } from '../src/server/seed/reference';
import { createScratchDatabase } from '../src/server/testing/testApp';
import { LARGE, seedLargeCustomer } from './largeCustomer';
import { table, time, type Timing } from './stats';

const PASSWORD = 'Benchmark123!';

/** A database of the given kind holding only the large customer, for the read benchmarks. */
const openBenchDatabase = async (kind: 'pglite' | 'postgres', url?: string) => {
  if (kind === 'pglite') return { database: await openPglite(), drop: async () => undefined };
  const scratch = await createScratchDatabase(url!, `portal_bench_${crypto.randomBytes(4).toString('hex')}`);
  const database = await openPostgres(scratch.url, 10);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
};

export const prepareLargeCustomer = async (database: Database) => {
  await database.migrate();
  await seedReferenceData(database.db);
  const started = Date.now();
  const { companyId, bigArticleId } = await seedLargeCustomer(database.db);
  const seedSeconds = (Date.now() - started) / 1000;
  const passwordHash = await hashPassword(PASSWORD);
  const email = `bench-${companyId}@example.nl`;
  await database.db.execute(sql`insert into users (firstname, lastname, email, company_id, role_id, password_hash)
    values ('Bench', 'Gebruiker', ${email}, ${companyId}, 3, ${passwordHash})`);
  return { companyId, bigArticleId, email, seedSeconds };
};

/** p50/p95 of the reads behind the services screens and search, through the real app. */
export const benchServiceReads = async (kind: 'pglite' | 'postgres', url?: string): Promise<{ report: string; timings: Timing[] }> => {
  const { database, drop } = await openBenchDatabase(kind, url);
  try {
    const { companyId, bigArticleId, email, seedSeconds } = await prepareLargeCustomer(database);
    const app = await buildApp({ config: testConfig({ logLevel: 'silent' }), database, clientDir: '/nonexistent' });
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const get = (url: string, encoding?: string) => async () => {
      const res = await app.inject({ method: 'GET', url, headers: encoding ? { ...headers, 'accept-encoding': encoding } : headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const [mobile] = await queryRows<{ id: number }>(database.db, sql`select id from article_groups where sort_order = 1`);
    const [someService] = await queryRows<{ id: number }>(database.db, sql`select id from services where company_id = ${companyId} order by id desc limit 1`);
    const [someUser] = await queryRows<{ id: number }>(database.db, sql`select end_user_id as id from services where company_id = ${companyId} and end_user_id is not null limit 1`);
    const timings = [
      await time('GET /articles?article_group_id (≈333 articles)', get(`/api/articles?article_group_id=${mobile.id}`)),
      await time('GET /articles (all 2,000)', get('/api/articles')),
      // The article page asks the first window, then windows of 200 as the user scrolls.
      await time('GET /articles/:id?services_limit=100 (the page opens)', get(`/api/articles/${bigArticleId}?services_offset=0&services_limit=100`), 30),
      await time('GET /articles/:id?services_offset=4700&services_limit=200 (a late window)', get(`/api/articles/${bigArticleId}?services_offset=4700&services_limit=200`), 30),
      await time('GET /articles/:id?show_historic&services_limit=100', get(`/api/articles/${bigArticleId}?show_historic=true&services_offset=0&services_limit=100`), 30),
      await time(`GET /articles/:id, all ${LARGE.servicesOnBigArticle} services (reference; no screen asks this now)`, get(`/api/articles/${bigArticleId}`), 30),
      await time('GET /articles/:id?show_historic=true', get(`/api/articles/${bigArticleId}?show_historic=true`), 30),
      await time('GET /articles/:id, brotli (as a browser asks)', get(`/api/articles/${bigArticleId}`, 'br'), 30),
      await time('GET /articles/:id, gzip', get(`/api/articles/${bigArticleId}`, 'gzip'), 30),
      await time('GET /services/:id', get(`/api/services/${someService.id}`)),
      // The company screen: the count and the first window, then windows of 200 while scrolling.
      await time('GET /end-users/count (the company screen opens)', get('/api/end-users/count')),
      await time('GET /end-users/all?term=&offset=0&limit=200 (first window)', get('/api/end-users/all?term=&offset=0&limit=200')),
      await time('GET /end-users/all?term=&offset=19800&limit=200 (last window)', get('/api/end-users/all?term=&offset=19800&limit=200'), 30),
      await time('GET /end-users/count?term=jansen (company screen search)', get('/api/end-users/count?term=jansen')),
      await time('GET /end-users/all (all 20,000; reference, no screen asks this now)', get('/api/end-users/all'), 30),
      await time('GET /end-users/all?term=&limit=101 (the picker opens)', get('/api/end-users/all?term=&limit=101')),
      await time('GET /end-users/all?term=jansen&limit=101 (picker search)', get('/api/end-users/all?term=jansen&limit=101')),
      await time('GET /end-users/all?term=sophie 12&limit=101', get('/api/end-users/all?term=sophie%2012&limit=101')),
      await time('GET /end-users/:id', get(`/api/end-users/${someUser.id}`)),
      await time('GET /article-groups/count', get('/api/article-groups/count')),
      await time('GET /article-groups/visible', get('/api/article-groups/visible')),
      await time('GET /search?term=jansen', get('/api/search?term=jansen')),
      await time('GET /search?term=0600012 (phone)', get('/api/search?term=0600012')),
      await time('GET /search?term=kp-3 (free field)', get('/api/search?term=kp-3')),
      await time('GET /search?term=artikel 19', get('/api/search?term=artikel%2019')),
    ];
    await app.close();
    const title = `Services screens on ${kind} (large customer: ${LARGE.articles} articles, ${LARGE.services} services, ${LARGE.endUsers} end users, ${LARGE.bulkEntries} bulk entries; generated in ${seedSeconds.toFixed(1)} s)`;
    return { report: table(title, timings, 50), timings };
  } finally {
    if (kind === 'pglite') await database.close();
    await drop();
  }
};
