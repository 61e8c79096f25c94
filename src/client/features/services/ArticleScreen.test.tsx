import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { deferred } from '../../test/http';
import { articleAnswer, articlePath, mockServices, NOON, serviceRow } from './testData';

const articleRequests = (requests: { url: string }[]) => requests.filter((r) => r.url.startsWith('/api/articles/12')).map((r) => r.url);

const cellTexts = (row: HTMLElement) => within(row).queryAllByRole('cell').map((cell) => cell.textContent);

describe('ArticleScreen', () => {
  it('shows the article, its bulk count and its services with the group and company columns', async () => {
    mockServices(['CREATE_ARTICLE', 'CREATE_SERVICE'], {
      'GET /api/articles/12': articleAnswer([
        serviceRow(1),
        serviceRow(2, { end_user: null, end_user_id: null, end_time: NOON + 86400, block_state: 'requested' }),
      ]),
    });
    renderWithProviders(articlePath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' })).toBeTruthy();
    expect(screen.getByText('Onbeperkt bellen en 10 GB data')).toBeTruthy();
    expect(screen.getByText('10,00 GB')).toBeTruthy();
    expect(screen.getByText('€ 25,00')).toBeTruthy();
    expect(screen.getByText('Maandelijks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bulkafnames (5)' }).getAttribute('href')).toBe(`${articlePath}/bulkafnames`);
    expect(screen.getByRole('link', { name: 'Artikel bewerken' }).getAttribute('href')).toBe(`${articlePath}/bewerken`);
    expect(screen.getByRole('link', { name: 'Afname toevoegen' }).getAttribute('href')).toBe(`${articlePath}/toevoegen`);

    const table = screen.getByRole('table', { name: 'Afnames (2)' });
    await within(table).findByRole('columnheader', { name: 'Kostenplaats' });
    // The phone number first: the row's identity and its link (docs/screens.md, 'Article page').
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Telefoonnummer',
      'Eindgebruiker',
      'SIM nummer',
      'Kostenplaats',
      'Blokkering',
      'Startdatum',
      'Einddatum',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const started = formatDate(NOON - 100 * 86400);
    expect(cellTexts(first)).toEqual(['06121', 'Jan Jansen 1', '89311', 'KP-1', '', started, '']);
    expect(cellTexts(second)).toEqual(['06122', MSG.noUser, '89312', 'KP-2', 'Geblokkeerd (aangevraagd)', started, formatDate(NOON + 86400)]);
    expect(within(first).getByRole('link').getAttribute('href')).toBe(`${articlePath}/1/jan-jansen-1`);
    expect(within(second).getByRole('link').getAttribute('href')).toBe(`${articlePath}/2/geen-gebruiker`);
  });

  it('hides the edit and add buttons without CREATE_ARTICLE and CREATE_SERVICE', async () => {
    mockServices([]);
    const { store } = renderWithProviders(articlePath, { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' });
    await whenSettled(store);
    expect(screen.queryByRole('link', { name: 'Artikel bewerken' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Afname toevoegen' })).toBeNull();
  });

  it('keeps Toon Historische Afnames in the query string and refetches with ended services', async () => {
    const requests = mockServices([]);
    const { user, location } = renderWithProviders(articlePath, { preloadedState: loggedIn() });

    const historic = await screen.findByRole('checkbox', { name: MSG.showHistoric });
    expect((historic as HTMLInputElement).checked).toBe(false);
    await user.click(historic);

    expect(location().search).toBe('?show_historic=1');
    await waitFor(() =>
      expect(articleRequests(requests)).toEqual([
        '/api/articles/12?services_offset=0&services_limit=100',
        '/api/articles/12?show_historic=true&services_offset=0&services_limit=100',
      ]),
    );
    expect((screen.getByRole('checkbox', { name: MSG.showHistoric }) as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: MSG.showHistoric }));
    expect(location().search).toBe('');
  });

  it('starts with ended services when the address asks for them', async () => {
    const requests = mockServices([]);
    renderWithProviders(`${articlePath}?show_historic=1`, { preloadedState: loggedIn() });

    expect((await screen.findByRole('checkbox', { name: MSG.showHistoric }) as HTMLInputElement).checked).toBe(true);
    expect(articleRequests(requests)).toEqual(['/api/articles/12?show_historic=true&services_offset=0&services_limit=100']);
  });

  it('sorts on the server by a header click, the order in the address, and starts over from the first window', async () => {
    const services = Array.from({ length: 500 }, (_, i) => serviceRow(i + 1));
    const requests = mockServices([], { 'GET /api/articles/12': articleAnswer(services) });
    const { user, location } = renderWithProviders(`${articlePath}?show_historic=1`, { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Afnames (500)' });
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    // The usual order is oldest start first.
    expect(header('Startdatum').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Telefoonnummer').getAttribute('aria-sort')).toBe('none');

    await user.click(within(header('Telefoonnummer')).getByRole('button'));
    expect(new URLSearchParams(location().search).get('sorteer')).toBe('telefoonnummer');
    expect(new URLSearchParams(location().search).get('volgorde')).toBe('oplopend');
    expect(new URLSearchParams(location().search).get('show_historic')).toBe('1');
    await waitFor(() => expect(header('Telefoonnummer').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('Startdatum').getAttribute('aria-sort')).toBe('none');

    await user.click(within(header('Telefoonnummer')).getByRole('button'));
    expect(new URLSearchParams(location().search).get('volgorde')).toBe('aflopend');
    await waitFor(() => expect(header('Telefoonnummer').getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() =>
      expect(articleRequests(requests)).toEqual([
        '/api/articles/12?show_historic=true&services_offset=0&services_limit=100',
        '/api/articles/12?show_historic=true&sort=phone_number&order=asc&services_offset=0&services_limit=100',
        '/api/articles/12?show_historic=true&sort=phone_number&order=desc&services_offset=0&services_limit=100',
      ]),
    );
    expect(await within(table).findByRole('link', { name: '06121' })).toBeTruthy();
  });

  it('asks the order of the address from the start', async () => {
    const requests = mockServices([]);
    renderWithProviders(`${articlePath}?sorteer=eindgebruiker&volgorde=aflopend`, { preloadedState: loggedIn() });
    const table = await screen.findByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getByRole('columnheader', { name: 'Eindgebruiker' }).getAttribute('aria-sort')).toBe('descending');
    expect(articleRequests(requests)).toEqual(['/api/articles/12?sort=end_user&order=desc&services_offset=0&services_limit=100']);
  });

  it('keeps the usual order for a column the address names that the table has not', async () => {
    const requests = mockServices([]);
    renderWithProviders(`${articlePath}?sorteer=prijs&volgorde=aflopend`, { preloadedState: loggedIn() });
    const table = await screen.findByRole('table', { name: 'Afnames (1)' });
    expect(within(table).getByRole('columnheader', { name: 'Startdatum' }).getAttribute('aria-sort')).toBe('ascending');
    expect(articleRequests(requests)).toEqual(['/api/articles/12?services_offset=0&services_limit=100']);
  });

  it('renders a window of 5,000 services and moves it when scrolled', async () => {
    const services = Array.from({ length: 5000 }, (_, i) => serviceRow(i + 1));
    const requests = mockServices([], { 'GET /api/articles/12': articleAnswer(services) });
    renderWithProviders(articlePath, { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Afnames (5000)' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    const rows = within(table).getAllByRole('row');
    expect(rows.length).toBeLessThanOrEqual(150);
    expect(rows[0].getAttribute('aria-rowindex')).toBe('1');
    expect(rows[1].getAttribute('aria-rowindex')).toBe('2');
    expect(within(table).getByRole('link', { name: '06121' })).toBeTruthy();

    const scrollArea = table.parentElement!;
    fireEvent.scroll(scrollArea, { target: { scrollTop: 48 * 2500 } });

    const link = await within(table).findByRole('link', { name: '06122501' });
    expect(link.closest('tr')?.getAttribute('aria-rowindex')).toBe('2502');
    expect(within(table).queryByRole('link', { name: '06121' })).toBeNull();
    expect(within(table).getAllByRole('row').length).toBeLessThanOrEqual(150);
    // Only the windows around the rows shown were downloaded, never the whole list.
    expect(articleRequests(requests).every((url) => url.includes('services_limit='))).toBe(true);
  });

  it('downloads only the first window, and asks the next ones while scrolling', async () => {
    const services = Array.from({ length: 5000 }, (_, i) => serviceRow(i + 1));
    const hold = deferred<void>();
    const requests = mockServices([], {
      'GET /api/articles/12': async (request) => {
        // Later windows wait for the test, so it can see the rows that are still loading.
        if (!request.url.includes('services_offset=0&')) await hold.promise;
        return articleAnswer(services)(request);
      },
    });
    renderWithProviders(articlePath, { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Afnames (5000)' });
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    expect(within(table).getByRole('link', { name: '06121' }).getAttribute('href')).toBe(`${articlePath}/1/jan-jansen-1`);
    expect(articleRequests(requests)).toEqual(['/api/articles/12?services_offset=0&services_limit=100']);

    // Rows 101-300 are the second window, 301-500 the third.
    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 48 * 290 } });
    await waitFor(() =>
      expect(articleRequests(requests)).toEqual([
        '/api/articles/12?services_offset=0&services_limit=100',
        '/api/articles/12?services_offset=100&services_limit=200',
        '/api/articles/12?services_offset=300&services_limit=200',
      ]),
    );
    expect(within(table).getAllByText('Laden...').length).toBeGreaterThan(0);
    const loading = within(table).getAllByText('Laden...')[0].closest('tr')!;
    expect(Number(loading.getAttribute('aria-rowindex'))).toBeGreaterThan(250);

    hold.resolve();
    const link = await within(table).findByRole('link', { name: '0612291' });
    expect(link.getAttribute('href')).toBe(`${articlePath}/291/jan-jansen-291`);
    expect(link.closest('tr')?.getAttribute('aria-rowindex')).toBe('292');
    expect(within(table).getByRole('link', { name: '0612301' })).toBeTruthy();
    expect(within(table).queryByText('Laden...')).toBeNull();
    expect(within(table).getAllByRole('row').length).toBeLessThanOrEqual(150);

    // Back to the top: the first window is still there, nothing is asked again.
    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 0 } });
    expect(await within(table).findByRole('link', { name: '06121' })).toBeTruthy();
    expect(articleRequests(requests)).toHaveLength(3);
  });
});
