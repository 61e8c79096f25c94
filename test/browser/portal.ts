import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { DEMO_TWO_FACTOR_KEY } from '../../src/server/config';
import { DEMO_TWO_FACTOR_SECRETS } from '../../src/server/seed/demo';

/** Starting the built portal and Debian's Chromium; no Jest here, so benchmarks use it too. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

const root = path.resolve(__dirname, '../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

export interface Portal {
  baseUrl: string;
  dataDir: string;
  /** Stops the server and removes its data folder, unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built portal (as `npm start` does after its build) on a fresh demo data folder, or on
 * the PostgreSQL database `databaseUrl` (prepared by the caller); `projectRoot` is another checkout's
 * build (the page bench's A/B runs), this one's by default. `dataFrom` is a data folder to start
 * from, copied (`prepareDemoData`): the portal then skips setting up and seeding a database.
 */
export const startPortal = async ({
  databaseUrl = '',
  projectRoot = root,
  env = {},
  dataFrom,
}: { databaseUrl?: string; projectRoot?: string; env?: Record<string, string>; dataFrom?: string } = {}): Promise<Portal> => {
  const serverJs = path.join(projectRoot, 'build/server/server.js');
  if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(projectRoot, 'build/public/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-browser-'));
  if (dataFrom) fs.cpSync(dataFrom, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [serverJs], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // A server on PostgreSQL needs its own token secret (the demo folder keeps one of its own).
      // …and mails as files, as in demo mode.
      // The demo data set's two-factor secrets are encrypted with the demo key (seed/demo.ts).
      ...(databaseUrl
        ? { JWT_SECRET: crypto.randomBytes(32).toString('base64'), TWO_FACTOR_KEY: DEMO_TWO_FACTOR_KEY.toString('hex'), MAIL_OUTBOX: '1' }
        : {}),
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_CLIENT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Portal running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output}`));
    });
  });
  return {
    baseUrl: `http://localhost:${port}`,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A demo data folder as the first start of the portal leaves it (migrated, demo data seeded), for
 * `startPortal({ dataFrom })`: a copy starts in about a second instead of five.
 */
export const prepareDemoData = async (): Promise<string> => {
  const portal = await startPortal();
  await portal.stop({ keepData: true });
  return portal.dataDir;
};

/** Chromium's flags here: headless, and no connections of its own (the network is closed). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

/** A Chromium other processes connect to (`chromium.connect(server.wsEndpoint())`): one for a whole test run. */
export const launchBrowserServer = (): Promise<BrowserServer> =>
  chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });

export const DEMO_PASSWORD = 'Welkom123!';

/** The code of a demo staff account's authenticator app now, or `steps` time steps later (README's demo table). */
export const demoTotpCode = (email: string, steps = 0): string =>
  new TOTP({ secret: Secret.fromBase32(DEMO_TWO_FACTOR_SECRETS[email]) }).generate({ timestamp: Date.now() + steps * 30_000 });

export const hasTwoFactor = (email: string): boolean => email in DEMO_TWO_FACTOR_SECRETS;

const postJson = async (url: string, body: object, token?: string) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};

/**
 * Recovery codes of the demo staff, per portal and account. A code of the app works once per 30
 * seconds (the replay check), and the tests log the staff in more often than that; so the first
 * login of an account in a portal uses the app's code, and asks ten recovery codes with the code of
 * the next time step (new codes need a code besides the password); later logins each use one
 * recovery code, and the last three of a batch log in and ask the next ten.
 */
const recoveryCodePools = new Map<string, string[]>();

const refillRecoveryCodes = async (baseUrl: string, email: string, password: string, pool: string[]): Promise<string[]> => {
  const [loginCode, renewCode] = pool.length >= 2 ? pool : [demoTotpCode(email), demoTotpCode(email, 1)];
  const { challenge } = await postJson(`${baseUrl}/api/auth/login`, { email, password });
  const { token } = await postJson(`${baseUrl}/api/auth/login/two-factor`, { challenge, code: loginCode });
  const renewed = await postJson(`${baseUrl}/api/account/two-factor/recovery-codes`, { password, code: renewCode }, token as string);
  return renewed.recovery_codes as string[];
};

/** A single-use code for one login of a demo staff account in the portal at `baseUrl`. */
export const staffLoginCode = async (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const key = `${baseUrl}|${email}`;
  let pool = recoveryCodePools.get(key) ?? [];
  if (pool.length < 3) pool = await refillRecoveryCodes(baseUrl, email, password, pool);
  recoveryCodePools.set(key, pool);
  return pool.shift()!;
};

/**
 * Logs in through the login screen, as a user does; the portal then shows the dashboard. The
 * demo staff have two-factor login on: they give a recovery code at the code step (staffLoginCode).
 */
export const login = async (page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  if (hasTwoFactor(email)) {
    const code = await staffLoginCode(baseUrl, email, password);
    await page.getByRole('button', { name: 'Een herstelcode gebruiken' }).click();
    await page.getByLabel('Herstelcode').fill(code);
    await page.getByRole('button', { name: 'Inloggen' }).click();
  }
  await page.waitForURL(`${baseUrl}/dashboard`);
};

