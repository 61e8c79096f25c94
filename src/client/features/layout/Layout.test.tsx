import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { screen, within } from '@testing-library/react';
import { initialUiState } from '../../base/uiSlice';
import { json } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import { loggedIn, makeToken } from '../../test/tokens';

const hrefs = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

const SUPPORT = { 'GET /api/support': () => json(200, { phone: '030 765 43 21', email: 'help@provider.nl' }) };

describe('Layout', () => {
  it('shows the user, the menu with the visible article groups, and no Admin without CREATE_COMPANY', async () => {
    mockPortal();
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    // The first render loads the frame's and the screen's code: slow on a busy machine.
    expect(await screen.findByText('Anna van Dijk', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Van Dijk Installatietechniek B.V.')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    await within(menu).findByRole('link', { name: 'Hardware' });
    await whenSettled(store);
    expect(hrefs(menu)).toEqual([
      '/dashboard',
      '/mijn-diensten/1/mobiele-telefonie',
      '/mijn-diensten/4/hardware',
      '/mijn-bedrijf',
      '/kosten',
      '/verbruik',
    ]);
  });

  it('offers Admin with CREATE_COMPANY', async () => {
    mockPortal({ 'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY')) });
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const menu = screen.getByRole('navigation', { name: 'Hoofdmenu' });
    expect((await within(menu).findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/mer-admin');
  });

  it('searches from the header with Enter', async () => {
    mockPortal();
    const { user, location } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const search = within(screen.getByRole('search', { name: 'Zoeken' })).getByLabelText('Zoek product of service');
    await user.type(search, 'sim 06/12{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor "sim 06/12"' })).toBeTruthy();
    expect(location().pathname).toBe('/zoek/sim%2006%2F12');
  });

  it('logs out and shows /login', async () => {
    const token = makeToken();
    const requests = mockPortal();
    const { user, location, store } = renderWithProviders('/kosten', { preloadedState: loggedIn(token) });

    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(requests.find((r) => r.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${token}`);
  });

  it('stops managing a company: original token back, banner gone, data fetched again', async () => {
    const own = makeToken({ company_id: 20 });
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockPortal({
      'GET /api/company/33': () => json(200, { id: 33, name: 'Van Dijk Elektrotechniek B.V.' }),
    });
    const { user, store, location } = renderWithProviders('/kosten', {
      preloadedState: {
        ...loggedIn(managed, own),
        ui: { ...initialUiState, managedCompanyId: 33, _persist: { version: 1, rehydrated: true } },
      },
    });

    const banner = await screen.findByText(/Je beheert nu Van Dijk Elektrotechniek B\.V\./);
    // Unmistakable: in the warning colour, and the header names the managed company too.
    expect(banner.closest('.MuiAlert-root')?.className).toMatch(/MuiAlert-colorWarning/);
    expect(await screen.findByText('Beheert Van Dijk Elektrotechniek B.V.')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Stop met beheren.' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText(/Je beheert nu/)).toBeNull();
    expect(screen.queryByText(/^Beheert /)).toBeNull();
    expect(location().pathname).toBe('/dashboard');
    expect(store.getState().auth).toMatchObject({ token: own, originalToken: null });
    expect(store.getState().ui.managedCompanyId).toBeNull();
    const policyReads = requests.filter((r) => r.url === '/api/auth/policies');
    expect(policyReads.map((r) => r.authorization)).toEqual([`Bearer ${managed}`, `Bearer ${own}`]);
  });

  it('sends logged-out visitors of a logged-in route to /login', async () => {
    mockPortal();
    const { location } = renderWithProviders('/mijn-bedrijf', {
      preloadedState: { auth: { status: 'anonymous', token: null, originalToken: null } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
  });

  it('shows the 404 page for unknown paths inside the header and menu, with how to reach support', async () => {
    mockPortal(SUPPORT);
    renderWithProviders('/bestaat/niet', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(screen.getByText('Er is iets misgegaan: de pagina die je zoekt bestaat niet.')).toBeTruthy();
    expect(screen.getByText(/werkdagen van 09:00 tot 17:00/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar het dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect((await screen.findByRole('link', { name: '030 765 43 21' })).getAttribute('href')).toBe('tel:0307654321');
    expect(screen.getByRole('link', { name: 'help@provider.nl' }).getAttribute('href')).toBe('mailto:help@provider.nl');
    expect(await screen.findByText('Anna van Dijk')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('link', { name: 'Kosten' })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows the 404 page without the frame to a visitor who is not logged in', async () => {
    mockPortal(SUPPORT);
    const { location } = renderWithProviders('/bestaat/niet', {
      preloadedState: { auth: { status: 'anonymous', token: null, originalToken: null } },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'help@provider.nl' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Hoofdmenu' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Uitloggen' })).toBeNull();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(location().pathname).toBe('/bestaat/niet');
  });
});

describe('routes', () => {
  it('opens the dashboard for /', async () => {
    mockPortal();
    const { location } = renderWithProviders('/', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
  });

  it.each([
    ['/mijn-diensten/1/mobiele-telefonie', 'Mobiele telefonie'],
    ['/mijn-bedrijf', 'Mijn bedrijf'],
    ['/kosten/maandelijks', 'Kosten'],
    ['/verbruik', 'Verbruik'],
    ['/mer-admin', 'Admin'],
    ['/zoek', 'Zoeken'],
    ['/zoek/sim', 'Zoekresultaten voor "sim"'],
  ])('has a screen at %s', async (path, heading) => {
    mockPortal();
    renderWithProviders(path, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(document.title).toBe(`${heading} | Mijn Portaal`);
  });
});
