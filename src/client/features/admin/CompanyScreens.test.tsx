import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json } from '../../test/http';
import { dateField, enterDate } from '../../test/dateFields';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { ADMIN, companies, mockAdmin } from './testData';

type User = ReturnType<typeof renderWithProviders>['user'];

const fill = async (user: User, fields: Record<string, string>) => {
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    // Pasting keeps these long forms fast in jsdom; typing is covered by the browser tests.
    if (value) await user.paste(value);
  }
};

const checkedGroups = () =>
  within(screen.getByRole('group', { name: 'Zichtbare artikelgroepen' }))
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')!.textContent);

describe('AddCompanyScreen', () => {
  it("asks for name, zipcode, address, SAP number and city ('Alle velden zijn verplicht') before sending", async () => {
    const requests = mockAdmin();
    const { user, store } = renderWithProviders('/mer-admin/bedrijf-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bedrijf toevoegen' })).toBeTruthy();
    await fill(user, { Naam: 'Bloemenhuis Flora' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.companyAllRequired)).toBeTruthy();
    expect(screen.getByLabelText(/^Postcode/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Naam/).getAttribute('aria-invalid')).toBe('false');
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows every company field, starts with article groups 1-6, and sends the price per MB as typed', async () => {
    const requests = mockAdmin(ADMIN, { 'POST /api/company/register': ({ body }) => json(201, { ...companies[1], ...(body as object), id: 40 }) });
    const { user, location } = renderWithProviders('/mer-admin/bedrijf-toevoegen', { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Bedrijf toevoegen' });
    await screen.findByLabelText('Diensten');
    expect(checkedGroups()).toEqual(['Mobiele telefonie', 'Vaste telefonie', 'Applicaties', 'Hardware', 'Hosting', 'Connectiviteit']);
    expect(screen.queryByLabelText('Einddatum')).toBeNull();

    await fill(user, {
      Naam: 'Bloemenhuis Flora',
      Aliassen: 'Flora',
      Klantnummer: 'K-40',
      'SAP klantnummer': 'SAP-40',
      Adres: 'Markt 2',
      Postcode: '8011 AA',
      Plaats: 'Zwolle',
      'Prijs per MB': '0,00125',
      'Label vrij veld 1': 'Kostenplaats',
      'Label vrij veld 4': 'Project',
      Voornaam: 'Fleur',
      Achternaam: 'de Wit',
      'E-mailadres': 'fleur@flora.nl',
    });
    await user.click(screen.getByLabelText('Hosting'));
    await user.click(screen.getByLabelText('Diensten'));
    await user.selectOptions(screen.getByLabelText('Hoofdbedrijf'), 'Jansen Holding');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(location().search).toBe('?tab=bedrijven'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      {
        name: 'Bloemenhuis Flora',
        aliases: 'Flora',
        customer_number: 'K-40',
        zipcode: '8011 AA',
        address: 'Markt 2',
        city: 'Zwolle',
        sap_number: 'SAP-40',
        price_mb: '0,00125',
        input_label_1: 'Kostenplaats',
        input_label_2: null,
        input_label_3: null,
        input_label_4: 'Project',
        article_groups: [1, 2, 3, 4, 6, 7],
        parent_company_id: 4,
        end_time: null,
        contact_firstname: 'Fleur',
        contact_lastname: 'de Wit',
        contact_email: 'fleur@flora.nl',
      },
    ]);
  });

  it('checks the price per MB and a half-filled contact person', async () => {
    const requests = mockAdmin();
    const { user, store } = renderWithProviders('/mer-admin/bedrijf-toevoegen', { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Bedrijf toevoegen' });
    await fill(user, {
      Naam: 'Flora',
      'SAP klantnummer': 'SAP-40',
      Adres: 'Markt 2',
      Postcode: '8011 AA',
      Plaats: 'Zwolle',
      'Prijs per MB': '0,0000001',
      'E-mailadres': 'fleur@',
    });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText('Vul een bedrag in euro in, bijvoorbeeld 0,0025.')).toBeTruthy();
    expect(screen.getByText(MSG.companyContactRequired)).toBeTruthy();
    expect(screen.getByText(MSG.emailInvalid)).toBeTruthy();
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says that the customer number is taken on 409, or what else the server refused', async () => {
    let message: string | undefined;
    mockAdmin(ADMIN, { 'POST /api/company/register': () => json(409, message === undefined ? {} : { message }) });
    const { user, location } = renderWithProviders('/mer-admin/bedrijf-toevoegen', { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Bedrijf toevoegen' });
    await fill(user, { Naam: 'Flora', 'SAP klantnummer': 'SAP-20', Adres: 'Markt 2', Postcode: '8011 AA', Plaats: 'Zwolle' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.customerNumberTaken)).toBeTruthy();
    message = MSG.emailTaken;
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.emailTaken)).toBeTruthy();
    expect(location().pathname).toBe('/mer-admin/bedrijf-toevoegen');
  });
});

describe('EditCompanyScreen', () => {
  it("fills in the company and asks for a contact person when it has none", async () => {
    const requests = mockAdmin();
    const { user, store } = renderWithProviders('/mer-admin/30/bedrijf-wijzigen', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Bedrijf wijzigen' })).toBeTruthy();
    expect((screen.getByLabelText(/^Naam/) as HTMLInputElement).value).toBe('Bakkerij de Korenschoof');
    expect((screen.getByLabelText('Prijs per MB') as HTMLInputElement).value).toBe('0,0025');
    await fill(user, { 'SAP klantnummer': '' });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByText(MSG.companyContactRequired)).toBeTruthy();
    await whenSettled(store);
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves a company with a contact person without asking for one, and says a taken number on 409', async () => {
    let status = 409;
    const requests = mockAdmin(ADMIN, {
      'PUT /api/company/20': ({ body }) =>
        json(status, status === 200 ? { ...companies[0], ...(body as object) } : { message: MSG.companyNumberTaken }),
    });
    const { user, location } = renderWithProviders('/mer-admin/20/bedrijf-wijzigen', { preloadedState: loggedIn() });

    await screen.findByRole('heading', { level: 1, name: 'Bedrijf wijzigen' });
    expect(screen.queryByLabelText(/^Voornaam/)).toBeNull();
    expect((screen.getByLabelText('Hoofdbedrijf') as HTMLSelectElement).value).toBe('3');
    enterDate(dateField(/^Einddatum/), '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(MSG.companyNumberTaken)).toBeTruthy();

    status = 200;
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(location().search).toBe('?tab=bedrijven'));
    const sent = requests.filter((r) => r.method === 'PUT').map((r) => r.body as Record<string, unknown>);
    expect(sent[1]).toMatchObject({ name: 'Van Dijk Installatietechniek B.V.', parent_company_id: 3, price_mb: '0,0025', input_label_1: 'Kostenplaats' });
    expect(sent[1].end_time).toBe(Date.parse('2026-12-31T12:00:00+01:00') / 1000);
    expect(sent[1]).not.toHaveProperty('contact_email');
  });

  it("ends a company with only its end date", async () => {
    const requests = mockAdmin(ADMIN, { 'PUT /api/company/30': ({ body }) => json(200, { ...companies[1], ...(body as object) }) });
    const { user, location } = renderWithProviders('/mer-admin/30/bedrijf-wijzigen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Bedrijf beëindigen' }));
    const dialog = screen.getByRole('dialog', { name: 'Bedrijf beëindigen' });
    // Typed as dd-mm-jjjj, section by section.
    await user.click(within(dialog).getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('31122026');
    expect(dateField(/^Einddatum/, within(dialog)).value).toBe('31-12-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Beëindigen' }));

    await waitFor(() => expect(location().search).toBe('?tab=bedrijven'));
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { end_time: Date.parse('2026-12-31T12:00:00+01:00') / 1000 },
    ]);
  });

  it('deletes after confirmation, confirms with the name and returns to the companies', async () => {
    mockAdmin(ADMIN, { 'DELETE /api/company/30': () => json(200, { message: "'Bakkerij de Korenschoof' succesvol verwijderd." }) });
    const { user, location } = renderWithProviders('/mer-admin/30/bedrijf-wijzigen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Bedrijf verwijderen' })).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText(MSG.removeClientSuccess('Bakkerij de Korenschoof'))).toBeTruthy();
    // The companies tab shows once its chunk and list are in.
    await waitFor(() => expect(location().pathname).toBe('/mer-admin'));
    expect(location().search).toBe('?tab=bedrijven');
  });

  it('reports a refused delete and stays', async () => {
    mockAdmin(ADMIN, { 'DELETE /api/company/20': () => json(409, { message: 'Dit bedrijf heeft nog afnames.' }) });
    const { user, location } = renderWithProviders('/mer-admin/20/bedrijf-wijzigen', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText(MSG.removeClientFailed)).toBeTruthy();
    expect(location().pathname).toBe('/mer-admin/20/bedrijf-wijzigen');
  });
});
