import type { Browser, Page } from 'playwright-core';
import { paths } from '../../src/client/base/paths';
import { typeDate, dateField } from './dateField';
import { describeInBrowser, login, seriousViolations, usePortal } from './harness';
import { apiToken, claimsOf, KLANT, newPage } from './support';
import { animationsDone, articlesOf, createArticle, createService, fieldId, freshPhone, groupNamed, isoDay, managingToken, type Group } from './servicesSupport';

/**
 * Requests (docs/requests.md) as people use them: a customer blocks a lost SIM on a phone and
 * sees it blocked at once; a colleague asks for another subscription, klant@demo.nl approves it,
 * provider staff carry it out, and the month's costs show the new article from the chosen day.
 */
jest.setTimeout(120_000);

const COLLEGA = { email: 'collega@demo.nl', name: 'Femke de Wit' };
const ADMIN_EMAIL = 'admin@demo.nl';

interface Fixture {
  group: Group;
  /** The afname's current article. */
  from: { id: number; name: string };
  companyId: number;
}

const phoneContext = (browser: Browser) =>
  browser.newContext({ locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const sidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** A fresh mobile afname of klant@demo.nl's company from `start` (ISO), with a number and a SIM of its own. */
const freshAfname = async (base: string, token: string, fixture: Fixture, lastname: string, start = isoDay(0)) => {
  const number = freshPhone();
  const service = await createService(base, token, {
    article_id: fixture.from.id,
    start_time: start,
    end_user: { firstname: 'Test', lastname },
    article_group_field_inputs: [
      { article_group_field_id: fieldId(fixture.group, 'Telefoonnummer'), value: number },
      { article_group_field_id: fieldId(fixture.group, 'SIM nummer'), value: `893104${number.slice(2)}000000` },
    ],
  });
  return { ...service, number, url: paths.service(fixture.group, fixture.from, { id: service.id, end_user: { firstname: 'Test', lastname } }) };
};

describeInBrowser('requests', () => {
  const run = usePortal();
  let base: string;
  let klant: string;
  let fixture: Fixture;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    klant = await apiToken(base, KLANT.email);
    const group = await groupNamed(base, klant, 'Mobiele telefonie');
    const [from] = await articlesOf(base, klant, group.id);
    fixture = { group, from: { id: from.id, name: from.name }, companyId: claimsOf(klant).company_id };
  });

  it("blocks a lost SIM from a phone: 'Geblokkeerd (aangevraagd)' at once, and the request in 'Aanvragen'", async () => {
    const afname = await freshAfname(base, klant, fixture, 'Telefoonkwijt');
    const context = await phoneContext(run.browser);
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    try {
      await login(page, base, KLANT.email);
      await page.goto(`${base}${afname.url}`);
      const actions = page.getByRole('region', { name: 'Aanvragen' });
      await actions.getByRole('button', { name: 'Blokkeren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Blokkeren' });
      await dialog.getByRole('radio', { name: 'Verloren' }).check();
      await dialog.getByLabel('Toelichting').fill('Kwijtgeraakt in de trein.');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Aanvragen' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByText('Geblokkeerd (aangevraagd)').first().waitFor();
      expect(await actions.getByRole('button', { name: 'Blokkeren' }).count()).toBe(0);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      // The company's requests: the block, submitted (a block never waits for approval).
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Aanvragen', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Aanvragen' }).waitFor();
      const entry = page.getByRole('link', { name: new RegExp(`Blokkeren.*${afname.number}|${afname.number}`) }).first();
      await entry.waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks for another subscription as a colleague, approves it, carries it out as staff, and shows the new article in the costs', async () => {
    const staff = await managingToken(base, ADMIN_EMAIL, fixture.companyId);
    const to = await createArticle(base, staff, fixture.group, `Zakelijk Overstap ${Date.now().toString(36)}`, { price: '31.00' });
    // Running for a while (provider staff may add one in a billed month), so it can change today.
    const afname = await freshAfname(base, staff, fixture, 'Overstapper', isoDay(-40));
    const today = isoDay(0);

    // The colleague asks; the company requires approval and the colleague may not approve.
    const colleague = await newPage(run.browser);
    let requestPath: string;
    try {
      await login(colleague.page, base, COLLEGA.email);
      await colleague.page.goto(`${base}${afname.url}`);
      await colleague.page.getByRole('region', { name: 'Aanvragen' }).getByRole('button', { name: 'Ander abonnement' }).click();
      const dialog = colleague.page.getByRole('dialog', { name: 'Ander abonnement' });
      await dialog.getByLabel(/^Nieuw abonnement/).selectOption({ label: to.name });
      await typeDate(dateField(dialog, 'Ingangsdatum'), today);
      await dialog.getByRole('button', { name: 'Aanvragen' }).click();
      await colleague.page.getByText('Aanvraag wacht op goedkeuring.').first().waitFor();
      await colleague.page.goto(`${base}/aanvragen`);
      await colleague.page.getByRole('heading', { level: 1, name: 'Aanvragen' }).waitFor();
      const link = colleague.page.getByRole('link', { name: /Ander abonnement/ }).first();
      await link.click();
      await colleague.page.getByText('Wacht op goedkeuring').first().waitFor();
      requestPath = new URL(colleague.page.url()).pathname;
      expect(await colleague.page.getByRole('button', { name: 'Goedkeuren' }).count()).toBe(0);
    } finally {
      await colleague.context.close();
    }

    // klant@demo.nl sees it first on the dashboard and approves it.
    const approver = await newPage(run.browser);
    try {
      await login(approver.page, base, KLANT.email);
      const card = approver.page.getByRole('region', { name: 'Wacht op jouw goedkeuring' });
      await card.getByRole('link', { name: new RegExp(`Ander abonnement: ${afname.number}`) }).click();
      await approver.page.getByRole('button', { name: 'Goedkeuren' }).click();
      await approver.page.getByText('Ingediend').first().waitFor();
      expect(new URL(approver.page.url()).pathname).toBe(requestPath);
      expect(await seriousViolations(approver.page)).toEqual([]);
    } finally {
      await approver.context.close();
    }

    // Provider staff pick it up from the queue and carry it out.
    const handler = await newPage(run.browser);
    try {
      await login(handler.page, base, ADMIN_EMAIL);
      await handler.page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Aanvragen', exact: true }).click();
      await handler.page.getByRole('heading', { level: 1, name: 'Aanvragen' }).waitFor();
      expect(await seriousViolations(handler.page)).toEqual([]);
      const id = requestPath.split('/').pop();
      await handler.page.goto(`${base}/mer-aanvragen/${id}`);
      await handler.page.getByRole('button', { name: 'Oppakken' }).click();
      await handler.page.getByRole('button', { name: 'Uitvoeren' }).click();
      const dialog = handler.page.getByRole('dialog', { name: 'Aanvraag uitvoeren' });
      await dialog.getByRole('button', { name: 'Uitvoeren' }).click();
      // The dialog closes once the server has carried it out (a refusal keeps it open, with a toast).
      await dialog.waitFor({ state: 'detached' });
      await handler.page.getByText('De aanvraag is uitgevoerd.').waitFor();
      // The state chip fades to its new colour: scan once it is there.
      await animationsDone(handler.page);
      expect(await seriousViolations(handler.page)).toEqual([]);
    } finally {
      await handler.context.close();
    }

    // The month's costs: the new article, with the afname from the chosen day on. Started within the
    // month it is a line of 'Nieuwe aansluitingen'; from the 1st, a whole month of 'Periodiek' (docs/costs.md).
    const costs = await newPage(run.browser);
    try {
      await login(costs.page, base, KLANT.email);
      const kind = today.endsWith('-01') ? 'maandelijks' : 'nieuwe-aansluitingen';
      await costs.page.goto(`${base}/kosten/${kind}?maand=${today.slice(0, 7)}`);
      await costs.page.getByRole('table', { name: 'Per artikel' }).getByRole('link', { name: to.name, exact: true }).click();
      await costs.page.getByRole('table', { name: 'Per afname' }).getByText('Test Overstapper').waitFor();
    } finally {
      await costs.context.close();
    }
  });
});
