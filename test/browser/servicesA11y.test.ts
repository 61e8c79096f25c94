import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, loginManaging, usePortal, seriousViolations } from './harness';
import { ADMIN, apiToken, claimsOf, eventually, groupTitle, heading, KEES, KLANT, newPage, trackApi } from './support';
import {
  addBulk,
  animationsDone,
  apiNoon,
  articleDetail,
  articleNamed,
  articlePath,
  bodyRows,
  createArticle,
  createService,
  endUserLabel,
  fieldId,
  freshPhone,
  type Group,
  groupNamed,
  groupPath,
  managingToken,
  noonOf,
  toast,
  uniqueName,
} from './servicesSupport';

/**
 * The "Mijn diensten" screens beyond their flows (services.test.ts): another company never sees
 * klant's article (docs/permissions.md, 'The acting company'), an article with many services renders only the rows in
 * view, and axe-core finds no serious or critical violations on any of the screens.
 */
jest.setTimeout(90_000);

/** Services on the article of the virtualisation test (and of the axe scan of a long table). */
const MANY = 300;

describeInBrowser('Mijn diensten: isolation, long tables, accessibility (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  /** admin@demo.nl managing klant's company: articles and billed months are the provider's (docs/permissions.md, 'Who may edit prices'; docs/rules.md, 'Billed months are closed'). */
  let staff: string;
  let base: string;
  let mobile: Group;
  let bigArticle: { id: number; name: string };
  let seedMs = 0;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    token = await apiToken(base, KLANT.email);
    staff = await managingToken(base, ADMIN.email, claimsOf(token).company_id);
    mobile = await groupNamed(base, token, 'Mobiele telefonie');

    // A long article: MANY services through the API, in parallel batches of 50.
    bigArticle = await createArticle(base, staff, mobile, uniqueName('Veel afnames'));
    const started = Date.now();
    for (let first = 0; first < MANY; first += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, MANY - first) }, (_, k) => {
          const i = first + k;
          return createService(base, staff, {
            article_id: bigArticle.id,
            start_time: apiNoon(-30),
            end_user: { firstname: 'Virtueel', lastname: `Gebruiker ${String(i).padStart(4, '0')}` },
            input_field_1: `KP-${i % 7}`,
            article_group_field_inputs: [
              { article_group_field_id: fieldId(mobile, 'Telefoonnummer'), value: `0655${String(i).padStart(6, '0')}` },
              { article_group_field_id: fieldId(mobile, 'SIM nummer'), value: `8931990${String(i).padStart(12, '0')}` },
            ],
          });
        }),
      );
    }
    seedMs = Date.now() - started;
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
  const servicesTable = () => page.getByRole('table', { name: /^Afnames/ });

  describe('tenant isolation', () => {
    it("shows kees@korenschoof.nl a not-found state for klant's article, never its name", async () => {
      const article = await articleNamed(base, token, mobile, 'Zakelijk Onbeperkt 10GB');
      const service = (await articleDetail(base, token, article.id)).services.find((s) => s.end_user)!;
      const keesToken = await apiToken(base, KEES.email);
      expect((await fetch(`${base}/api/articles/${article.id}`, { headers: { authorization: `Bearer ${keesToken}` } })).status).toBe(404);
      // Kees does see the group itself.
      expect((await groupNamed(base, keesToken, 'Mobiele telefonie')).id).toBe(mobile.id);

      const api = trackApi(page);
      await login(page, base, KEES.email);
      const path = articlePath(mobile, article);
      for (const url of [path, `${path}/bewerken`, `${path}/bulkafnames`, `${path}/toevoegen`, `${path}/${service.id}/x`, `${path}/${service.id}/x/edit`]) {
        await page.goto(`${base}${url}`);
        await heading(page, /niet gevonden/i).waitFor();
        await api.idle(300);
        expect({ url, shown: await page.getByText(article.name).count() }).toEqual({ url, shown: 0 });
        expect(await page.getByText(endUserLabel(service)).count()).toBe(0);
      }
    });
  });

  describe('virtualisation', () => {
    it(`renders at most 150 rows of an article with ${MANY} services, with the full count in aria-rowcount`, async () => {
      console.log(`${MANY} services created through the API in ${seedMs} ms`);
      const detail = await articleDetail(base, token, bigArticle.id);
      expect(detail.services).toHaveLength(MANY);

      await loginKlant();
      await page.goto(`${base}${articlePath(mobile, bigArticle)}`);
      await heading(page, bigArticle.name).waitFor();
      const table = servicesTable();
      await bodyRows(table).first().waitFor();
      const rowCount = Number(await table.getAttribute('aria-rowcount'));
      // aria-rowcount counts every row of the table, the header row included.
      expect(rowCount).toBe(MANY + 1);
      const domRows = () => table.locator('tr, [role="row"]').count();
      expect(await domRows()).toBeLessThanOrEqual(150);
      expect(await page.locator('tr').count()).toBeLessThanOrEqual(150);
      // The first service shows first, the last is not in the DOM yet.
      const last = detail.services[detail.services.length - 1];
      // Each row's link is its phone number; the end user is a cell of it.
      await table.getByText(endUserLabel(detail.services[0]), { exact: true }).waitFor();
      expect(await table.getByText(endUserLabel(last), { exact: true }).count()).toBe(0);

      // Scrolled to the end, the last service is there, and the DOM is still small.
      await table.evaluate((el) => {
        let node: HTMLElement | null = el as HTMLElement;
        while (node && node.scrollHeight <= node.clientHeight + 1) node = node.parentElement;
        node?.scrollTo(0, node.scrollHeight);
      });
      await table.getByText(endUserLabel(last), { exact: true }).waitFor();
      expect(await table.locator(`[aria-rowindex="${MANY + 1}"]`).count()).toBe(1);
      expect(await domRows()).toBeLessThanOrEqual(150);
    });
  });

  describe('accessibility', () => {
    it('has no serious axe violations on the services screens', async () => {
      const api = trackApi(page);
      const article = await createArticle(base, staff, mobile, uniqueName('Toegankelijk'));
      const service = await createService(base, staff, {
        article_id: article.id,
        start_time: apiNoon(-3),
        end_user: { firstname: 'Axel', lastname: 'Scan' },
        input_field_1: 'KP-1',
        article_group_field_inputs: [{ article_group_field_id: fieldId(mobile, 'Telefoonnummer'), value: freshPhone() }],
      });
      await addBulk(base, staff, article.id, 4, noonOf(-2));
      await addBulk(base, staff, article.id, 1, noonOf(5));
      const path = articlePath(mobile, article);
      const found: Record<string, string[]> = {};
      /** Scans once the screen's h1 shows (or, with a modal open, the modal) and its calls have settled. */
      const scan = async (name: string, title: string | RegExp | null) => {
        await (title === null ? page.getByRole('dialog') : heading(page, title)).waitFor();
        await api.idle(300);
        await animationsDone(page);
        found[name] = await seriousViolations(page);
      };

      // As provider staff managing the company: the add and edit article screens are theirs.
      await loginManagingKlant();
      await page.goto(`${base}${groupPath(mobile)}`);
      await bodyRows(page.getByRole('table', { name: 'Artikelen' })).first().waitFor();
      await scan('group page', groupTitle('Mobiele telefonie'));

      await page.getByRole('link', { name: 'Artikel toevoegen' }).click();
      await scan('add article', 'Artikel toevoegen');
      await save().click();
      await toast(page, "Veld 'Artikelnaam' is verplicht.").first().waitFor();
      await scan('add article with toasts', 'Artikel toevoegen');

      await page.goto(`${base}${articlePath(mobile, bigArticle)}`);
      await bodyRows(servicesTable()).first().waitFor();
      await scan(`article page (${MANY} services)`, bigArticle.name);

      await page.goto(`${base}${path}/toevoegen`);
      await scan('add service: Bestaande gebruiker', 'Afname toevoegen');
      for (const tab of ['Nieuwe gebruiker', 'Zonder gebruiker']) {
        await page.getByRole('tab', { name: tab }).click();
        await eventually(async () => expect(await page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true'));
        await scan(`add service: ${tab}`, 'Afname toevoegen');
      }

      await page.goto(`${base}${path}/${service.id}/axel-scan`);
      await page.locator('dl').first().waitFor();
      await scan('service view', article.name);
      await page.getByRole('link', { name: 'Bewerken' }).click();
      await scan('service edit', 'Afname bewerken');

      await page.goto(`${base}${path}/bulkafnames`);
      await bodyRows(page.getByRole('table', { name: 'Historie' })).first().waitFor();
      await scan('bulk page', 'Bulkafnames');

      await page.goto(`${base}${path}/bewerken`);
      await bodyRows(page.getByRole('table', { name: 'Prijshistorie' })).first().waitFor();
      await page.getByRole('button', { name: 'Verwijderen' }).click();
      await scan('edit article with the delete modal', null);

      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(Object.keys(found)).toHaveLength(11);
    });
  });
});
