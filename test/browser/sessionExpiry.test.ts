import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { apiGet, apiToken, heading, KLANT, newPage, pathOf, previousMonth } from './support';

/**
 * docs/screens.md, 'Logging in and out': an ended session keeps the page (the dialog 'Je sessie is
 * verlopen' over it, the waiting call sent after logging in again), the idle warning before the
 * hour is over, and a portal address without a session goes to the login page and back after it.
 */
jest.setTimeout(90_000);

describeInBrowser('an ended session (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let base: string;

  beforeEach(async () => {
    base = run.portal.baseUrl;
    ({ context, page } = await newPage(run.browser));
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  afterEach(async () => {
    await context?.close();
  });

  const loginForm = async () => {
    await page.getByLabel('E-mailadres').fill(KLANT.email);
    await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
  };

  it('sends a deep link without a session to the login page and back to it after logging in; not to an outside address', async () => {
    const address = `/kosten?maand=${previousMonth().from.slice(0, 7)}`;
    await page.goto(`${base}${address}`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('terug')).toBe(address);
    await page.getByText('Je sessie is verlopen. Log opnieuw in.', { exact: true }).waitFor();
    await loginForm();
    await page.waitForURL(`${base}${address}`);

    for (const outside of ['//evil.example', 'https://evil.example/kosten']) {
      await page.goto(`${base}/login?terug=${encodeURIComponent(outside)}`);
      await page.getByText('Je sessie is verlopen. Log opnieuw in.', { exact: true }).waitFor();
      await loginForm();
      await page.waitForURL(`${base}/dashboard`);
      expect(pathOf(page)).toBe('/dashboard');
    }
  });

  it('keeps a half-filled form when the session ends elsewhere, and saves it after logging in again in the dialog', async () => {
    await login(page, base, KLANT.email);
    await page.goto(`${base}/mijn-bedrijf/user-aanmaken`);
    await heading(page, 'Contactpersoon toevoegen').waitFor();
    const lastname = `Verloop${Date.now()}`;
    const email = `sessie.${Date.now()}@vandijk.example`;
    await page.getByLabel('Voornaam').fill('Sanne');
    await page.getByLabel('Achternaam').fill(lastname);
    await page.getByLabel('E-mailadres').fill(email);

    // The session ends on the server (as 'Uitloggen' in another tab does): its refresh cookie logs it out.
    const status = await page.evaluate(async () => (await fetch('/api/auth/logout', { method: 'POST', headers: { 'x-requested-with': 'mijn-portaal' } })).status);
    expect(status).toBe(204);

    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Je sessie is verlopen' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('E-mailadres').inputValue()).toBe(KLANT.email);
    expect(await dialog.getByLabel('E-mailadres').getAttribute('readonly')).not.toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    // The form stays under the dialog (hidden from the accessibility tree while the dialog is open).
    expect(await page.getByRole('form', { name: 'Contactpersoon toevoegen', includeHidden: true }).getByLabel('Achternaam').inputValue()).toBe(lastname);

    await dialog.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Inloggen' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(`${base}/mijn-bedrijf`);
    await page.getByRole('table', { name: 'Contactpersonen' }).getByRole('row').filter({ hasText: email }).waitFor();
    const people = await apiGet<{ email: string; lastname: string }[]>(base, await apiToken(base, KLANT.email), 'users');
    expect(people.filter((p) => p.email === email)).toEqual([expect.objectContaining({ lastname })]);
  });

  it('warns at 55 minutes idle, and keeps the session on "Ingelogd blijven"', async () => {
    await page.clock.install();
    // The warning loads lazily once a session is there; its clock started when the token came.
    const warningLoaded = page.waitForResponse((response) => response.url().includes('idle-warning'));
    await login(page, base, KLANT.email);
    await warningLoaded;
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The dashboard's calls done first: a call in the token's last 10 minutes renews it (no warning then).
    await page.waitForLoadState('networkidle');

    await page.clock.fastForward('55:01');
    const warning = page.getByRole('alertdialog', { name: 'Je wordt over 5 minuten uitgelogd' });
    await warning.waitFor();
    await warning.getByText(/Nog 4:\d\d/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await warning.getByRole('button', { name: 'Ingelogd blijven' }).click();
    await warning.waitFor({ state: 'detached' });

    // A following action works without the login dialog.
    await page.getByRole('link', { name: 'Mijn bedrijf' }).first().click();
    await page.waitForURL(`${base}/mijn-bedrijf`);
    await page.getByRole('table', { name: 'Contactpersonen' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('alertdialog', { name: 'Je sessie is verlopen' }).count()).toBe(0);
  });
});
