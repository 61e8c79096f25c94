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

/** The shipped configuration files (deploy/): the cluster runs them as an operator would. */
const deployDir = path.join(root, 'deploy');

/** A shipped file with its `${NAME}` values filled in; a value the file asks for and `values` lacks is an error. */
const fillIn = (file: string, values: Record<string, string>): string =>
  fs.readFileSync(path.join(deployDir, file), 'utf8').replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
    if (!(name in values)) throw new Error(`${file} asks for ${name}`);
    return values[name];
  });

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
  /** SIGTERM, as a rolling upgrade or systemd stops it: resolves when the process has exited. */
  stop(): Promise<void>;
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
  /** Stops PostgreSQL until startPostgres (an outage longer than a blip). */
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /** pgbouncer's PAUSE: queries wait for a server connection (a stuck pooler); RESUME ends it. */
  pauseBouncer(): Promise<void>;
  resumeBouncer(): Promise<void>;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Extra environment of the portal instances (e.g. LOGIN_RATE_LIMIT). */
  env?: Record<string, string>;
}

/** Starts the topology: two instances, as deploy/haproxy.cfg has them, at once on an empty database. */
export const startCluster = async ({ env = {} }: ClusterOptions = {}): Promise<Cluster> => {
  const count = 2;
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

    // pgbouncer in transaction mode, with the shipped settings (deploy/pgbouncer.ini).
    const bouncerIni = path.join(dir, 'pgbouncer.ini');
    fs.writeFileSync(
      bouncerIni,
      fillIn('pgbouncer.ini', {
        POSTGRES_HOST: '127.0.0.1',
        POSTGRES_PORT: String(pgPort),
        BOUNCER_HOST: '127.0.0.1',
        BOUNCER_PORT: String(bouncerPort),
        // The test's PostgreSQL trusts local connections: no passwords to keep.
        AUTH_TYPE: 'any',
        AUTH_FILE: path.join(dir, 'no-users.txt'),
        ADMIN_USER: 'postgres',
        LOGFILE: path.join(dir, 'pgbouncer.log'),
      }).replace('dbname=portal', 'dbname=portal user=postgres'),
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
            PUBLIC_URL: `http://127.0.0.1:${haproxyPort}`,
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
        stop: async () => stopChild(child, 'SIGTERM'),
        log: () => child?.output.join('') ?? '',
      });
    }
    // All at once, on the empty database: they take turns at the migration lock.
    await Promise.all(instances.map((instance) => instance.start()));

    // HAProxy with the shipped configuration (deploy/haproxy.cfg), its values from its
    // environment: it connects from its own loopback address, the one the instances trust.
    const haproxyEnv = {
      ...process.env,
      PORTAL_BIND: `127.0.0.1:${haproxyPort}`,
      PORTAL_SOURCE: HAPROXY_ADDRESS,
      PORTAL_A: `127.0.0.1:${instances[0].port}`,
      PORTAL_B: `127.0.0.1:${instances[1].port}`,
      PORTAL_ERRORS: path.join(deployDir, 'haproxy-errors'),
    };
    const haproxyCfg = path.join(deployDir, 'haproxy.cfg');
    children.push(startChild('haproxy', ['-f', haproxyCfg, '-db'], { env: haproxyEnv }));
    const url = `http://127.0.0.1:${haproxyPort}`;
    const bouncerAdmin = async (commandText: string) =>
      run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(bouncerPort), '-U', 'postgres', '-d', 'pgbouncer', '-qc', commandText]);
    await waitFor('HAProxy', () => answers(`${url}/readyz`));

    return {
      url,
      postgresUrl,
      instances,
      restartPostgres: async () => pgCtl('-m', 'fast', 'restart'),
      stopPostgres: async () => pgCtl('-m', 'fast', 'stop'),
      startPostgres: async () => pgCtl('start'),
      pauseBouncer: async () => bouncerAdmin('PAUSE'),
      resumeBouncer: async () => bouncerAdmin('RESUME'),
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
};
