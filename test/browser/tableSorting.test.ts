import type { Browser, Locator, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { ADMIN, apiGet, apiToken, eventually, heading, KLANT } from './support';
import { articlePath, articlesOf, bodyRows, fieldOf, groupNamed, type Group, type ServiceRow } from './servicesSupport';

/**
 * docs/screens.md, 'Sorting', in Chromium: the afnames of an article sort on the server by a
 * header click, the order in the address and kept by a reload; Admin 'Bedrijven' likewise in the
 * browser; and the tables on a phone (390) and a tablet (768): the afnames' phone numbers in view,
 * the companies' actions not cut off. Expected orders come from the API.
 */
jest.setTimeout(90_000);

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };

const run = usePortal();
/** Rows compared: the demo's busiest article has a handful of afnames. */
const ROWS = 5;

const pageAt = async (browser: Browser, viewport: { width: number; height: number }, touch = false) => {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport, isMobile: touch, hasTouch: touch });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return { context, page: await context.newPage() };
};

/** The demo customer's mobile article with the most afnames (ended ones too), and its group. */
const busiestArticle = async (baseUrl: string) => {
  const token = await apiToken(baseUrl, KLANT.email);
  const group: Group = await groupNamed(baseUrl, token, 'Mobiele telefonie');
  let best = { id: 0, name: '', count: -1 };
  for (const article of await articlesOf(baseUrl, token, group.id)) {
    const { services_count: count } = await apiGet<{ services_count: number }>(baseUrl, token, `articles/${article.id}?show_historic=true&services_limit=1`);
    if (count > best.count) best = { id: article.id, name: article.name, count };
  }
  const phonesIn = async (order: 'asc' | 'desc') => {
    const answer = await apiGet<{ services: ServiceRow[]; article_group: { fields: { id: number; name: string }[] } }>(
      baseUrl,
      token,
      `articles/${best.id}?show_historic=true&sort=phone_number&order=${order}&services_limit=${ROWS}`,
    );
    return answer.services.map((service) => fieldOf(service, 'Telefoonnummer', answer.article_group.fields));
  };
  return { group, article: best, phonesIn };
};

const afnamesTable = (page: Page) => page.getByRole('table', { name: /^Afnames \(\d+\)$/ });

/** The first `n` phone numbers the afnames table shows (its first column), once loaded. */
const shownPhones = async (table: Locator, n: number) => {
  let phones: string[] = [];
  await eventually(async () => {
    phones = (await bodyRows(table).locator('td:first-child').allTextContents()).slice(0, n);
    expect(phones).toHaveLength(n);
    expect(phones).not.toContain('Laden...');
  });
  return phones;
};

const sortParams = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  return [params.get('sorteer'), params.get('volgorde')];
};

/** A box fully inside another (the viewport or the table's scroll area), to the pixel. */
const within = (inner: { x: number; y: number; width: number; height: number }, outer: { x: number; y: number; width: number; height: number }) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

/** An element shows its whole text: nothing cut off by its own overflow (an ellipsis). */
const notClipped = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

describeInBrowser('Sorting the main tables', () => {
  it('sorts the afnames of an article on the server by a header click, kept in the address and by a reload; the end users too', async () => {
    const { group, article, phonesIn } = await busiestArticle(run.portal.baseUrl);
    expect(article.count).toBeGreaterThanOrEqual(ROWS);
    const [up, down] = [await phonesIn('asc'), await phonesIn('desc')];
    expect(up).not.toEqual(down);
    const { context, page } = await pageAt(run.browser, DESKTOP);
    try {
      await login(page, run.portal.baseUrl, KLANT.email);
      await page.goto(`${run.portal.baseUrl}${articlePath(group, article)}?show_historic=1`);
      const table = afnamesTable(page);
      const phoneHeader = table.getByRole('columnheader', { name: 'Telefoonnummer' });
      await expect(table.getByRole('columnheader', { name: 'Startdatum' }).getAttribute('aria-sort')).resolves.toBe('ascending');
      const before = await shownPhones(table, ROWS);

      await phoneHeader.getByRole('button').click();
      await eventually(async () => expect(await shownPhones(table, ROWS)).toEqual(up));
      expect(before).not.toEqual(up);
      expect(sortParams(page)).toEqual(['telefoonnummer', 'oplopend']);
      expect(await phoneHeader.getAttribute('aria-sort')).toBe('ascending');

      await phoneHeader.getByRole('button').click();
      await eventually(async () => expect(await shownPhones(table, ROWS)).toEqual(down));
      expect(sortParams(page)).toEqual(['telefoonnummer', 'aflopend']);
      expect(await phoneHeader.getAttribute('aria-sort')).toBe('descending');
      expect(new URL(page.url()).searchParams.get('show_historic')).toBe('1');

      await page.reload();
      await eventually(async () => expect(await shownPhones(afnamesTable(page), ROWS)).toEqual(down));
      expect(await afnamesTable(page).getByRole('columnheader', { name: 'Telefoonnummer' }).getAttribute('aria-sort')).toBe('descending');
      expect(await seriousViolations(page)).toEqual([]);

      // The end users of Mijn bedrijf: by first name, the other way round, as the server answers.
      const token = await apiToken(run.portal.baseUrl, KLANT.email);
      const expected = (await apiGet<{ firstname: string; lastname: string }[]>(run.portal.baseUrl, token, 'end-users/all?sort=firstname&order=desc&limit=3')).map(
        (endUser) => `${endUser.firstname} ${endUser.lastname}`,
      );
      await page.goto(`${run.portal.baseUrl}/mijn-bedrijf`);
      const list = page.getByRole('list', { name: 'Eindgebruikers' });
      const sortButton = page.getByRole('group', { name: 'Sorteren' }).getByRole('button', { name: /^Voornaam/ });
      await sortButton.click();
      await eventually(async () => expect(await sortButton.getAttribute('aria-label')).toBe('Voornaam, oplopend'));
      await sortButton.click();
      await eventually(async () => expect(await sortButton.getAttribute('aria-label')).toBe('Voornaam, aflopend'));
      expect(sortParams(page)).toEqual(['voornaam', 'aflopend']);
      await eventually(async () => expect((await list.getByRole('link').allTextContents()).slice(0, 3)).toEqual(expected));
    } finally {
      await context.close();
    }
  });

  it("sorts Admin 'Bedrijven' by a column and keeps every 'Activatiemail' button whole on a tablet", async () => {
    const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });
    const { context, page } = await pageAt(run.browser, DESKTOP);
    try {
      await login(page, run.portal.baseUrl, ADMIN.email);
      await page.goto(`${run.portal.baseUrl}/mer-admin?tab=bedrijven`);
      const table = page.getByRole('table', { name: 'Bedrijven' });
      const cities = async () => (await bodyRows(table).locator('td:nth-child(4)').allTextContents()).filter((city) => city !== '–');
      const header = table.getByRole('columnheader', { name: 'Plaats' });
      await expect(table.getByRole('columnheader', { name: 'Naam' }).getAttribute('aria-sort')).resolves.toBe('ascending');

      await header.getByRole('button').click();
      await eventually(async () => expect(sortParams(page)).toEqual(['plaats', 'oplopend']));
      const ascending = await cities();
      expect(ascending.length).toBeGreaterThanOrEqual(2);
      expect(ascending).toEqual([...ascending].sort(collator.compare));
      expect(sortParams(page)).toEqual(['plaats', 'oplopend']);
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      await header.getByRole('button').click();
      await eventually(async () => expect(await cities()).toEqual([...ascending].reverse()));

      await page.reload();
      expect(await page.getByRole('table', { name: 'Bedrijven' }).getByRole('columnheader', { name: 'Plaats' }).getAttribute('aria-sort')).toBe('descending');
      expect(await cities()).toEqual([...ascending].reverse());

      await page.setViewportSize(TABLET);
      const area = (await table.locator('xpath=..').boundingBox())!;
      const buttons = table.getByRole('button', { name: /^Activatiemail/ });
      expect(await buttons.count()).toBeGreaterThanOrEqual(2);
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        expect({ inArea: within(box, area), inView: box.x >= 0 && box.x + box.width <= TABLET.width }).toEqual({ inArea: true, inView: true });
        expect(await notClipped(button)).toBe(true);
      }
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });

  it('shows the phone numbers of the afnames on a phone and a tablet, sorted as on a desktop', async () => {
    const { group, article, phonesIn } = await busiestArticle(run.portal.baseUrl);
    const down = await phonesIn('desc');
    const { context, page } = await pageAt(run.browser, PHONE, true);
    try {
      await login(page, run.portal.baseUrl, KLANT.email);
      await page.goto(`${run.portal.baseUrl}${articlePath(group, article)}?show_historic=1&sorteer=telefoonnummer&volgorde=aflopend`);
      await heading(page, article.name).waitFor();
      for (const viewport of [PHONE, TABLET]) {
        await page.setViewportSize(viewport);
        const table = afnamesTable(page);
        await table.scrollIntoViewIfNeeded();
        expect(await shownPhones(table, 3)).toEqual(down.slice(0, 3));
        const area = (await table.locator('xpath=..').boundingBox())!;
        for (const cell of (await bodyRows(table).locator('td:first-child a').all()).slice(0, 3)) {
          const box = (await cell.boundingBox())!;
          expect({ viewport: viewport.width, inArea: within(box, area), inView: box.x >= 0 && box.x + box.width <= viewport.width }).toEqual({
            viewport: viewport.width,
            inArea: true,
            inView: true,
          });
          expect({ viewport: viewport.width, whole: await notClipped(cell) }).toEqual({ viewport: viewport.width, whole: true });
        }
        if (viewport === PHONE) expect(await seriousViolations(page)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
