import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, usePortal } from './harness';
import { eventually } from './support';

/**
 * The API document's viewer (docs/api.md, 'Using it'): Swagger UI from the server's own files, working under the
 * portal's strict CSP (no inline script, nothing from another origin), and 'Try it out' reaching
 * this server.
 */
jest.setTimeout(60_000);

describeInBrowser('the API viewer at /api/docs (browser)', () => {
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

  it('shows every call of the document, under the CSP, with nothing loaded from elsewhere', async () => {
    await page.goto(`${run.portal.baseUrl}/api/docs`);
    await page.getByRole('heading', { name: /Mijn Portaal API/ }).waitFor();
    const apiDocument = (await (await page.request.get(`${run.portal.baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, object> };
    const operations = Object.values(apiDocument.paths).reduce((count, item) => count + Object.keys(item).filter((k) => k !== 'parameters').length, 0);
    // Swagger UI draws the operations tag by tag: wait until the last one is drawn.
    await eventually(async () => expect(await page.locator('.opblock').count()).toBe(operations), 20_000);
    expect(await page.locator('#operations-articles-addArticle').textContent()).toContain('/articles/create');
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("calls this server from 'Try it out'", async () => {
    await page.goto(`${run.portal.baseUrl}/api/docs#/support/getSupportContact`);
    const operation = page.locator('#operations-support-getSupportContact');
    await operation.getByRole('button', { name: 'Try it out' }).click();
    await operation.getByRole('button', { name: 'Execute' }).click();
    await operation.locator('.live-responses-table .response-col_status').filter({ hasText: '200' }).waitFor();
    expect(await operation.locator('.live-responses-table').textContent()).toContain('support@demo.nl');
    expect(foreignRequests).toEqual([]);
    expect(errors).toEqual([]);
  });
});
