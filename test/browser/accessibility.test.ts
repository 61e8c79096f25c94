import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  describeInBrowser,
  login,
  usePortal, seriousViolations,
} from './harness';
import {
  ADMIN,
  groupTitle,
  heading,
  isFocused,
  KLANT,
  newPage,
  SEARCH_TITLE,
  SUPERADMIN,
  tilesRegion,
  trackApi,
} from './support';

/** axe-core scans (no serious or critical violations) and keyboard use of the login form. */
jest.setTimeout(60_000);

describeInBrowser('accessibility (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  /** Scans once the screen's heading shows and its data calls have settled. */
  const scan = async (title: string) => {
    await heading(page, title).waitFor();
    return seriousViolations(page);
  };

  it.each([
    ['/login', 'Inloggen'],
    ['/forgot-password', 'Wachtwoord vergeten'],
    ['/reset?token=x', 'Nieuw wachtwoord'],
    ['/bestaat-niet', 'Pagina niet gevonden'],
  ])('has no serious violations on %s (logged out)', async (path, title) => {
    await page.goto(`${run.portal.baseUrl}${path}`);
    expect(await scan(title)).toEqual([]);
  });

  it('has no serious violations on the forgot-password form showing its validation error', async () => {
    await page.goto(`${run.portal.baseUrl}/forgot-password`);
    await page.getByRole('button', { name: 'Verstuur link' }).click();
    await page.getByText("Veld 'E-mailadres' is verplicht.").waitFor();
    expect(await scan('Wachtwoord vergeten')).toEqual([]);
  });

  /**
   * One login per account, then the screens in turn through the menu and the search box (no
   * reloads, as a user would go). Each screen is scanned once its heading shows and its data
   * calls have settled; the answer maps each path to its violations.
   */
  const scanScreens = async (email: string, screens: [path: string, title: string | RegExp][]) => {
    const api = trackApi(page);
    await login(page, run.portal.baseUrl, email);
    const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).waitFor();
    await menu.getByRole('link', { name: 'Mobiele telefonie' }).waitFor();
    const found: Record<string, string[]> = {};
    for (const [path, title] of screens) {
      if (path.startsWith('/zoek/')) {
        const search = page.getByRole('banner').getByRole('searchbox', { name: 'Zoek product of service' });
        await search.fill(decodeURIComponent(path.slice('/zoek/'.length)));
        await search.press('Enter');
      } else if (path !== '/dashboard') {
        await menu.locator(`a[href="${path}"]`).click();
      }
      await page.waitForURL(`${run.portal.baseUrl}${path}`);
      if (path === '/dashboard') await tilesRegion(page).getByRole('listitem').first().waitFor();
      await heading(page, title).waitFor();
      await api.idle(300);
      found[path] = await seriousViolations(page);
    }
    return found;
  };

  const clean = (screens: [string, string | RegExp][]) => Object.fromEntries(screens.map(([path]) => [path, []]));

  it('has no serious violations on the screens of klant@demo.nl', async () => {
    const screens: [string, string | RegExp][] = [
      ['/dashboard', 'Dashboard'],
      ['/zoek/test', SEARCH_TITLE],
      ['/mijn-diensten/1/mobiele-telefonie', groupTitle('Mobiele telefonie')],
      ['/mijn-bedrijf', 'Mijn bedrijf'],
      ['/kosten', 'Kosten'],
      ['/kosten/groep', 'Groepsoverzicht'],
      ['/verbruik', 'Verbruik'],
      ['/groepsbundel', 'Groepsbundel'],
    ];
    expect(await scanScreens(KLANT.email, screens)).toEqual(clean(screens));
  });

  it('has no serious violations on the 404 page inside the frame (logged in)', async () => {
    const api = trackApi(page);
    await login(page, run.portal.baseUrl, KLANT.email);
    await page.goto(`${run.portal.baseUrl}/bestaat-niet`);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();
    await page.getByRole('link', { name: 'support@demo.nl' }).waitFor();
    await api.idle(300);
    expect(await scan('Pagina niet gevonden')).toEqual([]);
  });

  it('has no serious violations on the screens of admin@demo.nl', async () => {
    const screens: [string, string | RegExp][] = [
      ['/dashboard', 'Dashboard'],
      ['/mer-admin', 'Admin'],
    ];
    expect(await scanScreens(ADMIN.email, screens)).toEqual(clean(screens));
  });

  it('has no serious violations on the dashboard of superadmin@demo.nl (with the QA tools)', async () => {
    const screens: [string, string | RegExp][] = [['/dashboard', 'Dashboard']];
    expect(await scanScreens(SUPERADMIN.email, screens)).toEqual(clean(screens));
    await page.getByRole('heading', { name: 'QA-hulpmiddelen' }).waitFor();
  });

  it('reaches e-mail, password and Inloggen on /login with Tab, in that order, and submits with Enter', async () => {
    await page.goto(`${run.portal.baseUrl}/login`);
    const email = page.getByLabel('E-mailadres');
    const password = page.getByLabel('Wachtwoord');
    const button = page.getByRole('button', { name: 'Inloggen' });
    await email.waitFor();

    await page.keyboard.press('Tab');
    expect(await isFocused(email)).toBe(true);
    await page.keyboard.type(KLANT.email);
    await page.keyboard.press('Tab');
    expect(await isFocused(password)).toBe(true);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Tab');
    expect(await isFocused(button)).toBe(true);
    expect(await email.inputValue()).toBe(KLANT.email);

    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(password)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
    await page.getByRole('banner').getByText(KLANT.name, { exact: true }).waitFor();
  });
});
