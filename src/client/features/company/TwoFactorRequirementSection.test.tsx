import { screen, within } from '@testing-library/react';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { actingCompany, CUSTOMER, mockCompany } from './testData';

const OWN_ON = { enabled: true, enabled_at: Date.UTC(2026, 10, 26, 13, 5) / 1000, recovery_codes_left: 10, required: false };

describe("TwoFactorRequirementSection (Mijn bedrijf, 'Beveiliging')", () => {
  it('requires two-factor login of all users of the company with one checkbox', async () => {
    let company = actingCompany;
    const requests = mockCompany(CUSTOMER, {
      'GET /api/account/two-factor': () => json(200, OWN_ON),
      'GET /api/company/20': () => json(200, company),
      'PUT /api/company/20/two-factor': () => {
        company = { ...company, require_two_factor: true };
        return json(200, company);
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const region = await screen.findByRole('region', { name: 'Beveiliging' });
    const checkbox = within(region).getByRole('checkbox', { name: 'Tweestapsverificatie verplicht voor alle gebruikers' }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    await user.click(checkbox);

    expect(await screen.findByText('Tweestapsverificatie is nu verplicht voor alle gebruikers.')).toBeTruthy();
    expect(checkbox.checked).toBe(true);
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([
      ['/api/company/20/two-factor', { require_two_factor: true }],
    ]);
  });

  it('cannot be turned on, and says why, while the user has no two-factor login of its own', async () => {
    const requests = mockCompany(CUSTOMER, { 'GET /api/account/two-factor': () => json(200, { ...OWN_ON, enabled: false, enabled_at: null }) });
    const { store } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    const region = await screen.findByRole('region', { name: 'Beveiliging' });
    await whenSettled(store);
    const checkbox = within(region).getByRole('checkbox', { name: 'Tweestapsverificatie verplicht voor alle gebruikers' }) as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
    expect(checkbox.getAttribute('aria-describedby')).toBe('beveiliging-uitleg');
    expect(within(region).getByText(/Zet eerst tweestapsverificatie aan voor je eigen account/)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('is not shown to a user who does not manage the users', async () => {
    mockCompany(['LIST_USERS']);
    const { store } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    await screen.findByRole('region', { name: 'Bedrijfsgegevens' });
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Beveiliging' })).toBeNull();
  });
});
