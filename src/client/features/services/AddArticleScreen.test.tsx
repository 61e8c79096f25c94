import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { deferred, json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { article, mockServices } from './testData';

const addPath = '/mijn-diensten/1/mobiele-telefonie/toevoegen';

describe('AddArticleScreen', () => {
  it('names the empty required fields in toasts before sending anything', async () => {
    const requests = mockServices(['CREATE_ARTICLE', 'EDIT_PRICES']);
    const { user, store } = renderWithProviders(addPath, { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Opslaan' }));
    // In a toast and next to the field.
    await waitFor(() => expect(screen.getAllByText(MSG.articleNameRequired)).toHaveLength(2));
    expect(screen.getAllByText(MSG.articleDescriptionRequired)).toHaveLength(2);
    const name = screen.getByLabelText(/^Artikelnaam/) as HTMLInputElement;
    expect(name.required).toBe(true);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(within(name.closest('.MuiFormControl-root')!).getByText(MSG.articleNameRequired).id);

    await user.type(name, 'Zakelijk Basis');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    // The new try closed the old toasts: only what still holds is named.
    await waitFor(() => expect(screen.queryByText(MSG.articleNameRequired)).toBeNull());
    expect(screen.getAllByText(MSG.articleDescriptionRequired)).toHaveLength(2);
  });

  it('marks price and one-off costs as required, defaults to monthly and visible, and offers the GB field for mobile', async () => {
    mockServices(['CREATE_ARTICLE', 'EDIT_PRICES']);
    renderWithProviders(addPath, { preloadedState: loggedIn() });

    const price = await screen.findByLabelText(/^Prijs/);
    expect((price as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText(/^Eenmalige kosten/) as HTMLInputElement).required).toBe(true);
    expect((price as HTMLInputElement).labels?.[0].textContent).toBe('Prijs\u2009*');
    const cycle = screen.getByLabelText('Facturatiecyclus') as HTMLSelectElement;
    expect(await screen.findByRole('option', { name: 'Per kwartaal' })).toBeTruthy();
    expect(cycle.value).toBe('1');
    expect((screen.getByLabelText('Zichtbaar') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Uit groepsbundel') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByLabelText('Gigabyte')).toBeTruthy();
  });

  it('has no GB field outside mobile telephony', async () => {
    mockServices(['CREATE_ARTICLE', 'EDIT_PRICES']);
    renderWithProviders('/mijn-diensten/4/hardware/toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByLabelText(/^Artikelnaam/)).toBeTruthy();
    expect(screen.queryByLabelText('Gigabyte')).toBeNull();
  });

  it('saves once, with the amounts as typed, and opens the new article', async () => {
    const answer = deferred<Response>();
    const requests = mockServices(['CREATE_ARTICLE', 'EDIT_PRICES'], {
      'POST /api/articles/create': () => answer.promise,
      'GET /api/articles/31': () => json(404, { message: 'Artikel niet gevonden.' }),
    });
    const { user, location } = renderWithProviders(addPath, { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Artikelnaam/), 'Zakelijk Basis');
    await user.type(screen.getByLabelText('SKU'), 'ZB-1');
    await user.type(screen.getByLabelText(/^Omschrijving/), 'Bellen en 5 GB');
    await user.type(screen.getByLabelText(/^Prijs/), '12,50');
    await user.type(screen.getByLabelText('Gigabyte'), '5');
    await user.selectOptions(screen.getByLabelText('Facturatiecyclus'), 'Per kwartaal');
    await user.click(screen.getByLabelText('Uit groepsbundel'));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect((screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement).disabled).toBe(true);
    answer.resolve(json(201, { ...article, id: 31, name: 'Zakelijk Basis' }));
    await screen.findByRole('heading', { level: 1, name: 'Niet gevonden' });
    expect(location().pathname).toBe('/mijn-diensten/1/mobiele-telefonie/31/zakelijk-basis');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        name: 'Zakelijk Basis',
        sku: 'ZB-1',
        description: 'Bellen en 5 GB',
        price: '12,50',
        setup_price: '0',
        is_visible: true,
        gigabyte: '5',
        from_group_bundle: true,
        billing_cycle_id: 2,
        article_group_id: 1,
      },
    ]);
  });
});
