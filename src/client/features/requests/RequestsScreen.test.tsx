import { configure, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../../../domain/format';
import type { Permission } from '../../../domain/permissions';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import { ASKED_AT, requestAnswer, requestSummary } from '../../test/requestsData';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { REQUESTS_PAGE_SIZE } from './RequestsScreen';

// The first test also loads the screens' lazy chunks; a busy machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

const mockRequests = (granted: Permission[], overrides: Routes = {}) =>
  mockPortal({ 'GET /api/auth/policies': () => json(200, permissions(...granted)), ...overrides });

const listQueries = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === '/api/requests').map((r) => Object.fromEntries(new URL(r.url, 'http://portal').searchParams));

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('RequestsScreen', () => {
  it('lists the requests with state, afname, who asked and when, filters them by state and kind, searches and pages', async () => {
    const requests = mockRequests(['REQUEST_CHANGES'], {
      'GET /api/requests': () =>
        json(200, {
          items: [
            requestSummary(),
            requestSummary({ id: 30, kind: 'tariff_change', state: 'awaiting_approval', service_label: '06128', requested_by: { id: 6, name: 'Piet de Boer' } }),
          ],
          total: 60,
        }),
    });
    const { user, location } = renderWithProviders('/aanvragen', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Aanvragen van je bedrijf' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first)).toEqual(['Blokkeren: 06127', 'Ingediend', 'Zakelijk Onbeperkt 10GB', 'Anna van Dijk', formatDateTime(ASKED_AT)]);
    expect(cellTexts(second)).toEqual(['Ander abonnement: 06128', 'Wacht op goedkeuring', 'Zakelijk Onbeperkt 10GB', 'Piet de Boer', formatDateTime(ASKED_AT)]);
    expect(formatDateTime(ASKED_AT)).toBe('01-06-2026 10:15');
    expect(within(first).getByRole('link', { name: 'Blokkeren: 06127' }).getAttribute('href')).toBe('/aanvragen/31');

    await user.selectOptions(screen.getByLabelText('Status'), 'awaiting_approval');
    await user.selectOptions(screen.getByLabelText('Soort'), 'tariff_change');
    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'Piet');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await user.click(await screen.findByRole('button', { name: 'Ga naar de volgende pagina' }));

    await waitFor(() => expect(location().search).toBe('?status=awaiting_approval&soort=tariff_change&zoek=Piet&pagina=2'));
    await waitFor(() =>
      expect(listQueries(requests).at(-1)).toEqual({ state: 'awaiting_approval', kind: 'tariff_change', q: 'Piet', offset: String(REQUESTS_PAGE_SIZE), limit: String(REQUESTS_PAGE_SIZE) }),
    );
    expect(listQueries(requests)[0]).toEqual({ offset: '0', limit: String(REQUESTS_PAGE_SIZE) });
  });

  it('says when nothing matches', async () => {
    mockRequests(['REQUEST_CHANGES'], { 'GET /api/requests': () => json(200, { items: [], total: 0 }) });
    renderWithProviders('/aanvragen?status=done', { preloadedState: loggedIn() });
    expect(await screen.findByText('Er zijn geen aanvragen die hierbij passen.')).toBeTruthy();
  });

  it('is not in the menu and asks nothing without REQUEST_CHANGES', async () => {
    const requests = mockRequests([]);
    const { store } = renderWithProviders('/aanvragen', { preloadedState: loggedIn() });
    expect(await screen.findByText('Je hebt geen toestemming om aanvragen te bekijken.')).toBeTruthy();
    await whenSettled(store);
    expect(within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).queryByRole('link', { name: 'Aanvragen' })).toBeNull();
    expect(listQueries(requests)).toEqual([]);
  });

  it("is in the menu with REQUEST_CHANGES", async () => {
    mockRequests(['REQUEST_CHANGES'], { 'GET /api/requests': () => json(200, { items: [], total: 0 }) });
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    const menu = within(await screen.findByRole('navigation', { name: 'Hoofdmenu' }));
    expect((await menu.findByRole('link', { name: 'Aanvragen' })).getAttribute('href')).toBe('/aanvragen');
  });
});

describe('RequestScreen', () => {
  const timeline = [
    { id: 1, state: 'awaiting_approval' as const, text: null, user_name: 'Piet de Boer', by_provider: false, created_at: ASKED_AT },
    { id: 2, state: null, text: 'Graag voor het weekend.', user_name: 'Piet de Boer', by_provider: false, created_at: ASKED_AT + 60 },
    { id: 3, state: null, text: 'Wij kijken ernaar.', user_name: 'Support', by_provider: true, created_at: ASKED_AT + 120 },
  ];

  it('shows the request with its afname, its details and its timeline, and sends a message', async () => {
    let events = timeline;
    const requests = mockRequests(['REQUEST_CHANGES'], {
      'GET /api/requests/31': () => json(200, requestAnswer({ events })),
      'POST /api/requests/31/messages': (request) => {
        events = [...events, { id: 4, state: null, text: (request.body as { text: string }).text, user_name: 'Anna van Dijk', by_provider: false, created_at: ASKED_AT + 180 }];
        return json(200, requestAnswer({ events }));
      },
    });
    const { user } = renderWithProviders('/aanvragen/31', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Blokkeren: 06127' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '06127 – Zakelijk Onbeperkt 10GB' }).getAttribute('href')).toBe('/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb/7/jan-jansen');
    expect(screen.getByText('Geblokkeerd (aangevraagd)')).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Reden', 'Verloren'],
      ['Toelichting', 'In de trein laten liggen'],
    ]);

    const items = within(screen.getByRole('region', { name: 'Verloop' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Wacht op goedkeuringPiet de Boer, ${formatDateTime(ASKED_AT)}`,
      `BerichtGraag voor het weekend.Piet de Boer, ${formatDateTime(ASKED_AT + 60)}`,
      `BerichtVan de aanbiederWij kijken ernaar.Support, ${formatDateTime(ASKED_AT + 120)}`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText("Veld 'Bericht' is verplicht.")).toBeTruthy();
    await user.type(screen.getByLabelText('Bericht'), 'Is het al gelukt?');
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Bericht verstuurd.')).toBeTruthy();
    expect(await screen.findByText('Is het al gelukt?')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([['/api/requests/31/messages', { text: 'Is het al gelukt?' }]]);
  });

  it('withdraws after confirming, when the server offers it', async () => {
    let state: 'submitted' | 'withdrawn' = 'submitted';
    const requests = mockRequests(['REQUEST_CHANGES'], {
      'GET /api/requests/31': () => json(200, requestAnswer({ state, steps: state === 'submitted' ? ['withdraw'] : [] })),
      'POST /api/requests/31/withdraw': () => {
        state = 'withdrawn';
        return json(200, requestAnswer({ state, steps: [] }));
      },
    });
    const { user } = renderWithProviders('/aanvragen/31', { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('button', { name: 'Intrekken' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag intrekken' }));
    await user.click(dialog.getByRole('button', { name: 'Intrekken' }));
    expect(await screen.findByText('Aanvraag ingetrokken.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Intrekken' })).toBeNull());
    expect(screen.getByText('Ingetrokken')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/requests/31/withdraw']);
  });

  it('approves, or rejects with a required reason, and shows a refusal in the server words', async () => {
    let rejected = 0;
    const requests = mockRequests(['REQUEST_CHANGES', 'APPROVE_REQUESTS'], {
      'GET /api/requests/31': () => json(200, requestAnswer({ state: 'awaiting_approval', steps: ['approve', 'reject_approval'] })),
      'POST /api/requests/31/approve': () => json(409, { message: 'Deze stap kan niet meer: de aanvraag is al verder.' }),
      'POST /api/requests/31/reject': () => {
        rejected += 1;
        return json(200, requestAnswer({ state: 'rejected', steps: [] }));
      },
    });
    const { user } = renderWithProviders('/aanvragen/31', { preloadedState: loggedIn() });
    expect(screen.queryByRole('button', { name: 'Intrekken' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    expect(await screen.findByText('Deze stap kan niet meer: de aanvraag is al verder.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Afwijzen' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aanvraag afwijzen' }));
    await user.click(dialog.getByRole('button', { name: 'Afwijzen' }));
    expect(await dialog.findByText("Veld 'Reden' is verplicht.")).toBeTruthy();
    expect(rejected).toBe(0);
    await user.type(dialog.getByLabelText(/Reden/), 'Niet nodig');
    await user.click(dialog.getByRole('button', { name: 'Afwijzen' }));
    expect(await screen.findByText('Aanvraag afgewezen.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      ['/api/requests/31/approve', null],
      ['/api/requests/31/reject', { reason: 'Niet nodig' }],
    ]);
  });

  it('offers no step the server does not list', async () => {
    mockRequests(['REQUEST_CHANGES'], { 'GET /api/requests/31': () => json(200, requestAnswer({ state: 'in_progress', steps: [] })) });
    const { store } = renderWithProviders('/aanvragen/31', { preloadedState: loggedIn() });
    await screen.findByRole('heading', { level: 1, name: 'Blokkeren: 06127' });
    await whenSettled(store);
    for (const name of ['Intrekken', 'Goedkeuren', 'Afwijzen']) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('says so for a request that does not exist', async () => {
    mockRequests(['REQUEST_CHANGES'], { 'GET /api/requests/99': () => json(404, { message: 'Aanvraag niet gevonden.' }) });
    renderWithProviders('/aanvragen/99', { preloadedState: loggedIn() });
    expect(await screen.findByText('Aanvraag niet gevonden.')).toBeTruthy();
  });
});
