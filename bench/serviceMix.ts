import http from 'node:http';
import { lastWholeMonth, monthRange } from '../src/domain/time';
import { openPostgres } from '../src/server/db';
import { seedDemoData } from '../src/server/seed/demo';
import { type Portal, startPortal } from '../test/browser/portal';
import { clusterMissing, startCluster } from '../test/cluster/cluster';
import { demoOnPostgres } from './articlePage';
import { percentile } from './stats';

/**
 * The demo mix under load: N customers at once, each logged in as klant@demo.nl and going round
 * the calls its screens make (the groups, a group's articles, an article with its first services,
 * the end users, the contact persons, a month's costs and usage report, a search), each answer
 * awaited before the next call, for DURATION_MS. Measured: answers per second, p50/p95/p99, and
 * how long the slowest client waited for its first answer. On PGlite (the demo), PostgreSQL, and
 * two instances behind HAProxy (through pgbouncer, test/cluster/cluster.ts). Then a login flood:
 * logins per second, and the mix's throughput while 4 other clients flood the login with random
 * addresses.
 *
 * `npm run bench -- mix` (needs `npm run build`; the cluster needs haproxy, pgbouncer, redis-server).
 */

const DURATION_MS = Number(process.env.BENCH_MIX_SECONDS ?? 10) * 1000;
const CLIENT_COUNTS = [10, 50];
const PASSWORD = 'Welkom123!';

interface Answer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** A call from `localAddress` (a loopback address of a client's own) or the machine's default. */
const request = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string, localAddress?: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, agent, localAddress, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body);
  });

const login = async (base: string, email: string, headers: Record<string, string> = {}) => {
  const res = await request(base, 'POST', '/api/auth/login', headers, JSON.stringify({ email, password: PASSWORD }));
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body.slice(0, 100)}`);
  return (JSON.parse(res.body) as { token: string }).token;
};

/** The calls of a customer's round, as the screens make them. */
const customerRound = async (base: string, token: string): Promise<string[]> => {
  const auth = { authorization: `Bearer ${token}` };
  const groups = JSON.parse((await request(base, 'GET', '/api/article-groups/visible', auth)).body) as { id: number }[];
  const articles = JSON.parse((await request(base, 'GET', `/api/articles?article_group_id=${groups[0].id}`, auth)).body) as { id: number }[];
  const month = monthRange(lastWholeMonth());
  return [
    '/api/article-groups/visible',
    '/api/article-groups/count',
    `/api/articles?article_group_id=${groups[0].id}`,
    `/api/articles/${articles[0].id}?services_offset=0&services_limit=100`,
    '/api/end-users/all?offset=0&limit=100',
    '/api/users',
    `/api/costs?costs_date_from=${month.from}&costs_date_to=${month.to}`,
    `/api/report?report_date_from=${month.from}&report_date_to=${month.to}&offset=0&limit=200`,
    '/api/search?term=jan',
  ];
};

interface MixResult {
  perSecond: number;
  /** Sorted, as percentile() takes them. */
  latencies: number[];
  firstAnswerMax: number;
  failures: number;
}

/** `clients` customers going round `paths` until the time is up. */
const runMix = async (base: string, token: string, paths: string[], clients: number, durationMs = DURATION_MS): Promise<MixResult> => {
  const auth = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  const firstAnswers: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let first = true;
      for (let i = client; performance.now() < until; i += 1) {
        const t0 = performance.now();
        const res = await request(base, 'GET', paths[i % paths.length], auth);
        const t1 = performance.now();
        if (res.status !== 200) failures += 1;
        latencies.push(t1 - t0);
        if (first) firstAnswers.push(t1 - started);
        first = false;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / seconds, latencies: latencies.sort((a, b) => a - b), firstAnswerMax: Math.max(...firstAnswers), failures };
};

const row = (setup: string, clients: number, r: MixResult) =>
  `${setup.padEnd(34)} | ${String(clients).padStart(7)} | ${r.perSecond.toFixed(0).padStart(6)} | ${percentile(r.latencies, 50).toFixed(1).padStart(6)} | ${percentile(r.latencies, 95).toFixed(1).padStart(6)} | ${percentile(r.latencies, 99).toFixed(1).padStart(6)} | ${r.firstAnswerMax.toFixed(0).padStart(11)} | ${r.failures}`;

/** The mix at each client count against the portal at `base`. */
const mixRows = async (setup: string, base: string) => {
  const token = await login(base, 'klant@demo.nl');
  const paths = await customerRound(base, token);
  await runMix(base, token, paths, 4, 2_000); // warm-up: plans, caches, JIT
  const rows: string[] = [];
  for (const clients of CLIENT_COUNTS) rows.push(row(setup, clients, await runMix(base, token, paths, clients)));
  return { rows, token, paths };
};

/** Logins per second (4 clients logging in for real), then the mix while 4 clients flood the login with random addresses. */
const loginRows = async (setup: string, base: string, token: string, paths: string[]) => {
  const rows: string[] = [];
  let logins = 0;
  const until = performance.now() + DURATION_MS / 2;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        await login(base, 'klant@demo.nl');
        logins += 1;
      }
    }),
  );
  rows.push(`${setup}: ${(logins / ((performance.now() - t0) / 1000)).toFixed(1)} logins/s (4 clients, scrypt N=2^15)`);

  const quiet = await runMix(base, token, paths, 10, DURATION_MS / 2);
  let flooding = true;
  let flood = 0;
  const flooders = Array.from({ length: 4 }, async (_, client) => {
    while (flooding) {
      // Each flooder is a client of its own (a loopback source address of its own), with random addresses.
      await request(base, 'POST', '/api/auth/login', {}, JSON.stringify({ email: `x${Math.random()}@voorbeeld.nl`, password: 'fout' }), `127.0.1.${client + 1}`);
      flood += 1;
    }
  });
  const during = await runMix(base, token, paths, 10, DURATION_MS / 2);
  flooding = false;
  await Promise.all(flooders);
  rows.push(
    `${setup}: the mix at 10 clients ${quiet.perSecond.toFixed(0)} answers/s (p95 ${percentile(quiet.latencies, 95).toFixed(1)} ms) alone, ` +
      `${during.perSecond.toFixed(0)}/s (p95 ${percentile(during.latencies, 95).toFixed(1)} ms) during a flood of ${flood} logins from 4 clients`,
  );
  return rows;
};

export const benchServiceMix = async (postgresUrl: string | null): Promise<string> => {
  const out = [
    `\nThe demo mix for ${DURATION_MS / 1000} s per row (answers per second, latency in ms, the slowest client's first answer in ms)`,
    `${'setup'.padEnd(34)} | clients |  ans/s |    p50 |    p95 |    p99 | first (max) | failed`,
  ];
  const logins: string[] = [];
  const env = { LOGIN_RATE_LIMIT: '100000', LOGIN_CLIENT_RATE_LIMIT: '100000' };

  const measurePortal = async (setup: string, portal: Portal) => {
    try {
      const { rows, token, paths } = await mixRows(setup, portal.baseUrl);
      out.push(...rows);
      logins.push(...(await loginRows(setup, portal.baseUrl, token, paths)));
    } finally {
      await portal.stop();
    }
  };
  await measurePortal('PGlite, one instance', await startPortal({ env }));
  if (postgresUrl) {
    const scratch = await demoOnPostgres(postgresUrl, 'bench_mix');
    try {
      await measurePortal('PostgreSQL, one instance', await startPortal({ databaseUrl: scratch.url, env }));
    } finally {
      await scratch.drop();
    }
  }
  if (clusterMissing().length === 0) {
    const cluster = await startCluster({ env });
    try {
      const direct = await openPostgres(cluster.postgresUrl, 1);
      await seedDemoData(direct.db);
      await direct.close();
      const { rows, token, paths } = await mixRows('two instances, HAProxy, pgbouncer', cluster.url);
      out.push(...rows);
      logins.push(...(await loginRows('two instances, HAProxy, pgbouncer', cluster.url, token, paths)));
    } finally {
      await cluster.stop();
    }
  } else {
    out.push(`two instances: skipped (missing ${clusterMissing().join(', ')})`);
  }
  return [...out, '', ...logins].join('\n');
};
