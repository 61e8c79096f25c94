import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { Pool } from 'pg';
import { FROM_PORTAL_HEADER } from '../../domain/fromPortal';
import { businessDateOf, isoDate } from '../../domain/time';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db';
import { users } from '../db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { seedReferenceData } from '../seed/reference';
import { createSession } from '../services/auth/sessions';
import { decryptSecret, totpCode } from '../services/auth/twoFactor';
import { holdToContract, recordAnswers, type Answer } from './contract';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Logs in and answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /**
   * Logs in and answers the answer that started the session (with its refresh cookie): the code
   * step's when two-factor login is on (demo staff), the password step's otherwise.
   */
  loginAnswer(email: string, password?: string): Promise<LightMyRequestResponse>;
  /**
   * A bearer token of a new live session of the user, as a login would answer it, without
   * the password check (fast, and works for accounts that may not log in, like role 4).
   */
  tokenFor(userId: number): Promise<string>;
  /** A token of `token`'s user acting for `companyId`, as 'Beheren' gets it (POST /auth/impersonate). */
  manage(token: string, companyId: number): Promise<string>;
  /** Messages written to the outbox, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * pg's pool.end() resolves before its sockets have closed; dropping WITH (FORCE) at that moment
 * kills them mid-close and pg reports an unhandled error. Wait for them to go first.
 */
const waitUntilDisconnected = async (admin: Pool, name: string) => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

export const dropWhenDisconnected = async (admin: Pool, name: string) => {
  await waitUntilDisconnected(admin, name);
  await admin.query(`drop database if exists ${name} with (force)`);
};

/**
 * A new PostgreSQL database `name` on the server of `adminUrl`, empty or a copy of `template` (one
 * of that name is dropped first), with its URL and the function that drops it again.
 */
export const createScratchDatabase = async (
  adminUrl: string,
  name: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> => {
  const admin = new Pool({ connectionString: adminUrl, max: 1 });
  await dropWhenDisconnected(admin, name);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await dropWhenDisconnected(admin, name);
      await admin.end();
    },
  };
};

/** The day the demo data is laid out around (seed/demo.ts counts from today's business date). */
const businessToday = () => isoDate(businessDateOf(Math.floor(Date.now() / 1000))).replaceAll('-', '');

/**
 * What a prepared database depends on: the server's and domain's code (migrations, seeds and what
 * they use) and the day. A change to any of them makes a new one, so a prepared database is never
 * stale. Read once per test file.
 */
let codeVersion: string | undefined;
const preparedVersion = () => {
  if (!codeVersion) {
    const hash = crypto.createHash('sha256');
    const root = path.join(__dirname, '..', '..');
    for (const folder of ['server', 'domain']) {
      const files = fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }).sort();
      for (const file of files) {
        const full = path.join(root, folder, file);
        if (file.includes('.test.') || !fs.statSync(full).isFile()) continue;
        hash.update(file).update(fs.readFileSync(full));
      }
    }
    codeVersion = hash.digest('hex').slice(0, 12);
  }
  return `${businessToday()}_${codeVersion}`;
};

/** Migrates `database` and seeds the reference data and, with `demo`, the demo data set. */
const prepare = async (database: Database, demo: boolean) => {
  await database.migrate();
  await seedReferenceData(database.db);
  if (demo) await seedDemoData(database.db);
};

/**
 * PGlite: the prepared database as a tarball in the OS temp folder, made by the first test app
 * that needs it (two Jest workers may both make it; the rename keeps whole files only). Copies
 * open in about 0.4 s where an empty database takes 2.3 s to open and 1 s to migrate and seed.
 */
const PGLITE_FOLDER = path.join(os.tmpdir(), 'portal-test-databases');
const pgliteSnapshot = async (demo: boolean): Promise<Uint8Array> => {
  const file = path.join(PGLITE_FOLDER, `${preparedVersion()}_${demo ? 'demo' : 'reference'}.tar`);
  try {
    return fs.readFileSync(file);
  } catch {
    // not made yet
  }
  const database = await openPglite();
  await prepare(database, demo);
  const snapshot = await database.dump!();
  await database.close();
  fs.mkdirSync(PGLITE_FOLDER, { recursive: true });
  const day = businessToday();
  for (const old of fs.readdirSync(PGLITE_FOLDER)) {
    if (!old.startsWith(day)) fs.rmSync(path.join(PGLITE_FOLDER, old), { force: true });
  }
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, snapshot);
  fs.renameSync(partial, file);
  return snapshot;
};

/**
 * PostgreSQL: the prepared database as a template database on the server, made once per version
 * (see preparedVersion) by the first test app that needs it; each test app's database is a copy
 * (`create database … template …`). Templates of earlier days are dropped when not in use.
 */
const postgresTemplate = async (adminUrl: string, demo: boolean): Promise<string> => {
  const name = `portal_template_${preparedVersion()}_${demo ? 'demo' : 'reference'}`;
  const admin = new Pool({ connectionString: adminUrl, max: 1 });
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length > 0) return name;
    const scratch = await createScratchDatabase(adminUrl, `portal_template_new_${crypto.randomBytes(6).toString('hex')}`);
    const database = await openPostgres(scratch.url, 2);
    await prepare(database, demo);
    await database.close();
    const scratchName = new URL(scratch.url).pathname.slice(1);
    await waitUntilDisconnected(admin, scratchName);
    try {
      await admin.query(`alter database ${scratchName} rename to ${name}`);
    } catch {
      // Another test worker made it first: its copy is the same.
      await scratch.drop();
      return name;
    }
    const { rows: old } = await admin.query(
      "select datname from pg_database where datname like 'portal_template_%' and datname not like $1",
      [`portal_template_${businessToday()}_%`],
    );
    for (const { datname } of old) await admin.query(`drop database if exists ${datname}`).catch(() => undefined);
    return name;
  } finally {
    await admin.end();
  }
};

/**
 * A fresh database per test app, a copy of the prepared one: PGlite in memory, or, when
 * DATABASE_URL is set, a new PostgreSQL database made for it and dropped afterwards.
 */
const openTestDatabase = async (demo: boolean): Promise<{ database: Database; drop(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined, await pgliteSnapshot(demo));
    return { database, drop: async () => undefined };
  }
  const template = await postgresTemplate(url, demo);
  const scratch = await createScratchDatabase(url, `portal_test_${crypto.randomBytes(6).toString('hex')}`, template);
  return { database: await openPostgres(scratch.url, 5), drop: scratch.drop };
};

export interface TestAppOptions {
  /** Seed the demo data set (default true). */
  demo?: boolean;
  config?: Partial<Config>;
  /** Folder of a built SPA to serve; by default none, so only the API answers. */
  clientDir?: string;
  /** Called for every route the app registers, with Fastify's route options. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Fastify announces every new instance on this diagnostics channel before plugins load, so hooks
 * added there by `setUp` see every route and request of the app that buildApp creates, without
 * changing buildApp.
 */
const withNewInstance = async <T>(setUp: (app: FastifyInstance) => void, build: () => Promise<T>): Promise<T> => {
  let hooked = false;
  const listener = (message: unknown) => {
    if (hooked) return;
    hooked = true;
    setUp((message as { fastify: FastifyInstance }).fastify);
  };
  diagnostics.subscribe('fastify.initialization', listener);
  try {
    return await build();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', listener);
  }
};

export const createTestApp = async (opts: TestAppOptions = { demo: true }): Promise<TestApp> => {
  const { database, drop } = await openTestDatabase(opts.demo !== false);
  const config = testConfig(opts.config);
  const clientDir = opts.clientDir ?? path.join(config.dataDir, 'no-client');
  // Under Jest every /api answer is held against the API document (contract.ts).
  const holdsToContract = process.env.JEST_WORKER_ID !== undefined;
  const answers = new WeakMap<object, Answer>();
  const setUp = (instance: FastifyInstance) => {
    if (opts.onRoute) instance.addHook('onRoute', opts.onRoute);
    if (holdsToContract) recordAnswers(instance, answers);
  };
  const app = await withNewInstance(setUp, () => buildApp({ config, database, clientDir }));
  await app.ready();
  if (holdsToContract) holdToContract(app, answers);
  /**
   * The code step of a login with two-factor login on (demo staff): the code is computed from the
   * stored secret, as the user's app would. The last accepted step is cleared first, so a test may
   * log the same user in more than once within 30 seconds (the replay check has tests of its own).
   */
  const codeStep = async (email: string, challenge: string) => {
    const [user] = await database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email)).returning();
    const secret = user?.totpSecret ? decryptSecret(config.twoFactorKey, user.totpSecret) : null;
    if (!secret) throw new Error(`login ${email}: two-factor login is on without a readable secret`);
    const res = await app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code: totpCode(secret) } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed at the code: ${res.statusCode} ${res.body}`);
    return res;
  };
  const loginAnswer = async (email: string, password = DEMO_PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    const answer = res.json() as { token: string } | { challenge: string };
    return 'token' in answer ? res : codeStep(email, answer.challenge);
  };
  return {
    app,
    database,
    config,
    login: async (email, password) => (await loginAnswer(email, password)).json().token as string,
    loginAnswer,
    tokenFor: async (userId) => {
      const [user] = await database.db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new Error(`no user ${userId}`);
      const session = await createSession(database.db, user.id);
      return app.tokens.sign({ sub: user.id, company_id: user.companyId, impersonate: null, sid: session.id });
    },
    manage: async (token, companyId) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/auth/impersonate?company_id=${companyId}`,
        headers: auth(token),
        payload: { reason: 'Test: beheren namens de klant' },
      });
      if (res.statusCode !== 200) throw new Error(`managing company ${companyId} failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    outbox: () => {
      const dir = path.join(config.dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        // A mail being written is a .part file until it is renamed (services/mail.ts).
        .filter((f) => f.endsWith('.eml'))
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
};

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The header the portal's own refresh and logout send (cross-site ones are refused, routes/auth). */
export const FROM_PORTAL = { [FROM_PORTAL_HEADER.name]: FROM_PORTAL_HEADER.value };

/** The refresh cookie a login or reset set, as a `cookie` request header value. */
export const refreshCookieOf = (res: LightMyRequestResponse): string => {
  const cookie = res.cookies.find((c) => c.name === 'portal_refresh');
  if (!cookie) throw new Error('no refresh cookie set');
  return `portal_refresh=${cookie.value}`;
};

/** The claims of a token, read without checking (tests only). */
export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** The link in an outbox message (quoted-printable soft breaks undone). */
export const linkIn = (eml: string): string => {
  const text = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<]+/.exec(text);
  if (!match) throw new Error('no link in message');
  return match[0];
};
