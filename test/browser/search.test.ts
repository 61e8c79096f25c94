import type { BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, login, usePortal, seriousViolations } from './harness';
import { apiGet, apiToken, eventually, heading, KLANT, newPage, pathOf, SEARCH_TITLE, slug, trackApi } from './support';
import { animationsDone, bodyRows, countRequests } from './servicesSupport';

/** docs/screens.md, 'Search' and 'End users', in Chromium: the search screen and the end user screens. */
jest.setTimeout(60_000);

interface SearchAnswer {
  article: { id: number; name: string }[];
  end_user: { id: number; firstname: string; lastname: string }[];
  service_article_group_field_input: { id: number; value: string }[];
  input_field: { service_id: number }[];
}

const SECTIONS = [
  ['Artikelen', 'article'],
  ['Eindgebruikers', 'end_user'],
  ['Afnames', 'service_article_group_field_input'],
  ['Vrije velden', 'input_field'],
] as const;

describeInBrowser('search and end users (browser)', () => {
  const run = usePortal();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let base: string;

  beforeAll(async () => {
    base = run.portal.baseUrl;
    token = await apiToken(base, KLANT.email);
  }, 120_000);

  beforeEach(async () => {
    ({ context, page } = await newPage(run.browser));
  });

  afterEach(async () => {
    await context?.close();
  });

  const searchFor = (term: string) => apiGet<SearchAnswer>(base, token, `search?term=${encodeURIComponent(term)}`);
  const headerSearch = async (term: string) => {
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Zoek product of service' });
    await box.fill(term);
    await box.press('Enter');
  };
  const section = (title: string) => page.getByRole('region', { name: title, exact: true });
  const status = (text: string) => page.getByRole('status').filter({ hasText: text });

  /** Shows exactly the sections that have hits in the API's answer. */
  const expectSections = async (answer: SearchAnswer) => {
    await section(SECTIONS.find(([, key]) => answer[key].length > 0)![0]).waitFor();
    for (const [title, key] of SECTIONS) {
      expect({ title, shown: await section(title).count() }).toEqual({ title, shown: answer[key].length > 0 ? 1 : 0 });
    }
  };

  it("finds Sophie Jansen from the header search, linking to her end user page", async () => {
    const answer = await searchFor('jansen');
    const sophie = answer.end_user.find((u) => u.firstname === 'Sophie' && u.lastname === 'Jansen')!;
    expect(sophie).toBeDefined();

    await login(page, base, KLANT.email);
    await headerSearch('jansen');
    await page.waitForURL(`${base}/zoek/jansen`);
    await heading(page, SEARCH_TITLE).waitFor();
    await expectSections(answer);
    const link = section('Eindgebruikers').getByRole('link', { name: 'Sophie Jansen', exact: true });
    const href = `/mijn-bedrijf/end-users/${sophie.id}/sophie-jansen`;
    expect(await link.getAttribute('href')).toBe(href);
    expect(await bodyRows(section('Eindgebruikers')).count()).toBe(answer.end_user.length);

    await link.click();
    await page.waitForURL(`${base}${href}`);
    await heading(page, 'Sophie Jansen').waitFor();
  });

  it("says 'Geen resultaten gevonden.' for a term without hits and 'Geen zoekterm opgegeven' without a term", async () => {
    const term = 'qqxyzzy-onbekend';
    const answer = await searchFor(term);
    expect(SECTIONS.every(([, key]) => answer[key].length === 0)).toBe(true);

    const api = trackApi(page);
    await login(page, base, KLANT.email);
    await headerSearch(term);
    await page.waitForURL(`${base}/zoek/${term}`);
    await status('Geen resultaten gevonden.').waitFor();
    await api.idle(300);
    for (const [title] of SECTIONS) expect(await section(title).count()).toBe(0);

    await page.goto(`${base}/zoek`);
    await heading(page, SEARCH_TITLE).waitFor();
    await status('Geen zoekterm opgegeven').waitFor();
    expect(await status('Geen resultaten gevonden.').count()).toBe(0);
  });

  it("pages a section of more than 10 hits: page 2 shows the next rows and ?page=2, also after a reload", async () => {
    const answer = await searchFor('06');
    const values = answer.service_article_group_field_input.map((hit) => hit.value);
    expect(values.length).toBeGreaterThan(10);
    const pageTwo = Math.min(10, values.length - 10);

    await login(page, base, KLANT.email);
    await headerSearch('06');
    await page.waitForURL(`${base}/zoek/06`);
    const afnames = section('Afnames');
    await afnames.waitFor();
    const firstColumn = () =>
      bodyRows(afnames).evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim() ?? ''));
    await eventually(async () => expect(await firstColumn()).toHaveLength(10));
    const first = await firstColumn();
    expect(first.every((v) => values.includes(v))).toBe(true);

    await afnames.getByRole('navigation').getByText('2', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(pathOf(page)).toBe('/zoek/06');
    await eventually(async () => expect(await firstColumn()).toHaveLength(pageTwo));
    const second = await firstColumn();
    expect(second.every((v) => values.includes(v))).toBe(true);
    expect(second.filter((v) => first.includes(v))).toEqual([]);

    await page.reload();
    await section('Afnames').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await eventually(async () => expect(await firstColumn()).toEqual(second));
  });

  it("edits an end user: an empty Achternaam is refused, a new name changes the heading and the URL", async () => {
    const lotte = (await searchFor('hendriks')).end_user.find((u) => u.firstname === 'Lotte')!;
    expect(lotte).toBeDefined();
    const puts = countRequests(page, 'PUT', `/api/end-users/${lotte.id}`);

    await login(page, base, KLANT.email);
    await headerSearch('hendriks');
    await section('Eindgebruikers').getByRole('link', { name: 'Lotte Hendriks', exact: true }).click();
    const view = `/mijn-bedrijf/end-users/${lotte.id}/lotte-hendriks`;
    await page.waitForURL(`${base}${view}`);
    await heading(page, 'Lotte Hendriks').waitFor();

    await page.getByRole('link', { name: 'Bewerken' }).click();
    await page.waitForURL(`${base}${view}/bewerken`);
    await heading(page, 'Eindgebruiker bewerken').waitFor();
    const lastname = page.getByLabel('Achternaam');
    await eventually(async () => expect(await lastname.inputValue()).toBe('Hendriks'));
    await lastname.fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText("Veld 'Achternaam' is verplicht.", { exact: true }).waitFor();
    expect(puts.count).toBe(0);
    expect(pathOf(page)).toBe(`${view}/bewerken`);

    await lastname.fill('Hendriks-de Wit');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    const renamed = `/mijn-bedrijf/end-users/${lotte.id}/${slug('Lotte Hendriks-de Wit')}`;
    await page.waitForURL(`${base}${renamed}`);
    await heading(page, 'Lotte Hendriks-de Wit').waitFor();
    expect(puts.count).toBe(1);
    expect(await apiGet<{ lastname: string }>(base, token, `end-users/${lotte.id}`)).toMatchObject({ lastname: 'Hendriks-de Wit' });
  });

  it('has no serious axe violations on the search results and the end user screens', async () => {
    const api = trackApi(page);
    const found: Record<string, string[]> = {};
    const scan = async (name: string, title: string | RegExp) => {
      await heading(page, title).waitFor();
      await api.idle(300);
      await animationsDone(page);
      found[name] = await seriousViolations(page);
    };
    const sophie = (await searchFor('jansen')).end_user.find((u) => u.firstname === 'Sophie')!;

    await login(page, base, KLANT.email);
    await headerSearch('jansen');
    await section('Eindgebruikers').waitFor();
    await scan('search results', SEARCH_TITLE);
    await headerSearch('06');
    await section('Afnames').getByRole('navigation').getByText('2', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await scan('search results, page 2', SEARCH_TITLE);
    await headerSearch('qqxyzzy');
    await status('Geen resultaten gevonden.').waitFor();
    await scan('no results', SEARCH_TITLE);

    await page.goto(`${base}/mijn-bedrijf/end-users/${sophie.id}/sophie-jansen`);
    await scan('end user view', 'Sophie Jansen');
    await page.getByRole('link', { name: 'Bewerken' }).click();
    await scan('end user edit', 'Eindgebruiker bewerken');
    await page.getByLabel('Voornaam').fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText("Veld 'Voornaam' is verplicht.", { exact: true }).waitFor();
    await scan('end user edit with an error', 'Eindgebruiker bewerken');

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    expect(Object.keys(found)).toHaveLength(6);
  });
});
