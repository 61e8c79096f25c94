import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/server/db';
import { seedDemoData } from '../src/server/seed/demo';
import { seedReferenceData } from '../src/server/seed/reference';
import { createScratchDatabase } from '../src/server/testing/testApp';
import { CHROMIUM, launchBrowser, startPortal } from '../test/browser/portal';
import { apiToken } from '../test/browser/support';
import { percentile, table, type Timing } from './stats';

/**
 * The article page of a big customer in Chromium: the built portal on a fresh demo data folder,
 * one new article with 5,000 services (added through the API, as a customer's integration or
 * the add-service screen would), then
 *  - 20 full page loads with an empty browser cache (a first visit: every byte travels),
 *  - 10 full page loads with a warm cache (a return visit, a reload),
 *  - 10 in-app navigations from the group page (a click on the article's row),
 * each measured from navigation start to the services table's first row rendered and the page
 * interactive (the first task after that row ran: the main thread was free for input); then 10
 * scrolls to a row whose window of services the page has not loaded yet, until that row shows.
 *
 * `npm run bench page` (needs `npm run build` and Debian's Chromium).
 */

const SERVICES = Number(process.env.BENCH_PAGE_SERVICES ?? 5000);
const BATCH = 50;
const SAMPLES = 10;
/**
 * Cold loads are the noisy measure (this machine's two cores run Chromium and the server at once):
 * twice as many, so that their p95 is not simply the slowest of ten.
 */
const COLD_SAMPLES = 20;
/** Targets: interactive within 500 ms, at most 150 table rows in the DOM. */
const TARGET_MS = 500;
const MAX_ROWS = 150;
const EMAIL = 'klant@demo.nl';
const PASSWORD = 'Welkom123!';
/** Provider staff make the article and its services: prices and billed months are theirs (docs/permissions.md, 'Who may edit prices'; docs/rules.md, 'Billed months are closed'). */
const STAFF_EMAIL = 'admin@demo.nl';

const api = async <T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseUrl}/api/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /api/${url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
};

const slug = (name: string) => encodeURIComponent(name.toLowerCase().replace(/ /g, '-'));

/** The staff account's login goes through its two-factor code step (test/browser/support.ts). */
const loginToken = (baseUrl: string, email: string) => apiToken(baseUrl, email, PASSWORD);

/** A new article in 'Mobiele telefonie' with SERVICES services, in parallel batches of BATCH. */
export const seedBigArticle = async (baseUrl: string) => {
  const token = await loginToken(baseUrl, EMAIL);
  const { company_id: companyId } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { company_id: number };
  const staff = (
    await api<{ data: { token: string } }>(baseUrl, await loginToken(baseUrl, STAFF_EMAIL), 'POST', `auth/impersonate?company_id=${companyId}`)
  ).data.token;
  const groups = await api<{ id: number; name: string; fields: { id: number; name: string }[] }[]>(baseUrl, token, 'GET', 'article-groups/visible');
  const mobile = groups.find((g) => g.name === 'Mobiele telefonie')!;
  const field = (name: string) => mobile.fields.find((f) => f.name === name)!.id;
  const endUsers = await api<{ id: number }[]>(baseUrl, token, 'GET', 'end-users/all');
  const article = await api<{ id: number; name: string }>(baseUrl, staff, 'POST', 'articles/create', {
    name: 'Benchmark Onbeperkt',
    description: `Artikel met ${SERVICES} afnames voor de benchmark van de artikelpagina.`,
    price: '25.00',
    setup_price: '0',
    billing_cycle_id: 1,
    gigabyte: '10',
    article_group_id: mobile.id,
  });
  const start = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString();
  const started = process.hrtime.bigint();
  for (let first = 0; first < SERVICES; first += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, SERVICES - first) }, (_, k) => {
        const i = first + k;
        return api(baseUrl, staff, 'PUT', 'services/create', {
          article_id: article.id,
          start_time: start,
          // Every 17th without a user, the rest spread over the company's end users.
          ...(i % 17 === 0 ? {} : { end_user_id: endUsers[i % endUsers.length].id }),
          order_reference: `BENCH-${i}`,
          input_field_1: `KP-${i % 40}`,
          article_group_field_inputs: [
            { article_group_field_id: field('Telefoonnummer'), value: `0670${String(i).padStart(6, '0')}` },
            { article_group_field_id: field('SIM nummer'), value: `8931770${String(i).padStart(12, '0')}` },
          ],
        });
      }),
    );
  }
  const seedMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { article, mobile, seedMs };
};

/**
 * Recorded in the page from its start: when the first data row of a table with aria-rowcount
 * appears, and when the first task after that runs (the main thread was free again).
 */
const MARKS_SCRIPT = () => {
  const w = window as unknown as { __bench: { rendered?: number; interactive?: number; reset(): void } };
  const state = {
    rendered: undefined as number | undefined,
    interactive: undefined as number | undefined,
    reset() {
      state.rendered = undefined;
      state.interactive = undefined;
    },
  };
  w.__bench = state;
  /** A data row of the services table: the table named by a heading 'Afnames (n)'. */
  const servicesRow = () =>
    Array.from(document.querySelectorAll('table[aria-rowcount][aria-labelledby]'))
      .filter((t) => document.getElementById(t.getAttribute('aria-labelledby')!)?.textContent?.startsWith('Afnames'))
      .map((t) => t.querySelector('tbody tr[aria-rowindex]'))
      .find(Boolean);
  const check = () => {
    if (state.rendered !== undefined) return;
    const row = servicesRow();
    if (!row) return;
    state.rendered = performance.now();
    // The next frame, then the first task after it: the row is painted and input is served.
    requestAnimationFrame(() => setTimeout(() => (state.interactive = performance.now()), 0));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A browser context as the benches measure in: Dutch, Amsterdam time, 1280x720, with the marks script. */
export const benchContext = async (browser: Browser, storageState?: Session): Promise<BrowserContext> => {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1280, height: 720 }, storageState });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(MARKS_SCRIPT);
  return context;
};

const groupUrlOf = (baseUrl: string, group: { id: number; name: string }) => `${baseUrl}/mijn-diensten/${group.id}/${slug(group.name)}`;

/** The address of the benchmark's article page. */
export const articleUrlOf = (baseUrl: string, group: { id: number; name: string }, article: { id: number; name: string }) =>
  `${groupUrlOf(baseUrl, group)}/${article.id}/${slug(article.name)}`;

/** The portal's marks of a full load (src/client/base/timeline.ts), in the order they come. */
const MARKS: [string, string][] = [
  ['evaluated', 'the entry is evaluated (React, MUI, store)'],
  ['session', 'the session is restored (screen data asked)'],
];

interface Sample {
  rendered: number;
  interactive: number;
}

const firstRowLocator = (page: Page) => page.getByRole('table', { name: /^Afnames/ }).locator('tbody tr[aria-rowindex]').first();

const readMarks = async (page: Page, since = 0): Promise<Sample> => {
  await firstRowLocator(page).waitFor({ state: 'visible' });
  await page.waitForFunction(() => (window as unknown as { __bench: { interactive?: number } }).__bench.interactive !== undefined);
  const marks = await page.evaluate(() => (window as unknown as { __bench: { rendered: number; interactive: number } }).__bench);
  return { rendered: marks.rendered - since, interactive: marks.interactive - since };
};

const timing = (name: string, values: number[]): Timing => {
  const sorted = [...values].sort((a, b) => a - b);
  return { name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples: values.length };
};

/** The .js files this document asked before its first row was rendered (a later preload is not the page's). */
const firstRenderScripts = (page: Page) =>
  page.evaluate(() => {
    const rendered = (window as unknown as { __bench: { rendered: number } }).__bench.rendered;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < rendered,
    ).map((e) => ({ url: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize, end: e.responseEnd }));
  });

/** Bytes of the .js files of the first render, as files (encoded body) and decoded. */
const jsBytes = async (page: Page) =>
  (await firstRenderScripts(page)).reduce(
    (acc, e) => ({ files: acc.files + 1, encoded: acc.encoded + e.encoded, decoded: acc.decoded + e.decoded }),
    { files: 0, encoded: 0, decoded: 0 },
  );

/**
 * When the session refresh and the article call started and ended, and when the first render's
 * last JavaScript file had arrived, in ms from navigation start.
 */
const coldTimeline = (page: Page) =>
  page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const call = (pathname: string) => entries.find((e) => new URL(e.name).pathname === pathname);
    const refresh = call('/api/auth/refresh');
    const article = entries.find((e) => /^\/api\/articles\/\d+$/.test(new URL(e.name).pathname));
    const rendered = (window as unknown as { __bench: { rendered: number } }).__bench.rendered;
    const scripts = entries.filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < rendered);
    return {
      refresh: refresh ? { start: refresh.startTime, end: refresh.responseEnd } : null,
      article: article ? { start: article.startTime, end: article.responseEnd, encoded: article.encodedBodySize } : null,
      scriptsEnd: scripts.length > 0 ? Math.max(...scripts.map((e) => e.responseEnd)) : null,
      // The portal's own marks (src/client/base/timeline.ts).
      marks: Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('portal:'))
          .map((m) => [m.name.slice('portal:'.length), m.startTime]),
      ) as Record<string, number>,
    };
  });

/** The bytes on the wire (headers and body) of each .js response while `fn` runs, by URL. */
const jsOnTheWire = async (page: Page, fn: () => Promise<void>) => {
  const pending: Promise<[string, number]>[] = [];
  const onFinished = (request: import('playwright-core').Request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) {
      pending.push(request.sizes().then((s) => [request.url(), s.responseBodySize + s.responseHeadersSize]));
    }
  };
  page.on('requestfinished', onFinished);
  try {
    await fn();
  } finally {
    page.off('requestfinished', onFinished);
  }
  return new Map(await Promise.all(pending));
};

/**
 * Scrolls the services table to the row at `index` (0-based, not loaded yet) and answers the ms
 * until that row shows its link: the window around it asked, answered and rendered.
 */
const scrollToRow = (page: Page, index: number) =>
  page.evaluate(async (rowIndex) => {
    const table = Array.from(document.querySelectorAll('table[aria-rowcount][aria-labelledby]')).find((t) =>
      document.getElementById(t.getAttribute('aria-labelledby')!)?.textContent?.startsWith('Afnames'),
    )!;
    const done = () => table.querySelector(`tr[aria-rowindex="${rowIndex + 2}"] a`);
    const start = performance.now();
    table.parentElement!.scrollTop = 48 * rowIndex;
    await new Promise<void>((resolve) => {
      if (done()) return resolve();
      const observer = new MutationObserver(() => {
        if (!done()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(table, { childList: true, subtree: true });
    });
    return performance.now() - start;
  }, index);

const domRows = (page: Page) => page.evaluate(() => document.querySelectorAll('tr, [role="row"]').length);

export const loginInBrowser = async (page: Page, baseUrl: string) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(EMAIL);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
};

const PAGE_DB = 'bench_page';

/** ANALYZE on the PostgreSQL database at `url`, as its autovacuum daemon does after an import. */
const analyze = async (url: string) => {
  const database = await openPostgres(url, 1);
  try {
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
};

/**
 * A fresh PostgreSQL database `name` next to `adminUrl`'s, with the demo data set the embedded
 * database seeds on its first start (the server seeds only reference data on PostgreSQL).
 */
export const demoOnPostgres = async (adminUrl: string, name = PAGE_DB) => {
  const scratch = await createScratchDatabase(adminUrl, name);
  const database = await openPostgres(scratch.url, 2);
  try {
    await database.migrate(seedReferenceData);
    await database.db.transaction(async (tx) => seedDemoData(tx));
  } finally {
    await database.close();
  }
  return scratch;
};

/** The article page with the portal on the demo's PGlite, or on PostgreSQL with `postgresUrl`. */
export const benchArticlePage = async (postgresUrl?: string): Promise<{ report: string; timings: Timing[] }> => {
  if (!fs.existsSync(CHROMIUM)) {
    return { report: `\nArticle page: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium)`, timings: [] };
  }
  const postgres = postgresUrl ? await demoOnPostgres(postgresUrl) : undefined;
  const portal = await startPortal({ databaseUrl: postgres?.url });
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  try {
    const { article, mobile, seedMs } = await seedBigArticle(portal.baseUrl);
    // The steady state of a big customer, not the minute after its import: PostgreSQL's autovacuum
    // analyzes the new rows within its naptime (a minute); the embedded database's own upkeep
    // within 10 s (src/server/db/maintenance.ts), so that one is left to do it.
    if (postgres) await analyze(postgres.url);
    console.log(`article page bench: ${SERVICES} services added through the API in ${(seedMs / 1000).toFixed(1)} s (${((SERVICES / seedMs) * 1000).toFixed(0)}/s, batches of ${BATCH})`);
    const groupUrl = groupUrlOf(portal.baseUrl, mobile);
    const articleUrl = articleUrlOf(portal.baseUrl, mobile, article);

    browser = await launchBrowser();
    const newContext = (storageState?: Session) => benchContext(browser!, storageState);
    context = await newContext();
    const page = await context.newPage();
    await loginInBrowser(page, portal.baseUrl);

    // Warm-up: one load of the page, so that the server's first-time costs are not in a sample.
    await page.goto(articleUrl);
    await readMarks(page);
    // The session (its refresh cookie) for the cold-cache samples, each in a new context. The cookie
    // rotates with every refresh and a replaced one ends the session: each sample hands on its own.
    let session = await context.storageState();

    const cold: Sample[] = [];
    const warm: Sample[] = [];
    const inApp: Sample[] = [];
    const refreshStart: number[] = [];
    const refreshEnd: number[] = [];
    const articleStart: number[] = [];
    const articleEnd: number[] = [];
    const articleMs: number[] = [];
    const scriptsEnd: number[] = [];
    const marks: Record<string, number[]> = {};
    let js = { files: 0, transferred: 0, encoded: 0, decoded: 0 };
    let rows = 0;
    let rowCount = '';
    let articleJsonBytes = 0;
    let articleWireBytes = 0;

    for (let i = 0; i < COLD_SAMPLES; i += 1) {
      // A new context: an empty HTTP cache, as on a first visit, but logged in.
      const fresh = await newContext(session);
      try {
        const coldPage = await fresh.newPage();
        const answer = coldPage.waitForResponse((r) => new URL(r.url()).pathname === `/api/articles/${article.id}`);
        const wire = await jsOnTheWire(coldPage, async () => {
          await coldPage.goto(articleUrl);
          cold.push(await readMarks(coldPage));
        });
        articleJsonBytes = (await (await answer).body()).length;
        const timeline = await coldTimeline(coldPage);
        if (timeline.refresh) {
          refreshStart.push(timeline.refresh.start);
          refreshEnd.push(timeline.refresh.end);
        }
        if (timeline.article) {
          articleStart.push(timeline.article.start);
          articleEnd.push(timeline.article.end);
          articleMs.push(timeline.article.end - timeline.article.start);
          articleWireBytes = timeline.article.encoded;
        }
        if (timeline.scriptsEnd !== null) scriptsEnd.push(timeline.scriptsEnd);
        for (const [name, at] of Object.entries(timeline.marks)) (marks[name] ??= []).push(at);
        if (i === 0) {
          const firstRender = new Set((await firstRenderScripts(coldPage)).map((e) => e.url));
          const transferred = [...wire].filter(([url]) => firstRender.has(url)).reduce((sum, [, bytes]) => sum + bytes, 0);
          js = { ...(await jsBytes(coldPage)), transferred };
          rows = await domRows(coldPage);
          rowCount = (await coldPage.getByRole('table', { name: /^Afnames/ }).getAttribute('aria-rowcount')) ?? '';
        }
        session = await fresh.storageState();
      } finally {
        await fresh.close();
      }
    }
    await context.addCookies(session.cookies);
    for (let i = 0; i < SAMPLES; i += 1) {
      await page.goto(articleUrl);
      warm.push(await readMarks(page));
    }
    for (let i = 0; i < SAMPLES; i += 1) {
      await page.goto(groupUrl);
      const link = page.getByRole('table', { name: 'Artikelen' }).getByRole('link', { name: article.name, exact: true });
      await link.waitFor();
      await page.evaluate(() => (window as unknown as { __bench: { reset(): void } }).__bench.reset());
      // In-app: from the click (the user's navigation start) to the rendered, interactive table.
      const clickedAt = await link.evaluate((a) => {
        const at = performance.now();
        (a as HTMLAnchorElement).click();
        return at;
      });
      inApp.push(await readMarks(page, clickedAt));
      rows = Math.max(rows, await domRows(page));
    }

    // Scrolling far down: the rows come from a window the page has not loaded yet.
    const scrolled: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      await page.goto(articleUrl);
      await readMarks(page);
      scrolled.push(await scrollToRow(page, Math.min(SERVICES - 40, 600 + i * 400)));
      rows = Math.max(rows, await domRows(page));
    }

    const timings = [
      timing('full load, cold cache: first row rendered', cold.map((s) => s.rendered)),
      timing('full load, cold cache: interactive', cold.map((s) => s.interactive)),
      timing('full load, warm cache: first row rendered', warm.map((s) => s.rendered)),
      timing('full load, warm cache: interactive', warm.map((s) => s.interactive)),
      timing('in-app from the group page: first row rendered', inApp.map((s) => s.rendered)),
      timing('in-app from the group page: interactive', inApp.map((s) => s.interactive)),
      timing('scroll to a row not loaded yet: its row shown', scrolled),
    ];
    const diagnostics = [
      timing('cold load: the session refresh starts', refreshStart),
      timing('cold load: the session refresh has its answer', refreshEnd),
      timing('cold load: the article call starts', articleStart),
      timing('cold load: the article call has its answer', articleEnd),
      timing('cold load: the first render\'s last JavaScript file has arrived', scriptsEnd),
      ...MARKS.filter(([name]) => marks[name]).map(([name, label]) => timing(`cold load: ${label}`, marks[name])),
      timing(`GET /api/articles/{id} (the first window of ${SERVICES} services), in the browser`, articleMs),
    ];
    const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
    const report = [
      table(
        `Article page in Chromium, the portal on ${postgres ? 'PostgreSQL' : 'PGlite'} (${SERVICES} services on one article; seeded through the API in ${(seedMs / 1000).toFixed(1)} s; navigation start -> first row / interactive; ${COLD_SAMPLES} cold loads, ${SAMPLES} samples of each other)`,
        timings,
        TARGET_MS,
      ),
      table('Where the time of a cold full load goes (from navigation start)', diagnostics),
      `table rows in the DOM: ${rows} (target <= ${MAX_ROWS}: ${rows <= MAX_ROWS ? 'ok' : 'OVER'}); aria-rowcount ${rowCount}`,
      `JavaScript of the first render: ${js.files} files, ${kB(js.transferred)} transferred with a cold cache (${kB(js.encoded)} encoded, ${kB(js.decoded)} decoded)`,
      `The article's first window: ${kB(articleJsonBytes)} of JSON (${kB(articleWireBytes)} encoded on the wire)`,
    ].join('\n');
    return { report, timings: [...timings, ...diagnostics] };
  } finally {
    await context?.close();
    await browser?.close();
    await portal.stop();
    await postgres?.drop();
  }
};
