import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mockPortal } from '../../test/portalServer';
import { loggedIn, makeToken } from '../../test/tokens';
import { onPhoneScreen } from '../../test/phoneScreen';

/** The frame on a phone or tablet (below md). */
onPhoneScreen();

// While the drawer is open the rest of the page, the header too, is hidden from screen readers.
const menuButton = () => screen.getByRole('button', { name: 'Menu in- of uitklappen', hidden: true });
const mainMenu = () => screen.queryByRole('navigation', { name: 'Hoofdmenu' });

describe('Layout on a narrow screen', () => {
  it('keeps the menu in a drawer that is closed at first and after each navigation', async () => {
    mockPortal();
    const { user, location } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    // The first render loads the frame's and the screen's code: slow on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    expect(mainMenu()).toBeNull();
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    // The menu button names the drawer's menu, which is there (hidden) while closed.
    expect(document.getElementById(menuButton().getAttribute('aria-controls')!)).toBeTruthy();

    await user.click(menuButton());
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    // The drawer shows the labels, whatever the desktop's collapsed choice.
    await user.click(within(menu).getByRole('link', { name: 'Kosten' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Kosten' })).toBeTruthy();
    expect(location().pathname).toBe('/kosten');
    await waitFor(() => expect(mainMenu()).toBeNull());
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Menu in- of uitklappen' })).toBeTruthy();
  });

  it('shows name and company in the user menu and logs out from there', async () => {
    const token = makeToken();
    const requests = mockPortal();
    const { user, location } = renderWithProviders('/kosten', { preloadedState: loggedIn(token) });

    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('button', { name: 'Uitloggen' })).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Gebruikersmenu' }));
    const userMenu = await screen.findByRole('menu', { name: 'Gebruikersmenu' });
    // The names stand above the menu, in its popover; the header itself has no room for them.
    const popover = userMenu.closest('.MuiPopover-paper') as HTMLElement;
    expect(await within(popover).findByText('Anna van Dijk')).toBeTruthy();
    expect(within(popover).getByText('Van Dijk Installatietechniek B.V.')).toBeTruthy();
    expect(within(banner).queryByText('Anna van Dijk')).toBeNull();
    await user.click(within(userMenu).getByRole('menuitem', { name: 'Uitloggen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(requests.find((r) => r.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${token}`);
  });

  it('opens the search field from the search button, focused, and closes it after searching', async () => {
    mockPortal();
    const { user, location } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByRole('search')).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Zoeken' }));
    const field = within(within(banner).getByRole('search', { name: 'Zoeken' })).getByLabelText('Zoek product of service');
    expect(document.activeElement).toBe(field);
    await user.type(field, 'sim{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zoekresultaten voor "sim"' }, { timeout: 5000 })).toBeTruthy();
    expect(location().pathname).toBe('/zoek/sim');
    expect(within(banner).queryByRole('search')).toBeNull();
    expect(within(banner).getByRole('button', { name: 'Zoeken' })).toBeTruthy();
  });
});
