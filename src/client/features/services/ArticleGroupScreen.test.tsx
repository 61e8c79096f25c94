import { screen, within } from '@testing-library/react';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { listItem, mockServices } from './testData';

const groupPath = '/mijn-diensten/1/mobiele-telefonie';

describe('ArticleGroupScreen', () => {
  it('lists the articles with services plus active bulk services, linking to each article', async () => {
    const requests = mockServices(['CREATE_ARTICLE'], {
      'GET /api/articles': () =>
        json(200, [listItem(), listItem({ id: 13, name: 'Data Only', description: 'Alleen data', services_count: 0, bulk_services: [] })]),
    });
    renderWithProviders(groupPath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mobiele telefonie' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Artikelen' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [],
      ['Zakelijk Onbeperkt 10GB', '9', 'Onbeperkt bellen en 10 GB data'],
      ['Data Only', '0', 'Alleen data'],
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Aantal' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Zakelijk Onbeperkt 10GB' }).getAttribute('href')).toBe(
      `${groupPath}/12/zakelijk-onbeperkt-10gb`,
    );
    expect(screen.getByRole('link', { name: 'Artikel toevoegen' }).getAttribute('href')).toBe(`${groupPath}/toevoegen`);
    expect(requests.some((r) => r.url === '/api/articles?article_group_id=1')).toBe(true);
  });

  it('hides Artikel toevoegen without CREATE_ARTICLE and says when the group has no articles', async () => {
    mockServices([], { 'GET /api/articles': () => json(200, []) });
    const { store } = renderWithProviders(groupPath, { preloadedState: loggedIn() });

    expect(await screen.findByText('Er zijn geen artikelen gekoppeld aan deze artikelgroep.')).toBeTruthy();
    await whenSettled(store);
    expect(screen.queryByRole('link', { name: 'Artikel toevoegen' })).toBeNull();
  });

  it('renders only a window of a long article list', async () => {
    const articles = Array.from({ length: 2000 }, (_, i) =>
      listItem({ id: i + 1, name: `Artikel ${String(i + 1).padStart(4, '0')}`, bulk_services: [] }),
    );
    mockServices([], { 'GET /api/articles': () => json(200, articles) });
    renderWithProviders(groupPath, { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Artikelen' });
    expect(table.getAttribute('aria-rowcount')).toBe('2001');
    expect(within(table).getAllByRole('row').length).toBeLessThanOrEqual(150);
  });

  it('answers an unknown group with a message', async () => {
    mockServices([]);
    renderWithProviders('/mijn-diensten/99/onbekend', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Niet gevonden' })).toBeTruthy();
  });
});
