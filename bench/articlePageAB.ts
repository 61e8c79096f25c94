import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, startPortal, type Portal } from '../test/browser/portal';
import { loginInBrowser, MARKS_SCRIPT, seedBigArticle, slug } from './articlePage';
import { percentile } from './stats';

/**
 * Two builds of the portal side by side, each on its own demo data folder with the benchmark's big
 * article, measured with cold full loads of the article page taken in turns (A then B, then B then
 * A, …): what one build changes against another, without the drift of this shared machine between
 * runs minutes apart (±30–50 ms), which swamps a change of 10–30 ms when runs of the page bench are
 * compared one after the other.
 *
 * `BENCH_AB=/path/to/checkout-a,/path/to/checkout-b npm run bench -- ab` (each checkout built with
 * `npm run build`; BENCH_AB_ROUNDS cold loads of each, 24 by default). A copy of this checkout for
 * the other side: `git worktree add ../before HEAD~1 && (cd ../before && ln -s ../main/node_modules
 * && npm run build)`. Swap the two in a second run: the portal started second has measured 20–30 ms
 * slower in A-against-A runs.
 */

const WARM_UP = 4;

interface Side {
  label: string;
  root: string;
  portal: Portal;
  url: string;
  session: Awaited<ReturnType<BrowserContext['storageState']>>;
  interactive: number[];
  marks: Record<string, number[]>;
}

/** In the page: resolves when the marks script has seen the page interactive. */
const interactiveAt = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __bench: { interactive?: number } }).__bench.interactive, undefined, { timeout: 30_000 });

const summary = (side: Side) => {
  const sorted = [...side.interactive].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  const marks = Object.entries(side.marks)
    .map(([name, values]) => `${name} ${percentile([...values].sort((a, b) => a - b), 50).toFixed(0)}`)
    .join(', ');
  return [
    `${side.label} ${side.root}`,
    `  interactive ms: mean ${mean.toFixed(1)}, p50 ${percentile(sorted, 50).toFixed(1)}, p90 ${percentile(sorted, 90).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)} (${sorted.length} cold loads)`,
    `  the portal's marks, p50 ms: ${marks}`,
  ].join('\n');
};

export const benchArticlePageAB = async (roots: string[], rounds: number): Promise<string> => {
  if (!fs.existsSync(CHROMIUM)) return `\nArticle page A/B: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (roots.length !== 2) throw new Error('BENCH_AB names two checkouts, separated by a comma');
  const sides: Side[] = [];
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const newContext = async (session?: Side['session']) => {
      const context = await browser!.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 720 }, storageState: session });
      context.setDefaultTimeout(30_000);
      await context.addInitScript(MARKS_SCRIPT);
      return context;
    };
    for (const [i, given] of roots.entries()) {
      const root = path.resolve(given);
      const portal = await startPortal({ projectRoot: root });
      sides.push({ label: i === 0 ? 'A' : 'B', root, portal, url: '', session: { cookies: [], origins: [] }, interactive: [], marks: {} });
      const { article, mobile } = await seedBigArticle(portal.baseUrl);
      const side = sides[i];
      side.url = `${portal.baseUrl}/mijn-diensten/${mobile.id}/${slug(mobile.name)}/${article.id}/${slug(article.name)}`;
      const context = await newContext();
      await loginInBrowser(await context.newPage(), portal.baseUrl);
      side.session = await context.storageState();
      await context.close();
    }

    const load = async (side: Side, keep: boolean) => {
      // A new context: an empty HTTP cache, as on a first visit, but logged in.
      const context = await newContext(side.session);
      try {
        const page = await context.newPage();
        await page.goto(side.url);
        await interactiveAt(page);
        const measured = await page.evaluate(() => ({
          interactive: (window as unknown as { __bench: { interactive: number } }).__bench.interactive,
          marks: performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('portal:'))
            .map((m) => [m.name.slice('portal:'.length), m.startTime] as const),
        }));
        if (!keep) return;
        side.interactive.push(measured.interactive);
        for (const [name, at] of measured.marks) (side.marks[name] ??= []).push(at);
      } finally {
        await context.close();
      }
    };
    for (let i = 0; i < WARM_UP; i += 1) for (const side of sides) await load(side, false);
    for (let i = 0; i < rounds; i += 1) for (const side of i % 2 === 0 ? sides : [...sides].reverse()) await load(side, true);

    const [a, b] = sides;
    const meanOf = (side: Side) => side.interactive.reduce((sum, v) => sum + v, 0) / side.interactive.length;
    return [
      `\nArticle page A/B: ${rounds} cold full loads of each build in turns (interactive from navigation start, ${WARM_UP} warm-up loads each)`,
      summary(a),
      summary(b),
      `B - A: mean ${(meanOf(b) - meanOf(a)).toFixed(1)} ms`,
    ].join('\n');
  } finally {
    await browser?.close();
    for (const side of sides) await side.portal.stop();
  }
};
