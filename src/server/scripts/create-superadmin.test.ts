import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { openPglite, type Database } from '../db';
import { companies, users } from '../db/schema';
import { projectRoot } from '../projectRoot';
import { auth, claimsOf } from '../testing/testApp';

/**
 * `npm run create-superadmin -- --email ...`: the production path to a first account, here on an
 * embedded (PGlite) data folder. The built script runs as its own process, as an operator runs it.
 */

let dataDir: string;

const runScript = (...args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  return spawnSync(process.execPath, ['build/server/scripts/create-superadmin.js', ...args], {
    cwd: projectRoot(),
    env,
    encoding: 'utf8',
  });
};

/** Opens the data folder the script wrote, with the app on it; closed again before the next run. */
const withApp = async <T>(use: (app: Awaited<ReturnType<typeof buildApp>>, database: Database) => Promise<T>): Promise<T> => {
  const database = await openPglite(dataDir);
  await database.migrate();
  const config = testConfig({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-app-')) });
  const app = await buildApp({ config, database, clientDir: path.join(config.dataDir, 'no-client') });
  try {
    return await use(app, database);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  }
};

beforeAll(() => {
  execFileSync('npm', ['run', 'build:server'], { cwd: projectRoot(), stdio: 'pipe' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-superadmin-'));
}, 120_000);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('create-superadmin', () => {
  let link: URL;

  it('creates the account on an empty data folder and prints an activation link', () => {
    const run = runScript('--email', 'x@y.nl');
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    const match = /Activation link \(valid 7 days\): (\S+)/.exec(run.stdout);
    expect(match).not.toBeNull();
    link = new URL(match![1]);
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('token')).toEqual(expect.any(String));
  }, 60_000);

  it('the link sets the password, and the account is a superadmin of a provider company', async () => {
    await withApp(async (app, database) => {
      const reset = await app.inject({
        method: 'POST',
        url: '/api/auth/reset',
        payload: { token: link.searchParams.get('token'), password: 'Sterk-Kiezel-Tulp-Fluit' },
      });
      expect(reset.statusCode).toBe(200);
      const token = reset.json().token;
      // Provider staff must set up two-factor login first: the session can do only that.
      expect(claimsOf(token).scope).toBe('two-factor-setup');
      expect((await app.inject({ method: 'GET', url: '/api/account/two-factor', headers: auth(token) })).json()).toMatchObject({
        enabled: false,
        required: true,
      });

      const [me] = await database.db.select().from(users).where(eq(users.id, claimsOf(token).sub));
      expect(me).toMatchObject({ email: 'x@y.nl', roleId: 1 });
      const [company] = await database.db.select().from(companies).where(eq(companies.id, me.companyId));
      expect(company.isProvider).toBe(true);

      const policies = await app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });
      expect(policies.json()).toMatchObject({ CREATE_COMPANY: true, LIST_COMPANIES: true });
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.nl', password: 'Sterk-Kiezel-Tulp-Fluit' } });
      expect(login.statusCode).toBe(200);
      // The link is single use.
      const again = await app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token: link.searchParams.get('token'), password: 'Anders12345' } });
      expect(again.json()).toEqual({ message: 'Invalid token' });
    });
  }, 60_000);

  it('leaves no demo data in a folder set up for real accounts', async () => {
    await withApp(async (app, database) => {
      const all = await database.db.select({ email: users.email }).from(users);
      expect(all).toEqual([{ email: 'x@y.nl' }]);
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'superadmin@demo.nl', password: 'Welkom123!' } });
      expect(login.statusCode).toBe(401);
    });
  }, 60_000);

  it('fails with a non-zero exit code for an address that exists, whatever its case', async () => {
    const run = runScript('--email', 'X@Y.nl');
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('already exists');
    expect(run.stdout).not.toContain('Activation link');
    await withApp(async (_app, database) => {
      expect(await database.db.select({ email: users.email }).from(users)).toEqual([{ email: 'x@y.nl' }]);
    });
  }, 60_000);

  it('adds a second superadmin to the same provider company', async () => {
    const run = runScript('--email', 'tweede@y.nl');
    expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
    await withApp(async (_app, database) => {
      const rows = await database.db.select({ email: users.email, companyId: users.companyId, roleId: users.roleId }).from(users);
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.companyId)).size).toBe(1);
      expect(rows.every((r) => r.roleId === 1)).toBe(true);
    });
  }, 60_000);

  it('fails with usage help for a missing or malformed address', () => {
    for (const args of [[], ['--email', 'geen-adres']]) {
      const run = runScript(...args);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('Usage');
    }
  }, 60_000);
});
