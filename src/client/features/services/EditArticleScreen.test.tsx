import { screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../domain/format';
import { json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { article, articlePath, mockServices, NOON } from './testData';

const editPath = `${articlePath}/bewerken`;
const refusal = 'Dit artikel heeft nog (historische) afnames of bulkafnames en kan niet worden verwijderd.';

describe('EditArticleScreen', () => {
  it('locks the billing cycle and shows the price history read-only', async () => {
    mockServices(['CREATE_ARTICLE', 'EDIT_PRICES']);
    renderWithProviders(editPath, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Artikel bewerken' })).toBeTruthy();
    expect((screen.getByLabelText('Artikelnaam') as HTMLInputElement).value).toBe('Zakelijk Onbeperkt 10GB');
    expect((screen.getByLabelText(/^Eenmalige kosten/) as HTMLInputElement).value).toBe('12,5');
    expect((screen.getByLabelText('Facturatiecyclus') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Gigabyte') as HTMLInputElement).value).toBe('10');

    const history = screen.getByRole('table', { name: 'Prijshistorie' });
    expect(within(history).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((c) => c.textContent))).toEqual([
      [],
      [formatDate(NOON - 400 * 86400), '€ 20,00', '€ 10,00'],
      [formatDate(NOON - 30 * 86400), '€ 1.234,56', '€ 12,50'],
    ]);
    expect(within(history).queryByRole('textbox')).toBeNull();
  });

  it('saves with PUT and returns to the article page', async () => {
    const requests = mockServices(['CREATE_ARTICLE', 'EDIT_PRICES'], {
      'PUT /api/articles/12': () => json(200, { ...article, name: 'Zakelijk Onbeperkt 20GB' }),
    });
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    const name = await screen.findByLabelText('Artikelnaam');
    await user.clear(name);
    await user.type(name, 'Zakelijk Onbeperkt 20GB');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() =>
      expect(location().pathname).toBe('/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-20gb'),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      name: 'Zakelijk Onbeperkt 20GB',
      sku: 'ZO-10',
      description: 'Onbeperkt bellen en 10 GB data',
      price: '25',
      setup_price: '12,5',
      is_visible: true,
      gigabyte: '10',
      from_group_bundle: true,
    });
  });

  it('shows the prices read-only without EDIT_PRICES and leaves them out of the save', async () => {
    const requests = mockServices(['CREATE_ARTICLE'], {
      'PUT /api/articles/12': () => json(200, { ...article, description: 'Nieuw' }),
    });
    const { user } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    const price = (await screen.findByLabelText('Prijs')) as HTMLInputElement;
    const setup = screen.getByLabelText('Eenmalige kosten') as HTMLInputElement;
    expect([price.value, price.readOnly, price.required]).toEqual(['25', true, false]);
    expect([setup.value, setup.readOnly]).toEqual(['12,5', true]);
    expect(screen.getAllByText('Prijzen worden vastgesteld door je accountmanager.')).toHaveLength(2);
    await user.type(price, '9');
    expect(price.value).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('price');
    expect(body).not.toHaveProperty('setup_price');
  });

  it('asks before deleting, shows a refusal in the dialog and then goes back to the group', async () => {
    const requests = mockServices(['CREATE_ARTICLE', 'EDIT_PRICES'], { 'DELETE /api/articles/12': () => json(409, { message: refusal }) });
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText("Weet je zeker dat je het artikel 'Zakelijk Onbeperkt 10GB' uit Mobiele telefonie wilt verwijderen?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/articles/12']);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(location().pathname).toBe('/mijn-diensten/1/mobiele-telefonie'));
  });

  it('closes the dialog without deleting on Annuleren', async () => {
    const requests = mockServices(['CREATE_ARTICLE', 'EDIT_PRICES']);
    const { user, location } = renderWithProviders(editPath, { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuleren' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location().pathname).toBe(editPath);
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});
