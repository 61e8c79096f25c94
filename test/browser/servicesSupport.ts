import type { Locator, Page } from 'playwright-core';
import { apiGet, apiToken, eventually, slug } from './support';

/**
 * Helpers of the services, search and end user browser tests. Like support.ts, they compute the
 * expected values from the rule pages (docs/) and the API, never from the client's code.
 */

// ---------------------------------------------------------------------------------------------
// The API, from Node, with a bearer token.

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

export const apiSend = async <T = unknown>(
  baseUrl: string,
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<ApiAnswer<T>> => {
  const response = await fetch(`${baseUrl}/api/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
};

/** As apiSend, but a status other than the expected one is an error that says what came back. */
export const apiExpect = async <T = unknown>(
  expected: number,
  ...args: Parameters<typeof apiSend>
): Promise<T> => {
  const answer = await apiSend<T>(...args);
  if (answer.status !== expected) {
    throw new Error(`${args[2]} /api/${args[3]} answered ${answer.status}, not ${expected}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
};

/**
 * A token of provider staff (`email`) managing the company: articles, prices and billed months are
 * the provider's (docs/permissions.md, 'Who may edit prices'; docs/rules.md, 'Billed months are closed'), so test data is made with it.
 */
export const managingToken = async (baseUrl: string, email: string, companyId: number): Promise<string> =>
  (
    await apiExpect<{ data: { token: string } }>(200, baseUrl, await apiToken(baseUrl, email), 'POST', `auth/impersonate?company_id=${companyId}`, {
      reason: 'Testgegevens aanmaken',
    })
  ).data.token;

/**
 * `days` from today, but not before the first day of the current month: a customer may change a
 * service only from there on (docs/rules.md, 'Billed months are closed'), whatever day the tests run.
 */
export const daysInOpenMonth = (days: number): number => Math.max(days, 1 - Number(isoDay(0).slice(8, 10)));

export interface Group {
  id: number;
  name: string;
  fields: { id: number; name: string; used_for_cdr: boolean }[];
}

export interface BulkEntry {
  id: number;
  amount: number;
  time: number;
}

export interface ArticleListItem {
  id: number;
  name: string;
  description: string;
  services_count: number;
  bulk_services: BulkEntry[];
}

/** A service as GET /services/{id} answers it, or a row of GET /articles/{id} (no order reference, no field names). */
export interface ServiceRow {
  id: number;
  end_user: { id: number; firstname: string; lastname: string } | null;
  start_time: number;
  end_time: number | null;
  input_field_1: string | null;
  order_reference?: string | null;
  article_group_field_inputs: { article_group_field_id: number; article_group_field?: { name: string }; value: string }[];
}

export interface ArticleDetail {
  id: number;
  name: string;
  description: string;
  article_group_id: number;
  services: ServiceRow[];
  bulk_services: BulkEntry[];
  price_history: { id: number; from_time: number; price: number; setup_price: number }[];
}

export const groupsOf = (baseUrl: string, token: string) => apiGet<Group[]>(baseUrl, token, 'article-groups/visible');

export const groupNamed = async (baseUrl: string, token: string, name: string): Promise<Group> => {
  const group = (await groupsOf(baseUrl, token)).find((g) => g.name === name);
  if (!group) throw new Error(`no visible article group '${name}'`);
  return group;
};

export const articlesOf = (baseUrl: string, token: string, groupId: number) =>
  apiGet<ArticleListItem[]>(baseUrl, token, `articles?article_group_id=${groupId}`);

export const articleDetail = (baseUrl: string, token: string, id: number, historic = false) =>
  apiGet<ArticleDetail>(baseUrl, token, `articles/${id}${historic ? '?show_historic=true' : ''}`);

export const articleNamed = async (baseUrl: string, token: string, group: Group, name: string) => {
  const article = (await articlesOf(baseUrl, token, group.id)).find((a) => a.name === name);
  if (!article) throw new Error(`no article '${name}' in '${group.name}'`);
  return article;
};

export const createArticle = (baseUrl: string, token: string, group: Group, name: string, extra: Record<string, unknown> = {}) =>
  apiExpect<{ id: number; name: string }>(201, baseUrl, token, 'POST', 'articles/create', {
    name,
    description: `Omschrijving van ${name}`,
    price: '10.00',
    setup_price: '0',
    billing_cycle_id: 1,
    article_group_id: group.id,
    ...extra,
  });

export interface NewService {
  article_id: number;
  start_time: string;
  end_time?: string | null;
  end_user?: { firstname: string; lastname: string };
  end_user_id?: number;
  order_reference?: string;
  input_field_1?: string;
  article_group_field_inputs?: { article_group_field_id: number; value: string }[];
}

export const createService = async (baseUrl: string, token: string, service: NewService) =>
  (await apiExpect<{ data: ServiceRow }>(201, baseUrl, token, 'PUT', 'services/create', service)).data;

export const addBulk = (baseUrl: string, token: string, articleId: number, amount: number, time: number) =>
  apiExpect<BulkEntry>(201, baseUrl, token, 'POST', `articles/${articleId}/bulk-services`, { amount, time });

/** The id of the group's category field with this name. */
export const fieldId = (group: Group, name: string) => {
  const field = group.fields.find((f) => f.name === name);
  if (!field) throw new Error(`group '${group.name}' has no field '${name}'`);
  return field.id;
};

// ---------------------------------------------------------------------------------------------
// Addresses (docs/screens.md, 'Addresses') and fresh test data.

export const groupPath = (group: { id: number; name: string }) => `/mijn-diensten/${group.id}/${slug(group.name)}`;
export const articlePath = (group: { id: number; name: string }, article: { id: number; name: string }) =>
  `${groupPath(group)}/${article.id}/${slug(article.name)}`;

let nameSerial = 0;
/** A name no demo article has, unique in this run. */
export const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(nameSerial += 1)}`;

let phoneSerial = 0;
/** A phone number no demo service has ('0690' + 6 digits), unique in this run. */
export const freshPhone = () => `0690${String(100000 + (phoneSerial += 1) * 37).slice(-6)}`;

// ---------------------------------------------------------------------------------------------
// Time in the business zone (docs/rules.md, 'Business time'), computed here with Intl.

const ZONE = 'Europe/Amsterdam';

const zoned = (epochMs: number) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(new Date(epochMs))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
};

/** The epoch seconds of a wall-clock time in Amsterdam. */
export const amsterdamEpoch = (year: number, month: number, day: number, hour = 0, minute = 0): number => {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  for (let i = 0; i < 3; i += 1) {
    const p = zoned(guess);
    guess += wanted - Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  }
  return Math.floor(guess / 1000);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (Amsterdam) shifted by `days`, as YYYY-MM-DD. */
export const isoDay = (days = 0, nowMs = Date.now()): string => {
  const p = zoned(nowMs);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** 12:00 Amsterdam time of the day `days` from today, in epoch seconds. */
export const noonOf = (days = 0): number => {
  const [y, m, d] = isoDay(days).split('-').map(Number);
  return amsterdamEpoch(y, m, d, 12);
};

/** An ISO date-time with offset for the API: 12:00 Amsterdam time `days` from today. */
export const apiNoon = (days = 0): string => new Date(noonOf(days) * 1000).toISOString();

/** dd-mm-yyyy in the business zone. */
export const dutchDate = (epochSeconds: number) => {
  const p = zoned(epochSeconds * 1000);
  return `${pad(p.day)}-${pad(p.month)}-${p.year}`;
};

/** docs/rules.md, 'Bulk services': the active bulk count is the total of the latest entry not after today 12:00. */
export const activeBulk = (entries: BulkEntry[]) => {
  const noon = noonOf(0);
  return entries.filter((e) => e.time <= noon).reduce((sum, e) => sum + e.amount, 0);
};

/** docs/costs.md, '1. Active days': active at a moment when start <= moment and (no end or end > moment). */
export const isActive = (service: Pick<ServiceRow, 'start_time' | 'end_time'>, nowSeconds = Date.now() / 1000) =>
  service.start_time <= nowSeconds && (service.end_time === null || service.end_time > nowSeconds);

export const endUserLabel = (service: Pick<ServiceRow, 'end_user'>) =>
  service.end_user ? `${service.end_user.firstname} ${service.end_user.lastname}` : '<Geen gebruiker>';

/** A category value by field name; an article's rows name the field by id only, so pass the group's fields. */
export const fieldOf = (service: ServiceRow, name: string, fields: { id: number; name: string }[] = []) => {
  const fieldId = fields.find((f) => f.name === name)?.id;
  return service.article_group_field_inputs.find((i) => (i.article_group_field ? i.article_group_field.name === name : i.article_group_field_id === fieldId))?.value ?? '';
};

// ---------------------------------------------------------------------------------------------
// Reading the screens.

/** A toast (notistack alert) with exactly this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The data rows of a table (rows with cells, not the aria-hidden spacers of a virtual table). */
export const bodyRows = (table: Locator) => table.locator('tbody tr:not([aria-hidden="true"])');

/** Column headers of a table, as shown. */
export const headers = (table: Locator) =>
  table.locator('thead th, thead [role="columnheader"]').evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''));

/** The rendered rows of a table as objects keyed by its column headers. */
export const readTable = async (table: Locator): Promise<Record<string, string>[]> => {
  const names = await headers(table);
  const cells = await bodyRows(table).evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
  );
  return cells.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i] ?? ''])));
};

/** Waits until the table shows exactly these rows (in any order); the last difference fails. */
export const expectRows = async (table: Locator, expected: Record<string, string>[], timeoutMs = 15_000) => {
  const key = (r: Record<string, string>) => JSON.stringify(Object.entries(r).sort());
  const sorted = (rows: Record<string, string>[]) => rows.map(key).sort();
  await eventually(async () => {
    const shown = await readTable(table);
    const projected = shown.map((row) => Object.fromEntries(Object.keys(expected[0] ?? row).map((k) => [k, row[k]])));
    expect(sorted(projected)).toEqual(sorted(expected));
  }, timeoutMs);
};

/** The label/value pairs of a detail list (dt/dd) on the screen. */
export const readDetails = (page: Page) =>
  page.locator('dl').first().evaluate((dl) => {
    const out: Record<string, string> = {};
    const dts = Array.from(dl.querySelectorAll('dt'));
    for (const dt of dts) {
      let dd = dt.nextElementSibling;
      while (dd && dd.tagName !== 'DD') dd = dd.nextElementSibling;
      out[dt.textContent?.trim() ?? ''] = dd?.textContent?.trim() ?? '';
    }
    return out;
  });

/** Reads a CSS colour as [r, g, b]. */
export const rgbOf = (color: string): [number, number, number] => {
  const m = color.match(/rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!m) throw new Error(`not an rgb colour: ${color}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

/**
 * Waits until no CSS transition or animation runs (a dialog fading in, a toast sliding), so that
 * an axe colour-contrast check sees the final colours.
 */
export const animationsDone = (page: Page) =>
  eventually(async () => {
    const running = await page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    if (running > 0) throw new Error(`${running} animations still running`);
  }, 5_000, 50);

/** Counts requests to an API path (method and path prefix) made by the page from now on. */
export const countRequests = (page: Page, method: string, pathPrefix: string) => {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.startsWith(pathPrefix)) counter.count += 1;
  });
  return counter;
};
