import { screen, within } from '@testing-library/react';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { actingCompany, CUSTOMER, mockCompany } from './testData';

describe("TwoFactorRequirementSection (Mijn bedrijf, 'Beveiliging')", () => {
  it('requires two-factor login of all users of the company with one checkbox', async () => {
    let company = actingCompany;
    const requests = mockCompany(CUSTOMER, {
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

  it('is not shown to a user who does not manage the users', async () => {
    mockCompany(['LIST_USERS']);
    const { store } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    await screen.findByRole('region', { name: 'Bedrijfsgegevens' });
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Beveiliging' })).toBeNull();
  });
});
