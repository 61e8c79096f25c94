import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_TWO_FACTOR_KEY } from '../../src/server/config';
import { freePort } from '../browser/portal';

/**
 * The production topology on one machine, from Debian's packages (docs/operations.md): HAProxy on
 * one port in front of two portal instances, which reach a PostgreSQL of their own through
 * pgbouncer in transaction mode, and share a Redis for their limits. Every part runs in a fresh
 * temporary folder on free ports, so it disturbs nothing else on the machine and a test may
 * restart its PostgreSQL or kill an instance.
 *
 * `npm run cluster` starts it for a person (scripts/cluster.ts); test/cluster/cluster.test.ts
 * tries it as an operator would.
 */

const root = path.resolve(__dirname, '../..');

/**
 * The address HAProxy connects to the instances from: a loopback address of its own, so no
 * customer's address is a trusted proxy's. The instances trust it alone (TRUST_PROXY).
 */
export const HAPROXY_ADDRESS = '127.0.0.10';

const asRoot = process.getuid?.() === 0;

/** PostgreSQL's own programs (initdb, pg_ctl): Debian keeps them out of the PATH. */
const postgresBin = (): string => {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server programs not found (apt-get install postgresql)');
  return found;
};

const has = (program: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** The Debian packages the cluster needs beyond the portal's own: HAProxy, pgbouncer, Redis and PostgreSQL's server. */
export const clusterMissing = (): string[] => {
  const missing = ['haproxy', 'pgbouncer', 'redis-server'].filter((program) => !has(program));
  try {
    postgresBin();
  } catch {
    missing.push('postgresql');
  }
  return missing;
};

/** PostgreSQL and pgbouncer refuse to run as root: as root they run as the `postgres` user (the rest as the caller). */
const command = (program: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]);

const run = (program: string, args: string[]) => {
  const [file, argv] = command(program, args);
  execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
};

const waitFor = async (what: string, ready: () => Promise<boolean>, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
};

const answers = async (url: string) => (await fetch(url)).ok;

interface Child {
  process: ChildProcess;
  output: string[];
}

const startChild = (program: string, args: string[], { env = process.env, asPostgres = false } = {}): Child => {
  const [file, argv] = asPostgres ? command(program, args) : [program, args];
  const child = spawn(file, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { process: child, output };
};

const stopChild = async (child: Child | null, signal: NodeJS.Signals = 'SIGTERM') => {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill(signal);
  await exited;
};

export interface PortalInstance {
  name: string;
  port: number;
  /** Started and ready (`/readyz` answers 200). */
  start(): Promise<void>;
  /** kill -9: no goodbye, as a crash or an out-of-memory kill. */
  kill(): Promise<void>;
  log(): string;
}

export interface Cluster {
  /** HAProxy's address: the one customers use. */
  url: string;
  /** PostgreSQL itself, past pgbouncer (for a test's own checks and the demo seeding). */
  postgresUrl: string;
  instances: PortalInstance[];
  /** Restarts PostgreSQL (fast shutdown: open connections are cut), as a minor upgrade does. */
  restartPostgres(): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra environment of the portal instances (e.g. LOGIN_RATE_LIMIT). */
  env?: Record<string, string>;
  instances?: number;
}

/** Starts the topology; the instances start at once, on an empty database. */
export const startCluster = async ({ env = {}, instances: count = 2 }: ClusterOptions = {}): Promise<Cluster> => {
  const serverJs = path.join(root, 'build/server/server.js');
  if (!fs.existsSync(serverJs)) throw new Error('The portal is not built: run `npm run build` first.');
  const missing = clusterMissing();
  if (missing.length) throw new Error(`Missing for the cluster: ${missing.join(', ')} (apt-get install ${missing.join(' ')})`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  fs.chmodSync(dir, 0o755);
  const [pgPort, bouncerPort, redisPort, haproxyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const children: Child[] = [];
  const bin = postgresBin();
  const pgData = path.join(dir, 'pgdata');
  const pgSockets = path.join(dir, 'pgsockets');
  fs.mkdirSync(pgSockets);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir, pgSockets]);

  const stopAll = async () => {
    for (const child of [...children].reverse()) await stopChild(child);
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    // PostgreSQL, fresh, trusting local connections; fsync off: the data is a test's.
    run(path.join(bin, 'initdb'), ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    const pgCtl = (...args: string[]) =>
      run(path.join(bin, 'pg_ctl'), [
        '-D', pgData, '-w', '-l', path.join(dir, 'postgres.log'),
        '-o', `-p ${pgPort} -k ${pgSockets} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
        ...args,
      ]);
    pgCtl('start');
    const postgresUrl = `postgres://postgres@127.0.0.1:${pgPort}/portal`;
    run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-qc', 'create database portal']);

    // pgbouncer in transaction mode: a server connection per transaction, a few for many clients.
    const bouncerIni = path.join(dir, 'pgbouncer.ini');
    fs.writeFileSync(
      bouncerIni,
      [
        '[databases]',
        `portal = host=127.0.0.1 port=${pgPort} dbname=portal user=postgres`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${bouncerPort}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 8',
        'server_reset_query =',
        // After PostgreSQL restarts, try again within a second (the default waits 15 s, with
        // every request of that time refused).
        'server_login_retry = 1',
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        '',
      ].join('\n'),
    );
    children.push(startChild('pgbouncer', [bouncerIni], { asPostgres: true }));

    // Redis, for the limits; nothing kept on disk.
    children.push(startChild('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']));

    const secret = crypto.randomBytes(32).toString('hex');
    const instances: PortalInstance[] = [];
    for (let i = 0; i < count; i += 1) {
      const name = `portal-${String.fromCharCode(97 + i)}`;
      const port = await freePort();
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir);
      let child: Child | null = null;
      instances.push({
        name,
        port,
        start: async () => {
          child = startChild(process.execPath, [serverJs], {
            env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DATABASE_URL: `postgres://postgres@127.0.0.1:${bouncerPort}/portal`,
            JWT_SECRET: secret,
            // The demo data set's two-factor secrets are encrypted with the demo key (seed/demo.ts).
            TWO_FACTOR_KEY: DEMO_TWO_FACTOR_KEY.toString('hex'),
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            MAIL_OUTBOX: '1',
            TRUST_PROXY: HAPROXY_ADDRESS,
            LOG_LEVEL: 'warn',
            ...env,
            },
          });
          children.push(child);
          const started = child;
          await waitFor(`${name} (log: ${started.output.join('').slice(-2000)})`, async () => {
            if (started.process.exitCode !== null) throw new Error(`${name} exited:\n${started.output.join('')}`);
            return answers(`http://127.0.0.1:${port}/readyz`);
          });
        },
        kill: async () => stopChild(child, 'SIGKILL'),
        log: () => child?.output.join('') ?? '',
      });
    }
    // All at once, on the empty database: they take turns at the migration lock.
    await Promise.all(instances.map((instance) => instance.start()));

    // HAProxy: round robin over the ready instances, checked every 500 ms on /readyz; a request
    // whose connection failed (never sent) goes to the other instance. X-Forwarded-For is the
    // client's own address, overwriting whatever the client sent (`option forwardfor` would append
    // to it), and the instances trust it from HAProxy's address only.
    const haproxyCfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(
      haproxyCfg,
      [
        'global',
        '  maxconn 2000',
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 30s',
        '  retries 2',
        '  option redispatch',
        '  retry-on conn-failure',
        'frontend portal',
        `  bind 127.0.0.1:${haproxyPort}`,
        '  unique-id-format %{+X}o%ci%cp%Ts%rt%pid',
        '  http-request set-header X-Request-Id %[unique-id]',
        '  http-request set-header X-Forwarded-For %[src]',
        '  default_backend portals',
        'backend portals',
        '  balance roundrobin',
        `  source ${HAPROXY_ADDRESS}`,
        '  option httpchk GET /readyz',
        '  http-check expect status 200',
        '  default-server inter 500ms fall 2 rise 2',
        ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
        '',
      ].join('\n'),
    );
    children.push(startChild('haproxy', ['-f', haproxyCfg, '-db']));
    const url = `http://127.0.0.1:${haproxyPort}`;
    await waitFor('HAProxy', () => answers(`${url}/readyz`));

    return {
      url,
      postgresUrl,
      instances,
      restartPostgres: async () => pgCtl('-m', 'fast', 'restart'),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
};
