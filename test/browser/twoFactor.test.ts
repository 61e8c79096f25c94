import type { BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { demoTotpCode } from './portal';
import { ADMIN, KEES, KLANT, newPage, pathOf } from './support';

/** docs/rules.md, 'Two-factor login': the demo's provider staff log in with the password and a code of their authenticator app. */
jest.setTimeout(60_000);

describeInBrowser('two-factor login (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  it('asks admin@demo.nl for the code after the password, refuses a wrong one, and logs in with the right one', async () => {
    await page.goto(`${run.portal.baseUrl}/login`);
    await page.getByLabel('E-mailadres').fill(ADMIN.email);
    await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();

    const code = page.getByLabel('Code uit je authenticator-app');
    await code.waitFor();
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await seriousViolations(page)).toEqual([]);
    const right = demoTotpCode(ADMIN.email);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('Code onjuist. Probeer het opnieuw.', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/login');

    await code.fill(demoTotpCode(ADMIN.email));
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
    await page.getByRole('banner').getByText(ADMIN.name, { exact: true }).waitFor();
  });

  it('lets a customer turn it on from Mijn account with an app, and log in with a recovery code afterwards', async () => {
    await login(page, run.portal.baseUrl, KLANT.email);
    await page.goto(`${run.portal.baseUrl}/mijn-account`);
    const section = page.getByRole('region', { name: 'Tweestapsverificatie' });
    await section.getByRole('button', { name: 'Instellen' }).click();
    await section.getByRole('img', { name: 'QR-code om Mijn Portaal aan je authenticator-app toe te voegen' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // What a user types into the app, read from the screen: the key under the QR code.
    const secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
    await section.getByLabel('Code uit je authenticator-app').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await section.getByRole('button', { name: 'Aanzetten' }).click();
    const codes = section.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!;
    await section.getByRole('button', { name: 'Klaar' }).click();
    await section.getByText(/Tweestapsverificatie staat aan sinds/).waitFor();

    // Opening /login logs out (docs/screens.md, 'Logging in and out').
    await page.goto(`${run.portal.baseUrl}/login`);
    await page.getByLabel('E-mailadres').fill(KLANT.email);
    await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByRole('button', { name: 'Een herstelcode gebruiken' }).click();
    await page.getByLabel('Herstelcode').fill(recoveryCode);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
  });

  it('shows the recovery codes one a line in a monospace font at 1366 and 390 px, and prints only them', async () => {
    await login(page, run.portal.baseUrl, KEES.email);
    await page.goto(`${run.portal.baseUrl}/mijn-account`);
    const section = page.getByRole('region', { name: 'Tweestapsverificatie' });
    await section.getByRole('button', { name: 'Instellen' }).click();
    const secret = ((await section.locator('code').textContent()) ?? '').replace(/\s/g, '');
    await section.getByLabel('Code uit je authenticator-app').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
    await section.getByRole('button', { name: 'Aanzetten' }).click();
    const list = section.getByRole('list', { name: 'Herstelcodes' });
    const codes = list.getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const boxes = await codes.evaluateAll((items) =>
        items.map((item) => {
          const range = document.createRange();
          range.selectNodeContents(item);
          const { left, right, top, bottom } = range.getBoundingClientRect();
          return { left, right, top, bottom };
        }),
      );
      for (const [index, box] of boxes.entries()) {
        // One a line: each code's text lies wholly below the one before, on a single line of its own.
        if (index > 0) expect({ width, index, below: box.top >= boxes[index - 1].bottom - 0.5 }).toEqual({ width, index, below: true });
        expect({ width, index, left: Math.round(box.left) }).toEqual({ width, index, left: Math.round(boxes[0].left) });
      }
      const lineHeight = await codes.first().evaluate((item) => parseFloat(getComputedStyle(item).lineHeight));
      for (const box of boxes) expect(box.bottom - box.top).toBeLessThan(lineHeight * 1.5);
      expect(await list.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/monospace$/);
      expect(await seriousViolations(page)).toEqual([]);
    }

    // 'Afdrukken' opens the browser's print dialog; on paper only the heading and the codes show.
    expect(await section.getByRole('button', { name: 'Afdrukken' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText('Herstelcodes Mijn Portaal', { exact: true }).isVisible()).toBe(true);
    for (const code of await codes.allTextContents()) expect(await list.getByText(code, { exact: true }).isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: 'Afdrukken' }).isVisible()).toBe(false);
    expect(await section.getByText(/Bewaar deze herstelcodes/).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'Tweestapsverificatie', exact: true }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByText('Herstelcodes Mijn Portaal', { exact: true }).isVisible()).toBe(false);
  });
});
