import { Pool } from 'pg';
import { benchAlerts } from './alerts';
import { benchArticlePage } from './articlePage';
import { benchArticlePageAB } from './articlePageAB';
import { benchCostAllocation } from './costAllocation';
import { benchCostEngine } from './costEngine';
import { benchCosts } from './costs';
import { benchCostSpecification } from './costSpecification';
import { benchFirstRenderJs } from './firstRenderJs';
import { benchGroupCosts } from './groupCosts';
import { benchImportJob } from './importJob';
import { benchRequestQueue } from './requestQueue';
import { benchLighthouse } from './lighthouse';
import { benchServiceMix } from './serviceMix';
import { benchServiceReads } from './servicesReads';
import { benchUsageImport } from './usageImport';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const postgresReachable = async () => {
  const pool = new Pool({ connectionString: postgresUrl, max: 1, connectionTimeoutMillis: 2000 });
  try {
    await pool.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await pool.end();
  }
};

/** `npm run bench`: figures for docs/performance.md. Machines here are shared: read trends, not single runs. */
const main = async () => {
  const only = process.argv[2];
  const out: string[] = [`Node ${process.version}, ${new Date().toISOString()}`];
  if (!only || only === 'reads') {
    if (process.env.BENCH_DB !== 'postgres') out.push((await benchServiceReads('pglite')).report);
    if (process.env.BENCH_DB === 'pglite') out.push('\nPostgreSQL skipped (BENCH_DB=pglite)');
    else if (await postgresReachable()) out.push((await benchServiceReads('postgres', postgresUrl)).report);
    else out.push(`\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
  }
  // The article page of a big customer in Chromium (needs `npm run build`).
  // On the demo's PGlite and, with BENCH_DB=postgres (or without BENCH_DB when it is reachable), on PostgreSQL.
  if (!only || only === 'page') {
    if (process.env.BENCH_DB !== 'postgres') out.push((await benchArticlePage()).report);
    if (process.env.BENCH_DB !== 'pglite') {
      out.push((await postgresReachable()) ? (await benchArticlePage(postgresUrl)).report : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    }
  }
  // Two builds of the article page against each other, in turns (BENCH_AB=checkoutA,checkoutB): only when asked.
  if (only === 'ab') {
    const roots = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);
    out.push(await benchArticlePageAB(roots, Number(process.env.BENCH_AB_ROUNDS ?? 12)));
  }
  // The usage import (1,000,000 records on PostgreSQL, fewer on PGlite) and the report over them.
  if (!only || only === 'usage') {
    if (process.env.BENCH_DB !== 'pglite') {
      out.push((await postgresReachable()) ? await benchUsageImport('postgres') : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    }
    if (process.env.BENCH_DB !== 'postgres') out.push(await benchUsageImport('pglite'));
  }
  // An import as a job, with progress reads and logins alongside (PGlite, or PostgreSQL with BENCH_DB=postgres).
  if (!only || only === 'import-job') {
    if (process.env.BENCH_DB === 'postgres') out.push((await postgresReachable()) ? await benchImportJob('postgres') : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    else out.push(await benchImportJob('pglite'));
  }
  // The usage alerts' evaluation after a 1,000,000-record import (under 5 % of its time; BENCH_USAGE_DB names the database).
  if (!only || only === 'alerts') {
    if (process.env.BENCH_DB !== 'pglite') {
      out.push((await postgresReachable()) ? await benchAlerts('postgres') : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    }
    if (process.env.BENCH_DB !== 'postgres') out.push(await benchAlerts('pglite'));
  }
  // The costs screen's reads of the large customer (with a year of usage).
  if (!only || only === 'costs') {
    if (process.env.BENCH_DB !== 'postgres') out.push((await benchCosts('pglite')).report);
    if (process.env.BENCH_DB !== 'pglite') {
      out.push((await postgresReachable()) ? (await benchCosts('postgres', postgresUrl)).report : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    }
  }
  // The cost specification's PDF of a company with 5,000 afnames and 1,000,000 usage records (PostgreSQL; PGlite with BENCH_DB=pglite or without it).
  if (!only || only === 'specification') {
    if (process.env.BENCH_DB !== 'pglite' && (await postgresReachable())) out.push(await benchCostSpecification('postgres', postgresUrl));
    else out.push(await benchCostSpecification('pglite'));
  }
  // 'Per kostenplaats' of last month, 5,000 and 50,000 afnames (PostgreSQL; PGlite with BENCH_DB=pglite or without it).
  if (!only || only === 'allocation') {
    if (process.env.BENCH_DB !== 'pglite' && (await postgresReachable())) out.push(await benchCostAllocation('postgres', postgresUrl));
    else out.push(await benchCostAllocation('pglite'));
  }
  // The group view of a parent with 20 branches of the large customer's size (PostgreSQL: its target is there).
  if (!only || only === 'group') {
    out.push((await postgresReachable()) ? await benchGroupCosts('postgres', postgresUrl) : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
  }
  // The provider's request queue: 100,000 requests over 2,000 companies (its target is on PostgreSQL).
  if (!only || only === 'requests') {
    if (process.env.BENCH_DB !== 'pglite') {
      out.push((await postgresReachable()) ? await benchRequestQueue('postgres', postgresUrl) : `\nPostgreSQL not reachable at ${postgresUrl}: skipped`);
    }
    if (process.env.BENCH_DB !== 'postgres') out.push(await benchRequestQueue('pglite'));
  }
  // The demo mix under load: PGlite, PostgreSQL, two instances behind HAProxy (needs `npm run build`).
  if (!only || only === 'mix') out.push(await benchServiceMix(process.env.BENCH_DB === 'pglite' || !(await postgresReachable()) ? null : postgresUrl));
  // The JavaScript of /login's and /dashboard's first render, in kB gzip (needs `npm run build`).
  if (!only || only === 'js') out.push(await benchFirstRenderJs());
  // Lighthouse's mobile emulation on six screens (needs `npm run build` and Chromium).
  if (!only || only === 'lighthouse') out.push(await benchLighthouse());
  // The cost engine alone (no database): 12 months of the large customer, lines and totals.
  if (!only || only === 'engine') out.push(await benchCostEngine());
  console.log(out.join('\n'));
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
