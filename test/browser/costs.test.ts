import Decimal from 'decimal.js';
import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { apiGet, apiToken, cents, euro, eventually, heading, KLANT, newPage, pathOf, previousMonth, tableRows, trackApi } from './support';

/**
 * docs/screens.md, 'Kosten' and 'Verbruik', in Chromium, as klant@demo.nl: /kosten with its bar
 * chart and month summary, a detail screen and one article's lines, the usage report and one
 * number's records, and axe scans of each. Expected figures come from the API and the rules of
 * docs/costs.md, computed here with decimal.js, never from the client's code.
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
  vat: { rate: number };
}

interface CostLine {
  article_id: number;
  article_name: string;
  total_price: number;
}

interface ReportRow {
  id: number;
  firstname: string;
  lastname: string;
  mobile_number: string;
  total_price: number;
}

describeInBrowser('Kosten en verbruik (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let base: string;
  const month = previousMonth();
  const range = `costs_date_from=${month.from}&costs_date_to=${month.to}`;
  /** The month as the costs screens' addresses carry it (`?maand=YYYY-MM`). */
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

  /** The axe scan of the screen once its calls have settled and its chart, if any, is drawn. */
  const expectAccessible = async (api: ReturnType<typeof trackApi>) => {
    await api.idle(300);
    expect(await seriousViolations(page)).toEqual([]);
  };

  it('shows /kosten: the twelve-month chart, the month summary from the API, a detail screen and an article', async () => {
    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Kosten', exact: true }).click();
    await page.waitForURL(`${base}/kosten`);
    await heading(page, 'Kosten').waitFor();

    // The month picker starts at the month before today.
    expect(await page.getByLabel('Maand', { exact: true }).inputValue()).toBe(month.from);

    // docs/screens.md, 'Month overview': Totale kosten = setup + full + periodic + usage, each figure to the cent.
    const costs = await apiGet<PeriodCosts>(base, token, `costs?${range}`);
    const sumOf = (kind: keyof CostFigures) => cents(Decimal.sum(0, ...costs.billing_cycles.map((cycle) => cycle.costs[kind])));
    const figures = { periodic: sumOf('periodic'), full: sumOf('full'), setup: sumOf('setup'), usage: cents(costs.usage) };
    const total = figures.periodic.plus(figures.full).plus(figures.setup).plus(figures.usage);
    const summary = page.getByRole('table', { name: `Kosten ${month.label}` });
    await summary.waitFor();
    const rows = await tableRows(summary);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['Soort kosten', 'Bedrag'],
      ['Periodiek', euro(figures.periodic)],
      ['Nieuwe aansluitingen', euro(figures.full)],
      ['Set up', euro(figures.setup)],
      ['Verbruik', euro(figures.usage)],
      ['Totale kosten', euro(total)],
      // docs/cost-specification.md, 'VAT': the total times the rate, rounded half-up once, and their sum.
      [`Btw ${String(costs.vat.rate).replace('.', ',')} %`, euro(cents(total.times(costs.vat.rate).dividedBy(100)))],
      ['Totaal incl. btw', euro(total.plus(cents(total.times(costs.vat.rate).dividedBy(100))))],
    ]);
    expect(figures.periodic.gt(0)).toBe(true);

    // The bar chart: four stacked cost types over twelve months, Dutch month labels.
    const chart = page.getByRole('region', { name: 'Kosten per maand' });
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('.highcharts-series-group').waitFor();
    expect(await chart.locator('.highcharts-xaxis-labels text').count()).toBeGreaterThanOrEqual(6);
    expect(await chart.locator('.highcharts-legend-item').allTextContents()).toEqual(
      expect.arrayContaining(['Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik']),
    );
    // What a screen reader reads of it is Dutch too (components/charts/dutchHighcharts.ts).
    const spoken = await chart.evaluate((element) =>
      [element.textContent ?? '', ...[...element.querySelectorAll('[aria-label]')].map((labelled) => labelled.getAttribute('aria-label'))].join(' | '),
    );
    expect(spoken).toContain('Interactieve grafiek');
    expect(spoken).toContain('Einde van interactieve grafiek.');
    expect(spoken).toContain('Toon Verbruik');
    expect(spoken).not.toMatch(/End of interactive chart|Highcharts interactive chart|Show Verbruik|Chart legend|Toggle series/);
    await expectAccessible(api);

    // Periodiek: the month's lines above zero per article, highest first.
    await summary.getByRole('link', { name: 'Periodiek' }).click();
    await page.waitForURL(`${base}/kosten/maandelijks?maand=${maand}`);
    await heading(page, `Periodiek – ${month.label}`).waitFor();
    const lines = await apiGet<CostLine[]>(base, token, `costslinesmonthly?${range}`);
    const perArticle = new Map<number, { name: string; amount: Decimal }>();
    for (const line of lines.filter((l) => new Decimal(l.total_price).gt(0))) {
      const entry = perArticle.get(line.article_id) ?? { name: line.article_name, amount: new Decimal(0) };
      perArticle.set(line.article_id, { ...entry, amount: entry.amount.plus(cents(line.total_price)) });
    }
    const expected = [...perArticle.entries()].sort(([, a], [, b]) => b.amount.comparedTo(a.amount) || a.name.localeCompare(b.name, 'nl'));
    const articles = page.getByRole('table', { name: 'Per artikel' });
    await articles.waitFor();
    const articleRows = (await tableRows(articles)).slice(1, -1);
    expect(articleRows.map((row) => [row[0], row[3]])).toEqual(expected.map(([, a]) => [a.name, euro(a.amount)]));
    expect((await tableRows(articles)).at(-1)).toEqual(['Totaal', euro(Decimal.sum(0, ...expected.map(([, a]) => a.amount)))]);
    await page.locator('.highcharts-pie-series').first().waitFor();
    await expectAccessible(api);

    // The highest article: its lines per service.
    const [topId, top] = expected[0];
    await articles.getByRole('link', { name: top.name, exact: true }).click();
    await page.waitForURL(`${base}/kosten/maandelijks/${topId}?maand=${maand}`);
    await heading(page, top.name).waitFor();
    const services = page.getByRole('table', { name: 'Per afname' });
    await services.waitFor();
    expect((await tableRows(services))[0]).toEqual(['Eindgebruiker', 'Aantal', 'Stuksprijs', 'Bedrag']);
    expect((await tableRows(services)).at(-1)).toEqual(['Totaal', euro(top.amount)]);
    await expectAccessible(api);

    // The month is in the address: a reload shows the same screen of the same month.
    await page.reload();
    await heading(page, top.name).waitFor();
    await page.getByRole('table', { name: 'Per afname' }).waitFor();
    expect(pathOf(page)).toBe(`/kosten/maandelijks/${topId}`);
  });

  it('sends a detail screen opened without a month in its address back to /kosten', async () => {
    await login(page, base, KLANT.email);
    await page.goto(`${base}/kosten/setup`);
    await heading(page, 'Kosten').waitFor();
    expect(pathOf(page)).toBe('/kosten');
  });

  it('opens the usage report of the month from /kosten/verbruik, and one number’s records', async () => {
    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await page.goto(`${base}/kosten`);
    const summary = page.getByRole('table', { name: `Kosten ${month.label}` });
    await summary.getByRole('link', { name: 'Verbruik' }).click();
    await page.waitForURL(`${base}/kosten/verbruik?maand=${maand}`);
    await heading(page, `Verbruik – ${month.label}`).waitFor();
    await page.getByRole('table', { name: 'Per soort verbruik' }).waitFor();
    await expectAccessible(api);

    await page.getByRole('link', { name: 'Totaal verbruik' }).click();
    await page.waitForURL(`${base}/verbruik?from=${month.from}&to=${month.to}`);
    await heading(page, 'Verbruik').waitFor();

    // The report per number, as the API answers it for the month.
    const report = await apiGet<ReportRow[]>(base, token, `report?report_date_from=${month.from}&report_date_to=${month.to}`);
    expect(report.length).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Verbruik per nummer' });
    await table.waitFor();
    // Long reports render only the rows in view; the table still tells its full size.
    await eventually(async () => expect(await table.getAttribute('aria-rowcount')).toBe(String(report.length + 1)));
    const shown = (await tableRows(table)).slice(1);
    const first = report[0];
    expect(shown[0][1]).toBe(first.mobile_number);
    expect(shown[0][6]).toBe(euro(first.total_price));
    await expectAccessible(api);

    // A filter is a new report: data only.
    await page.getByLabel('Type', { exact: true }).selectOption('data');
    await page.waitForURL(/[?&]type=data/);
    await table.waitFor();
    await expectAccessible(api);

    // One number: its records over the same month.
    await table.locator('tbody tr:not([aria-hidden="true"])').first().getByRole('link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/verbruik/') && url.searchParams.get('from') === month.from);
    const number = decodeURIComponent(pathOf(page).split('/')[4]);
    await heading(page, `Verbruik ${number}`).waitFor();
    const records = page.getByRole('table', { name: /^Verbruiksregels \(\d+\)$/ });
    await records.waitFor();
    const [recordHead, firstRecord] = await tableRows(records);
    expect(recordHead).toEqual(['Datum', 'Tijd', 'Richting', 'Type', 'Afzender', 'Ontvanger', 'Lengte', 'Bundel', 'Prijs']);
    expect(firstRecord[0]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(firstRecord[6]).toMatch(/^(\d+ B|\d+,\d{2} (kB|MB|GB)|\d{2}:\d{2}:\d{2}|\d+)$/);
    expect(firstRecord[8]).toMatch(/^€ \d/);
    await expectAccessible(api);
  });
});
