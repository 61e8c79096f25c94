import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { firstOpenDay } from '../../../domain/closedMonths';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { customer } from '../../test/portalServer';
import { asWritten, dateField, enterDate } from '../../test/dateFields';
import { noonOfDateInput, toDateInput } from './dates';
import { endUsers, endUsersAnswer, mockServices, NOON, service } from './testData';
import type { Permission } from '../../../domain/permissions';
import type { Routes } from '../../test/http';

const addPath = '/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb/toevoegen';

const saveButton = () => screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;

const renderAddService = (granted: Permission[] = ['CREATE_SERVICE'], overrides: Routes = {}) => {
  const requests = mockServices(granted, { 'GET /api/end-users/all': endUsersAnswer(endUsers(30)), ...overrides });
  return { requests, ...renderWithProviders(addPath, { preloadedState: loggedIn() }) };
};

describe('AddServiceScreen', () => {
  it('saves in Bestaande gebruiker only with a chosen user, sending its id', async () => {
    const { user, requests, location } = renderAddService(['CREATE_SERVICE'], {
      'PUT /api/services/create': () => json(201, { data: service({ id: 44, end_user: { id: 12, firstname: 'Voornaam12', lastname: 'Achternaam12' } }) }),
    });

    const picker = await screen.findByRole('combobox', { name: /Eindgebruiker/ });
    expect(screen.getByRole('tab', { name: 'Bestaande gebruiker', selected: true })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    // The disabled button says why.
    expect(saveButton().getAttribute('aria-describedby')).toBe(screen.getByText('Kies eerst een bestaande eindgebruiker om op te slaan.').id);

    await user.type(picker, 'naam12');
    await user.click(await screen.findByRole('option', { name: 'Voornaam12 Achternaam12' }));
    expect(saveButton().disabled).toBe(false);
    expect(saveButton().getAttribute('aria-describedby')).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(location().pathname).toBe('/mijn-diensten/1/mobiele-telefonie/12/zakelijk-onbeperkt-10gb/44/voornaam12-achternaam12'));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ article_id: 12, end_user_id: 12, order_reference: null, end_time: null, article_group_field_inputs: [] });
    expect(body).not.toHaveProperty('end_user');
    expect(Date.parse(body.start_time as string) / 1000).toBe(NOON);
  });

  it('saves in Nieuwe gebruiker only with first and last name, and always in Zonder gebruiker', async () => {
    const { user } = renderAddService();

    await user.click(await screen.findByRole('tab', { name: 'Nieuwe gebruiker' }));
    const firstname = screen.getByRole('textbox', { name: /^Voornaam/ }) as HTMLInputElement;
    expect(firstname.required).toBe(true);
    expect(saveButton().disabled).toBe(true);
    await user.type(firstname, 'Piet');
    expect(saveButton().disabled).toBe(true);
    expect(saveButton().getAttribute('aria-describedby')).toBe(
      screen.getByText('Vul de voornaam en achternaam van de nieuwe eindgebruiker in om op te slaan.').id,
    );
    const lastname = screen.getByRole('textbox', { name: /^Achternaam/ }) as HTMLInputElement;
    expect(lastname.required).toBe(true);
    await user.type(lastname, 'de Vries');
    expect(saveButton().disabled).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'Zonder gebruiker' }));
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Bestaande gebruiker' }));
    expect(saveButton().disabled).toBe(true);
  });

  it('searches 20,000 end users on the server once typing pauses, showing at most 100', async () => {
    const { user, requests } = renderAddService(['CREATE_SERVICE'], { 'GET /api/end-users/all': endUsersAnswer(endUsers(20000)) });
    const endUserRequests = () =>
      requests
        .filter((r) => r.url.startsWith('/api/end-users/all?'))
        .map((r) => Object.fromEntries(new URL(r.url, 'http://portal.test').searchParams));

    const picker = await screen.findByRole('combobox', { name: /Eindgebruiker/ });
    expect(screen.getByText('Typ een deel van de naam om te zoeken.')).toBeTruthy();
    await user.type(picker, 'Voor');
    await waitFor(() => expect(endUserRequests().at(-1)).toEqual({ term: 'Voor', limit: '101' }));
    expect(endUserRequests()[0]).toEqual({ term: '', limit: '101' });
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(101);
    expect(options[100].textContent).toBe('Meer eindgebruikers gevonden: typ verder om te zoeken');

    await user.type(picker, ' naam1999');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Voornaam1999 Achternaam1999',
      'Voornaam19990 Achternaam19990',
      'Voornaam19991 Achternaam19991',
      'Voornaam19992 Achternaam19992',
      'Voornaam19993 Achternaam19993',
      'Voornaam19994 Achternaam19994',
      'Voornaam19995 Achternaam19995',
      'Voornaam19996 Achternaam19996',
      'Voornaam19997 Achternaam19997',
      'Voornaam19998 Achternaam19998',
      'Voornaam19999 Achternaam19999',
    ]));
    // One request per pause in typing, not one per key (typing here pauses only at the end).
    const terms = endUserRequests().map((r) => r.term);
    expect(terms.at(-1)).toBe('Voor naam1999');
    expect(terms.length).toBeLessThan(1 + 'Voor'.length + ' naam1999'.length);

    await user.clear(picker);
    await user.type(picker, 'zzz');
    expect(await screen.findByText('Geen eindgebruikers gevonden.')).toBeTruthy();
  });

  it('starts today at 12:00 and blocks an end date less than a day after the start', async () => {
    const { user } = renderAddService();

    await user.click(await screen.findByRole('tab', { name: 'Zonder gebruiker' }));
    // The field holds the day; the day starts at 12:00 (the saved start_time: the first test).
    expect(dateField('Startdatum').value).toBe(asWritten(toDateInput(NOON)));
    expect(screen.getByText('Gaat in om 12:00 uur.')).toBeTruthy();

    const end = dateField('Einddatum');
    enterDate(end, toDateInput(NOON));
    expect(await screen.findByText('De einddatum moet minstens één dag na de startdatum liggen.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    enterDate(end, toDateInput(NOON + 24 * 3600));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText('De einddatum moet minstens één dag na de startdatum liggen.')).toBeNull();
  });

  it("tells a customer user that a start in a billed month cannot be saved; provider staff may", async () => {
    const firstDay = noonOfDateInput(firstOpenDay())!;
    const hint = `Kies ${formatDate(firstDay)} of later: eerdere maanden zijn al gefactureerd.`;
    const { user } = renderAddService();
    await user.click(await screen.findByRole('tab', { name: 'Zonder gebruiker' }));
    enterDate(dateField('Startdatum'), toDateInput(firstDay - 24 * 3600));
    expect(await screen.findByText(hint)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    enterDate(dateField('Startdatum'), toDateInput(firstDay));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    cleanup();

    const staff = renderAddService(['CREATE_SERVICE'], { 'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }) });
    await staff.user.click(await screen.findByRole('tab', { name: 'Zonder gebruiker' }));
    await whenSettled(staff.store);
    enterDate(dateField('Startdatum'), toDateInput(firstDay - 24 * 3600));
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('sends a new user, the filled category fields and the labelled free fields, empty ones as null', async () => {
    const { user, requests } = renderAddService(['CREATE_SERVICE', 'EDIT_FREE_FIELDS'], {
      'PUT /api/services/create': () => json(201, { data: service({ id: 45 }) }),
    });

    await user.click(await screen.findByRole('tab', { name: 'Nieuwe gebruiker' }));
    await user.type(screen.getByRole('textbox', { name: /^Voornaam/ }), ' Piet ');
    await user.type(screen.getByRole('textbox', { name: 'Achternaam' }), 'de Vries');
    await user.type(screen.getByLabelText('Orderreferentie'), 'PO-1');
    await user.type(screen.getByLabelText('Telefoonnummer'), '0612345678');
    expect(screen.queryByLabelText('Data')).toBeNull();
    await user.type(screen.getByLabelText('Kostenplaats'), 'KP-9');
    expect(screen.getByLabelText('Afdeling')).toBeTruthy();
    expect(screen.queryByLabelText('Spie veld 1')).toBeNull();
    await user.click(saveButton());

    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body;
    expect(body).toEqual({
      article_id: 12,
      end_user: { firstname: 'Piet', lastname: 'de Vries' },
      order_reference: 'PO-1',
      start_time: expect.any(String),
      end_time: null,
      article_group_field_inputs: [{ article_group_field_id: 11, value: '0612345678' }],
      input_field_1: 'KP-9',
      input_field_2: null,
    });
  });

  it('offers the provider fields with EDIT_SPIE_FIELDS and hides the free fields without EDIT_FREE_FIELDS', async () => {
    renderAddService(['CREATE_SERVICE', 'EDIT_SPIE_FIELDS']);

    expect(await screen.findByLabelText('Spie veld 1')).toBeTruthy();
    expect(screen.getByLabelText('Spie veld 3')).toBeTruthy();
    expect(screen.queryByLabelText('Kostenplaats')).toBeNull();
  });

  it('reports any failure as a taken phone number and enables saving again', async () => {
    const { user, location } = renderAddService(['CREATE_SERVICE'], {
      'PUT /api/services/create': () => json(409, { message: MSG.phoneNumberTaken }),
    });

    await user.click(await screen.findByRole('tab', { name: 'Zonder gebruiker' }));
    await user.click(saveButton());

    expect(await screen.findByText(MSG.phoneNumberTaken)).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(location().pathname).toBe(addPath);
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent).toBe('Afname toevoegen');
  });
});
