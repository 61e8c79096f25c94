import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/http';
import { customer } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { CUSTOMER, mockCompany } from './testData';

const asRole = (role_id: number) => ({ 'GET /api/users/5': () => json(200, { ...customer, role_id }) });
const contactList = async () => screen.findByRole('table', { name: 'Contactpersonen' });

describe('TwoFactorResetButton in the contact persons of Mijn bedrijf', () => {
  it('lets provider staff reset a user with two-factor login on, with a reason, and confirms it', async () => {
    const requests = mockCompany([...CUSTOMER, 'LIST_COMPANIES'], {
      ...asRole(2),
      'POST /api/users/5/two-factor/reset': () => json(200, { message: 'Tweestapsverificatie is gereset.' }),
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    const table = await contactList();

    await user.click(await within(table).findByRole('button', { name: 'Tweestapsverificatie resetten voor Anna van Dijk' }));
    // Bram has it off: nothing to reset.
    expect(within(table).queryByRole('button', { name: /Tweestapsverificatie resetten voor Bram/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Tweestapsverificatie resetten' });
    await user.click(within(dialog).getByRole('button', { name: 'Resetten' }));
    expect(await within(dialog).findByText('Geef een reden op.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reden/), '  Telefoon en herstelcodes kwijt  ');
    await user.click(within(dialog).getByRole('button', { name: 'Resetten' }));

    expect(await screen.findByText('Tweestapsverificatie van Anna van Dijk is gereset. Er is een e-mail naar klant@demo.nl gestuurd.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([
      ['/api/users/5/two-factor/reset', { reason: 'Telefoon en herstelcodes kwijt' }],
    ]);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    mockCompany([...CUSTOMER, 'LIST_COMPANIES'], {
      ...asRole(2),
      'POST /api/users/5/two-factor/reset': () => json(409, { message: 'Tweestapsverificatie staat uit.' }),
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    await user.click(await within(await contactList()).findByRole('button', { name: 'Tweestapsverificatie resetten voor Anna van Dijk' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reden/), 'Telefoon kwijt');
    await user.click(within(dialog).getByRole('button', { name: 'Resetten' }));
    expect(await screen.findByText('Tweestapsverificatie staat uit.')).toBeTruthy();
    expect((screen.getByLabelText(/^Reden/) as HTMLTextAreaElement).value).toBe('Telefoon kwijt');
  });

  it('offers customers no reset', async () => {
    mockCompany(CUSTOMER, asRole(3));
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    const table = await contactList();
    await within(table).findByText('Anna van Dijk');
    expect(within(table).queryByRole('button', { name: /Tweestapsverificatie resetten/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Tweestapsverificatie' })).toBeNull();
  });
});
