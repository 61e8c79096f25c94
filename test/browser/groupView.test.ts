import Decimal from 'decimal.js';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { apiGet, apiToken, euro, eventually, heading, KLANT, newPage, pathOf, previousMonth, slug, tableRows, trackApi } from './support';

/**
 * docs/screens.md, 'Groepsoverzicht', in Chromium, as klant@demo.nl (EDIT_PARENT_COMPANY in Van Dijk Groep):
 * 'Bekijken' opens a branch's costs read-only, without managing it; the costs table keeps every amount and action
 * in view at tablet and phone width; it sorts by a header with the order in the address; axe at 390 and 1366.
 * Expected figures come from the API, never from the client's code.
 */
jest.setTimeout(180_000);

interface BranchFigures {
  company_id: number;
  name: string;
  total: number;
}

interface GroupCosts {
  parent: { name: string };
  branches: BranchFigures[];
}

const BRANCH = 'Van Dijk Elektrotechniek B.V.';

describeInBrowser('Groepsoverzicht (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let group: GroupCosts;
  const month = previousMonth();
  const maand = month.from.slice(0, 7);

  beforeAll(async () => {
    base = run.portal.baseUrl;
    const token = await apiToken(base, KLANT.email);
    group = (await apiGet<{ data: GroupCosts }>(base, token, `group/costs?costs_date_from=${month.from}&costs_date_to=${month.to}`)).data;
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const costsTable = () => page.getByRole('table', { name: `Kosten ${month.label} per vestiging van ${group.parent.name}` });

  /** Groepsoverzicht of the month, its calls settled. */
  const openGroupView = async (query = '') => {
    const api = trackApi(page);
    await page.goto(`${base}/kosten/groep?maand=${maand}${query}`);
    await costsTable().waitFor();
    await api.idle(300);
  };

  it("opens a branch's costs read-only from 'Bekijken': its name and amounts, no managing, and back", async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const impersonations: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/impersonate')) impersonations.push(request.url());
    });
    await login(page, base, KLANT.email);
    await openGroupView();
    expect(await seriousViolations(page)).toEqual([]);

    const branch = group.branches.find((b) => b.name === BRANCH)!;
    const row = costsTable().getByRole('row').filter({ hasText: BRANCH });
    const groupTotal = (await row.locator('td[data-label="Totale kosten"]').innerText()).trim();
    expect(groupTotal).toBe(euro(branch.total));

    const api = trackApi(page);
    await row.getByRole('link', { name: `Kosten van ${BRANCH} bekijken` }).click();
    await heading(page, `Kosten ${BRANCH}`).waitFor();
    expect(pathOf(page)).toBe(`/kosten/groep/${branch.company_id}/${slug(BRANCH)}`);
    expect(new URL(page.url()).searchParams.get('maand')).toBe(maand);
    const summary = page.getByRole('table', { name: `Kosten ${month.label}` });
    await summary.waitFor();
    await api.idle(300);

    // The branch's own month table: its Totale kosten is the group view's figure of the branch, with the VAT lines below.
    const rows = await tableRows(summary);
    expect(rows.find((cells) => cells[0] === 'Totale kosten')?.[1]).toBe(groupTotal);
    expect(rows.some((cells) => cells[0] === 'Totaal incl. btw' && cells[1].startsWith('€ '))).toBe(true);
    await page.getByText('Bedragen excl. btw').waitFor();
    // Read-only: no dialog asked a reason, nothing managed, no banner.
    expect(await page.getByRole('dialog', { name: 'Bedrijf beheren' }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Je beheert nu' }).count()).toBe(0);
    expect(impersonations).toEqual([]);
    expect(await page.getByRole('button', { name: /Export facturatiedetails/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Back through the breadcrumb, to the same month.
    await page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Groepsoverzicht' }).click();
    await costsTable().waitFor();
    expect(pathOf(page)).toBe('/kosten/groep');
    expect(new URL(page.url()).searchParams.get('maand')).toBe(maand);
  });

  /**
   * Every 'Totale kosten' cell and every 'Bekijken' link lies wholly inside the viewport and inside its table's
   * scroll container, which scrolls nothing out of view (its scrollWidth fits its width), nor does the page.
   */
  const expectNothingCutOff = async (table: Locator) => {
    const cells = [...(await table.locator('td[data-label="Totale kosten"]').all()), ...(await table.getByRole('link', { name: /bekijken$/ }).all())];
    expect(cells.length).toBe(group.branches.length * 2 + 1);
    for (const cell of cells) {
      const fit = await cell.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const container = element.closest('.MuiTableContainer-root')!;
        const frame = container.getBoundingClientRect();
        return {
          text: element.textContent,
          inViewport: box.left >= 0 && box.right <= window.innerWidth + 0.5 && box.width > 0,
          inContainer: box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5,
          containerScrolls: container.scrollWidth > container.clientWidth + 1,
          pageScrolls: document.documentElement.scrollWidth > window.innerWidth + 1,
        };
      });
      expect(fit).toEqual({ text: fit.text, inViewport: true, inContainer: true, containerScrolls: false, pageScrolls: false });
    }
  };

  it('keeps every total and every Bekijken in view at 768 and 390 px wide, and beside the menu at 1280', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await login(page, base, KLANT.email);
    await openGroupView();
    await expectNothingCutOff(costsTable());

    // The menu beside the table leaves it a little less than its columns need.
    await page.setViewportSize({ width: 1280, height: 900 });
    await openGroupView();
    await expectNothingCutOff(costsTable());

    await page.setViewportSize({ width: 390, height: 844 });
    await openGroupView();
    await expectNothingCutOff(costsTable());
    expect(await seriousViolations(page)).toEqual([]);

    // At phone width the rows are stacked and 'Sorteren op' takes the headers' place.
    await page.getByLabel('Sorteren op').selectOption({ label: 'Totale kosten (aflopend)' });
    await page.waitForURL((url) => url.searchParams.get('sorteer') === 'totaal' && url.searchParams.get('volgorde') === 'aflopend');

    const branch = group.branches.find((b) => b.name === BRANCH)!;
    await costsTable().getByRole('link', { name: `Kosten van ${BRANCH} bekijken` }).click();
    await heading(page, `Kosten ${BRANCH}`).waitFor();
    expect(pathOf(page)).toBe(`/kosten/groep/${branch.company_id}/${slug(BRANCH)}`);
    await page.getByRole('table', { name: `Kosten ${month.label}` }).waitFor();
    await trackApi(page).idle(300);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sorts by Totale kosten, highest first, with the order in the address and the group total last', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await login(page, base, KLANT.email);
    await openGroupView();
    const table = costsTable();
    // Wide enough for the table itself: its header row sorts, and nothing is cut off either.
    await expectNothingCutOff(table);

    await table.getByRole('button', { name: 'Totale kosten' }).click();
    await page.waitForURL((url) => url.searchParams.get('sorteer') === 'totaal');
    expect(new URL(page.url()).searchParams.get('volgorde')).toBe('aflopend');
    expect(new URL(page.url()).searchParams.get('maand')).toBe(maand);

    const byTotal = [...group.branches].sort((a, b) => new Decimal(b.total).comparedTo(a.total) || a.name.localeCompare(b.name, 'nl'));
    // The rows as the table shows them, once it has drawn the order the address names.
    const expectOrder = (names: string[]) =>
      eventually(async () => expect((await tableRows(table)).slice(1).map((cells) => cells[0])).toEqual([...names, `Totaal ${group.parent.name}`]));
    await expectOrder(byTotal.map((b) => b.name));
    expect(await table.getByRole('columnheader', { name: 'Totale kosten' }).getAttribute('aria-sort')).toBe('descending');

    // A reload keeps the order; a second click turns it around.
    await page.reload();
    await table.waitFor();
    await expectOrder(byTotal.map((b) => b.name));
    await table.getByRole('button', { name: 'Totale kosten' }).click();
    await page.waitForURL((url) => url.searchParams.get('volgorde') === 'oplopend');
    const ascending = [...group.branches].sort((a, b) => new Decimal(a.total).comparedTo(b.total) || a.name.localeCompare(b.name, 'nl'));
    await expectOrder(ascending.map((b) => b.name));
  });
});
