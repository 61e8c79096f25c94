import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { configure, screen, within } from '@testing-library/react';
import { deferred, json } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import { loggedIn } from '../../test/tokens';
import type { SearchAnswer } from '../../../server/routes/search/schemas';

// The first screen of a test file loads its lazy chunks cold, which takes over the default
// second when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const mobile = { article_group_id: 1, article_group_name: 'Mobiele telefonie' };
const kpn = { id: 11, name: 'KPN Zakelijk 10GB', ...mobile };
const jan = { id: 7, firstname: 'Jan', lastname: 'de Vries' };

const noHits: SearchAnswer = { article: [], end_user: [], service_article_group_field_input: [], input_field: [] };

const company = {
  id: 20,
  name: 'Van Dijk Installatietechniek B.V.',
  input_label_1: 'Kostenplaats',
  input_label_2: 'Afdeling',
  input_label_3: null,
  input_label_4: null,
};

const hits: SearchAnswer = {
  article: [{ ...kpn, description: 'Bundel met 10GB data', sku: 'KP-10' }],
  end_user: [jan],
  service_article_group_field_input: [
    {
      id: 31,
      value: '0612345678',
      article_group_field: { name: 'Telefoonnummer' },
      service_id: 40,
      service: { id: 40, article_id: 11, article: kpn, end_user: jan, block_state: null },
    },
    {
      id: 32,
      value: '0698765432',
      article_group_field: { name: 'Telefoonnummer' },
      service_id: 41,
      service: { id: 41, article_id: 11, article: kpn, end_user: null, block_state: null },
    },
  ],
  input_field: [
    {
      service_id: 40,
      end_user_id: 7,
      article: kpn,
      service: { id: 40, article_id: 11, article: kpn, end_user: jan, block_state: null },
      input_field_1: 'KP-1001',
      input_field_2: 'Montage',
      input_field_3: null,
      input_field_4: null,
    },
  ],
};

const manyArticles = (count: number): SearchAnswer => ({
  ...noHits,
  article: Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Artikel ${String(index + 1).padStart(2, '0')}`,
    description: '',
    sku: null,
    ...mobile,
  })),
});

const searchPortal = (answer: SearchAnswer | (() => Response | Promise<Response>)) =>
  mockPortal({
    'GET /api/search': typeof answer === 'function' ? answer : () => json(200, answer),
    'GET /api/company/20': () => json(200, company),
  });

const section = (name: string) => within(screen.getByRole('region', { name }));

const bodyRows = (name: string) => section(name).getAllByRole('row').slice(1);

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('SearchScreen', () => {
  it('asks for a term when there is none, without searching', async () => {
    const requests = searchPortal(noHits);
    const { store } = renderWithProviders('/zoek', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zoeken' })).toBeTruthy();
    expect(screen.getByText('Geen zoekterm opgegeven')).toBeTruthy();
    await whenSettled(store);
    expect(requests.some((r) => r.url.startsWith('/api/search'))).toBe(false);
  });

  it('shows Laden... until the answer is there, then says there are no results', async () => {
    const answer = deferred<Response>();
    const requests = searchPortal(() => answer.promise);
    renderWithProviders('/zoek/sim%2006', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor "sim 06"' })).toBeTruthy();
    expect(await screen.findByText('Laden...')).toBeTruthy();
    answer.resolve(json(200, noHits));

    expect(await screen.findByText('Geen resultaten gevonden.')).toBeTruthy();
    expect(screen.queryByText('Laden...')).toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    const search = requests.find((r) => r.url.startsWith('/api/search'));
    expect(new URL(search!.url, 'http://portal').searchParams.get('term')).toBe('sim 06');
  });

  it('shows each section with its links, the company labels of the free fields and <Geen gebruiker>', async () => {
    searchPortal(hits);
    renderWithProviders('/zoek/kp', { preloadedState: loggedIn() });

    await screen.findByRole('region', { name: 'Artikelen' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Artikelen',
      'Eindgebruikers',
      'Afnames',
      'Vrije velden',
    ]);

    const [article] = bodyRows('Artikelen');
    expect(cellTexts(article)).toEqual(['KPN Zakelijk 10GB', 'Mobiele telefonie', 'KP-10', 'Bundel met 10GB data']);
    expect(within(article).getByRole('link').getAttribute('href')).toBe('/mijn-diensten/1/mobiele-telefonie/11/kpn-zakelijk-10gb');

    expect(section('Eindgebruikers').getByRole('link', { name: 'Jan de Vries' }).getAttribute('href')).toBe(
      '/mijn-bedrijf/end-users/7/jan-de-vries',
    );

    const [withUser, withoutUser] = bodyRows('Afnames');
    expect(cellTexts(withUser)).toEqual(['0612345678', 'Telefoonnummer', 'KPN Zakelijk 10GB', 'Jan de Vries']);
    expect(within(withUser).getByRole('link').getAttribute('href')).toBe(
      '/mijn-diensten/1/mobiele-telefonie/11/kpn-zakelijk-10gb/40/jan-de-vries',
    );
    expect(cellTexts(withoutUser)).toEqual(['0698765432', 'Telefoonnummer', 'KPN Zakelijk 10GB', '<Geen gebruiker>']);
    expect(within(withoutUser).getByRole('link').getAttribute('href')).toBe(
      '/mijn-diensten/1/mobiele-telefonie/11/kpn-zakelijk-10gb/41/geen-gebruiker',
    );

    // Only the free field that contains the term, under the company's label.
    const freeField = await section('Vrije velden').findByRole('row', { name: /Kostenplaats/ });
    expect(cellTexts(freeField)).toEqual(['KP-1001', 'Kostenplaats', 'KPN Zakelijk 10GB', 'Jan de Vries']);
    expect(bodyRows('Vrije velden')).toHaveLength(1);
    expect(within(freeField).getByRole('link').getAttribute('href')).toBe(
      '/mijn-diensten/1/mobiele-telefonie/11/kpn-zakelijk-10gb/40/jan-de-vries',
    );
  });

  it('marks a blocked afname, and one whose block is asked (docs/requests.md, Blocking)', async () => {
    const [first, second] = hits.service_article_group_field_input;
    searchPortal({
      ...hits,
      service_article_group_field_input: [
        { ...first, service: { ...first.service, block_state: 'blocked' } },
        { ...second, service: { ...second.service, block_state: 'requested' } },
      ],
    });
    renderWithProviders('/zoek/kp', { preloadedState: loggedIn() });

    await screen.findByRole('region', { name: 'Afnames' });
    const [blocked, requested] = bodyRows('Afnames');
    expect(cellTexts(blocked)).toEqual(['0612345678', 'Telefoonnummer', 'KPN Zakelijk 10GBGeblokkeerd', 'Jan de Vries']);
    expect(cellTexts(requested)).toEqual(['0698765432', 'Telefoonnummer', 'KPN Zakelijk 10GBGeblokkeerd (aangevraagd)', '<Geen gebruiker>']);
  });

  it('leaves out sections without hits and shows no pager for a single page', async () => {
    searchPortal({ ...noHits, end_user: [jan] });
    renderWithProviders('/zoek/jan', { preloadedState: loggedIn() });

    await screen.findByRole('region', { name: 'Eindgebruikers' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Eindgebruikers']);
    expect(screen.queryByRole('navigation', { name: "Pagina's Eindgebruikers" })).toBeNull();
  });

  it('shows rows 11-20 for ?page=2 and keeps the page chosen in the pager in the query string', async () => {
    searchPortal({ ...manyArticles(25), end_user: [jan] });
    const { user, location } = renderWithProviders('/zoek/artikel?page=2', { preloadedState: loggedIn() });

    await screen.findByRole('region', { name: 'Artikelen' });
    const names = () => bodyRows('Artikelen').map((row) => cellTexts(row)[0]);
    expect(names()).toEqual(Array.from({ length: 10 }, (_, index) => `Artikel ${index + 11}`));
    expect(section('Artikelen').getByText('11-20 van 25')).toBeTruthy();
    // A section with fewer rows keeps showing them.
    expect(bodyRows('Eindgebruikers')).toHaveLength(1);

    const pager = within(screen.getByRole('navigation', { name: "Pagina's Artikelen" }));
    expect(pager.getByRole('link', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(pager.getByRole('link', { name: 'Ga naar pagina 3' }));

    expect(location().pathname).toBe('/zoek/artikel');
    expect(location().search).toBe('?page=3');
    expect(names()).toEqual(['Artikel 21', 'Artikel 22', 'Artikel 23', 'Artikel 24', 'Artikel 25']);

    await user.click(pager.getByRole('link', { name: 'Ga naar de eerste pagina' }));
    expect(location().search).toBe('?page=1');
    expect(names()[0]).toBe('Artikel 01');
  });

  it('treats a page that is not a page number as the first page', async () => {
    searchPortal(manyArticles(12));
    renderWithProviders('/zoek/artikel?page=abc', { preloadedState: loggedIn() });

    await screen.findByRole('region', { name: 'Artikelen' });
    expect(bodyRows('Artikelen')).toHaveLength(10);
    expect(section('Artikelen').getByText('1-10 van 12')).toBeTruthy();
  });

  it('searches again from its own search box, which starts with the current term', async () => {
    const requests = searchPortal(noHits);
    const { user, location } = renderWithProviders('/zoek/jan?page=3', { preloadedState: loggedIn() });

    const form = within(await screen.findByRole('search', { name: 'Zoeken in de resultaten' }));
    const box = form.getByLabelText('Zoek product of service');
    expect((box as HTMLInputElement).value).toBe('jan');
    await user.clear(box);
    await user.type(box, 'kp-1{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor "kp-1"' })).toBeTruthy();
    expect(location().pathname).toBe('/zoek/kp-1');
    expect(location().search).toBe('');
    await screen.findByText('Geen resultaten gevonden.');
    const terms = requests
      .filter((r) => r.url.startsWith('/api/search'))
      .map((r) => new URL(r.url, 'http://portal').searchParams.get('term'));
    expect(terms).toEqual(['jan', 'kp-1']);
  });

  it('says so when the search fails', async () => {
    searchPortal(() => json(500, { message: 'Interne fout' }));
    renderWithProviders('/zoek/jan', { preloadedState: loggedIn() });

    expect(await screen.findByText('Er is een fout opgetreden. Probeer het later opnieuw.')).toBeTruthy();
  });
});
