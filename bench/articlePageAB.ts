import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchBrowser, startPortal, type Portal } from '../test/browser/portal';
import { articleUrlOf, benchContext, loginInBrowser, seedBigArticle, type Session } from './articlePage';
import { percentile } from './stats';

/**
 * Two builds of the portal side by side, each on demo data folders of its own with the benchmark's
 * big article, measured with cold full loads of the article page taken in turns: what one build
 * changes against another, without the drift of this shared machine between runs minutes apart
 * (±30–50 ms), which swamps a change of 10–30 ms when runs of the page bench are compared one after
 * the other.
 *
 * Each build runs in two portals, started A, B, B, A: one portal process against another differs
 * by 20–50 ms on its own (an A-against-A run of one portal each gave 460 against 411 ms), so each
 * build gets one early and one late portal, and the loads go round the four, forwards and then
 * backwards.
 *
 * `BENCH_AB=/path/to/checkout-a,/path/to/checkout-b npm run bench -- ab` (each checkout built with
 * `npm run build`; BENCH_AB_ROUNDS rounds, 12 by default, each a cold load on every portal: 24 of
 * each build). Build both sides in work trees of the same shape, from this checkout:
 * `git worktree add /tmp/a HEAD~1 && ln -s "$PWD/node_modules" /tmp/a/ && (cd /tmp/a && npm run build)`,
 * and the same for /tmp/b at HEAD:
 * webpack names modules by their resolved path, so a build in this checkout (its own node_modules)
 * and one in a work tree (node_modules linked from elsewhere) differ in more than the change.
 */

const WARM_UP = 2;

interface Instance {
  portal: Portal;
  url: string;
  session: Session;
}

interface Side {
  label: string;
  root: string;
  instances: Instance[];
  interactive: number[];
  marks: Record<string, number[]>;
}

/** In the page: resolves when the marks script has seen the page interactive. */
const interactiveAt = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __bench: { interactive?: number } }).__bench.interactive, undefined, { timeout: 30_000 });

const meanOf = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

const summary = (side: Side) => {
  const sorted = [...side.interactive].sort((a, b) => a - b);
  const marks = Object.entries(side.marks)
    .map(([name, values]) => `${name} ${percentile([...values].sort((a, b) => a - b), 50).toFixed(0)}`)
    .join(', ');
  return [
    `${side.label} ${side.root}`,
    `  interactive ms: mean ${meanOf(sorted).toFixed(1)}, p50 ${percentile(sorted, 50).toFixed(1)}, p90 ${percentile(sorted, 90).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)} (${sorted.length} cold loads)`,
    `  the portal's marks, p50 ms: ${marks}`,
  ].join('\n');
};

export const benchArticlePageAB = async (roots: string[], rounds: number): Promise<string> => {
  if (!fs.existsSync(CHROMIUM)) return `\nArticle page A/B: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`;
  if (roots.length !== 2) throw new Error('BENCH_AB names two checkouts, separated by a comma');
  const sides: Side[] = roots.map((given, i) => ({ label: i === 0 ? 'A' : 'B', root: path.resolve(given), instances: [], interactive: [], marks: {} }));
  const started: Portal[] = [];
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const newContext = (session?: Session) => benchContext(browser!, session);
    // A, B, B, A: each build one early and one late portal.
    const order = [sides[0], sides[1], sides[1], sides[0]];
    for (const side of order) {
      const portal = await startPortal({ projectRoot: side.root });
      started.push(portal);
      const { article, mobile } = await seedBigArticle(portal.baseUrl);
      const context = await newContext();
      await loginInBrowser(await context.newPage(), portal.baseUrl);
      side.instances.push({
        portal,
        url: articleUrlOf(portal.baseUrl, mobile, article),
        session: await context.storageState(),
      });
      await context.close();
    }
    const [a, b] = sides;
    const turns = [
      { side: a, instance: a.instances[0] },
      { side: b, instance: b.instances[0] },
      { side: b, instance: b.instances[1] },
      { side: a, instance: a.instances[1] },
    ];

    const load = async ({ side, instance }: (typeof turns)[number], keep: boolean) => {
      // A new context: an empty HTTP cache, as on a first visit, but logged in.
      const context = await newContext(instance.session);
      try {
        const page = await context.newPage();
        await page.goto(instance.url);
        await interactiveAt(page);
        // The refresh cookie rotates with every refresh, and a replaced one ends the session: the
        // next load takes the one this load was given.
        instance.session = await context.storageState();
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
    for (let i = 0; i < WARM_UP; i += 1) for (const turn of turns) await load(turn, false);
    for (let i = 0; i < rounds; i += 1) for (const turn of i % 2 === 0 ? turns : [...turns].reverse()) await load(turn, true);

    return [
      `\nArticle page A/B: ${rounds} rounds of cold full loads on 4 portals started A, B, B, A (interactive from navigation start; ${WARM_UP} warm-up rounds)`,
      summary(a),
      summary(b),
      `B - A: mean ${(meanOf(b.interactive) - meanOf(a.interactive)).toFixed(1)} ms`,
    ].join('\n');
  } finally {
    await browser?.close();
    for (const portal of started) await portal.stop();
  }
};
