import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, seriousViolations, usePortal } from './harness';
import { isFocused } from './support';

/**
 * The API documentation page (docs/api.md, 'The documentation page'): every operation of the
 * OpenAPI document with its anchor, under the portal's CSP with nothing loaded from elsewhere,
 * without serious axe violations at 1366 and 390 px, nothing wider than a phone's screen.
 */
jest.setTimeout(60_000);

interface ApiDocument {
  paths: Record<string, Record<string, { operationId: string; summary: string }>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describeInBrowser('the API documentation at /api/docs (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  /** Requests to anywhere but the portal, console errors (Chromium reports each CSP violation there) and page errors. */
  let foreignRequests: string[];
  let errors: string[];

  beforeEach(async () => {
    context = await run.browser.newContext();
    page = await context.newPage();
    foreignRequests = [];
    errors = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(run.portal.baseUrl) && !url.startsWith('data:')) foreignRequests.push(url);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
    });
  });

  afterEach(async () => {
    await context?.close();
  });

  it('shows every operation of the document with its anchor, linked from the contents, under the CSP', async () => {
    await page.goto(`${run.portal.baseUrl}/api/docs`);
    await page.getByRole('heading', { level: 1, name: 'Mijn Portaal API' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('nl');
    const apiDocument = (await (await page.request.get(`${run.portal.baseUrl}/api/openapi.json`)).json()) as ApiDocument;
    const operations = Object.entries(apiDocument.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ method, path, ...item[method] })),
    );
    expect(operations.length).toBeGreaterThan(100);

    const shown = new Map(
      await page.locator('section.operation').evaluateAll((sections) => sections.map((section) => [section.id, section.querySelector('h3')?.textContent ?? ''] as const)),
    );
    const contents = new Set(await page.getByRole('navigation', { name: 'Inhoudsopgave' }).getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))));
    for (const { method, path, operationId, summary } of operations) {
      expect({ operationId, heading: shown.get(operationId) }).toEqual({ operationId, heading: `${method.toUpperCase()} ${path} ${summary}` });
      expect({ operationId, inContents: contents.has(`#${operationId}`) }).toEqual({ operationId, inContents: true });
    }
    expect(shown.size).toBe(operations.length);

    // A link of the contents brings its operation into view.
    await page.getByRole('navigation', { name: 'Inhoudsopgave' }).getByRole('link', { name: 'POST /articles/create' }).click();
    expect(new URL(page.url()).hash).toBe('#addArticle');
    await expectInView(page, '#addArticle');
    expect(await page.locator('#addArticle').textContent()).toContain('article_group_id');

    // And the raw document is one link away.
    expect(await page.getByRole('link', { name: /\/api\/openapi\.json/ }).getAttribute('href')).toBe('/api/openapi.json');
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('skips to the calls from the keyboard', async () => {
    await page.goto(`${run.portal.baseUrl}/api/docs`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Direct naar de aanroepen' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.getByRole('main'))).toBe(true);
  });

  for (const width of [1366, 390]) {
    it(`has no serious axe violations and nothing wider than the screen at ${width} px`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${run.portal.baseUrl}/api/docs`);
      await page.getByRole('heading', { level: 1, name: 'Mijn Portaal API' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      // A long page: axe reads some 10,000 elements, slow on a busy machine.
    }, 180_000);
  }
});

/** The element's top is inside the window. */
const expectInView = async (page: Page, selector: string) => {
  const top = await page.locator(selector).evaluate((element) => element.getBoundingClientRect().top);
  const height = await page.evaluate(() => window.innerHeight);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThan(height);
};
