import Decimal from 'decimal.js';
import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { apiGet, apiToken, cents, euro, heading, KLANT, newPage, previousMonth, tableRows, trackApi } from './support';

/**
 * docs/cost-specification.md in Chromium, as klant@demo.nl: /kosten's VAT rows, the month's cost
 * specification as a PDF, and 'Per kostenplaats' (the field chooser, the row 'Zonder waarde', the
 * total equal to the month's, the Excel download, a drill-down), on a desktop and on a phone of
 * 390 px. Expected figures come from the API and the rule of 'VAT', computed here with decimal.js.
 */
jest.setTimeout(120_000);

interface CostFigures {
  setup: number;
  full: number;
  periodic: number;
}

interface PeriodCosts {
  billing_cycles: { costs: CostFigures }[];
  usage: number;
  vat: { rate: number; vat: number; total: number; total_including_vat: number };
}

const PHONE = { width: 390, height: 844 };
describeInBrowser('Kostenspecificatie en Per kostenplaats (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let base: string;
  const month = previousMonth();
  const maand = month.from.slice(0, 7);

  beforeAll(async () => {
    base = run.portal.baseUrl;
    token = await apiToken(base, KLANT.email);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows the VAT rows, downloads the month’s PDF, and allocates the month’s costs per Kostenplaats to the cent', async () => {
    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await page.goto(`${base}/kosten`);
    await heading(page, 'Kosten').waitFor();

    // docs/cost-specification.md, 'VAT': Totale kosten is the sum of the shown figures; the VAT is that total
    // times the rate, rounded half-up once; the total incl. VAT their sum.
    const costs = await apiGet<PeriodCosts>(base, token, `costs?costs_date_from=${month.from}&costs_date_to=${month.to}`);
    const sumOf = (kind: keyof CostFigures) => cents(Decimal.sum(0, ...costs.billing_cycles.map((cycle) => cycle.costs[kind])));
    const total = sumOf('periodic').plus(sumOf('full')).plus(sumOf('setup')).plus(cents(costs.usage));
    const vat = cents(total.times(costs.vat.rate).dividedBy(100));
    const summary = page.getByRole('table', { name: `Kosten ${month.label}` });
    await summary.waitFor();
    const rows = await tableRows(summary);
    expect(rows.slice(-3).map((row) => row.slice(0, 2))).toEqual([
      ['Totale kosten', euro(total)],
      [`Btw ${String(costs.vat.rate).replace('.', ',')} %`, euro(vat)],
      ['Totaal incl. btw', euro(total.plus(vat))],
    ]);
    expect(await page.getByText('Bedragen excl. btw', { exact: true }).count()).toBe(1);

    // The month's PDF: a PDF answer, saved under the server's name.
    const [answer, pdf] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/costs/specification'),
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Kostenspecificatie ${month.label} (PDF)` }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    expect(new URL(answer.url()).searchParams.get('costs_date_from')).toBe(month.from);
    expect(pdf.suggestedFilename()).toBe(`kostenspecificatie-${maand}.pdf`);

    // Per kostenplaats: choose the field; the total row is the month's Totale kosten.
    await page.getByRole('link', { name: 'Per kostenplaats' }).click();
    await page.waitForURL(`${base}/kosten/per-kostenplaats?maand=${maand}`);
    await heading(page, 'Per kostenplaats').waitFor();
    const chosen = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/costs/allocation/field');
    await page.getByLabel('Verdelen naar').selectOption({ label: 'Kostenplaats' });
    expect((await chosen).status()).toBe(200);
    const allocation = page.getByRole('table', { name: `Kosten ${month.label} per Kostenplaats` });
    await allocation.waitFor();
    const allocationRows = await tableRows(allocation);
    expect(allocationRows[0]).toEqual(['Kostenplaats', 'Afnames', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totaal']);
    expect(allocationRows.map((row) => row[0])).toContain('Zonder waarde');
    const totalRow = allocationRows.at(-1)!;
    expect(totalRow[0]).toBe('Totaal');
    expect(totalRow.at(-1)).toBe(euro(total));
    // The rows add up to the total row, column by column, to the cent.
    const amountOf = (text: string) => new Decimal(text.replace('€ ', '').replace(/\./g, '').replace(',', '.'));
    for (let column = 2; column < 7; column += 1) {
      const sum = Decimal.sum(0, ...allocationRows.slice(1, -1).map((row) => amountOf(row[column])));
      expect(euro(sum)).toBe(totalRow[column]);
    }
    expect(await page.getByText('Bedragen excl. btw', { exact: true }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // The Excel download.
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel downloaden' }).click()]);
    expect(excel.suggestedFilename()).toMatch(new RegExp(`-${maand}\\.xlsx$`));

    // A drill-down: the afnames behind 'Zonder waarde', adding up to its row.
    const noValue = allocationRows.find((row) => row[0] === 'Zonder waarde')!;
    await allocation.getByRole('link', { name: 'Zonder waarde' }).click();
    await page.waitForURL((url) => url.pathname === '/kosten/per-kostenplaats/waarde');
    await heading(page, 'Zonder waarde').waitFor();
    const afnames = page.getByRole('table', { name: 'Afnames' });
    await afnames.waitFor();
    const afnameRows = await tableRows(afnames);
    expect(afnameRows.at(-1)![0]).toBe('Totaal');
    expect(afnameRows.at(-1)!.at(-1)).toBe(noValue.at(-1));
    await api.idle(300);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the chosen field and reads well on a phone 390 px wide', async () => {
    // The company's remembered choice (docs/cost-specification.md, 'Costs per cost centre').
    const put = await fetch(`${base}/api/costs/allocation/field`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ field: 'free:1' }),
    });
    expect(put.status).toBe(200);
    await login(page, base, KLANT.email);
    await page.setViewportSize(PHONE);
    const api = trackApi(page);
    await page.goto(`${base}/kosten/per-kostenplaats?maand=${maand}`);
    await heading(page, 'Per kostenplaats').waitFor();
    const allocation = page.getByRole('table', { name: `Kosten ${month.label} per Kostenplaats` });
    await allocation.waitFor();
    expect(await page.getByLabel('Verdelen naar').inputValue()).toBe('free:1');

    // No sideways scroll; each row a block whose lines stay within the screen.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const firstRow = allocation.locator('tbody tr').first();
    for (const cell of await firstRow.locator('th, td').all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The header row is hidden visually; each amount carries its column's label (shown before it).
    expect((await allocation.locator('thead').boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
    expect(await firstRow.locator('td').nth(1).getAttribute('data-label')).toBe('Periodiek');
    await api.idle(300);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
