import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, login, type Portal, startPortal } from '../test/browser/portal';
import { apiToken, KLANT } from '../test/browser/support';
import { articleNamed, articlePath, groupNamed } from '../test/browser/servicesSupport';

/**
 * Lighthouse with its mobile emulation (a mid-range phone: 4x slower CPU, a slow 4G network,
 * simulated) on six screens of the built portal with demo data, logged in as klant@demo.nl:
 * the dashboard, an article page, Kosten, Verbruik, Mijn bedrijf and a search. Each screen is
 * measured RUNS times; the table gives the median performance score with its total blocking time
 * and largest contentful paint, and the accessibility score. Targets: performance at least 90,
 * accessibility 100. `BENCH_LIGHTHOUSE_RUNS` (3) runs per screen; `BENCH_LIGHTHOUSE_REPORTS=folder` keeps
 * each screen's first full report there; `BENCH_LIGHTHOUSE_SCREENS=Kosten,Verbruik` measures only those.
 *
 * `npm run bench lighthouse` (needs `npm run build` and Debian's Chromium).
 */

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** A folder for each screen's full report of its first run (JSON, for the Lighthouse viewer). */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Only these screens (comma-separated names, e.g. `Kosten`), to look at one closely. */
const ONLY = process.env.BENCH_LIGHTHOUSE_SCREENS?.split(',');

interface LighthouseResult {
  lhr: {
    finalDisplayedUrl: string;
    categories: Record<'performance' | 'accessibility', { score: number | null }>;
    audits: Record<string, { numericValue?: number; score: number | null; title: string; details?: { items?: unknown[] } }>;
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<LighthouseResult | undefined>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The screens, as addresses of the demo portal. */
const screens = async (baseUrl: string) => {
  const token = await apiToken(baseUrl, KLANT.email);
  const mobile = await groupNamed(baseUrl, token, 'Mobiele telefonie');
  const article = await articleNamed(baseUrl, token, mobile, 'Zakelijk Onbeperkt 10GB');
  return [
    ['Dashboard', '/dashboard'],
    ['Artikelpagina', articlePath(mobile, article)],
    ['Kosten', '/kosten'],
    ['Verbruik', '/verbruik'],
    ['Mijn bedrijf', '/mijn-bedrijf'],
    ['Zoeken', '/zoek/jansen'],
  ] as const;
};

export const benchLighthouse = async (): Promise<string> => {
  // Lighthouse is an ES module; this file is compiled to CommonJS.
  const lighthouse = ((await import('lighthouse')) as unknown as { default: Lighthouse }).default;
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  let portal: Portal | undefined;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    portal = await startPortal();
    const base = portal.baseUrl;
    // Lighthouse opens its own tab in this profile and keeps its cookies (the session). A run that
    // ends while a session refresh is under way leaves the browser with a secret the server has
    // replaced, which ends the session (sessions.ts): each screen starts with a login of its own.
    const page = await context.newPage();
    const rows: string[] = [];
    const misses: string[] = [];
    for (const [name, address] of await screens(base)) {
      if (ONLY && !ONLY.includes(name)) continue;
      await login(page, base, KLANT.email);
      const runs: { performance: number; accessibility: number; tbt: number; lcp: number; cls: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${base}${address}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${address}`);
        const { categories, audits, finalDisplayedUrl } = result.lhr;
        if (REPORTS && run === 0) {
          fs.mkdirSync(REPORTS, { recursive: true });
          fs.writeFileSync(path.join(REPORTS, `${name.toLowerCase().replace(/ /g, '-')}.json`), JSON.stringify(result.lhr));
        }
        // A lost session would measure the login screen instead.
        if (new URL(finalDisplayedUrl).pathname !== new URL(`${base}${address}`).pathname) {
          throw new Error(`Lighthouse measured ${finalDisplayedUrl}, not ${address}`);
        }
        runs.push({
          performance: Math.round((categories.performance.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
          tbt: audits['total-blocking-time'].numericValue ?? 0,
          lcp: audits['largest-contentful-paint'].numericValue ?? 0,
          cls: audits['cumulative-layout-shift'].numericValue ?? 0,
        });
        for (const [id, audit] of Object.entries(audits)) {
          if (run === 0 && audit.score === 0 && id !== 'final-screenshot' && audit.details?.items?.length) misses.push(`${name}: ${id} (${audit.title})`);
        }
      }
      rows.push(
        [
          name.padEnd(14),
          String(median(runs.map((r) => r.performance))).padStart(11),
          `${Math.round(median(runs.map((r) => r.tbt)))} ms`.padStart(9),
          `${(median(runs.map((r) => r.lcp)) / 1000).toFixed(1).replace('.', ',')} s`.padStart(8),
          median(runs.map((r) => r.cls)).toFixed(3).replace('.', ',').padStart(6),
          String(Math.min(...runs.map((r) => r.accessibility))).padStart(13),
        ].join(' | '),
      );
    }
    return [
      `\nLighthouse, mobile emulation (median of ${RUNS}; accessibility the lowest): targets performance >= 90, accessibility 100`,
      `${'screen'.padEnd(14)} | performance |       TBT |      LCP |    CLS | accessibility`,
      ...rows,
      ...(misses.length ? ['Failed audits with findings (first run):', ...misses.map((m) => `  ${m}`)] : []),
    ].join('\n');
  } finally {
    await context.close();
    await portal?.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
};
