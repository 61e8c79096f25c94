import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, staffLoginCode } from './portal';

/**
 * Helpers shared by the browser test files. Expected values are computed here from the rule
 * pages (docs/) and the API, never from the client's own code, so a client bug cannot hide itself.
 */

export const KLANT = {
  email: 'klant@demo.nl',
  name: 'Pieter van Dijk',
  company: 'Van Dijk Installatietechniek B.V.',
};
export const KEES = { email: 'kees@korenschoof.nl', name: 'Kees Korenschoof', company: 'Bakkerij De Korenschoof' };
export const ADMIN = { email: 'admin@demo.nl', name: 'Mark Jansen', company: 'Demo ICT Diensten' };
export const SUPERADMIN = { email: 'superadmin@demo.nl', name: 'Sanne de Vries', company: 'Demo ICT Diensten' };

/** Playwright waits (actions, waitFor) give up well before Jest's own test timeout. */
export const newPage = async (browser: Browser): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  return { context, page };
};

/** A download's content as text (read through the connection: the run's Chromium may be in another process). */
export const downloadedText = async (download: Download): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The page ends at /login: the URL and the login screen's own heading. */
export const expectAtLogin = async (page: Page) => {
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
  expect(pathOf(page)).toBe('/login');
};

/** The screen's h1: an exact text, or a pattern where the area's own screen names it. */
export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name, ...(typeof name === 'string' ? { exact: true } : {}) });

/** The h1 of the search screen (no fixed title: it says 'Zoeken' or 'Zoekresultaten ...'). */
export const SEARCH_TITLE = /^Zoek/;
/** The h1 of a group's services screen: the group's name or the area's 'Mijn diensten'. */
export const groupTitle = (groupName: string) => new RegExp(`^(${groupName}|Mijn diensten)$`);

/** Retries an assertion until it passes or the time is up; the last failure is thrown. */
export const eventually = async (assertion: () => Promise<void> | void, timeoutMs = 10_000, intervalMs = 100) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
};

/**
 * Counts the page's /api calls in flight; `idle()` resolves once none has been running for
 * `quietMs`. Used before asserting that something is absent, so the absence is not just
 * "not loaded yet".
 */
export const trackApi = (page: Page) => {
  let inFlight = 0;
  let lastChange = Date.now();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) {
      inFlight += 1;
      lastChange = Date.now();
    }
  });
  const done = (request: { url(): string }) => {
    if (isApi(request.url())) {
      inFlight -= 1;
      lastChange = Date.now();
    }
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    idle: (quietMs = 400, timeoutMs = 15_000) =>
      eventually(() => {
        if (inFlight > 0 || Date.now() - lastChange < quietMs) throw new Error(`API calls still running (${inFlight})`);
      }, timeoutMs, 50),
  };
};

// ---------------------------------------------------------------------------------------------
// The API, called directly from Node to learn what the screens should show.

const postLogin = async (baseUrl: string, path: string, body: object) => {
  const response = await fetch(`${baseUrl}/api/auth/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`login of ${JSON.stringify(body)} via the API failed: ${response.status}`);
  return (await response.json()) as { token: string } | { challenge: string };
};

/** A token of the account; the demo staff go through the code step (two-factor login, staffLoginCode). */
export const apiToken = async (baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> => {
  const answer = await postLogin(baseUrl, 'login', { email, password });
  if ('token' in answer) return answer.token;
  const code = await staffLoginCode(baseUrl, email, password);
  const second = await postLogin(baseUrl, 'login/two-factor', { challenge: answer.challenge, code });
  if (!('token' in second)) throw new Error(`login of ${email} via the API: no token after the code`);
  return second.token;
};

export const apiGet = async <T>(baseUrl: string, token: string, url: string): Promise<T> => {
  const response = await fetch(`${baseUrl}/api/${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/${url} answered ${response.status}`);
  return (await response.json()) as T;
};

export const claimsOf = (token: string): { sub: number; company_id: number; impersonate: number | null } =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** docs/screens.md, 'Slugs': slugs are lowercased names with spaces as dashes, URL-encoded. */
export const slug = (name: string) => encodeURIComponent(name.toLowerCase().replace(/ /g, '-'));

export interface ExpectedTile {
  name: string;
  count: string;
  href: string;
}

/** The tiles the dashboard should show for the company the token acts for, from the API. */
export const expectedTiles = async (baseUrl: string, token: string): Promise<ExpectedTile[]> => {
  const groups = await apiGet<{ id: number; name: string }[]>(baseUrl, token, 'article-groups/visible');
  const counts = await apiGet<{ id: number; services_count: number }[]>(baseUrl, token, 'article-groups/count');
  return groups.map((group) => {
    const n = counts.find((c) => c.id === group.id)?.services_count ?? 0;
    return { name: group.name, count: `${n} ${n === 1 ? 'afname' : 'afnames'}`, href: `/mijn-diensten/${group.id}/${slug(group.name)}` };
  });
};

// ---------------------------------------------------------------------------------------------
// Dashboard reading.

export const tilesRegion = (page: Page) => page.getByRole('region', { name: 'Mijn diensten' });

/** The dashboard tiles as shown: the h3 name, the count line and the link target. */
export const readTiles = async (page: Page): Promise<ExpectedTile[]> =>
  tilesRegion(page)
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => {
        const name = item.querySelector('h3')?.textContent?.trim() ?? '';
        const text = item.textContent ?? '';
        return {
          name,
          count: text.slice(text.indexOf(name) + name.length).trim(),
          href: item.querySelector('a')?.getAttribute('href') ?? '',
        };
      }),
    );

/** Waits until the tiles are exactly the expected ones (the last difference is the failure). */
export const expectTiles = async (page: Page, expected: ExpectedTile[]) => {
  await tilesRegion(page).waitFor();
  await eventually(async () => expect(await readTiles(page)).toEqual(expected), 15_000);
};

/** docs/screens.md, 'Dashboard': the current month plus six previous ones, Dutch labels, Europe/Amsterdam. */
export const expectedMonths = (now = new Date()) => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: 'numeric' })
    .formatToParts(now)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const year = Number(parts.year);
  const month = Number(parts.month);
  const dutchMonth = new Intl.DateTimeFormat('nl-NL', { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - i, 15));
    const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
    return { value: `${d.getUTCFullYear()}-${mm}-01`, label: `${dutchMonth.format(d)} ${d.getUTCFullYear()}` };
  });
};

/** Dutch notation with two decimals and '.' thousands: 1234.5 -> "1.234,50". */
export const dutch2 = (value: number) =>
  new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(value);

// ---------------------------------------------------------------------------------------------
// The outbox (docs/rules.md, 'Mail': .eml files in DATA_DIR/outbox without SMTP).

export const outboxFiles = (dataDir: string): string[] => {
  const outbox = path.join(dataDir, 'outbox');
  return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).sort() : [];
};

/** Waits for a new .eml for `to` that was not in `before`, and answers its text. */
export const waitForMail = async (dataDir: string, to: string, before: string[]): Promise<string> => {
  let found: string | undefined;
  await eventually(() => {
    found = outboxFiles(dataDir).find((f) => !before.includes(f) && f.endsWith(`-${to}.eml`));
    if (!found) throw new Error(`no new mail for ${to} in ${path.join(dataDir, 'outbox')}`);
  }, 10_000);
  return fs.readFileSync(path.join(dataDir, 'outbox', found!), 'utf8');
};

/** The /reset link of a mail: quoted-printable soft breaks and escapes undone first. */
export const resetLinkIn = (eml: string): string => {
  const decoded = eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = decoded.match(/https?:\/\/[^\s"'<>]+\/reset\?token=[^\s"'<>&]+/);
  if (!match) throw new Error(`no /reset link in the mail:\n${decoded}`);
  return match[0];
};

export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

const DUTCH_MONTHS = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** The month before today in Europe/Amsterdam (docs/screens.md, 'Month overview': /kosten's default): first and last day, Dutch label. */
export const previousMonth = () => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: 'numeric' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const first = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 2, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return {
    from: first.toISOString().slice(0, 10),
    to: last.toISOString().slice(0, 10),
    label: `${DUTCH_MONTHS[first.getUTCMonth()]} ${first.getUTCFullYear()}`,
  };
};

/** An amount rounded half-up to cents. */
export const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** "€ 1.234,56": two decimals, half-up, Dutch notation (docs/screens.md, 'Dutch notation'). */
export const euro = (value: Decimal.Value) => {
  const fixed = cents(value).toFixed(2);
  const [int, frac] = fixed.replace('-', '').split('.');
  return `€ ${fixed.startsWith('-') ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
};

/** Every shown row of a table (head, body and total) as the texts of its header and data cells. */
export const tableRows = (table: Locator) =>
  table.locator('tr:not([aria-hidden="true"])').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent?.trim() ?? '')),
  );
