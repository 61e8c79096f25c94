import { Pool } from 'pg';
import { benchArticlePage } from './articlePage';
import { benchServiceReads } from './servicesReads';

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
  if (!only || only === 'page') out.push((await benchArticlePage()).report);
  console.log(out.join('\n'));
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
