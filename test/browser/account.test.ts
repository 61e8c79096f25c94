import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { heading, KEES, KLANT, newPage, pathOf } from './support';

/**
 * 'Mijn account' (docs/security.md, 'Sessions and accounts'): a customer changes their own password without help, from the user
 * menu on a phone and from the header on a desktop; axe finds nothing serious at either size.
 */
jest.setTimeout(90_000);

const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = 'Zomer-Bij-De-Korenschoof-11';

describeInBrowser('Mijn account (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;

  afterEach(async () => {
    await context?.close();
  });

  const banner = () => page.getByRole('banner');
  const section = (name: string) => page.getByRole('region', { name });

  /** The screen has loaded its account and sessions; then axe looks at it. */
  const scanAccount = async () => {
    await heading(page, 'Mijn account').waitFor();
    await section('Sessies').getByText('Dit apparaat').waitFor();
    return seriousViolations(page);
  };

  it('lets a customer on a phone change the password from the user menu, log out and log in with the new one', async () => {
    context = await run.browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: PHONE, isMobile: true, hasTouch: true });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await login(page, run.portal.baseUrl, KEES.email);

    const openUserMenu = async () => {
      await banner().getByRole('button', { name: 'Gebruikersmenu' }).click();
      return page.getByRole('menu', { name: 'Gebruikersmenu' });
    };
    await (await openUserMenu()).getByRole('menuitem', { name: 'Mijn account' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/mijn-account`);
    expect(await scanAccount()).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    const password = section('Wachtwoord');
    await password.getByLabel('Huidig wachtwoord').fill('Welkom123!');
    await password.getByLabel(/^Nieuw wachtwoord/).fill(NEW_PASSWORD);
    await password.getByLabel(/^Herhaal nieuw wachtwoord/).fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await page.getByText('Je wachtwoord is gewijzigd. Op je andere apparaten ben je uitgelogd.').waitFor();
    // This session goes on.
    expect(pathOf(page)).toBe('/mijn-account');

    await (await openUserMenu()).getByRole('menuitem', { name: 'Uitloggen' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await login(page, run.portal.baseUrl, KEES.email, NEW_PASSWORD);
    await heading(page, 'Dashboard').waitFor();
    await banner().getByRole('button', { name: 'Gebruikersmenu' }).waitFor();
  });

  it('opens from the header on a desktop, lists this session, and has no serious violations', async () => {
    ({ context, page } = await newPage(run.browser));
    await login(page, run.portal.baseUrl, KLANT.email);
    await banner().getByRole('link', { name: 'Mijn account' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/mijn-account`);
    expect(await scanAccount()).toEqual([]);

    expect(await section('Gegevens').getByLabel(/^Voornaam/).inputValue()).toBe(KLANT.name.split(' ')[0]);
    expect(await section('E-mailadres').getByText(KLANT.email, { exact: true }).count()).toBe(1);
    // Chromium names itself: the session of this browser is in the list, marked.
    const thisSession = section('Sessies').getByRole('row').filter({ hasText: 'Dit apparaat' });
    expect(await thisSession.getByRole('cell').first().textContent()).toMatch(/^Chrome op Linux/);
  });
});
