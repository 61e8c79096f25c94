import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, type Database } from '../../src/server/db';
import { DEMO_PASSWORD, seedDemoData } from '../../src/server/seed/demo';
import { MSG } from '../../src/domain/messages';
import { ARTICLE_GROUPS } from '../../src/server/seed/reference';
import { type Cluster, clusterMissing, startCluster } from './cluster';

/**
 * The portal as an operator runs it (docs/operations.md, 'What it needs'): HAProxy, two instances, PostgreSQL through
 * pgbouncer in transaction mode, Redis; all real, from Debian's packages. Skipped where those are
 * missing, unless REQUIRE_CLUSTER=1 (CI installs them).
 */
jest.setTimeout(180_000);

const missing = clusterMissing();
if (missing.length && process.env.REQUIRE_CLUSTER === '1') throw new Error(`Missing for the cluster test: ${missing.join(', ')}`);
if (missing.length) console.warn(`Cluster tests skipped: apt-get install ${missing.join(' ')}`);
const describeWithCluster = missing.length ? describe.skip : describe;

const LOGIN_LIMIT = 4;
/** Login attempts per client across all addresses (LOGIN_CLIENT_RATE_LIMIT, 50 in production). */
const CLIENT_LIMIT = 6;

describeWithCluster('the portal behind HAProxy, two instances, pgbouncer, Redis', () => {
  let cluster: Cluster;
  let direct: Database;

  beforeAll(async () => {
    cluster = await startCluster({ env: { LOGIN_RATE_LIMIT: String(LOGIN_LIMIT), LOGIN_CLIENT_RATE_LIMIT: String(CLIENT_LIMIT) } });
    // The test's own connection: PostgreSQL's restart cuts it, as it should.
    direct = await openPostgres(cluster.postgresUrl, 1, { warn: () => undefined });
    await seedDemoData(direct.db);
  });

  afterAll(async () => {
    await direct?.close();
    await cluster?.stop();
  });

  const login = async (email: string, password = DEMO_PASSWORD) =>
    fetch(`${cluster.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

  it('started both instances at once on an empty database: one schema, the reference data once, both ready', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(__dirname, '../../src/server/db/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [{ applied }] = await queryRows<{ applied: number }>(direct.db, sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
    expect(applied).toBe(journal.entries.length);
    const [{ groups }] = await queryRows<{ groups: number }>(direct.db, sql`select count(*)::int as groups from article_groups`);
    expect(groups).toBe(ARTICLE_GROUPS.length);
    for (const instance of cluster.instances) expect((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status).toBe(200);
  });

  it('holds the login limit across the instances (HAProxy sends the attempts to both in turn)', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= LOGIN_LIMIT; attempt += 1) statuses.push((await login('admin@demo.nl', 'niet-het-wachtwoord')).status);
    // Counted per instance, each would have allowed LOGIN_LIMIT: the last would be a 401.
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  });

  /**
   * A login from the loopback address `client` (the connection's own source address, as a
   * customer's machine), through HAProxy unless `url` says otherwise; answers the status.
   */
  const loginFrom = (client: string, { email = `${crypto.randomUUID()}@voorbeeld.nl`, password = 'niet-het-wachtwoord', forwardedFor = '', url = cluster.url } = {}) =>
    new Promise<number>((resolve, reject) => {
      const headers = { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) };
      const req = http.request(`${url}/api/auth/login`, { method: 'POST', localAddress: client, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ email, password }));
    });

  /** The statuses of failed logins from `client`, one after the other, each with the header `forwardedFor(i)` gives. */
  const failuresFrom = async (client: string, count: number, forwardedFor: (i: number) => string = () => '', url = cluster.url) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push(await loginFrom(client, { forwardedFor: forwardedFor(i), url }));
    return statuses;
  };
  const LOCKED_OUT = [...Array(CLIENT_LIMIT).fill(401), 429];

  it('keeps each client\'s login limit its own behind HAProxy: client A locked out does not lock out client B', async () => {
    expect(await failuresFrom('127.0.0.2', CLIENT_LIMIT + 1)).toEqual(LOCKED_OUT);
    expect(await loginFrom('127.0.0.3', { email: 'klant@demo.nl', password: DEMO_PASSWORD })).toBe(200);
  });

  it('counts a forged X-Forwarded-For\'s failures against the client\'s real address: rotating it escapes nothing', async () => {
    expect(await failuresFrom('127.0.0.4', CLIENT_LIMIT + 1, (i) => `198.51.100.${i + 1}`)).toEqual(LOCKED_OUT);
    // A forged entry before the real one, as a client might hope a proxy appends to it.
    expect(await loginFrom('127.0.0.4', { forwardedFor: '198.51.100.99, 203.0.113.7' })).toBe(429);
  });

  it('lets no client lock out another by naming its address in X-Forwarded-For', async () => {
    expect(await failuresFrom('127.0.0.5', CLIENT_LIMIT + 1, () => '127.0.0.6')).toEqual(LOCKED_OUT);
    expect(await loginFrom('127.0.0.6', { email: 'klant@demo.nl', password: DEMO_PASSWORD })).toBe(200);
  });

  it('believes X-Forwarded-For from HAProxy\'s address only: straight to an instance, the header is ignored', async () => {
    const instance = `http://127.0.0.1:${cluster.instances[1].port}`;
    expect(await failuresFrom('127.0.0.7', CLIENT_LIMIT + 1, (i) => `198.51.100.${i + 1}`, instance)).toEqual(LOCKED_OUT);
  });

  it('keeps every acknowledged write while an instance is killed and restarted and PostgreSQL restarts, with few 503s', async () => {
    const token = ((await (await login('klant@demo.nl')).json()) as { token: string }).token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const statuses: number[] = [];
    const acknowledged: string[] = [];
    let running = true;
    let serial = 0;

    /** A customer's browser: a 503 is tried again shortly (Retry-After), as the user would. */
    const call = async (method: string, url: string, body?: object) => {
      for (let attempt = 0; ; attempt += 1) {
        const res = await fetch(`${cluster.url}${url}`, { method, headers, body: body && JSON.stringify(body) }).catch(() => null);
        const status = res?.status ?? 0;
        statuses.push(status);
        if (status !== 503 || attempt === 5) return res;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };

    const customer = async () => {
      while (running) {
        serial += 1;
        const email = `cluster-${process.pid}-${serial}@voorbeeld.nl`;
        const created = await call('POST', '/api/users', { firstname: 'Cluster', lastname: `Test ${serial}`, email });
        if (created?.status === 201) acknowledged.push(email);
        await call('GET', '/api/users');
        await call('GET', '/api/article-groups/visible');
      }
    };

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const operator = async () => {
      await pause(1_500);
      await cluster.instances[0].kill();
      await pause(2_000);
      await cluster.instances[0].start();
      await pause(1_500);
      await cluster.restartPostgres();
      await pause(3_000);
      running = false;
    };
    await Promise.all([operator(), customer(), customer(), customer(), customer()]);

    // Every write the portal confirmed is there, exactly once.
    const emails = await queryRows<{ email: string }>(direct.db, sql`select email from users where email like ${`cluster-${process.pid}-%`}`);
    const stored = emails.map((row) => row.email);
    expect(acknowledged.filter((email) => !stored.includes(email))).toEqual([]);
    expect(new Set(stored).size).toBe(stored.length);

    // Nothing but successes, a few 503s (the restart window), and at most the calls in flight on
    // the killed instance (502, or no answer).
    const counts = statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});
    const unexpected = Object.keys(counts).map(Number).filter((status) => ![200, 201, 502, 503, 0].includes(status));
    expect(unexpected).toEqual([]);
    expect((counts[502] ?? 0) + (counts[0] ?? 0)).toBeLessThanOrEqual(8);
    expect(counts[503] ?? 0).toBeLessThanOrEqual(Math.max(10, statuses.length * 0.05));
    expect(acknowledged.length).toBeGreaterThan(20);

    // And afterwards it simply works, on both instances.
    for (const instance of cluster.instances) {
      const res = await fetch(`http://127.0.0.1:${instance.port}/api/users`, { headers });
      expect(res.status).toBe(200);
    }
  });
  /** A customer's calls, each timed, until `done`: status, seconds, and whether the answer was JSON. */
  interface Answer {
    status: number;
    seconds: number;
    json: boolean;
  }
  const customerCalls = (token: string, isDone: () => boolean) => {
    const answers: Answer[] = [];
    const headers = { authorization: `Bearer ${token}` };
    const customer = async () => {
      while (!isDone()) {
        for (const url of ['/api/users', '/api/article-groups/visible']) {
          const started = Date.now();
          const res = await fetch(`${cluster.url}${url}`, { headers }).catch(() => null);
          const body = res ? await res.text() : '';
          const json = !!res && (res.headers.get('content-type') ?? '').startsWith('application/json') && /^[[{]/.test(body);
          answers.push({ status: res?.status ?? 0, seconds: (Date.now() - started) / 1000, json });
        }
      }
    };
    return { answers, run: () => Promise.all([customer(), customer(), customer()]) };
  };
  // One login for these tests: the login limit (LOGIN_LIMIT per address) is small here.
  let customerToken: string | undefined;
  const customerTokenOnce = async () => (customerToken ??= ((await (await login('klant@demo.nl')).json()) as { token: string }).token);
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('rides out a paused pgbouncer and a PostgreSQL restart: no request hangs, no answer is HTML, the instances stay in', async () => {
    const token = await customerTokenOnce();
    let done = false;
    const calls = customerCalls(token, () => done);
    const readiness: number[] = [];
    const watchReadiness = async () => {
      while (!done) {
        for (const instance of cluster.instances) readiness.push((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status);
        await pause(250);
      }
    };
    const operator = async () => {
      await pause(1_000);
      // A stuck pooler: queries wait for a server connection, up to pgbouncer's query_wait_timeout.
      await cluster.pauseBouncer();
      await pause(7_000);
      await cluster.resumeBouncer();
      await pause(1_000);
      await cluster.restartPostgres();
      await pause(2_000);
      done = true;
    };
    await Promise.all([operator(), calls.run(), watchReadiness()]);

    const { answers } = calls;
    expect(answers.length).toBeGreaterThan(20);
    // Every answer is the portal's JSON (a 200, or its Dutch 503), never a proxy's HTML page.
    expect(answers.filter((answer) => !answer.json)).toEqual([]);
    expect(answers.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);
    // pgbouncer lets a query wait 5 s for a connection; the request then answers. A hang would
    // have lasted the whole 7 s pause, or for ever.
    expect(Math.max(...answers.map((answer) => answer.seconds))).toBeLessThan(6.5);
    // A blip: the instances stayed ready, so HAProxy kept sending customers to them.
    expect(readiness.filter((status) => status !== 200)).toEqual([]);
    // And it works again by itself.
    expect((await fetch(`${cluster.url}/api/users`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('stops an instance gracefully on SIGTERM: a rolling restart under load loses no request', async () => {
    const token = await customerTokenOnce();
    let done = false;
    const calls = customerCalls(token, () => done);
    const drained: string[] = [];
    const operator = async () => {
      for (const instance of cluster.instances) {
        await pause(1_000);
        const stopped = instance.stop();
        // While it drains, the instance still answers, and tells the load balancer it is going.
        for (let check = 0; check < 20 && !drained.includes(instance.name); check += 1) {
          const readiness = await fetch(`http://127.0.0.1:${instance.port}/readyz`);
          if (readiness.status === 503 && ((await readiness.json()) as { status: string }).status === 'draining') drained.push(instance.name);
          else await pause(100);
        }
        await stopped;
        await instance.start();
      }
      await pause(1_000);
      done = true;
    };
    await Promise.all([operator(), calls.run()]);
    expect(calls.answers.length).toBeGreaterThan(20);
    expect(calls.answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(drained).toEqual(cluster.instances.map((instance) => instance.name));
  });

  it('answers the API in Dutch JSON with Retry-After when no instance is ready, and keeps serving the web app', async () => {
    await cluster.stopPostgres();
    try {
      // Past the 10 s a blip may last, the instances say they are not ready; HAProxy takes both out.
      for (const instance of cluster.instances) {
        while ((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status !== 503) await pause(500);
      }
      await pause(1_500);
      const api = await fetch(`${cluster.url}/api/article-groups/visible`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(api.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await api.json()).toEqual({ message: MSG.databaseUnavailable });

      const page = await fetch(`${cluster.url}/kosten`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<div id="?root"?>/);
      const script = /<script[^>]+src="?([^" >]+)/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${cluster.url}${script}`)).status).toBe(200);
    } finally {
      await cluster.startPostgres();
    }
    for (const instance of cluster.instances) {
      while ((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).status !== 200) await pause(250);
    }
  });
});
