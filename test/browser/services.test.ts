import type { BrowserContext, Locator, Page } from 'playwright-core';
import { dateField, dateValue, typeDate } from './dateField';
import { describeInBrowser, login, loginManaging, usePortal } from './harness';
import {
  ADMIN,
  apiGet,
  apiToken,
  claimsOf,
  eventually,
  groupTitle,
  heading,
  KLANT,
  newPage,
  pathOf,
  slug,
  tilesRegion,
} from './support';
import {
  activeBulk,
  addBulk,
  amsterdamEpoch,
  apiNoon,
  apiSend,
  articleDetail,
  articlePath,
  articleNamed,
  articlesOf,
  bodyRows,
  countRequests,
  createArticle,
  createService,
  daysInOpenMonth,
  dutchDate,
  endUserLabel,
  expectRows,
  fieldId,
  fieldOf,
  freshPhone,
  type Group,
  groupNamed,
  groupPath,
  headers,
  isActive,
  isoDay,
  managingToken,
  noonOf,
  readDetails,
  readTable,
  rgbOf,
  type ServiceRow,
  toast,
  uniqueName,
} from './servicesSupport';

/**
 * docs/screens.md, 'Mijn diensten', in Chromium: the "Mijn diensten" screens of klant@demo.nl, from the
 * group's article table down to one service, the bulk services and the article's edit screen.
 * Tenant isolation, a long services table and the axe scans of these screens: servicesA11y.test.ts.
 * Articles that a test changes are made for it through the API, so the tests do not lean on
 * each other; the demo articles are only read (and refused a delete).
 */
jest.setTimeout(90_000);

describeInBrowser('Mijn diensten (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  /** admin@demo.nl managing klant's company: articles, prices and billed months are the provider's. */
  let staff: string;
  let base: string;
  let mobile: Group;
  let apps: Group;
  let hardware: Group;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    token = await apiToken(base, KLANT.email);
    staff = await managingToken(base, ADMIN.email, claimsOf(token).company_id);
    [mobile, apps, hardware] = await Promise.all(
      ['Mobiele telefonie', 'Applicaties', 'Hardware'].map((name) => groupNamed(base, token, name)),
    );
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const loginKlant = () => login(page, base, KLANT.email);
  const loginManagingKlant = () => loginManaging(page, base, ADMIN.email, KLANT.company);
  const save = () => page.getByRole('button', { name: 'Opslaan', exact: true });
  const crumbs = () => page.getByRole('navigation', { name: 'Kruimelpad' });
  const servicesTable = () => page.getByRole('table', { name: /^Afnames/ });
  /** The afname of this end user in the table: its row, whose link is its phone number. */
  const serviceRow = (endUser: string) => servicesTable().getByRole('row').filter({ hasText: endUser });

  /** A toast with exactly this text (docs/screens.md, 'Toasts'). */
  const expectToast = async (text: string) => {
    const alert = toast(page, text).first();
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(text);
  };

  const isDisabled = (locator: Locator) => locator.isDisabled();
  const expectDisabled = async (locator: Locator, disabled: boolean) =>
    eventually(async () => expect(await isDisabled(locator)).toBe(disabled), 5_000);

  /** docs/screens.md, 'Article table': Aantal = services active now plus active bulk units, from the API. */
  const expectedArticleRows = async (group: Group) => {
    const list = await articlesOf(base, token, group.id);
    const now = Date.now() / 1000;
    return Promise.all(
      list.map(async (article) => {
        const detail = await articleDetail(base, token, article.id, true);
        const activeServices = detail.services.filter((s) => isActive(s, now)).length;
        // The list's own count must agree with the services it lists.
        expect({ article: article.name, services_count: article.services_count }).toEqual({
          article: article.name,
          services_count: activeServices,
        });
        const count = activeServices + activeBulk(article.bulk_services);
        return { Artikel: article.name, Aantal: new Intl.NumberFormat('nl-NL').format(count), Omschrijving: article.description };
      }),
    );
  };

  describe('group page', () => {
    it('opens Mobiele telefonie from its dashboard tile: Artikel, Aantal (services + active bulk units), Omschrijving', async () => {
      await loginKlant();
      const policies = await apiGet<Record<string, boolean>>(base, token, 'auth/policies');
      // docs/permissions.md, 'Who may edit prices': articles and their prices are the provider's.
      expect(policies).toMatchObject({ CREATE_ARTICLE: false, EDIT_PRICES: false });

      const tile = tilesRegion(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Mobiele telefonie', exact: true }) });
      // The dashboard's cards fill in as their calls answer, which can move the tile under a click
      // on a busy machine: a click that opened nothing is made again.
      await eventually(async () => {
        if (pathOf(page) !== groupPath(mobile)) await tile.getByRole('link').first().click();
        await page.waitForURL(`${base}${groupPath(mobile)}`, { timeout: 5_000 });
      }, 30_000);
      await heading(page, groupTitle('Mobiele telefonie')).waitFor();

      const table = page.getByRole('table', { name: 'Artikelen' });
      await bodyRows(table).first().waitFor();
      expect(await headers(table)).toEqual(['Artikel', 'Aantal', 'Omschrijving']);
      await expectRows(table, await expectedArticleRows(mobile));

      expect(await page.getByRole('link', { name: 'Artikel toevoegen' }).count()).toBe(0);

      // Applicaties: Microsoft 365 has bulk units besides its services.
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Applicaties', exact: true }).click();
      await page.waitForURL(`${base}${groupPath(apps)}`);
      const appsTable = page.getByRole('table', { name: 'Artikelen' });
      const expected = await expectedArticleRows(apps);
      const m365 = (await articlesOf(base, token, apps.id)).find((a) => a.name === 'Microsoft 365 Business Standard')!;
      expect(activeBulk(m365.bulk_services)).toBeGreaterThan(0);
      await expectRows(appsTable, expected);
    });
  });

  describe('add article', () => {
    it('refuses a missing name or description with the toasts, shows Gigabyte for Mobiele telefonie only, and saves', async () => {
      await loginManagingKlant();
      await page.goto(`${base}${groupPath(mobile)}`);
      await page.getByRole('link', { name: 'Artikel toevoegen' }).click();
      await page.waitForURL(`${base}${groupPath(mobile)}/toevoegen`);
      await heading(page, 'Artikel toevoegen').waitFor();
      const creates = countRequests(page, 'POST', '/api/articles/create');
      const name = uniqueName('Browser Artikel');

      await page.getByLabel('Omschrijving').fill('Een omschrijving');
      await save().click();
      await expectToast("Veld 'Artikelnaam' is verplicht.");
      expect(await toast(page, "Veld 'Omschrijving' is verplicht").count()).toBe(0);

      await page.getByLabel('Artikelnaam').fill(name);
      await page.getByLabel('Omschrijving').fill('');
      await save().click();
      await expectToast("Veld 'Omschrijving' is verplicht");
      expect(creates.count).toBe(0);

      // docs/screens.md, 'Article forms': the group-bundle GB field appears only for 'Mobiele telefonie'.
      const gigabyte = page.getByLabel('Gigabyte');
      expect(await gigabyte.isVisible()).toBe(true);

      await page.getByLabel('Omschrijving').fill('Testabonnement uit de browser');
      await page.getByLabel('Prijs', { exact: false }).first().fill('12,50');
      await page.getByLabel('Eenmalige kosten').fill('5');
      await gigabyte.fill('3');
      await save().click();
      await page.waitForURL(new RegExp(`${groupPath(mobile)}/\\d+/${slug(name)}$`));
      await heading(page, name).waitFor();
      expect(creates.count).toBe(1);

      const id = Number(pathOf(page).split('/')[4]);
      const detail = await articleDetail(base, token, id);
      expect(detail).toMatchObject({ name, description: 'Testabonnement uit de browser', price: 12.5, setup_price: 5, gigabyte: 3 });

      await crumbs().getByRole('link', { name: 'Mobiele telefonie' }).click();
      await page.waitForURL(`${base}${groupPath(mobile)}`);
      const table = page.getByRole('table', { name: 'Artikelen' });
      await table.getByRole('link', { name, exact: true }).waitFor();
      expect((await readTable(table)).find((r) => r.Artikel === name)).toEqual({
        Artikel: name,
        Aantal: '0',
        Omschrijving: 'Testabonnement uit de browser',
      });

      // Hardware: no Gigabyte field.
      await page.goto(`${base}${groupPath(hardware)}/toevoegen`);
      await heading(page, 'Artikel toevoegen').waitFor();
      await page.getByLabel('Artikelnaam').waitFor();
      await page.getByLabel('Omschrijving').waitFor();
      expect(await page.getByLabel('Gigabyte').count()).toBe(0);
    });
  });

  describe('article page', () => {
    /** The services table rows expected from the API: end user, SIM, phone, label 1, end date. */
    const expectedServiceRows = (services: ServiceRow[], columns: string[], mobileFields: boolean) =>
      services.map((s) => ({
        [columns[0]]: endUserLabel(s),
        ...(mobileFields ? { 'SIM nummer': fieldOf(s, 'SIM nummer', mobile.fields), Telefoonnummer: fieldOf(s, 'Telefoonnummer', mobile.fields) } : {}),
        Kostenplaats: s.input_field_1 ?? '',
        [columns[columns.length - 1]]: s.end_time === null ? '' : dutchDate(s.end_time),
      }));

    it('shows a mobile article with its services, <Geen gebruiker>, SIM and phone columns, and the historic toggle in the URL', async () => {
      const article = await articleNamed(base, token, mobile, 'Zakelijk Basis 5GB');
      const current = await articleDetail(base, token, article.id);
      const all = await articleDetail(base, token, article.id, true);
      expect(current.services.some((s) => s.end_user === null)).toBe(true);
      expect(all.services.length).toBeGreaterThan(current.services.length);

      await loginKlant();
      await page.goto(`${base}${groupPath(mobile)}`);
      await page.getByRole('table', { name: 'Artikelen' }).getByRole('link', { name: article.name, exact: true }).click();
      const path = articlePath(mobile, article);
      await page.waitForURL(`${base}${path}`);
      await heading(page, article.name).waitFor();

      const addService = page.getByRole('link', { name: 'Afname toevoegen' });
      expect(await addService.getAttribute('href')).toBe(`${path}/toevoegen`);
      const bulk = page.getByRole('link', { name: `Bulkafnames (${activeBulk(current.bulk_services)})`, exact: true });
      expect(await bulk.getAttribute('href')).toBe(`${path}/bulkafnames`);

      const table = servicesTable();
      await bodyRows(table).first().waitFor();
      const columns = await headers(table);
      expect(columns).toEqual(expect.arrayContaining(['SIM nummer', 'Telefoonnummer', 'Kostenplaats']));
      await expectRows(table, expectedServiceRows(current.services, columns, true));
      expect(await table.getByText('<Geen gebruiker>', { exact: true }).count()).toBeGreaterThan(0);

      // 'Toon Historische Afnames': ended services join, the choice goes into the query string.
      const historic = page.getByLabel('Toon Historische Afnames');
      expect(await historic.isChecked()).toBe(false);
      // The checkbox follows the URL, a moment after the click: click, then wait for the state.
      await historic.click();
      await page.waitForURL((url) => url.searchParams.has('show_historic'));
      await eventually(async () => expect(await historic.isChecked()).toBe(true));
      await expectRows(table, expectedServiceRows(all.services, columns, true));

      await page.reload();
      await heading(page, article.name).waitFor();
      expect(new URL(page.url()).searchParams.has('show_historic')).toBe(true);
      await eventually(async () => expect(await page.getByLabel('Toon Historische Afnames').isChecked()).toBe(true));
      await expectRows(servicesTable(), expectedServiceRows(all.services, columns, true));
    });

    it('asks the article and the frame on a full page load while the screen’s JavaScript is still on its way, each once', async () => {
      const article = await articleNamed(base, token, mobile, 'Zakelijk Basis 5GB');
      const articleCall = `/api/articles/${article.id}`;
      await loginKlant();
      // The dashboard's own frame calls are done before counting starts.
      await page.waitForLoadState('networkidle');
      // Hold the article page's chunk until the article has been asked (at most 15 s).
      let asked!: () => void;
      const articleAsked = new Promise<void>((resolve) => {
        asked = resolve;
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === articleCall) asked();
      });
      let askedWhileHeld = false;
      await page.route(/\/js\/services-screen\.[0-9a-f]+\.js$/, async (route) => {
        askedWhileHeld = await Promise.race([articleAsked.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
        await route.continue();
      });
      const frameCalls = ['/api/article-groups/visible', '/api/auth/policies', '/api/users/', '/api/company/'];
      const counters = [articleCall, ...frameCalls].map((path) => ({ path, counter: countRequests(page, 'GET', path) }));

      await page.goto(`${base}${articlePath(mobile, article)}`);
      await bodyRows(servicesTable()).first().waitFor();
      await page.getByRole('link', { name: 'Afname toevoegen' }).waitFor();

      expect(askedWhileHeld).toBe(true);
      // The start-up asked each once, and the screens took its answers instead of asking again.
      expect(counters.map(({ path, counter }) => [path, counter.count])).toEqual(counters.map(({ path }) => [path, 1]));
    });

    /** When the file of the named chunk was asked, in ms from navigation start (undefined: not asked). */
    const chunkAskedAt = (name: string) =>
      page.evaluate(
        (chunk) =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => new RegExp(`/js/${chunk}\\.[0-9a-f]+\\.js$`).test(e.name))
            ?.startTime,
        name,
      );

    it('loads the forms’ chunk with a full load of a form’s address, and after the first render on the article page', async () => {
      const article = await articleNamed(base, token, mobile, 'Zakelijk Basis 5GB');
      await loginKlant();
      await page.addInitScript(() => {
        const w = window as unknown as { firstRowAt?: number };
        new MutationObserver(() => {
          if (w.firstRowAt === undefined && document.querySelector('tbody tr[aria-rowindex]')) w.firstRowAt = performance.now();
        }).observe(document, { childList: true, subtree: true });
      });

      await page.goto(`${base}${articlePath(mobile, article)}`);
      await bodyRows(servicesTable()).first().waitFor();
      // formik, react-select and moment are not part of the article page's first render; the
      // forms come once the browser is idle, so that 'Afname toevoegen' opens at once.
      await eventually(async () => expect(await chunkAskedAt('services-forms')).toBeDefined());
      const firstRowAt = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
      expect(await chunkAskedAt('services-forms')).toBeGreaterThan(firstRowAt);

      await page.goto(`${base}${articlePath(mobile, article)}/toevoegen`);
      await page.getByRole('tab', { name: 'Bestaande gebruiker' }).waitFor();
      const session = await page.evaluate(() => performance.getEntriesByName('portal:session')[0]?.startTime);
      expect(await chunkAskedAt('services-forms')).toBeLessThan(session!);
    });

    it('shows the active bulk count of Microsoft 365 and no phone or SIM columns for Hardware', async () => {
      const m365 = await articleNamed(base, token, apps, 'Microsoft 365 Business Standard');
      const bulkCount = activeBulk(m365.bulk_services);
      expect(bulkCount).toBeGreaterThan(0);
      const laptop = await articleNamed(base, token, hardware, 'Laptop lease Dell Latitude');
      const laptopServices = (await articleDetail(base, token, laptop.id)).services;

      await loginKlant();
      await page.goto(`${base}${articlePath(apps, m365)}`);
      await heading(page, m365.name).waitFor();
      await page.getByRole('link', { name: `Bulkafnames (${bulkCount})`, exact: true }).waitFor();

      await page.goto(`${base}${articlePath(hardware, laptop)}`);
      await heading(page, laptop.name).waitFor();
      const table = servicesTable();
      await bodyRows(table).first().waitFor();
      const columns = await headers(table);
      expect(columns).not.toContain('Telefoonnummer');
      expect(columns).not.toContain('SIM nummer');
      await expectRows(table, expectedServiceRows(laptopServices, columns, false));
    });
  });

  describe('add service', () => {
    let article: { id: number; name: string };
    beforeAll(async () => {
      article = await createArticle(base, staff, mobile, uniqueName('Nieuwe afnames'));
    });

    const openAddService = async () => {
      await loginKlant();
      await page.goto(`${base}${articlePath(mobile, article)}`);
      await heading(page, article.name).waitFor();
      await page.getByRole('link', { name: 'Afname toevoegen' }).click();
      await page.waitForURL(`${base}${articlePath(mobile, article)}/toevoegen`);
      await heading(page, 'Afname toevoegen').waitFor();
    };

    it("'Nieuwe gebruiker': needs both names, refuses a taken phone number with the toast, then saves a fresh one", async () => {
      const taken = (await articleDetail(base, token, (await articleNamed(base, token, mobile, 'Zakelijk Onbeperkt 10GB')).id)).services
        .map((s) => fieldOf(s, 'Telefoonnummer', mobile.fields))
        .find(Boolean)!;
      expect(taken).toMatch(/^06/);
      await openAddService();
      const creates = countRequests(page, 'PUT', '/api/services/create');

      await page.getByRole('tab', { name: 'Nieuwe gebruiker' }).click();
      await expectDisabled(save(), true);
      await page.getByLabel('Voornaam').fill('Bram');
      await expectDisabled(save(), true);
      await page.getByLabel('Achternaam').fill('Testers');
      await expectDisabled(save(), false);
      await page.getByLabel('Voornaam').fill('');
      await expectDisabled(save(), true);
      await page.getByLabel('Voornaam').fill('Bram');
      await expectDisabled(save(), false);

      await page.getByLabel('Orderreferentie').fill('ORD-BROWSER-1');
      await page.getByLabel('Telefoonnummer').fill(taken);
      await page.getByLabel('SIM nummer').fill('8931990999999999991');
      await page.getByLabel('Kostenplaats').fill('KP-999');
      await save().click();
      await expectToast('Telefoonnummer is al geregistreerd binnen dit bedrijf.');
      expect(creates.count).toBe(1);
      expect(pathOf(page)).toBe(`${articlePath(mobile, article)}/toevoegen`);
      await expectDisabled(save(), false);

      // The toast lies over the save button at 1280x720 (and stays while the pointer rests on
      // it): the keyboard saves again, as a user would after correcting the number.
      const phone = freshPhone();
      await page.getByLabel('Telefoonnummer').fill(phone);
      await save().focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`${articlePath(mobile, article)}/(\\d+)/bram-testers$`));
      expect(creates.count).toBe(2);
      await heading(page, article.name).waitFor();
      await page.getByText('Bram Testers').first().waitFor();
      await eventually(async () =>
        expect(await readDetails(page)).toMatchObject({
          Telefoonnummer: phone,
          'SIM nummer': '8931990999999999991',
          Orderreferentie: 'ORD-BROWSER-1',
          Kostenplaats: 'KP-999',
          Startdatum: dutchDate(noonOf(0)),
        }),
      );

      const id = Number(pathOf(page).split('/')[6]);
      const saved = (await apiGet<{ data: ServiceRow }>(base, token, `services/${id}`)).data;
      expect(saved.end_user).toMatchObject({ firstname: 'Bram', lastname: 'Testers' });
      expect(fieldOf(saved, 'Telefoonnummer')).toBe(phone);
      // The refused save created no end user of its own.
      const brams = (await apiGet<{ firstname: string; lastname: string }[]>(base, token, 'end-users/all')).filter(
        (u) => u.firstname === 'Bram' && u.lastname === 'Testers',
      );
      expect(brams).toHaveLength(1);
    });

    it("'Zonder gebruiker' saves at once; start defaults to today (at 12:00) and an end before start + 1 day blocks saving", async () => {
      await openAddService();
      await page.getByRole('tab', { name: 'Zonder gebruiker' }).click();
      await expectDisabled(save(), false);

      // Days only, dd-mm-jjjj; the start takes effect at 12:00 (start_time below).
      const start = dateField(page, 'Startdatum');
      const end = dateField(page, 'Einddatum');
      expect(await dateValue(start)).toBe(isoDay(0).split('-').reverse().join('-'));
      await page.getByText('Gaat in om 12:00 uur.').waitFor();
      await typeDate(end, isoDay(-1));
      await expectDisabled(save(), true);
      await typeDate(end, isoDay(0));
      await expectDisabled(save(), true);
      await typeDate(end, isoDay(1));
      await expectDisabled(save(), false);
      await typeDate(end, '');
      expect(await dateValue(end)).toBe('');
      await expectDisabled(save(), false);

      await save().click();
      await page.waitForURL(new RegExp(`${articlePath(mobile, article)}/(\\d+)/[^/]+$`));
      await heading(page, article.name).waitFor();
      await page.getByText('<Geen gebruiker>').first().waitFor();
      const id = Number(pathOf(page).split('/')[6]);
      const saved = (await apiGet<{ data: ServiceRow }>(base, token, `services/${id}`)).data;
      expect(saved.end_user).toBeNull();
      expect(saved.end_time).toBeNull();
      expect(saved.start_time).toBe(noonOf(0));
    });
  });

  describe('service edit', () => {
    let article: { id: number; name: string };
    let ending: ServiceRow;
    let doomed: ServiceRow;
    beforeAll(async () => {
      article = await createArticle(base, staff, mobile, uniqueName('Te wijzigen'));
      // Made by staff: a start 10 days ago may lie in a billed month. The customer may still end it
      // from today, and hard-deletes only the one that started in the current month (docs/rules.md, 'Billed months are closed').
      [ending, doomed] = await Promise.all(
        [
          ['Eline', 'Einde', -10],
          ['Dirk', 'Weg', daysInOpenMonth(-10)],
        ].map(([firstname, lastname, days]) =>
          createService(base, staff, {
            article_id: article.id,
            start_time: apiNoon(days as number),
            end_user: { firstname: firstname as string, lastname: lastname as string },
            article_group_field_inputs: [{ article_group_field_id: fieldId(mobile, 'Telefoonnummer'), value: freshPhone() }],
          }),
        ),
      );
    });

    const openEdit = async (name: string) => {
      await loginKlant();
      await page.goto(`${base}${articlePath(mobile, article)}`);
      await serviceRow(name).getByRole('link').click();
      await page.waitForURL(new RegExp(`${articlePath(mobile, article)}/\\d+/${slug(name)}$`));
      await page.getByRole('link', { name: 'Bewerken' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/edit'));
      await heading(page, 'Afname bewerken').waitFor();
    };

    it('returns to the article page after an end date of today, where the service is no longer listed', async () => {
      await openEdit('Eline Einde');
      expect(pathOf(page)).toBe(`${articlePath(mobile, article)}/${ending.id}/eline-einde/edit`);
      await typeDate(dateField(page, 'Einddatum'), isoDay(0));
      await save().click();
      await page.waitForURL((url) => url.pathname === articlePath(mobile, article));
      await heading(page, article.name).waitFor();
      await serviceRow('Dirk Weg').waitFor();
      expect(await serviceRow('Eline Einde').count()).toBe(0);
      const saved = (await apiGet<{ data: ServiceRow }>(base, token, `services/${ending.id}`)).data;
      const [y, m, d] = isoDay(0).split('-').map(Number);
      expect(saved.end_time).toBe(amsterdamEpoch(y, m, d, 0, 0));
    });

    it("hard-deletes: 'Gelukt!' / 'Het verwijderen is gelukt.', OK goes to the article page without the service", async () => {
      await openEdit('Dirk Weg');
      await page.getByRole('button', { name: 'Verwijderen' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: 'Verwijderen' }).click();
      const done = page.getByRole('dialog', { name: 'Gelukt!' });
      await done.getByText('Het verwijderen is gelukt.', { exact: true }).waitFor();
      await done.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL((url) => url.pathname === articlePath(mobile, article));
      await heading(page, article.name).waitFor();
      expect((await apiSend(base, token, 'DELETE', `services/${doomed.id}/hard`)).status).toBe(404);
      expect((await articleDetail(base, token, article.id, true)).services.map((s) => s.id)).not.toContain(doomed.id);
      // The checkbox follows the URL, a moment after the click: click, then wait for the state.
      const historic = page.getByLabel('Toon Historische Afnames');
      await historic.click();
      await page.waitForURL((url) => url.searchParams.has('show_historic'));
      await serviceRow('Eline Einde').waitFor();
      expect(await page.getByText('Dirk Weg').count()).toBe(0);
    });
  });

  describe('bulk services', () => {
    it('shows the active count, refuses a too large removal, adds 3 today (callout too) and deletes that entry', async () => {
      const article = await createArticle(base, staff, apps, uniqueName('Bulk licenties'));
      // By staff: 10 days ago may lie in a billed month (docs/rules.md, 'Billed months are closed').
      await addBulk(base, staff, article.id, 5, noonOf(-10));
      await addBulk(base, staff, article.id, 2, noonOf(20));
      const path = articlePath(apps, article);

      await loginKlant();
      await page.goto(`${base}${path}`);
      await page.getByRole('link', { name: 'Bulkafnames (5)', exact: true }).click();
      await page.waitForURL(`${base}${path}/bulkafnames`);
      await heading(page, 'Bulkafnames').waitFor();
      const active = page.getByText('Actief aantal', { exact: true }).locator('xpath=following-sibling::*[1]');
      const history = page.getByRole('table', { name: 'Historie' });
      const expectActive = (n: string) => eventually(async () => expect((await active.innerText()).trim()).toBe(n));
      await expectActive('5');
      await eventually(async () => expect(await bodyRows(history).count()).toBe(2));

      await page.getByLabel('Aantal').fill('-6');
      expect(await dateValue(dateField(page, 'Datum'))).toBe(isoDay(0).split('-').reverse().join('-'));
      await save().click();
      await expectToast('Er zijn niet genoeg afnames om te verwijderen.');
      await expectActive('5');
      expect(await bodyRows(history).count()).toBe(2);

      await page.getByLabel('Aantal').fill('3');
      await typeDate(dateField(page, 'Datum'), isoDay(0));
      await save().click();
      await expectActive('8');
      const added = bodyRows(history).filter({ has: page.getByRole('cell', { name: '+3', exact: true }) });
      await added.waitFor();
      expect(await added.getByRole('cell', { name: dutchDate(noonOf(0)), exact: true }).count()).toBe(1);
      expect(activeBulk((await articleDetail(base, token, article.id)).bulk_services)).toBe(8);

      await crumbs().getByRole('link', { name: article.name }).click();
      await page.waitForURL(`${base}${path}`);
      await page.getByRole('link', { name: 'Bulkafnames (8)', exact: true }).click();
      await page.waitForURL(`${base}${path}/bulkafnames`);
      await expectActive('8');

      await bodyRows(history)
        .filter({ has: page.getByRole('cell', { name: '+3', exact: true }) })
        .getByRole('button', { name: /verwijder/i })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Bulkafname verwijderen' });
      await confirm.getByText(`Weet je zeker dat je de bulkafname van +3 op ${dutchDate(noonOf(0))} wilt verwijderen? Het actieve aantal is daarna 5.`).waitFor();
      await confirm.getByRole('button', { name: 'Verwijderen' }).click();
      await expectToast('Bulkafname verwijderd.');
      await expectActive('5');
      await eventually(async () => expect(await bodyRows(history).count()).toBe(2));
      expect(activeBulk((await articleDetail(base, token, article.id)).bulk_services)).toBe(5);
    });
  });

  describe('edit article', () => {
    it('locks the billing cycle and adds a price history row on a price change', async () => {
      const article = await createArticle(base, staff, hardware, uniqueName('Prijswijziging'), { price: '12.00' });
      const before = (await articleDetail(base, token, article.id)).price_history.length;
      const path = articlePath(hardware, article);

      await loginManagingKlant();
      await page.goto(`${base}${path}`);
      await heading(page, article.name).waitFor();
      await page.getByRole('link', { name: 'Artikel bewerken' }).click();
      await page.waitForURL(`${base}${path}/bewerken`);
      await heading(page, 'Artikel bewerken').waitFor();
      expect(await page.getByLabel('Facturatiecyclus').isDisabled()).toBe(true);
      const history = page.getByRole('table', { name: 'Prijshistorie' });
      await eventually(async () => expect(await bodyRows(history).count()).toBe(before));

      await page.getByLabel('Prijs', { exact: false }).first().fill('13,75');
      await save().click();
      await page.waitForURL(`${base}${path}`);
      await page.getByText('€ 13,75').first().waitFor();
      const after = (await articleDetail(base, token, article.id)).price_history;
      expect(after).toHaveLength(before + 1);

      await page.getByRole('link', { name: 'Artikel bewerken' }).click();
      await page.waitForURL(`${base}${path}/bewerken`);
      await eventually(async () => expect(await bodyRows(history).count()).toBe(before + 1));
      expect(await history.getByText('13,75').count()).toBe(1);
    });

    it("shows the server's refusal in red in the delete modal, and closing it goes back to the group", async () => {
      const article = await articleNamed(base, token, mobile, 'Zakelijk Onbeperkt 10GB');
      const path = articlePath(mobile, article);
      await loginManagingKlant();
      await page.goto(`${base}${path}/bewerken`);
      await heading(page, 'Artikel bewerken').waitFor();
      await page.getByRole('button', { name: 'Verwijderen' }).click();
      const dialog = page.getByRole('dialog');
      const refused = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === `/api/articles/${article.id}`);
      await dialog.getByRole('button', { name: 'Verwijderen' }).click();
      const response = await refused;
      expect(response.status()).toBe(409);
      const message = ((await response.json()) as { message: string }).message;
      expect(message.length).toBeGreaterThan(0);
      const shown = dialog.getByText(message, { exact: true });
      await shown.waitFor();
      const [r, g, b] = rgbOf(await shown.evaluate((el) => getComputedStyle(el).color));
      expect(r).toBeGreaterThan(g + 80);
      expect(r).toBeGreaterThan(b + 80);

      await dialog.getByRole('button', { name: 'Annuleren' }).click();
      await page.waitForURL(`${base}${groupPath(mobile)}`);
      await heading(page, groupTitle('Mobiele telefonie')).waitFor();
      expect((await articleDetail(base, token, article.id)).name).toBe(article.name);
    });
  });
});
