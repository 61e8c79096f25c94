import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BROWSER_ENDPOINT, DEMO_DATA } from './globalSetup';
import { CHROMIUM, hasChromium, launchBrowser, login, startPortal, type Portal } from './portal';

export { DEMO_PASSWORD, login, type Portal } from './portal';

/** A test file's portal and browser (`usePortal`). */
export interface PortalRun {
  portal: Portal;
  browser: Browser;
}

/**
 * The set-up of a browser test file: before its tests, a portal of its own on a fresh copy of the
 * run's demo data, and a connection to the run's Chromium (globalSetup.ts); both closed after them.
 * Each test then opens a context of its own (`newPage` in support.ts). Run alone, outside the
 * project's global set-up, the file seeds its own data and launches its own Chromium.
 */
export const usePortal = (): PortalRun => {
  const run = {} as PortalRun;
  beforeAll(async () => {
    const endpoint = process.env[BROWSER_ENDPOINT];
    [run.portal, run.browser] = await Promise.all([
      startPortal({ dataFrom: process.env[DEMO_DATA] }),
      endpoint ? chromium.connect(endpoint) : launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await run.browser?.close();
    await run.portal?.stop();
  }, 120_000);
  return run;
};

/**
 * Browser tests need Debian's Chromium. Without it they are skipped with a plain message,
 * unless REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
 */
export const describeInBrowser: jest.Describe = (() => {
  if (hasChromium) return describe;
  if (process.env.REQUIRE_BROWSER === '1') {
    throw new Error(`Chromium not found at ${CHROMIUM}; install it with: apt-get install chromium`);
  }
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium).`);
  return describe.skip;
})();

/** '{company} beheren' and the reason it asks in the 'Bedrijf beheren' dialog (docs/permissions.md, 'Managing a company'). */
export const manageCompany = async (page: Page, company: string, reason = 'Test van het portaal') => {
  await page.getByRole('button', { name: `${company} beheren` }).click();
  const dialog = page.getByRole('dialog', { name: 'Bedrijf beheren' });
  await dialog.getByLabel('Reden').fill(reason);
  await dialog.getByRole('button', { name: 'Beheren' }).click();
};

/**
 * Provider staff (`email`) managing `company`, as the portal does it (Admin, '{company} beheren'):
 * articles, prices and billed months are the provider's (docs/permissions.md, 'Who may edit prices'; docs/rules.md, 'Billed months are closed').
 */
export const loginManaging = async (page: Page, baseUrl: string, email: string, company: string) => {
  await login(page, baseUrl, email);
  await page.goto(`${baseUrl}/mer-admin?tab=bedrijven`);
  await manageCompany(page, company);
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole('status').filter({ hasText: 'Je beheert nu' }).waitFor();
};

/** axe-core scan: no serious or critical violations. Answers them readably for the assertion. */
export const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};
