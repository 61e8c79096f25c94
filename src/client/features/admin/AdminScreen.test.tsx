import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { deferred, json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import { billingFileName, billingPeriod } from './BillingExportTab';
import { ADMIN, captureDownloads, companies, mockAdmin } from './testData';

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('AdminScreen', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows only a no-access message without CREATE_COMPANY, and loads nothing of the admin', async () => {
    const requests = mockAdmin(['LIST_USERS', 'UPLOAD_CDR']);
    const { store } = renderWithProviders('/mer-admin', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByText(/Je hebt geen toegang tot de beheeromgeving/)).toBeTruthy();
    await whenSettled(store);
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(requests.filter((r) => /companies|article-groups$/.test(r.url))).toEqual([]);
  });

  it('guards the admin forms as well', async () => {
    mockAdmin(['LIST_USERS']);
    renderWithProviders('/mer-admin/bedrijf-toevoegen', { preloadedState: loggedIn() });

    expect(await screen.findByText(/Je hebt geen toegang tot de beheeromgeving/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('opens on the parent companies and keeps the chosen tab in the address', async () => {
    mockAdmin();
    const { user, location } = renderWithProviders('/mer-admin', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Hoofdbedrijven', 'Bedrijven', 'Artikelgroepen', 'Verbruik importeren', 'Facturatie-export']);
    const parents = await screen.findByRole('table', { name: 'Hoofdbedrijven' });
    expect(bodyRows(parents).map(cellTexts)).toEqual([
      ['Jansen Holding', '–', '–'],
      ['Van Dijk Groep', 'SAP-VDG', 'Van Dijk Installatietechniek B.V.'],
    ]);
    expect(within(parents).getByRole('link', { name: 'Jansen Holding' }).getAttribute('href')).toBe(
      '/mer-admin/hoofdbedrijven/4/hoofdbedrijf-wijzigen',
    );
    expect(screen.getByRole('link', { name: 'Hoofdbedrijf toevoegen' }).getAttribute('href')).toBe('/mer-admin/hoofdbedrijf-toevoegen');

    await user.click(screen.getByRole('tab', { name: 'Artikelgroepen' }));
    const groups = await screen.findByRole('table', { name: 'Artikelgroepen' });
    expect(cellTexts(bodyRows(groups)[0])).toEqual(['Mobiele telefonie', 'Telefoonnummer, SIM nummer', '2 bedrijven']);
    expect(within(groups).getByRole('link', { name: 'Hardware' }).getAttribute('href')).toBe('/mer-admin/artikel-categorien/4/categorie-wijzigen');
    expect(screen.getByRole('link', { name: 'Artikelgroep toevoegen' }).getAttribute('href')).toBe('/mer-admin/artikel-categorie-toevoegen');
    expect(location().search).toBe('?tab=artikelgroepen');
  });

  it('hides the usage import without UPLOAD_CDR', async () => {
    mockAdmin(ADMIN.filter((permission) => permission !== 'UPLOAD_CDR'));
    renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    expect(await screen.findByRole('tab', { name: 'Hoofdbedrijven', selected: true })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Verbruik importeren' })).toBeNull();
  });
});

describe('Bedrijven tab', () => {
  it('lists the companies with Dutch dates, filters them, and links to add and edit', async () => {
    mockAdmin();
    const { user } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: 'Bedrijven' });
    expect(bodyRows(table).map((row) => cellTexts(row).slice(0, 5))).toEqual([
      ['Autobedrijf Jansen', 'K-31', 'SAP-31', 'Deventer', '30-06-2026'],
      ['Bakkerij de Korenschoof', 'K-30', 'SAP-30', 'Zwolle', '–'],
      ['Van Dijk Installatietechniek B.V.', 'K-20', 'SAP-20', 'Amersfoort', '–'],
    ]);
    expect(within(table).getByRole('link', { name: 'Autobedrijf Jansen' }).getAttribute('href')).toBe('/mer-admin/31/bedrijf-wijzigen');
    expect(screen.getByRole('link', { name: 'Bedrijf toevoegen' }).getAttribute('href')).toBe('/mer-admin/bedrijf-toevoegen');

    await user.type(screen.getByLabelText('Zoek bedrijf'), 'korenschoof');
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Bedrijven' }))).toHaveLength(1));
    // Accents and case do not matter.
    await user.clear(screen.getByLabelText('Zoek bedrijf'));
    await user.type(screen.getByLabelText('Zoek bedrijf'), 'BAKKERIJ Körenschoof');
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: 'Bedrijven' })).map((row) => cellTexts(row)[0])).toEqual(['Bakkerij de Korenschoof']));
    await user.clear(screen.getByLabelText('Zoek bedrijf'));
    await user.type(screen.getByLabelText('Zoek bedrijf'), 'sap-31');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Autobedrijf Jansen' })).toBeTruthy());
    await user.type(screen.getByLabelText('Zoek bedrijf'), 'x');
    expect(await screen.findByText('Geen bedrijven gevonden.')).toBeTruthy();
  });

  it('sorts the companies by a column header, the order in the address', async () => {
    mockAdmin();
    const { user, location } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });
    await screen.findByRole('table', { name: 'Bedrijven' });
    const names = () => bodyRows(screen.getByRole('table', { name: 'Bedrijven' })).map((row) => cellTexts(row)[0]);
    const header = (name: string) => within(screen.getByRole('table', { name: 'Bedrijven' })).getByRole('columnheader', { name });
    expect(header('Naam').getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(header('Plaats')).getByRole('button'));
    expect(names()).toEqual(['Van Dijk Installatietechniek B.V.', 'Autobedrijf Jansen', 'Bakkerij de Korenschoof']);
    expect(header('Plaats').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Naam').getAttribute('aria-sort')).toBe('none');
    const params = new URLSearchParams(location().search);
    expect([params.get('tab'), params.get('sorteer'), params.get('volgorde')]).toEqual(['bedrijven', 'plaats', 'oplopend']);

    await user.click(within(header('Plaats')).getByRole('button'));
    expect(names()).toEqual(['Bakkerij de Korenschoof', 'Autobedrijf Jansen', 'Van Dijk Installatietechniek B.V.']);
    expect(new URLSearchParams(location().search).get('volgorde')).toBe('aflopend');

    // A company without an end date comes last either way.
    await user.click(within(header('Einddatum')).getByRole('button'));
    expect(names()[0]).toBe('Autobedrijf Jansen');
    await user.click(within(header('Einddatum')).getByRole('button'));
    expect(names()[0]).toBe('Autobedrijf Jansen');
  });

  it("sends the activation mail to the first contact person: 'Aan het versturen...', then 'Email verzonden'", async () => {
    const answer = deferred<Response>();
    const requests = mockAdmin(ADMIN, { 'GET /api/users/activate/5': () => answer.promise });
    const { user } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    const row = bodyRows(await screen.findByRole('table', { name: 'Bedrijven' }))[2];
    await user.click(within(row).getByRole('button', { name: 'Activatiemail voor Anna van Dijk' }));
    // It asks first, naming whom the mail goes to; nothing is sent before that.
    const asking = screen.getByRole('dialog', { name: 'Activatiemail versturen' });
    expect(within(asking).getByText(/De activatiemail gaat naar Anna van Dijk, contactpersoon van .* \(klant@demo\.nl\)\./)).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/activate/'))).toEqual([]);
    await user.click(within(asking).getByRole('button', { name: 'Versturen' }));

    const sending = within(row).getByRole('button', { name: `${MSG.activationSending} voor Anna van Dijk` }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    answer.resolve(json(200, { message: 'Email verzonden' }));
    const sent = (await within(row).findByRole('button', { name: `${MSG.activationSent} voor Anna van Dijk` })) as HTMLButtonElement;
    expect(sent.disabled).toBe(true);
    expect(await screen.findByText('Email verzonden naar klant@demo.nl.')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/activate/')).map((r) => r.url)).toEqual(['/api/users/activate/5']);
  });

  it("shows 'Geen gebruiker gekoppeld' for a company without a contact person, and sends nothing", async () => {
    const requests = mockAdmin();
    const { user } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    const row = bodyRows(await screen.findByRole('table', { name: 'Bedrijven' }))[1];
    await user.click(within(row).getByRole('button', { name: 'Activatiemail voor Bakkerij de Korenschoof' }));

    const dialog = screen.getByRole('dialog', { name: MSG.activationNoUser });
    expect(within(dialog).getByText(/Aan Bakkerij de Korenschoof is nog geen contactpersoon gekoppeld/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByRole('button', { name: 'Activatiemail voor Bakkerij de Korenschoof' })).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/activate/'))).toEqual([]);
  });

  it('puts a failed activation mail back to idle and reports it', async () => {
    mockAdmin(ADMIN, { 'GET /api/users/activate/5': () => json(500, { message: MSG.initialLoadFailed }) });
    const { user } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    const row = bodyRows(await screen.findByRole('table', { name: 'Bedrijven' }))[2];
    await user.click(within(row).getByRole('button', { name: 'Activatiemail voor Anna van Dijk' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Activatiemail versturen' })).getByRole('button', { name: 'Versturen' }));

    expect(await screen.findByText(MSG.initialLoadFailed)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Activatiemail voor Anna van Dijk' })).toBeTruthy();
  });

  it('manages a company by impersonation', async () => {
    const requests = mockAdmin(ADMIN, {
      'POST /api/auth/impersonate': () => json(200, { data: { token: makeToken({ company_id: 30, impersonate: 1 }) } }),
      'GET /api/company/30': () => json(200, companies[1]),
    });
    const { user, location } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Bakkerij de Korenschoof beheren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bedrijf beheren' }));
    expect(dialog.getByText(/Je gaat Bakkerij de Korenschoof beheren/)).toBeTruthy();
    await user.type(dialog.getByLabelText(/Reden/), 'Vraag over de factuur');
    await user.click(dialog.getByRole('button', { name: 'Beheren' }));

    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    const impersonation = requests.find((r) => r.url.includes('/auth/impersonate'));
    expect(impersonation?.url).toContain('company_id=30');
    expect(impersonation?.body).toEqual({ reason: 'Vraag over de factuur' });
  });

  it('asks the reason for managing next to its field, and cancelling manages nothing', async () => {
    const requests = mockAdmin(ADMIN);
    const { user, location } = renderWithProviders('/mer-admin?tab=bedrijven', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Bakkerij de Korenschoof beheren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bedrijf beheren' }));
    await user.click(dialog.getByRole('button', { name: 'Beheren' }));
    const reason = dialog.getByLabelText(/Reden/);
    expect(await dialog.findByText(MSG.impersonationReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe(dialog.getByText(MSG.impersonationReasonRequired).id);

    await user.type(reason, ' x ');
    await user.click(dialog.getByRole('button', { name: 'Beheren' }));
    expect(await dialog.findByText(MSG.impersonationReasonLength)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location().pathname).toBe('/mer-admin');
    expect(requests.some((r) => r.url.includes('/auth/impersonate'))).toBe(false);
  });
});

describe('Verbruik importeren tab', () => {
  it("attaches a kept number's records after a confirmation, toasts the count and reads the list again", async () => {
    let attached = false;
    const requests = mockAdmin(ADMIN, {
      'GET /api/usage/unmatched': () =>
        json(200, attached ? { data: [], total: 0 } : { data: [{ number: '0699999901', records: 38, months: ['2026-09'], imports: [12] }], total: 1 }),
      'POST /api/usage/unmatched/attach': () => {
        attached = true;
        return json(200, { message: '38 verbruiksregels gekoppeld.', attached: 38 });
      },
    });
    const { user } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Koppelen: 0699999901' }));
    const dialog = screen.getByRole('dialog', { name: 'Verbruik van 0699999901 koppelen?' });
    // Cancelling attaches nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Koppelen: 0699999901' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Koppelen' }));
    expect(await screen.findByText('38 verbruiksregels gekoppeld.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.url, r.body])).toEqual([['/api/usage/unmatched/attach', { number: '0699999901' }]]);
    expect(await screen.findByText('Alle geïmporteerde regels zijn aan een afname gekoppeld.')).toBeTruthy();
  });

  it('toasts a refused attach in the server\'s words', async () => {
    mockAdmin(ADMIN, {
      'GET /api/usage/unmatched': () => json(200, { data: [{ number: '0699999901', records: 1, months: ['2026-09'], imports: [12] }], total: 1 }),
      'POST /api/usage/unmatched/attach': () => json(403, { message: 'Geen toestemming voor deze actie.' }),
    });
    const { user } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Koppelen: 0699999901' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Koppelen' }));
    expect(await screen.findByText('Geen toestemming voor deze actie.')).toBeTruthy();
  });
});

describe('Facturatie-export tab', () => {
  afterEach(() => jest.restoreAllMocks());

  it('computes the period and file name of a month', () => {
    expect(billingPeriod('2024-02-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(billingPeriod('2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(billingFileName('2026-11-01')).toBe('2026-11-facturatie-input.csv');
  });

  it('exports the chosen month with Dutch month names, saved under its month', async () => {
    const saved = captureDownloads();
    const token = makeToken();
    const requests = mockAdmin(ADMIN, {
      'GET /api/report/export/all': () => new Response('\uFEFFklant;artikel;bedrag\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const { user } = renderWithProviders('/mer-admin?tab=facturatie-export', { preloadedState: loggedIn(token) });

    const month = (await screen.findByLabelText('Maand')) as HTMLSelectElement;
    const options = within(month).getAllByRole('option') as HTMLOptionElement[];
    expect(options).toHaveLength(24);
    expect(options[1].selected).toBe(true);
    expect(options.every((option) => /^(januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}$/.test(option.textContent!))).toBe(true);
    const chosen = options[2].value;
    await user.selectOptions(month, options[2]);
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe(`${chosen.slice(0, 7)}-facturatie-input.csv`);
    const { from, to } = billingPeriod(chosen);
    const request = requests.find((r) => r.url.startsWith('/api/report/export/all'))!;
    expect(request.url).toBe(`/api/report/export/all?costs_date_from=${from}&costs_date_to=${to}`);
    expect(request.authorization).toBe(`Bearer ${token}`);
  });

  it('exports the chosen month as Excel beside the CSV, saved under its month', async () => {
    const saved = captureDownloads();
    const file = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const requests = mockAdmin(ADMIN, {
      // The test Response (test/jsdomGlobals.ts) reads text only: blob() is given here.
      'GET /api/report/export/all': () =>
        Object.assign(new Response('PK', { status: 200, headers: { 'content-type': file.type } }), { blob: async () => file }),
    });
    const { user } = renderWithProviders('/mer-admin?tab=facturatie-export', { preloadedState: loggedIn() });

    const month = (await screen.findByLabelText('Maand')) as HTMLSelectElement;
    const chosen = (within(month).getAllByRole('option') as HTMLOptionElement[])[2].value;
    await user.selectOptions(month, chosen);
    expect(screen.getByRole('button', { name: 'Exporteren' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exporteren als Excel' }));

    await waitFor(() => expect(saved).toEqual([{ name: `${chosen.slice(0, 7)}-facturatie-input.xlsx`, blob: file }]));
    const { from, to } = billingPeriod(chosen);
    expect(requests.filter((r) => r.url.startsWith('/api/report/export/all')).map((r) => r.url)).toEqual([
      `/api/report/export/all?costs_date_from=${from}&costs_date_to=${to}&format=xlsx`,
    ]);
  });

  it('reports a failed Excel export', async () => {
    const saved = captureDownloads();
    mockAdmin(ADMIN, { 'GET /api/report/export/all': () => json(500, { message: MSG.initialLoadFailed }) });
    const { user } = renderWithProviders('/mer-admin?tab=facturatie-export', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Exporteren als Excel' }));

    expect(await screen.findByText(MSG.initialLoadFailed)).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('reports a failed export', async () => {
    captureDownloads();
    mockAdmin(ADMIN, { 'GET /api/report/export/all': () => json(500, { message: MSG.initialLoadFailed }) });
    const { user } = renderWithProviders('/mer-admin?tab=facturatie-export', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));

    expect(await screen.findByText(MSG.initialLoadFailed)).toBeTruthy();
  });
});
