import Decimal from 'decimal.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { apiGet, apiToken, euro, eventually, heading, KLANT, previousMonth, trackApi } from './support';

/**
 * docs/screens.md, 'Verbruik', 'Sorting' and 'Layout', in Chromium as klant@demo.nl: on a phone
 * (390 px) the numbers as cards, the filters folded behind 'Filters (n)' and 'Sorteren op'; at
 * 1366 px the table sorted by a header click; at 390 and 768 px every item of the menu's drawer
 * in view below the header. Expected figures come from the API, written out here by the rules of
 * docs/screens.md ('Notation of usage'), never by the client's code.
 */
jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1366, height: 900 };

interface ReportRow {
  id: number;
  firstname: string;
  lastname: string;
  mobile_number: string;
  data: number;
  sms: number;
  call_seconds: number;
  total_price: number;
}

const dutchDecimals = (value: Decimal) => {
  const [int, frac] = value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac}`;
};

/** Data in B, kB, MB or GB in steps of 1024, the larger units with 2 decimals. */
const bytes = (value: number) => {
  const units = ['B', 'kB', 'MB', 'GB'];
  let unit = 0;
  while (unit < units.length - 1 && value >= 1024 ** (unit + 1)) unit += 1;
  return unit === 0 ? `${value} B` : `${dutchDecimals(new Decimal(value).div(1024 ** unit))} ${units[unit]}`;
};

/** Call time as hh:mm:ss. */
const duration = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

const count = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

const nameOf = (row: ReportRow) => `${row.firstname} ${row.lastname}`.trim() || '<Geen gebruiker>';

const viewportContext = async (browser: Browser, viewport: { width: number; height: number }, touch: boolean) => {
  const context = await browser.newContext({
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport,
    ...(touch ? { isMobile: true, hasTouch: true } : {}),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
};

/** Each card's figures by their terms, and its link. */
const readCards = (list: Locator) =>
  list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector('a')?.textContent ?? '',
      href: item.querySelector('a')?.getAttribute('href') ?? '',
      text: item.textContent ?? '',
      figures: Object.fromEntries(Array.from(item.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
    })),
  );

describeInBrowser('Verbruik on a phone, sorted, and the menu below the header (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let token: string;
  const month = previousMonth();
  const period = `from=${month.from}&to=${month.to}`;
  const apiRange = `report_date_from=${month.from}&report_date_to=${month.to}`;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    token = await apiToken(base, KLANT.email);
  }, 120_000);

  afterEach(async () => {
    await context?.close();
  });

  /** The menu's drawer opened: each item is in view below the header (not under it) and is the element at its centre. */
  const expectMenuItemsInView = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Menu in- of uitklappen' }).click();
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const dashboard = menu.getByRole('link', { name: 'Dashboard', exact: true });
    await dashboard.waitFor();
    // The drawer slides in: wait until it stands still.
    await eventually(async () => expect((await dashboard.boundingBox())!.x).toBeGreaterThanOrEqual(0));
    const headerBottom = await page.locator('header').first().evaluate((header) => header.getBoundingClientRect().bottom);
    const links = await menu.getByRole('link').all();
    expect(links.length).toBeGreaterThan(4);
    for (const link of links) {
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect({ label: await link.innerText(), below: box.y >= headerBottom - 0.5 }).toEqual({ label: await link.innerText(), below: true });
      const hit = await link.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const atCentre = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return atCentre !== null && element.contains(atCentre);
      });
      expect({ label: await link.innerText(), hit }).toEqual({ label: await link.innerText(), hit: true });
    }
    await dashboard.scrollIntoViewIfNeeded();
    await dashboard.click();
    await page.waitForURL(`${base}/dashboard`);
    await heading(page, 'Dashboard').waitFor();
  };

  it('at 390 px: cards, folded filters that count, sorting on costs, and the whole menu in view', async () => {
    const report = await apiGet<ReportRow[]>(base, token, `report?${apiRange}`);
    expect(report.length).toBeGreaterThan(1);
    context = await viewportContext(run.browser, PHONE, true);
    page = await context.newPage();
    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await page.goto(`${base}/verbruik?${period}`);
    await heading(page, 'Verbruik').waitFor();

    // The numbers as cards, in the report's usual order: the first is the API's first number.
    const list = page.getByRole('list', { name: 'Verbruik per nummer' });
    await list.getByRole('listitem').first().getByRole('link').waitFor();
    expect(await page.getByRole('table', { name: 'Verbruik per nummer' }).count()).toBe(0);
    const [first] = await readCards(list);
    const known = report[0];
    expect(first.name).toBe(nameOf(known));
    expect(first.text).toContain(known.mobile_number);
    expect(first.href.startsWith(`/verbruik/${known.id}/`)).toBe(true);
    expect(first.href).toContain(`/${known.mobile_number}?`);
    expect(first.figures).toEqual({ Data: bytes(known.data), Beltijd: duration(known.call_seconds), SMS: count(known.sms), Totaal: euro(known.total_price) });
    expect(await list.getByRole('listitem').count()).toBe(Math.min(report.length, 50));

    // The filters folded, the period in a line; the cards start on the first screen.
    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.innerText()).toBe('Filters');
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Type', { exact: true }).isVisible()).toBe(false);
    const [y, m, d] = month.from.split('-');
    const [ty, tm, td] = month.to.split('-');
    await page.getByText(`Periode: ${d}-${m}-${y} t/m ${td}-${tm}-${ty}`).waitFor();
    expect((await list.getByRole('listitem').first().boundingBox())!.y).toBeLessThan(PHONE.height);
    await api.idle(300);
    expect(await seriousViolations(page)).toEqual([]);

    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator(`#${await filters.getAttribute('aria-controls')}`).isVisible()).toBe(true);
    // The checkbox follows the address, so it is clicked and the address awaited (not check()).
    const outOnly = page.getByLabel('Alleen buiten de bundel');
    await outOnly.click();
    await page.waitForURL((url) => url.searchParams.get('out_only') === '1');
    await eventually(async () => expect(await filters.innerText()).toBe('Filters (1)'));
    await outOnly.click();
    await page.waitForURL((url) => !url.searchParams.has('out_only'));
    await eventually(async () => expect(await filters.innerText()).toBe('Filters'));
    await filters.click();
    expect(await filters.getAttribute('aria-expanded')).toBe('false');

    // Sorting on costs: highest first, the order in the address.
    await page.getByLabel('Sorteren op').selectOption({ label: 'Kosten (hoogste eerst)' });
    await page.waitForURL((url) => url.searchParams.get('sorteer') === 'kosten' && url.searchParams.get('volgorde') === 'aflopend');
    const highestFirst = [...report]
      .sort((a, b) => new Decimal(b.total_price).comparedTo(a.total_price))
      .slice(0, 50)
      .map((row) => euro(row.total_price));
    await eventually(async () => expect((await readCards(list)).map((card) => card.figures.Totaal)).toEqual(highestFirst));

    await expectMenuItemsInView();
  });

  it('at 768 px: every item of the menu is in view below the header and opens', async () => {
    context = await viewportContext(run.browser, TABLET, true);
    page = await context.newPage();
    await login(page, base, KLANT.email);
    await heading(page, 'Dashboard').waitFor();
    await page.goto(`${base}/verbruik?${period}`);
    await heading(page, 'Verbruik').waitFor();
    await expectMenuItemsInView();
  });

  it('at 1366 px: the filters as they are, and a click on Totaal sorts the table highest first', async () => {
    const report = await apiGet<ReportRow[]>(base, token, `report?${apiRange}`);
    context = await viewportContext(run.browser, DESKTOP, false);
    page = await context.newPage();
    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await page.goto(`${base}/verbruik?${period}`);
    const table = page.getByRole('table', { name: 'Verbruik per nummer' });
    await table.locator('tbody a').first().waitFor();
    expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    await page.getByLabel('Type', { exact: true }).waitFor();
    await api.idle(300);
    expect(await seriousViolations(page)).toEqual([]);

    const total = table.getByRole('columnheader', { name: 'Totaal' });
    expect(await total.getAttribute('aria-sort')).toBe('none');
    await total.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sorteer') === 'kosten' && url.searchParams.get('volgorde') === 'aflopend');
    expect(await total.getAttribute('aria-sort')).toBe('descending');
    const visible = Math.min(report.length, 8);
    const highestFirst = [...report]
      .sort((a, b) => new Decimal(b.total_price).comparedTo(a.total_price))
      .slice(0, visible)
      .map((row) => euro(row.total_price));
    const shownTotals = () =>
      table.locator('tbody tr[aria-rowindex]:not([aria-busy])').evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent ?? ''));
    await eventually(async () => expect((await shownTotals()).slice(0, visible)).toEqual(highestFirst));

    // A second click turns it around: lowest first.
    await total.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('volgorde') === 'oplopend');
    const lowestFirst = [...report]
      .sort((a, b) => new Decimal(a.total_price).comparedTo(b.total_price))
      .slice(0, visible)
      .map((row) => euro(row.total_price));
    await eventually(async () => expect((await shownTotals()).slice(0, visible)).toEqual(lowestFirst));
  });
});
