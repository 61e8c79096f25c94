import { screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '../../../domain/permissions';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { CUSTOMER, mockCompany } from './testData';

const settingsServer = (granted: Permission[]) => {
  let approvalRequired = false;
  return mockCompany([...CUSTOMER, ...granted], {
    'GET /api/requests/settings': () => json(200, { approval_required: approvalRequired }),
    'PUT /api/requests/settings': ({ body }) => {
      approvalRequired = (body as { approval_required: boolean }).approval_required;
      return json(200, { approval_required: approvalRequired });
    },
  });
};

const theSwitch = async () =>
  within(await screen.findByRole('region', { name: 'Aanvragen' })).getByRole('switch', { name: 'Aanvragen vereisen goedkeuring' }) as HTMLInputElement;

describe("RequestApprovalSection (Mijn bedrijf, 'Aanvragen')", () => {
  it('turns approval on with APPROVE_REQUESTS', async () => {
    const requests = settingsServer(['REQUEST_CHANGES', 'APPROVE_REQUESTS']);
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const toggle = await theSwitch();
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
    await user.click(toggle);

    expect(await screen.findByText('Aanvragen vereisen nu goedkeuring.')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => [r.url, r.body])).toEqual([['/api/requests/settings', { approval_required: true }]]);
  });

  it('shows the setting read-only without APPROVE_REQUESTS', async () => {
    settingsServer(['REQUEST_CHANGES']);
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    const toggle = await theSwitch();
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Alleen wie aanvragen mag goedkeuren, kan dit wijzigen.')).toBeTruthy();
  });

  it('is not shown without either permission', async () => {
    const requests = settingsServer([]);
    const { store } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    await screen.findByRole('region', { name: 'Bedrijfsgegevens' });
    await whenSettled(store);
    expect(screen.queryByRole('switch', { name: 'Aanvragen vereisen goedkeuring' })).toBeNull();
    expect(requests.some((r) => r.url === '/api/requests/settings')).toBe(false);
  });
});
