import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, describeInBrowser, login, usePortal } from './harness';
import {
  expectAtLogin,
  heading,
  KEES,
  KLANT,
  newPage,
  outboxFiles,
  pathOf,
  resetLinkIn,
  waitForMail,
} from './support';

/** docs/screens.md, 'Logging in and out' and 'Password reset', in Chromium: the session across reloads too. */
jest.setTimeout(60_000);

describeInBrowser('auth (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const header = () => page.getByRole('banner');

  const expectLoggedInAs = async (user: { name: string; company: string }) => {
    await header().getByText(user.name, { exact: true }).waitFor();
    await header().getByText(user.company, { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/dashboard');
  };

  it.each(['/', '/dashboard', '/mijn-diensten/1/x', '/kosten'])('sends a logged-out visitor of %s to /login', async (path) => {
    await page.goto(`${run.portal.baseUrl}${path}`);
    await expectAtLogin(page);
  });

  it('shows the login failure, enables the form again, and then logs in with the right password', async () => {
    await page.goto(`${run.portal.baseUrl}/login`);
    const button = page.getByRole('button', { name: 'Inloggen' });
    await page.getByLabel('E-mailadres').fill(KLANT.email);
    await page.getByLabel('Wachtwoord').fill('Fout-wachtwoord-1');

    // Hold the answer back to see the submitting state (docs/screens.md, 'Logging in and out': button disabled).
    let release!: () => void;
    const answer = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await answer;
      await route.continue();
    });
    await button.click();
    await (await button.elementHandle())!.waitForElementState('disabled');
    release();

    await page.getByText('E-mail adres of wachtwoord incorrect. Probeer het opnieuw.', { exact: true }).waitFor();
    await (await button.elementHandle())!.waitForElementState('enabled');
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByLabel('E-mailadres').isEditable()).toBe(true);
    expect(await page.getByLabel('Wachtwoord').isEditable()).toBe(true);

    await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
    await button.click();
    await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
    await expectLoggedInAs(KLANT);
    expect(await page.getByText('E-mail adres of wachtwoord incorrect. Probeer het opnieuw.').count()).toBe(0);
  });

  // klant@demo.nl's successful login is the end of the test above; another company's user here.
  it('logs kees@korenschoof.nl in: /dashboard with his name and company in the header', async () => {
    await login(page, run.portal.baseUrl, KEES.email);
    await heading(page, 'Dashboard').waitFor();
    await expectLoggedInAs(KEES);
    expect(await header().getByText(KLANT.company).count()).toBe(0);
  });

  it('logs out when /login is opened while logged in, for good', async () => {
    await login(page, run.portal.baseUrl, KLANT.email);
    await expectLoggedInAs(KLANT);

    const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.goto(`${run.portal.baseUrl}/login`);
    expect((await revoked).status()).toBe(204);
    await expectAtLogin(page);

    await page.goto(`${run.portal.baseUrl}/dashboard`);
    await expectAtLogin(page);
    await page.reload();
    await expectAtLogin(page);
    expect(await header().count()).toBe(0);
  });

  it('keeps the session over a reload (refresh cookie), and the logout button ends it', async () => {
    await login(page, run.portal.baseUrl, KLANT.email);
    await expectLoggedInAs(KLANT);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh'));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await heading(page, 'Dashboard').waitFor();
    await expectLoggedInAs(KLANT);

    const revoked = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await expectAtLogin(page);
    expect((await revoked).status()).toBe(204);

    await page.goto(`${run.portal.baseUrl}/dashboard`);
    await expectAtLogin(page);
  });

  describe('password reset (changes the password of klant@demo.nl: keep it last)', () => {
    const NEW_PASSWORD = 'Nieuw-Kiezel-Tulp-2026';
    let resetLink = '';

    it('refuses an empty e-mail address, then sends the link for klant@demo.nl to the outbox', async () => {
      const before = outboxFiles(run.portal.dataDir);
      let requests = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/reset/request')) requests += 1;
      });
      await page.goto(`${run.portal.baseUrl}/login`);
      await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await page.waitForURL(`${run.portal.baseUrl}/forgot-password`);
      await heading(page, 'Wachtwoord vergeten').waitFor();

      const send = page.getByRole('button', { name: 'Verstuur link' });
      await send.click();
      await page.getByText("Veld 'E-mailadres' is verplicht.", { exact: true }).waitFor();
      expect(requests).toBe(0);
      expect(await page.getByText(/Een email is verzonden naar/).count()).toBe(0);

      await page.getByLabel('E-mailadres').fill(KLANT.email);
      await send.click();
      await page.getByText(`Een email is verzonden naar ${KLANT.email}.`, { exact: true }).waitFor();
      expect(requests).toBe(1);

      const mail = await waitForMail(run.portal.dataDir, KLANT.email, before);
      resetLink = resetLinkIn(mail);
      expect(new URL(resetLink).origin).toBe(run.portal.baseUrl);
      expect(new URL(resetLink).pathname).toBe('/reset');
    });

    it('enables Opslaan only for two equal non-empty passwords; saving logs in; the new password works', async () => {
      expect(resetLink).not.toBe('');
      await page.goto(resetLink);
      await heading(page, 'Nieuw wachtwoord').waitFor();
      // Required: the labels end in the required mark.
      const password = page.getByLabel(/^Wachtwoord/);
      const repeat = page.getByLabel(/^Herhaal wachtwoord/);
      const save = page.getByRole('button', { name: 'Opslaan' });
      const saveHandle = (await save.elementHandle())!;

      expect(await save.isDisabled()).toBe(true);
      await password.fill(NEW_PASSWORD);
      expect(await save.isDisabled()).toBe(true);
      await repeat.fill(`${NEW_PASSWORD}x`);
      expect(await save.isDisabled()).toBe(true);
      await repeat.fill(NEW_PASSWORD);
      await saveHandle.waitForElementState('enabled');
      await password.fill('');
      await repeat.fill('');
      await saveHandle.waitForElementState('disabled');
      await password.fill(NEW_PASSWORD);
      await repeat.fill(NEW_PASSWORD);
      await saveHandle.waitForElementState('enabled');

      await save.click();
      await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
      await expectLoggedInAs(KLANT);

      // A fresh browser: the new password works, the old one no longer does.
      const fresh = await newPage(run.browser);
      try {
        await login(fresh.page, run.portal.baseUrl, KLANT.email, NEW_PASSWORD);
        await fresh.page.getByRole('banner').getByText(KLANT.name, { exact: true }).waitFor();

        await fresh.page.goto(`${run.portal.baseUrl}/login`);
        await fresh.page.getByLabel('E-mailadres').fill(KLANT.email);
        await fresh.page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
        await fresh.page.getByRole('button', { name: 'Inloggen' }).click();
        await fresh.page.getByText('E-mail adres of wachtwoord incorrect. Probeer het opnieuw.', { exact: true }).waitFor();
      } finally {
        await fresh.context.close();
      }
    });

    it('refuses the used link with the invalid-token toast', async () => {
      expect(resetLink).not.toBe('');
      await page.goto(resetLink);
      await page.getByLabel(/^Wachtwoord/).fill('Nog-een-Tulp-Fluit-3');
      await page.getByLabel(/^Herhaal wachtwoord/).fill('Nog-een-Tulp-Fluit-3');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset'));
      await page.getByRole('button', { name: 'Opslaan' }).click();
      expect((await answer).status()).toBe(401);
      await page
        .getByText('Het toegewezen token is niet geldig. Neem contact op met uw account manager.', { exact: true })
        .waitFor();
      expect(pathOf(page)).toBe('/reset');
    });
  });
});
