import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { apiGet, apiToken, dutch2, expectedMonths, heading, isFocused, KLANT, newPage, trackApi } from './support';

/**
 * 'Groepsbundel' (docs/usage.md, 'Where the bundle is going') in Chromium as klant@demo.nl, whose demo usage runs up to today: the
 * dashboard card's projection line, the screen it opens with the figures of the API, a column per
 * day, the top numbers, an axe scan, the keyboard, and a phone's 390 px.
 */
jest.setTimeout(120_000);

interface BundleUsage {
  total_gb: number;
  gb_used: number;
  projection: { text: string } | null;
  days: { day: string; gb: number }[];
  top: { number: string; gb: number }[];
}

describeInBrowser('Groepsbundel (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const [current] = expectedMonths();
  const maand = current.value.slice(0, 7);

  beforeAll(async () => {
    token = await apiToken(run.portal.baseUrl, KLANT.email);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('says on the dashboard where the bundle is going, and opens the screen with the figures, the days and the top numbers', async () => {
    const usage = await apiGet<BundleUsage>(run.portal.baseUrl, token, `costs/groupbundle/usage?costs_date_from=${current.value}`);
    expect(usage.projection).not.toBeNull();
    expect(usage.days.some((d) => d.gb > 0)).toBe(true);
    // The days add up to gb_used (to far below the 2 decimals shown).
    expect(usage.days.reduce((sum, d) => sum + d.gb, 0)).toBeCloseTo(usage.gb_used, 6);

    const api = trackApi(page);
    await login(page, run.portal.baseUrl, KLANT.email);
    const card = page.getByRole('link', { name: /^Groepsbundel .* GB van / });
    await card.getByText(usage.projection!.text).waitFor();

    await page.getByRole('link', { name: 'Bundeldetails' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/groepsbundel?maand=${maand}`);
    await heading(page, 'Groepsbundel').waitFor();
    await page.getByText(`${dutch2(usage.gb_used)} GB van ${dutch2(usage.total_gb)} GB`).waitFor();
    await page.getByText(usage.projection!.text).waitFor();

    const chart = page.getByRole('region', { name: 'Verbruik per dag' });
    await chart.locator('.highcharts-column-series .highcharts-point').first().waitFor();
    expect(await chart.locator('.highcharts-column-series .highcharts-point').count()).toBe(usage.days.length);

    const table = page.getByRole('table', { name: 'Grootste verbruikers' });
    const numbers = await table.locator('tbody tr td:first-child').allTextContents();
    expect(numbers).toEqual(usage.top.map((row) => row.number));
    expect(await table.locator('tbody tr td:last-child').allTextContents()).toEqual(usage.top.map((row) => `${dutch2(row.gb)} GB`));

    await api.idle(300);
    await page.screenshot({ path: '/tmp/groepsbundel.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The keyboard reaches the month picker, and a chart's column (the accessibility module's proxies).
    const month = page.getByLabel('Maand');
    await month.focus();
    expect(await isFocused(month)).toBe(true);
    expect(await chart.locator('.highcharts-a11y-proxy-element, [tabindex="0"]').count()).toBeGreaterThan(0);
  });

  it('fits a phone 390 px wide', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, run.portal.baseUrl, KLANT.email);
    await page.goto(`${run.portal.baseUrl}/groepsbundel?maand=${maand}`);
    await heading(page, 'Groepsbundel').waitFor();
    await page.getByRole('table', { name: 'Grootste verbruikers' }).waitFor();
    await page.getByRole('region', { name: 'Verbruik per dag' }).locator('.highcharts-column-series .highcharts-point').first().waitFor();
    await page.screenshot({ path: '/tmp/groepsbundel-phone.png', fullPage: true });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
