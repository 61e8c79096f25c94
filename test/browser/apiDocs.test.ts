import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, usePortal } from './harness';

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
    // Swagger UI draws only the tags near the view of a long document: scroll through it and count every operation drawn.
    await page.locator('.opblock').first().waitFor();
    const seen = new Map<string, string>();
    for (let step = 0; step < 400; step += 1) {
      for (const [id, text] of await page.locator('.opblock').evaluateAll((blocks) => blocks.map((block) => [block.id, block.textContent ?? '']))) seen.set(id, text);
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight / 2);
        return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1;
      });
      if (atEnd && step > 0 && seen.size >= operations) break;
      await page.waitForTimeout(50);
    }
    expect(seen.size).toBe(operations);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(seen.get('operations-articles-addArticle')).toContain('/articles/create');
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
