import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = fs.existsSync(CHROMIUM);

/**
 * Browser tests need Debian's Chromium. Without it they are skipped with a plain message,
 * unless REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
 */
export const describeInBrowser: jest.Describe = (() => {
  if (hasChromium) return describe;
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`Chromium not found at ${CHROMIUM}; install it with: apt-get install chromium`);
  }
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium).`);
  return describe.skip;
})();

const root = path.resolve(__dirname, '../..');

const freePort = () =>
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
  stop(): Promise<void>;
}

/** Starts the built portal (as `npm start` does after its build) on a fresh demo data folder. */
export const startPortal = async (): Promise<Portal> => {
  const serverJs = path.join(root, 'build/server/server.js');
  if (!fs.existsSync(serverJs) || !fs.existsSync(path.join(root, 'build/public/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-browser-'));
  const child: ChildProcess = spawn(process.execPath, [serverJs], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
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
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

export const DEMO_PASSWORD = 'Welkom123!';

export const login = async (page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
};

/** axe-core scan: no serious or critical violations. Answers them readably for the assertion. */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};
