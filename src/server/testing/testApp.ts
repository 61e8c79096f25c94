import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db';
import { DEMO_PASSWORD, seedDemoData } from '../seed/demo';
import { seedReferenceData } from '../seed/reference';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Logs in and answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Messages written to the outbox, oldest first. */
  outbox(): string[];
  close(): Promise<void>;
}

/**
 * A fresh database per test file: PGlite in memory, or, when DATABASE_URL is set, a new
 * PostgreSQL database created for this file and dropped afterwards.
 */
const openTestDatabase = async (): Promise<{ database: Database; drop(): Promise<void> }> => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return { database, drop: async () => undefined };
  }
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Pool({ connectionString: url, max: 1 });
  await admin.query(`create database ${name}`);
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openPostgres(testUrl.toString(), 5);
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

export const createTestApp = async (
  opts: { demo?: boolean; config?: Partial<Config> } = { demo: true },
): Promise<TestApp> => {
  const { database, drop } = await openTestDatabase();
  await database.migrate();
  await seedReferenceData(database.db);
  if (opts.demo !== false) await seedDemoData(database.db);
  const config = testConfig(opts.config);
  const app = await buildApp({ config, database, clientDir: path.join(config.dataDir, 'no-client') });
  await app.ready();
  return {
    app,
    database,
    config,
    login: async (email, password = DEMO_PASSWORD) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    outbox: () => {
      const dir = path.join(config.dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
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
