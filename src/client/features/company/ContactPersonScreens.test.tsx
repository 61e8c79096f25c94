import { screen, waitFor } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { contactPersons, CUSTOMER, mockCompany } from './testData';

describe('AddContactPersonScreen', () => {
  it('names each missing or wrong field and sends nothing', async () => {
    const requests = mockCompany();
    const { user, store } = renderWithProviders('/mijn-bedrijf/user-aanmaken', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Contactpersoon toevoegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.firstnameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.lastnameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailRequired)).toBeTruthy();

    await user.type(screen.getByLabelText(/^Voornaam/), 'Carla');
    await user.type(screen.getByLabelText(/^Achternaam/), 'de Boer');
    await user.type(screen.getByLabelText(/^E-mailadres/), 'carla@vandijk');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(screen.queryByText(MSG.firstnameRequired)).toBeNull();

    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('adds the contact person and returns to Mijn bedrijf, where the list is fetched again', async () => {
    let users = contactPersons;
    const requests = mockCompany(CUSTOMER, {
      'GET /api/users': () => json(200, users),
      'POST /api/users': ({ body }) => {
        const created = { ...(body as object), id: 9, company_id: 20, role_id: 3, activated: false } as (typeof users)[number];
        users = [...users, created];
        return json(201, created);
      },
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf/user-aanmaken', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Voornaam/), ' Carla ');
    await user.type(screen.getByLabelText(/^Achternaam/), 'de Boer');
    await user.type(screen.getByLabelText(/^E-mailadres/), 'carla@vandijk.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByRole('link', { name: 'Carla de Boer' })).toBeTruthy();
    expect(location().pathname).toBe('/mijn-bedrijf');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { firstname: 'Carla', lastname: 'de Boer', email: 'carla@vandijk.nl', phonenumber: null, approves_requests: true, receives_cost_specification: false },
    ]);
  });

  it('says that the address is taken on 409, and that something went wrong otherwise', async () => {
    let status = 409;
    mockCompany(CUSTOMER, { 'POST /api/users': () => json(status, { message: 'x' }) });
    const { user, location } = renderWithProviders('/mijn-bedrijf/user-aanmaken', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Voornaam/), 'Anna');
    await user.type(screen.getByLabelText(/^Achternaam/), 'van Dijk');
    await user.type(screen.getByLabelText(/^E-mailadres/), 'klant@demo.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();

    status = 500;
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.initialLoadFailed)).toBeTruthy();
    expect(location().pathname).toBe('/mijn-bedrijf/user-aanmaken');
    // The retry closed the first error: only what still holds shows.
    await waitFor(() => expect(screen.queryByText(MSG.emailTaken)).toBeNull());
  });

  it('closes the error toasts of the form when a retry succeeds, and confirms the save', async () => {
    let status = 409;
    mockCompany(CUSTOMER, {
      'POST /api/users': ({ body }) =>
        status === 201 ? json(201, { ...(body as object), id: 9, company_id: 20, role_id: 3, activated: false }) : json(status, { message: 'x' }),
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf/user-aanmaken', { preloadedState: loggedIn() });

    await user.type(await screen.findByLabelText(/^Voornaam/), 'Carla');
    await user.type(screen.getByLabelText(/^Achternaam/), 'de Boer');
    await user.type(screen.getByLabelText(/^E-mailadres/), 'klant@demo.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();

    status = 201;
    await user.clear(screen.getByLabelText(/^E-mailadres/));
    await user.type(screen.getByLabelText(/^E-mailadres/), 'carla@vandijk.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText("Contactpersoon 'Carla de Boer' succesvol toegevoegd.")).toBeTruthy();
    await waitFor(() => expect(location().pathname).toBe('/mijn-bedrijf'));
    await waitFor(() => expect(screen.queryByText(MSG.emailTaken)).toBeNull());
  });
});

describe('EditContactPersonScreen', () => {
  it('edits the contact person with the same rules and returns to Mijn bedrijf', async () => {
    const requests = mockCompany(CUSTOMER, { 'PUT /api/users/6': ({ body }) => json(200, { ...contactPersons[1], ...(body as object) }) });
    const { user, location } = renderWithProviders('/mijn-bedrijf/6/user-wijzigen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Contactpersoon wijzigen' })).toBeTruthy();
    const email = screen.getByLabelText(/^E-mailadres/) as HTMLInputElement;
    expect(email.value).toBe('bram@vandijk.nl');
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();

    await user.type(email, 'b.bakker@vandijk.nl');
    await user.type(screen.getByLabelText('Telefoonnummer'), '0687654321');
    const approves = screen.getByRole('checkbox', { name: 'Mag aanvragen goedkeuren' }) as HTMLInputElement;
    expect(approves.checked).toBe(true);
    await user.click(approves);
    // docs/cost-specification.md, 'Mail': the final PDF of each month by e-mail.
    const receives = screen.getByRole('checkbox', { name: 'Ontvangt kostenspecificatie' }) as HTMLInputElement;
    expect(receives.checked).toBe(false);
    await user.click(receives);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await screen.findByRole('heading', { level: 1, name: 'Mijn bedrijf' });
    expect(location().pathname).toBe('/mijn-bedrijf');
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        firstname: 'Bram',
        lastname: 'Bakker',
        email: 'b.bakker@vandijk.nl',
        phonenumber: '0687654321',
        approves_requests: false,
        receives_cost_specification: true,
      },
    ]);
  });

  it('shows the address read-only, with the reason, for a person who has logged in', async () => {
    const requests = mockCompany(CUSTOMER, { 'PUT /api/users/5': ({ body }) => json(200, { ...contactPersons[0], ...(body as object) }) });
    const { user } = renderWithProviders('/mijn-bedrijf/5/user-wijzigen', { preloadedState: loggedIn() });

    const email = (await screen.findByLabelText(/^E-mailadres/)) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(MSG.emailChangedByOwner)).toBeTruthy();
    await user.type(email, 'x');
    expect(email.value).toBe('klant@demo.nl');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ email: 'klant@demo.nl' });
  });

  it('says so for a contact person of another company', async () => {
    mockCompany();
    renderWithProviders('/mijn-bedrijf/99/user-wijzigen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Contactpersoon niet gevonden' })).toBeTruthy();
  });
});
