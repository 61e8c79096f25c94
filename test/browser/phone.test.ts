import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, login, loginManaging, usePortal, seriousViolations } from './harness';
import { ADMIN, apiToken, heading, KLANT, pathOf, trackApi } from './support';
import { animationsDone, articleNamed, articlePath, articlesOf, freshPhone, groupNamed, groupPath, groupsOf, type Group } from './servicesSupport';

/**
 * The portal on a phone (docs/performance.md, 'Targets'): 390x844, touch. Each screen a customer uses is usable: its
 * heading in view, no sideways scroll of the page, no serious axe violations, touch targets of at
 * least 44 px, and no amount broken between '€' and its number. The last block does the same on a
 * tablet (768x1024).
 */
jest.setTimeout(90_000);

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const TOUCH_SIZE = 44;

const touchContext = async (browser: Browser, viewport: { width: number; height: number }) => {
  const context = await browser.newContext({
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
};

const sidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** Places where an amount breaks between '€' and its number (the two on different lines). */
const brokenAmounts = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = text.indexOf('€'); at >= 0 && at + 2 < text.length; at = text.indexOf('€', at + 1)) {
        const top = (start: number) => {
          const range = document.createRange();
          range.setStart(node!, start);
          range.setEnd(node!, start + 1);
          return range.getBoundingClientRect();
        };
        const euro = top(at);
        const number = top(at + 2);
        if (euro.height > 0 && number.height > 0 && Math.abs(euro.top - number.top) > 2) broken.push(text.trim());
      }
    }
    return broken;
  });

/**
 * The page fits a screen `width` wide: its heading (h1) in view, no sideways scroll, no amount
 * broken after its '€', and axe finds nothing serious.
 */
const expectPageFits = async (page: Page, width: number, title: string | RegExp) => {
  const h1 = heading(page, title);
  await h1.waitFor();
  await h1.scrollIntoViewIfNeeded();
  const box = (await h1.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await brokenAmounts(page)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
};

const expectTouchSized = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  expect({ width: box.width >= TOUCH_SIZE, height: box.height >= TOUCH_SIZE }).toEqual({ width: true, height: true });
};

/** Fully in the viewport (the page's height may be more than the viewport's). */
const expectInView = async (page: Page, locator: Locator) => {
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  const edges = { left: box.x >= 0, top: box.y >= 0, right: box.x + box.width <= width, bottom: box.y + box.height <= height };
  expect(edges).toEqual({ left: true, top: true, right: true, bottom: true });
};

/** An article of the customer's with bulk entries (the demo data has them). */
const bulkArticle = async (base: string, token: string) => {
  for (const group of await groupsOf(base, token)) {
    const article = (await articlesOf(base, token, group.id)).find((candidate) => candidate.bulk_services.length > 0);
    if (article) return { group, article };
  }
  throw new Error('no article with bulk entries in the demo data');
};

describeInBrowser('on a phone and a tablet (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let mobile: Group;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    mobile = await groupNamed(base, await apiToken(base, KLANT.email), 'Mobiele telefonie');
  }, 120_000);

  afterEach(async () => {
    await context?.close();
  });

  describe('on a phone', () => {
    beforeEach(async () => {
      context = await touchContext(run.browser, PHONE);
      page = await context.newPage();
    });

    const banner = () => page.getByRole('banner');
    const menuButton = () => banner().getByRole('button', { name: 'Menu in- of uitklappen' });
    const mainMenu = () => page.getByRole('navigation', { name: 'Hoofdmenu' });

    /** The screen is there and usable at phone size, and axe finds nothing serious. */
    const expectUsable = (title: string | RegExp) => expectPageFits(page, PHONE.width, title);

    /** Through the drawer, as a phone user goes; the drawer closes with the navigation. */
    const openFromMenu = async (name: string) => {
      await menuButton().click();
      await mainMenu().getByRole('link', { name, exact: true }).click();
      await mainMenu().waitFor({ state: 'hidden' });
      expect(await menuButton().getAttribute('aria-expanded')).toBe('false');
    };

    const loginKlant = async () => {
      await login(page, base, KLANT.email);
      await heading(page, 'Dashboard').waitFor();
    };

    it('logs in: the login screen fits the phone', async () => {
      await page.goto(`${base}/login`);
      await expectUsable('Inloggen');
      await expectTouchSized(page.getByRole('button', { name: 'Inloggen' }));
      await loginKlant();
    });

    it('shows the dashboard with the menu in a closed drawer, touch-sized header buttons and the search behind a button', async () => {
      const api = trackApi(page);
      await loginKlant();
      await api.idle(300);
      await expectUsable('Dashboard');
      expect(await mainMenu().isVisible()).toBe(false);
      for (const name of ['Menu in- of uitklappen', 'Zoeken', 'Gebruikersmenu']) await expectTouchSized(banner().getByRole('button', { name }));

      await menuButton().click();
      await mainMenu().getByRole('link', { name: 'Kosten' }).waitFor();
      await expectTouchSized(mainMenu().getByRole('link', { name: 'Kosten' }));
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await mainMenu().waitFor({ state: 'hidden' });

      await banner().getByRole('button', { name: 'Zoeken' }).click();
      const search = banner().getByRole('searchbox', { name: 'Zoek product of service' });
      await search.fill('sim');
      await search.press('Enter');
      await page.waitForURL(`${base}/zoek/sim`);
      await expectUsable(/^Zoek/);
    });

    it('opens an article page: the services table scrolls inside its box with the end user kept in view', async () => {
      const article = await articleNamed(base, await apiToken(base, KLANT.email), mobile, 'Zakelijk Basis 5GB');
      await loginKlant();
      await openFromMenu('Mobiele telefonie');
      await page.waitForURL(`${base}${groupPath(mobile)}`);
      const articleLink = page.getByRole('table', { name: 'Artikelen' }).getByRole('link', { name: article.name, exact: true });
      expect((await articleLink.boundingBox())!.height).toBeGreaterThanOrEqual(TOUCH_SIZE);
      await articleLink.click();
      await page.waitForURL(`${base}${articlePath(mobile, article)}`);
      await page.getByRole('table', { name: /^Afnames/ }).locator('tbody a').first().waitFor();
      await expectUsable(article.name);

      const table = page.getByRole('table', { name: /^Afnames/ });
      const firstLink = table.locator('tbody a').first();
      expect((await firstLink.boundingBox())!.height).toBeGreaterThanOrEqual(TOUCH_SIZE);
      // Scrolled to its far end, the table keeps the link column (the end user) in view.
      const scroller = table.locator('xpath=..');
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await scroller.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      const box = (await firstLink.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + Math.min(box.width, 40)).toBeLessThanOrEqual(PHONE.width);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    it('adds a service', async () => {
      const article = await articleNamed(base, await apiToken(base, KLANT.email), mobile, 'Zakelijk Basis 5GB');
      await loginKlant();
      await page.goto(`${base}${articlePath(mobile, article)}`);
      await heading(page, article.name).waitFor();
      await page.getByRole('link', { name: 'Afname toevoegen' }).click();
      await page.waitForURL(`${base}${articlePath(mobile, article)}/toevoegen`);
      await expectUsable('Afname toevoegen');

      await page.getByRole('tab', { name: 'Nieuwe gebruiker' }).click();
      await page.getByLabel('Voornaam').fill('Fien');
      await page.getByLabel('Achternaam').fill('Telefoon');
      await page.getByLabel('Telefoonnummer').fill(freshPhone());
      await page.getByLabel('SIM nummer').fill('8931990999999999977');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await page.waitForURL(new RegExp(`${articlePath(mobile, article)}/(\\d+)/fien-telefoon$`));
      await page.getByText('Fien Telefoon').first().waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    });

    it.each([
      ['Kosten', '/kosten', 'Kosten'],
      ['Verbruik', '/verbruik', 'Verbruik'],
      ['Mijn bedrijf', '/mijn-bedrijf', 'Mijn bedrijf'],
    ])('shows %s', async (menuLabel, path, title) => {
      const api = trackApi(page);
      await loginKlant();
      await openFromMenu(menuLabel);
      await page.waitForURL((url) => url.pathname.startsWith(path));
      await heading(page, title).waitFor();
      await api.idle(400);
      await expectUsable(title);
    });

    it('shows the bulk services of an article as stacked rows, and asks before deleting one in a full-screen dialog', async () => {
      const { group, article } = await bulkArticle(base, await apiToken(base, KLANT.email));
      await loginKlant();
      await page.goto(`${base}${articlePath(group, article)}/bulkafnames`);
      const history = page.getByRole('table', { name: 'Historie' });
      await history.getByRole('row').nth(1).waitFor();
      await expectUsable('Bulkafnames');
      await expectTouchSized(page.getByRole('button', { name: 'Opslaan', exact: true }));

      const remove = history.getByRole('button', { name: 'Bulkafname verwijderen' }).first();
      await remove.scrollIntoViewIfNeeded();
      await expectTouchSized(remove);
      await remove.click();
      const dialog = page.getByRole('dialog', { name: 'Bulkafname verwijderen' });
      await dialog.waitFor();
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });
      for (const name of ['Annuleren', 'Verwijderen']) {
        const button = dialog.getByRole('button', { name, exact: true });
        await expectInView(page, button);
        await expectTouchSized(button);
      }
      await animationsDone(page);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Annuleren', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    it('shows the costs with touch-sized legend items, a kind of costs and one article\'s cost lines', async () => {
      const api = trackApi(page);
      await loginKlant();
      await openFromMenu('Kosten');
      await heading(page, 'Kosten').waitFor();
      // The month's figures fill the first screen; the chart below is drawn once scrolled to.
      await page.getByRole('table', { name: /^Kosten / }).waitFor();
      await api.idle(300);
      expect(await page.locator('.highcharts-container').count()).toBe(0);
      await page.getByRole('region', { name: 'Kosten per maand' }).scrollIntoViewIfNeeded();
      const legendItems = page.locator('.highcharts-legend-item');
      await legendItems.first().waitFor();
      for (const item of await legendItems.all()) await expectTouchSized(item);

      await page.getByRole('table', { name: /^Kosten / }).getByRole('link', { name: 'Periodiek', exact: true }).click();
      const perArticle = page.getByRole('table', { name: 'Per artikel' });
      const articleLink = perArticle.getByRole('link').first();
      await articleLink.waitFor();
      await expectUsable(/^Periodiek – /);
      const articleName = await articleLink.innerText();

      await articleLink.click();
      await page.getByRole('table', { name: 'Per afname' }).waitFor();
      await expectUsable(articleName);
    });

    it('shows the usage report and the usage of one number', async () => {
      const api = trackApi(page);
      await loginKlant();
      await openFromMenu('Verbruik');
      await heading(page, 'Verbruik').waitFor();
      await api.idle(400);
      await expectUsable('Verbruik');

      // On a phone the numbers are cards (docs/screens.md, 'Verbruik').
      await page.getByRole('list', { name: 'Verbruik per nummer' }).getByRole('link').first().click();
      await api.idle(400);
      await expectUsable(/^Verbruik \S/);
    });

    it("shows the group view: every branch's costs, services per article group and group bundle", async () => {
      const api = trackApi(page);
      await loginKlant();
      await openFromMenu('Groepsoverzicht');
      await page.getByRole('table', { name: /^Kosten .* per vestiging van Van Dijk Groep$/ }).waitFor();
      await page.getByRole('table', { name: 'Afnames per artikelgroep per vestiging' }).waitFor();
      await page.getByRole('table', { name: /^Groepsbundel .* per vestiging$/ }).waitFor();
      await api.idle(400);
      await expectUsable('Groepsoverzicht');
    });

    it('shows Mijn bedrijf and an end user with the services in their name', async () => {
      await loginKlant();
      await openFromMenu('Mijn bedrijf');
      const endUserLink = page.getByRole('region', { name: 'Eindgebruikers' }).getByRole('link').first();
      await endUserLink.waitFor();
      await expectUsable('Mijn bedrijf');
      const name = await endUserLink.innerText();

      await endUserLink.click();
      await page.getByRole('table', { name: 'Afnames' }).waitFor();
      await expectUsable(name);
    });

    it('edits an article as provider staff under a banner that stays in view with a touch-sized way out', async () => {
      const article = await articleNamed(base, await apiToken(base, KLANT.email), mobile, 'Zakelijk Basis 5GB');
      await loginManaging(page, base, ADMIN.email, KLANT.company);
      const banner = page.getByRole('status').filter({ hasText: 'Je beheert nu' });
      await expectInView(page, banner);
      await expectTouchSized(banner.getByRole('button', { name: 'Stop met beheren' }));

      await page.goto(`${base}${articlePath(mobile, article)}/bewerken`);
      await page.getByRole('table', { name: 'Prijshistorie' }).waitFor();
      await expectUsable('Artikel bewerken');
      // Sticky: scrolled to the end of the form, the banner is still in view below the header.
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      await expectInView(page, banner);
      await expectInView(page, banner.getByRole('button', { name: 'Stop met beheren' }));
    });

    it('logs out through the user menu, which names the user and the company', async () => {
      await loginKlant();
      await banner().getByRole('button', { name: 'Gebruikersmenu' }).click();
      const menu = page.getByRole('menu', { name: 'Gebruikersmenu' });
      // Above the menu's one choice (the desktop header's names are not on a phone's page).
      await page.getByText(KLANT.name, { exact: true }).waitFor();
      await page.getByText(KLANT.company, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const logout = menu.getByRole('menuitem', { name: 'Uitloggen' });
      await expectTouchSized(logout);
      await logout.click();
      await page.waitForURL((url) => url.pathname === '/login');
      await expectUsable('Inloggen');
      expect(pathOf(page)).toBe('/login');
    });
  });

  describe('on a tablet', () => {
    beforeEach(async () => {
      context = await touchContext(run.browser, TABLET);
      page = await context.newPage();
      await login(page, base, KLANT.email);
      await heading(page, 'Dashboard').waitFor();
    });

    it('shows the dashboard', async () => {
      await expectPageFits(page, TABLET.width, 'Dashboard');
    });

    it('shows an article page', async () => {
      const article = await articleNamed(base, await apiToken(base, KLANT.email), mobile, 'Zakelijk Basis 5GB');
      await page.goto(`${base}${articlePath(mobile, article)}`);
      await page.getByRole('table', { name: /^Afnames/ }).locator('tbody a').first().waitFor();
      await expectPageFits(page, TABLET.width, article.name);
    });

    it.each([
      ['/kosten', 'Kosten'],
      ['/verbruik', 'Verbruik'],
      ['/mijn-bedrijf', 'Mijn bedrijf'],
    ])('shows %s', async (path, title) => {
      const api = trackApi(page);
      await page.goto(`${base}${path}`);
      await heading(page, title).waitFor();
      await api.idle(400);
      await expectPageFits(page, TABLET.width, title);
    });
  });
});
