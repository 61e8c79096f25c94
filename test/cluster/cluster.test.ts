import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows, type Database } from '../../src/server/db';
import { DEMO_PASSWORD, seedDemoData } from '../../src/server/seed/demo';
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
});
