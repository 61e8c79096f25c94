import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describeInBrowser, launchBrowser, login, type Portal, seriousViolations, startPortal } from './harness';
import { apiToken, heading, KLANT, pathOf, trackApi } from './support';
import { articleNamed, articlePath, freshPhone, groupNamed, groupPath, type Group } from './servicesSupport';

/**
 * The portal on a phone (issue 18): 390x844, touch. Each screen a customer uses is usable: its
 * heading in view, no sideways scroll of the page, no serious axe violations, touch targets of at
 * least 44 px, and no amount broken between '€' and its number.
 */
jest.setTimeout(90_000);

const PHONE = { width: 390, height: 844 };
const TOUCH_SIZE = 44;

describeInBrowser('on a phone (browser)', () => {
  let portal: Portal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let mobile: Group;

  beforeAll(async () => {
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
    base = portal.baseUrl;
    mobile = await groupNamed(base, await apiToken(base, KLANT.email), 'Mobiele telefonie');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  }, 120_000);

  beforeEach(async () => {
    context = await browser.newContext({
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
      viewport: PHONE,
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(20_000);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  const banner = () => page.getByRole('banner');
  const menuButton = () => banner().getByRole('button', { name: 'Menu in- of uitklappen' });
  const mainMenu = () => page.getByRole('navigation', { name: 'Hoofdmenu' });

  const sidewaysScroll = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

  /** Places where an amount breaks between '€' and its number (the two on different lines). */
  const brokenAmounts = () =>
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

  /** The screen is there and usable at phone size, and axe finds nothing serious. */
  const expectUsable = async (title: string | RegExp) => {
    const h1 = heading(page, title);
    await h1.waitFor();
    await h1.scrollIntoViewIfNeeded();
    const box = (await h1.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await brokenAmounts()).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
  };

  const expectTouchSized = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    expect({ width: box.width >= TOUCH_SIZE, height: box.height >= TOUCH_SIZE }).toEqual({ width: true, height: true });
  };

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
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
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
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.waitForURL(new RegExp(`${articlePath(mobile, article)}/(\\d+)/fien-telefoon$`));
    await page.getByText('Fien Telefoon').first().waitFor();
    expect(await sidewaysScroll()).toBeLessThanOrEqual(0);
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
