import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, login, startPortal } from '../test/browser/portal';
import { KLANT } from '../test/browser/support';

/**
 * The JavaScript a full page load of /login and of /dashboard fetches before the page first
 * renders, in kB gzip (the build's own `.gz` copies, PrecompressPlugin in webpack.config.ts), against
 * the target of at most 200 kB each. The built portal in Chromium with a cold cache: the scripts
 * whose request started before the portal's one render put its first element into `#root`
 * (index.tsx renders once, after startUp.ts has the route's chunks and data). Builds nothing:
 * `npm run build` first. `npm run bench -- js`.
 */

const TARGET_KB = 200;
const publicDir = path.resolve(__dirname, '../build/public');

/** Recorded in the page from its start: when `#root` first gets an element (the first render). */
const RENDER_MARK = () => {
  const w = window as unknown as { __rendered?: number };
  new MutationObserver((_, observer) => {
    if (document.getElementById('root')?.firstElementChild) {
      w.__rendered = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

interface Script {
  file: string;
  gzip: number;
}

const gzipSize = (file: string) => fs.statSync(path.join(publicDir, `${file}.gz`)).size;

/** Opens `address` in a fresh page of `context`, and answers the scripts of its first render. */
const firstRenderScripts = async (context: BrowserContext, url: string): Promise<Script[]> => {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __rendered?: number }).__rendered !== undefined);
  const files = await page.evaluate(() => {
    const rendered = (window as unknown as { __rendered: number }).__rendered;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < rendered)
      .map((e) => new URL(e.name).pathname.slice(1));
  });
  await page.close();
  return files.map((file) => ({ file, gzip: gzipSize(file) }));
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const benchFirstRenderJs = async (): Promise<string> => {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    const base = portal.baseUrl;
    const fresh = async () => {
      const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
      await context.addInitScript(RENDER_MARK);
      return context;
    };
    // The session of klant@demo.nl (its refresh cookie), for a cold load of the dashboard in a new context.
    const loginContext = await browser.newContext();
    const loginPage = await loginContext.newPage();
    await login(loginPage, base, KLANT.email);
    const session = await loginContext.storageState();
    await loginContext.close();

    const rows: string[] = [];
    for (const [name, address, storageState] of [
      ['/login', '/login', undefined],
      ['/dashboard', '/dashboard', session],
    ] as const) {
      const context = await fresh();
      if (storageState) await context.addCookies(storageState.cookies);
      const scripts = await firstRenderScripts(context, `${base}${address}`);
      await context.close();
      const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
      rows.push(
        `${name.padEnd(11)} ${String(scripts.length).padStart(5)} ${kB(total).padStart(10)}  ${total <= TARGET_KB * 1000 ? 'ok' : 'OVER'} (<= ${TARGET_KB} kB)`,
        ...[...scripts].sort((a, b) => b.gzip - a.gzip).map((s) => `    ${s.file.padEnd(42)} ${kB(s.gzip).padStart(9)}`),
      );
    }
    return [`\nJavaScript of the first render (gzip, cold cache): target at most ${TARGET_KB} kB per page`, `${'page'.padEnd(11)} files       gzip`, ...rows].join('\n');
  } finally {
    await browser.close();
    await portal.stop();
  }
};
