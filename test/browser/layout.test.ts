import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal } from './harness';
import {
  ADMIN,
  apiGet,
  apiToken,
  claimsOf,
  dutch2,
  eventually,
  expectedMonths,
  expectedTiles,
  expectTiles,
  groupTitle,
  heading,
  KLANT,
  newPage,
  pathOf,
  SEARCH_TITLE,
  slug,
  SUPERADMIN,
  tilesRegion,
  trackApi,
} from './support';

/** docs/screens.md, 'Layout', 'Dashboard' and 'Unknown addresses'; docs/permissions.md, 'Managing a company'; the server's security headers. */
jest.setTimeout(60_000);

describeInBrowser('layout and dashboard (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let klantToken: string;

  beforeAll(async () => {
    klantToken = await apiToken(run.portal.baseUrl, KLANT.email);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const sidebar = () => page.getByRole('navigation', { name: 'Hoofdmenu' });
  const sidebarLinks = () =>
    sidebar()
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
  const banner = () => page.getByRole('status').filter({ hasText: 'Je beheert nu' });

  describe('header and sidebar', () => {
    it('searches from the header box with Enter: /zoek/{term}', async () => {
      await login(page, run.portal.baseUrl, KLANT.email);
      const search = page.getByRole('banner').getByRole('searchbox', { name: 'Zoek product of service' });
      await search.fill('glasvezel');
      await search.press('Enter');
      await page.waitForURL(`${run.portal.baseUrl}/zoek/glasvezel`);
      await heading(page, SEARCH_TITLE).waitFor();

      await search.fill('sim 06');
      await search.press('Enter');
      await page.waitForURL(`${run.portal.baseUrl}/zoek/sim%2006`);
    });

    it('shows klant@demo.nl the menu with the visible article groups and no Admin', async () => {
      const api = trackApi(page);
      await login(page, run.portal.baseUrl, KLANT.email);
      const groups = await apiGet<{ id: number; name: string }[]>(run.portal.baseUrl, klantToken, 'article-groups/visible');
      expect(groups.length).toBeGreaterThanOrEqual(4);
      const mobile = groups.find((g) => g.name === 'Mobiele telefonie')!;
      expect(mobile).toBeDefined();

      const mobileLink = sidebar().getByRole('link', { name: 'Mobiele telefonie', exact: true });
      await mobileLink.waitFor();
      expect(await mobileLink.getAttribute('href')).toBe(`/mijn-diensten/${mobile.id}/mobiele-telefonie`);
      await sidebar().getByRole('button', { name: 'Mijn diensten' }).waitFor();
      await api.idle();

      expect(await sidebarLinks()).toEqual([
        ['Dashboard', '/dashboard'],
        ...groups.map((g) => [g.name, `/mijn-diensten/${g.id}/${slug(g.name)}`]),
        // REQUEST_CHANGES (docs/requests.md).
        ['Aanvragen', '/aanvragen'],
        ['Mijn bedrijf', '/mijn-bedrijf'],
        ['Kosten', '/kosten'],
        // klant@demo.nl may act for the branches of Van Dijk Groep (EDIT_PARENT_COMPANY).
        ['Groepsoverzicht', '/kosten/groep'],
        ['Verbruik', '/verbruik'],
        // Installatietechniek has a group bundle.
        ['Groepsbundel', '/groepsbundel'],
      ]);

      await mobileLink.click();
      await page.waitForURL(`${run.portal.baseUrl}/mijn-diensten/${mobile.id}/mobiele-telefonie`);
      await heading(page, groupTitle('Mobiele telefonie')).waitFor();
      await sidebar().getByRole('link', { name: 'Kosten', exact: true }).click();
      await page.waitForURL(`${run.portal.baseUrl}/kosten`);
      await heading(page, 'Kosten').waitFor();
    });

  });

  describe('dashboard', () => {
    it('offers the current month and the six before it, with Dutch labels', async () => {
      await login(page, run.portal.baseUrl, KLANT.email);
      const select = page.getByLabel('Maand');
      await select.waitFor();
      const options = await select.locator('option').evaluateAll((os) =>
        os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent })),
      );
      const expected = expectedMonths();
      expect(options.map((o) => o.label)).toEqual(expected.map((m) => m.label));
      expect(await select.inputValue()).toBe(options[0].value);
    });

    it('shows klant@demo.nl the group bundle in Dutch GB notation, opening /verbruik of that month', async () => {
      const api = trackApi(page);
      await login(page, run.portal.baseUrl, KLANT.email);
      const month = expectedMonths()[0];
      const bundle = await apiGet<{ total_gb: number; gb_used: number; has_group_bundle: boolean }>(
        run.portal.baseUrl,
        klantToken,
        `groupbundlecosts?costs_date_from=${month.value}`,
      );
      expect(bundle.has_group_bundle).toBe(true);

      const card = page.getByRole('link', { name: /^Groepsbundel .* GB van / });
      await card.waitFor();
      const text = await card.innerText();
      expect(text).toMatch(/\d+,\d{2} GB van \d+,\d{2} GB/);
      expect(text).toContain(`${dutch2(bundle.gb_used)} GB van ${dutch2(bundle.total_gb)} GB`);
      const progress = card.getByRole('progressbar', { name: 'Verbruik groepsbundel' });
      const expectedPercentage =
        bundle.total_gb === 0 ? 100 : Math.min(100, Math.max(0, (bundle.gb_used / bundle.total_gb) * 100));
      expect(Number(await progress.getAttribute('aria-valuenow'))).toBeCloseTo(expectedPercentage, 0);

      // klant@demo.nl may not recalculate (docs/screens.md, 'Dashboard': CREATE_COMPANY only).
      await tilesRegion(page).getByRole('listitem').first().waitFor();
      await api.idle();
      expect(await page.getByRole('button', { name: 'Herberekenen' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'QA-hulpmiddelen' }).count()).toBe(0);

      await page.screenshot({ path: '/tmp/dashboard.png', fullPage: true });

      // The bundle's month goes along: the report would otherwise open on the last whole month.
      await card.click();
      await page.waitForURL((url) => url.pathname === '/verbruik' && url.searchParams.get('from') === month.value);
      await heading(page, 'Verbruik').waitFor();
    });

    it('shows admin@demo.nl Admin in the menu and the Herberekenen button, which recalculates the selected month', async () => {
      await login(page, run.portal.baseUrl, ADMIN.email);
      const admin = sidebar().getByRole('link', { name: 'Admin', exact: true });
      await admin.waitFor();
      expect(await admin.getAttribute('href')).toBe('/mer-admin');

      const select = page.getByLabel('Maand');
      const previous = expectedMonths()[1];
      await select.selectOption(previous.value);
      const recalculated = page.waitForResponse((r) => r.url().includes('/api/costs/groupbundle/recalculate'));
      await page.getByRole('button', { name: 'Herberekenen' }).click();
      const response = await recalculated;
      expect(response.status()).toBe(200);
      expect(new URL(response.url()).searchParams.get('costs_date_from')).toBe(previous.value);

      await admin.click();
      await page.waitForURL(`${run.portal.baseUrl}/mer-admin`);
      await heading(page, 'Admin').waitFor();
    });

    it('shows one tile per visible article group with its service count, linking to the group', async () => {
      await login(page, run.portal.baseUrl, KLANT.email);
      const expected = await expectedTiles(run.portal.baseUrl, klantToken);
      expect(expected.some((t) => t.count !== '0 afnames')).toBe(true);
      await expectTiles(page, expected);

      const mobile = expected.find((t) => t.name === 'Mobiele telefonie')!;
      await tilesRegion(page).getByRole('link').filter({ hasText: 'Mobiele telefonie' }).click();
      await page.waitForURL(`${run.portal.baseUrl}${mobile.href}`);
      await heading(page, groupTitle('Mobiele telefonie')).waitFor();
    });
  });

  it.each([
    ['logged out', null],
    ['logged in', KLANT.email],
  ])('shows the 404 page for an unknown path (%s)', async (_, email) => {
    if (email) await login(page, run.portal.baseUrl, email);
    await page.goto(`${run.portal.baseUrl}/bestaat-niet`);
    await heading(page, 'Pagina niet gevonden').waitFor();
    expect(pathOf(page)).toBe('/bestaat-niet');
    const main = await page.getByRole('main').innerText();
    expect(main).toMatch(/iets misgegaan/i);
    expect(main).toMatch(/support/i);
    expect(main).toMatch(/werkdagen/);
    expect(main).toMatch(/09:00.{1,6}17:00/);
    // Support's contact from the server's configuration (demo values), and the frame only when logged in.
    expect(await page.getByRole('link', { name: 'support@demo.nl' }).getAttribute('href')).toBe('mailto:support@demo.nl');
    expect(await page.getByRole('link', { name: '020 123 45 67' }).getAttribute('href')).toBe('tel:0201234567');
    expect(await page.getByRole('button', { name: 'Uitloggen' }).count()).toBe(email ? 1 : 0);
    expect(await page.getByRole('main').count()).toBe(1);
  });

  it('lets a superadmin manage Van Dijk Installatietechniek B.V. and stop again, across a reload', async () => {
    const companyId = claimsOf(klantToken).company_id;
    const customerTiles = await expectedTiles(run.portal.baseUrl, klantToken);
    const ownTiles = await expectedTiles(run.portal.baseUrl, await apiToken(run.portal.baseUrl, SUPERADMIN.email));
    expect(customerTiles).not.toEqual(ownTiles);

    await login(page, run.portal.baseUrl, SUPERADMIN.email);
    await expectTiles(page, ownTiles);
    expect(await sidebar().getByRole('link', { name: 'Admin', exact: true }).getAttribute('href')).toBe('/mer-admin');
    await page.getByLabel('Bedrijf-ID').fill(String(companyId));
    await page.getByLabel('Reden').fill('Test van het portaal');
    await page.getByRole('button', { name: 'Beheren' }).click();

    const expectManaging = async () => {
      await banner().waitFor();
      // The name arrives with GET /api/company/{id}; until then the banner says 'bedrijf {id}'.
      await eventually(async () => expect(await banner().innerText()).toContain(`Je beheert nu ${KLANT.company}`));
      expect(await banner().innerText()).not.toContain('B.V..');
      await banner().getByRole('button', { name: 'Stop met beheren.' }).waitFor();
      await expectTiles(page, customerTiles);
      expect(pathOf(page)).toBe('/dashboard');
    };
    await expectManaging();
    expect(await banner().innerText()).toMatch(/^Je beheert nu Van Dijk Installatietechniek B\.V\. tot \d\d:\d\d\.\s+Stop met beheren\.$/);

    await page.reload();
    await expectManaging();

    await page.getByRole('link', { name: 'Kosten', exact: true }).click();
    await page.waitForURL(`${run.portal.baseUrl}/kosten`);
    await banner().getByRole('button', { name: 'Stop met beheren.' }).click();
    await page.waitForURL(`${run.portal.baseUrl}/dashboard`);
    await expectTiles(page, ownTiles);
    expect(await banner().count()).toBe(0);

    await page.reload();
    await expectTiles(page, ownTiles);
    expect(await banner().count()).toBe(0);
  });

  describe('security headers', () => {
    const directives = (csp: string) =>
      new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .filter((d) => d[0])
          .map(([name, ...values]) => [name.toLowerCase(), values]),
      );

    it("serves pages with a CSP whose script-src is 'self' without unsafe-inline", async () => {
      for (const path of ['/login', '/dashboard', '/bestaat-niet']) {
        const response = (await page.goto(`${run.portal.baseUrl}${path}`))!;
        const csp = response.headers()['content-security-policy'];
        expect(csp).toBeDefined();
        const policy = directives(csp);
        const scriptSrc = policy.get('script-src') ?? policy.get('default-src');
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(policy.get('object-src')).toEqual(["'none'"]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(response.headers()['x-content-type-options']).toBe('nosniff');
      }
    });

    it('raises no CSP violation while the dashboard is used, and does block an inline script', async () => {
      await context.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      const cspErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy')) cspErrors.push(message.text());
      });
      const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

      await login(page, run.portal.baseUrl, KLANT.email);
      await expectTiles(page, await expectedTiles(run.portal.baseUrl, klantToken));
      await page.getByLabel('Maand').selectOption(expectedMonths()[2].value);
      await page.getByRole('link', { name: /^Groepsbundel .* GB van / }).waitFor();
      await page.getByRole('search', { name: 'Zoeken op het dashboard' }).getByRole('searchbox').fill('laptop');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${run.portal.baseUrl}/zoek/laptop`);
      await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await page.getByLabel('Maand').waitFor();
      await page.reload();
      await page.getByLabel('Maand').waitFor();
      await tilesRegion(page).getByRole('listitem').first().waitFor();

      expect(cspErrors).toEqual([]);
      expect(await violations()).toEqual([]);

      // The control: an inline script is refused, and both detectors notice.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true;';
        document.body.appendChild(script);
      });
      await page.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0);
      expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
      expect((await violations())[0]).toMatch(/^script-src/);
      expect(cspErrors.length).toBeGreaterThan(0);
    });
  });
});
