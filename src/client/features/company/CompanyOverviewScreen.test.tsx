import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { deferred, json } from '../../test/http';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import { actingCompany, auditEntry, blobText, captureDownloads, CUSTOMER, endUserRoutes, LOGGED_AT, manyEndUsers, mockCompany } from './testData';

const section = (name: string) => screen.findByRole('region', { name });
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('CompanyOverviewScreen', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the company, its parent company with branches, and the contact persons', async () => {
    mockCompany();
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn bedrijf' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const details = await section('Bedrijfsgegevens');
    expect(within(details).getByText('K-1020')).toBeTruthy();
    expect(within(details).getByText('3511 AB Utrecht')).toBeTruthy();

    const branches = await section('Hoofdbedrijf en vestigingen');
    expect(within(branches).getByText('Van Dijk Groep')).toBeTruthy();
    const rows = within(within(branches).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
      'Van Dijk Installatietechniek B.V. (dit bedrijf)',
      'Van Dijk Service B.V.',
      'Van Dijk Techniek Noord B.V.',
    ]);
    // Managing the acting company itself makes no sense.
    expect(within(rows[0]).queryByRole('button', { name: /beheren/ })).toBeNull();
    expect(within(rows[1]).getByRole('button', { name: 'Van Dijk Service B.V. beheren' })).toBeTruthy();
    expect(within(branches).getByRole('link', { name: 'Vestiging toevoegen' }).getAttribute('href')).toBe('/mijn-bedrijf/vestiging-toevoegen');

    const contacts = await section('Contactpersonen');
    const table = await within(contacts).findByRole('table', { name: 'Contactpersonen' });
    // By surname the Dutch way: Bakker before (van) Dijk.
    expect(within(table).getAllByRole('row').slice(1).map(cellTexts)).toEqual([
      ['Bram Bakker', 'bram@vandijk.nl', '–', 'Nog niet geactiveerd', 'Activatiemail'],
      ['Anna van Dijk', 'klant@demo.nl', '0612345678', 'Geactiveerd', 'Activatiemail'],
    ]);
    expect(within(table).getByRole('link', { name: 'Bram Bakker' }).getAttribute('href')).toBe('/mijn-bedrijf/6/user-wijzigen');
    expect(within(contacts).getByRole('link', { name: 'Contactpersoon toevoegen' }).getAttribute('href')).toBe(
      '/mijn-bedrijf/user-aanmaken',
    );
  });

  it('sends a contact person an activation mail after naming them, and confirms it', async () => {
    const requests = mockCompany(CUSTOMER, { 'GET /api/users/activate/6': () => json(200, { message: MSG.activationSent }) });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const table = await within(await section('Contactpersonen')).findByRole('table', { name: 'Contactpersonen' });
    const row = within(table).getByRole('link', { name: 'Bram Bakker' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Activatiemail voor Bram Bakker' }));
    const asking = screen.getByRole('dialog', { name: 'Activatiemail versturen' });
    expect(within(asking).getByText(/^De activatiemail gaat naar Bram Bakker \(bram@vandijk\.nl\)\./)).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/activate/'))).toBe(false);

    await user.click(within(asking).getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Email verzonden naar bram@vandijk.nl.')).toBeTruthy();
    expect(within(row).getByRole('button', { name: `${MSG.activationSent} voor Bram Bakker` })).toHaveProperty('disabled', true);
    expect(requests.filter((request) => request.url.includes('/activate/')).map((request) => request.url)).toEqual(['/api/users/activate/6']);
  });

  it('offers no branch, contact person or import actions without their permissions', async () => {
    mockCompany(['LIST_USERS']);
    const { store } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    await screen.findByRole('table', { name: 'Contactpersonen' });
    await whenSettled(store);
    expect(screen.queryByRole('link', { name: 'Vestiging toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /beheren|verwijderen/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contactpersoon toevoegen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Anna van Dijk' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Activatiemail/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Eindgebruikers importeren' })).toBeNull();
  });

  it('says so when the company has no parent company', async () => {
    mockCompany(CUSTOMER, { 'GET /api/company/20': () => json(200, { ...actingCompany, parent_company_id: null, parent_company: null }) });
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    expect(await screen.findByText('Dit bedrijf hoort niet bij een hoofdbedrijf.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Vestiging toevoegen' })).toBeNull();
  });

  it('removes a branch after confirmation, confirms it and shows the new branch list', async () => {
    let company = actingCompany;
    const requests = mockCompany(CUSTOMER, {
      'GET /api/company/20': () => json(200, company),
      'POST /api/parent-companies/3/remove': () => {
        company = { ...company, parent_company: { ...company.parent_company!, companies: company.parent_company!.companies.slice(0, 2) } };
        return json(200, { message: 'ok' });
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Van Dijk Techniek Noord B.V. verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Vestiging verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText(MSG.branchRemoved)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Van Dijk Techniek Noord B.V.')).toBeNull());
    expect(requests.find((r) => r.url.endsWith('/remove'))?.body).toEqual({ company_id: 22 });
  });

  it('reports a failed branch removal', async () => {
    mockCompany(CUSTOMER, { 'POST /api/parent-companies/3/remove': () => json(500, { message: 'kapot' }) });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Van Dijk Service B.V. verwijderen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));

    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('manages a branch by impersonation and lands on the dashboard', async () => {
    const requests = mockCompany(CUSTOMER, {
      'POST /api/auth/impersonate': () => json(200, { data: { token: makeToken({ company_id: 21, impersonate: 20 }) } }),
      'GET /api/company/21': () => json(200, { ...actingCompany, id: 21, name: 'Van Dijk Service B.V.' }),
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    await user.click(await screen.findByRole('button', { name: 'Van Dijk Service B.V. beheren' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bedrijf beheren' }));
    await user.type(dialog.getByLabelText(/Reden/), 'Collega is op vakantie');
    await user.click(dialog.getByRole('button', { name: 'Beheren' }));

    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(requests.find((r) => r.url.includes('/auth/impersonate'))?.url).toContain('company_id=21');
  });

  it("stops managing when the user's own company is chosen among the branches", async () => {
    const own = makeToken();
    const requests = mockCompany(CUSTOMER, {
      'GET /api/company/21': () => json(200, { ...actingCompany, id: 21, name: 'Van Dijk Service B.V.' }),
    });
    const { user, location, store } = renderWithProviders('/mijn-bedrijf', {
      preloadedState: loggedIn(makeToken({ company_id: 21, impersonate: 20 }), own),
    });

    const branches = await section('Hoofdbedrijf en vestigingen');
    expect(await within(branches).findByText('Van Dijk Service B.V. (dit bedrijf)')).toBeTruthy();
    await user.click(within(branches).getByRole('button', { name: 'Van Dijk Installatietechniek B.V. beheren' }));

    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(store.getState().auth).toMatchObject({ token: own, originalToken: null });
    // No new managing starts (no dialog either); the server ends the running one.
    expect(requests.some((r) => r.url.startsWith('/api/auth/impersonate?'))).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.find((r) => r.url === '/api/auth/impersonate/stop')?.authorization).toBe(`Bearer ${own}`);
  });

  it('lists 20,000 end users, renders only a window of them, and filters by name', async () => {
    const everyone = manyEndUsers(20000);
    const requests = mockCompany(CUSTOMER, endUserRoutes(() => everyone));
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const endUsers = await section('Eindgebruikers');
    const list = await within(endUsers).findByRole('list', { name: 'Eindgebruikers' });
    expect(within(endUsers).getByText('20.000 eindgebruikers')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.length).toBeLessThan(100);
    expect(items[0].getAttribute('aria-setsize')).toBe('20000');
    expect(within(items[0]).getByRole('link').getAttribute('href')).toBe('/mijn-bedrijf/end-users/1/voornaam1-achternaam1');

    // Only the first window was downloaded, never all 20,000.
    const endUserReads = () => requests.filter((r) => r.url.startsWith('/api/end-users/')).map((r) => r.url);
    expect(endUserReads().sort()).toEqual(['/api/end-users/all?term=&offset=0&limit=200', '/api/end-users/count']);

    // Scrolling asks the window that comes into view; its rows show "Laden..." until it is there.
    fireEvent.scroll(list.parentElement!.parentElement!, { target: { scrollTop: 40 * 5000 } });
    expect(within(endUsers).getAllByText('Laden...').length).toBeGreaterThan(0);
    expect(await within(list).findByRole('link', { name: 'Voornaam5001 Achternaam5001' })).toBeTruthy();
    expect(endUserReads()).toContain('/api/end-users/all?term=&offset=4800&limit=200');
    expect(endUserReads()).toContain('/api/end-users/all?term=&offset=5000&limit=200');
    expect(endUserReads().filter((url) => url.includes('/all')).length).toBeLessThanOrEqual(3);
    const item = within(list).getByRole('link', { name: 'Voornaam5001 Achternaam5001' }).closest('li')!;
    expect(item.getAttribute('aria-posinset')).toBe('5001');
    expect(item.getAttribute('aria-setsize')).toBe('20000');

    await user.type(within(endUsers).getByLabelText('Zoek eindgebruiker'), 'achternaam1999');
    await waitFor(() => expect(within(endUsers).getByText('11 eindgebruikers van 20.000')).toBeTruthy());
    const filtered = await within(endUsers).findByRole('list', { name: 'Eindgebruikers' });
    await waitFor(() => expect(within(filtered).getAllByRole('link')[0].textContent).toBe('Voornaam1999 Achternaam1999'));
    expect(within(filtered).getAllByRole('link')).toHaveLength(11);
    expect(endUserReads()).toContain('/api/end-users/all?term=achternaam1999&offset=0&limit=200');
    expect(endUserReads()).toContain('/api/end-users/count?term=achternaam1999');

    await user.clear(within(endUsers).getByLabelText('Zoek eindgebruiker'));
    await user.type(within(endUsers).getByLabelText('Zoek eindgebruiker'), 'niemand');
    expect(await within(endUsers).findByText('Geen eindgebruikers gevonden.')).toBeTruthy();
  });

  it('sorts the end users on the server by first name or surname, the order in the address', async () => {
    const everyone = manyEndUsers(300);
    const requests = mockCompany(CUSTOMER, endUserRoutes(() => everyone));
    const { user, location } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });
    const endUsers = await section('Eindgebruikers');
    await within(endUsers).findByRole('list', { name: 'Eindgebruikers' });
    const sortButton = (name: RegExp) => within(within(endUsers).getByRole('group', { name: 'Sorteren' })).getByRole('button', { name });
    expect(sortButton(/^Achternaam/).getAttribute('aria-label')).toBe('Achternaam, oplopend');

    await user.click(sortButton(/^Voornaam/));
    expect(new URLSearchParams(location().search).get('sorteer')).toBe('voornaam');
    expect(sortButton(/^Voornaam/).getAttribute('aria-label')).toBe('Voornaam, oplopend');
    await user.click(sortButton(/^Voornaam/));
    expect(new URLSearchParams(location().search).get('volgorde')).toBe('aflopend');
    expect(sortButton(/^Voornaam/).getAttribute('aria-label')).toBe('Voornaam, aflopend');
    expect(sortButton(/^Achternaam/).getAttribute('aria-label')).toBe('Achternaam, niet gesorteerd');
    const reads = () => requests.filter((r) => r.url.startsWith('/api/end-users/all')).map((r) => r.url);
    await waitFor(() => expect(reads()).toContain('/api/end-users/all?term=&sort=firstname&order=desc&offset=0&limit=200'));
    expect(reads()).toContain('/api/end-users/all?term=&sort=firstname&order=asc&offset=0&limit=200');
  });

  it('keeps the end user search in the address, so a reload or a shared link shows the same search', async () => {
    const everyone = manyEndUsers(300);
    mockCompany(CUSTOMER, endUserRoutes(() => everyone));
    const { user, location } = renderWithProviders('/mijn-bedrijf?eindgebruiker=achternaam29', { preloadedState: loggedIn() });

    const endUsers = await section('Eindgebruikers');
    expect(((await within(endUsers).findByLabelText('Zoek eindgebruiker')) as HTMLInputElement).value).toBe('achternaam29');
    await waitFor(() => expect(within(endUsers).getByText('11 eindgebruikers van 300')).toBeTruthy());

    await user.clear(within(endUsers).getByLabelText('Zoek eindgebruiker'));
    await user.type(within(endUsers).getByLabelText('Zoek eindgebruiker'), 'voornaam7');
    await waitFor(() => expect(new URLSearchParams(location().search).get('eindgebruiker')).toBe('voornaam7'));
    await user.clear(within(endUsers).getByLabelText('Zoek eindgebruiker'));
    await waitFor(() => expect(location().search).toBe(''));
  });

  it('shows the change log with Dutch date and time, and pages through it', async () => {
    const requests = mockCompany(CUSTOMER, {
      'GET /api/audit-log': ({ url }) => {
        const page = Number(new URL(url, 'http://localhost').searchParams.get('page'));
        const first = (page - 1) * 50;
        return json(200, {
          items: Array.from({ length: page === 1 ? 50 : 10 }, (_, i) =>
            auditEntry(
              first + i + 1,
              // Provider staff deleting a service with costs in a billed month (docs/rules.md, 'Billed months are closed').
              i === 0
                ? { action: 'service.delete', entity: 'service', entity_id: '40', changes: { closed_month: true, before: { start_time: 1 }, after: null }, impersonating_from: 1 }
                : {},
            ),
          ),
          total: 60,
        });
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const log = await section('Wijzigingslog');
    const table = await within(log).findByRole('table', { name: 'Wijzigingslog' });
    const [head, first, second] = within(table).getAllByRole('row');
    expect(within(head).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Datum/tijd', 'Gebruiker', 'Actie', 'Onderdeel']);
    expect(cellTexts(first)).toEqual(['14-11-2026 09:05', 'Anna van Dijk (beheerder)', 'Verwijderd (gefactureerde maand)', 'Afname 40']);
    expect(cellTexts(second)).toEqual(['14-11-2026 09:05', 'Anna van Dijk', 'Gewijzigd', "Artikel 'Zakelijk 10GB'"]);
    expect(within(log).getByText('1-50 van 60')).toBeTruthy();

    await user.click(within(log).getByRole('button', { name: 'Ga naar de volgende pagina' }));
    expect(await within(log).findByText('51-60 van 60')).toBeTruthy();
    expect(requests.filter((r) => r.url.includes('/audit-log')).map((r) => r.url.split('?')[1])).toEqual([
      'company_id=20&page=1',
      'company_id=20&page=2',
    ]);
  });

  it("shows a change made while managing the company 'door {naam} van {provider}', with the reason and how long", async () => {
    const startedAt = LOGGED_AT - 30 * 60;
    const managing = {
      user: { id: 9, firstname: 'Mark', lastname: 'Jansen' },
      impersonating_from: 1,
      impersonating_from_name: 'Demo ICT Diensten',
      impersonation: { id: 4, reason: 'Vraag over de factuur', started_at: startedAt, ended_at: LOGGED_AT, expires_at: startedAt + 3600, minutes: 30 },
    };
    mockCompany(CUSTOMER, {
      'GET /api/audit-log': () =>
        json(200, {
          items: [
            auditEntry(2, { ...managing, action: 'impersonation.end', entity: 'company', entity_id: '20', subject_name: 'Van Dijk Installatietechniek B.V.', changes: { minutes: 30 } }),
            auditEntry(1, { ...managing, impersonation: { ...managing.impersonation, ended_at: null, minutes: 12 } }),
          ],
          total: 2,
        }),
    });
    renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const log = await section('Wijzigingslog');
    const [, ended, live] = within(await within(log).findByRole('table', { name: 'Wijzigingslog' })).getAllByRole('row');
    expect(cellTexts(ended)).toEqual([
      '14-11-2026 09:05',
      'door Mark Jansen van Demo ICT DienstenReden: Vraag over de factuur; beheerd van 14-11-2026 08:35 tot 09:05 (30 min)',
      'Beheer gestopt',
      "Bedrijf 'Van Dijk Installatietechniek B.V.'",
    ]);
    expect(within(ended).getByText('Reden: Vraag over de factuur; beheerd van 14-11-2026 08:35 tot 09:05 (30 min)')).toBeTruthy();
    expect(within(live).getByText('Reden: Vraag over de factuur; beheer sinds 14-11-2026 08:35, uiterlijk tot 09:35')).toBeTruthy();
  });

  it('names the changed objects, filters the change log by kind and keeps filter and page in the address', async () => {
    const requests = mockCompany(CUSTOMER, {
      'GET /api/audit-log': ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        if (params.get('entity') === 'service') {
          return json(200, {
            items: [auditEntry(7, { action: 'service.update', entity: 'service', entity_id: '40', subject_name: 'Zakelijk Onbeperkt 10GB – Jan Jansen', changes: {} })],
            total: 51,
          });
        }
        return json(200, {
          items: Array.from({ length: page === 1 ? 50 : 10 }, (_, i) => auditEntry(i + 1, i === 0 ? { action: 'bulk_service.create', entity: 'bulk_service', entity_id: '3', subject_name: 'Licentie', changes: { amount: 5 } } : {})),
          total: 60,
        });
      },
    });
    const { user, location } = renderWithProviders('/mijn-bedrijf?logpagina=2', { preloadedState: loggedIn() });

    const log = await section('Wijzigingslog');
    await within(log).findByText('51-60 van 60');
    const [, first] = within(await within(log).findByRole('table', { name: 'Wijzigingslog' })).getAllByRole('row');
    expect(cellTexts(first)).toEqual(['14-11-2026 09:05', 'Anna van Dijk', 'Aangemaakt', "Bulkafname 'Licentie'"]);

    await user.selectOptions(within(log).getByLabelText('Soort'), 'Afname');
    expect(await within(log).findByText("Afname 'Zakelijk Onbeperkt 10GB – Jan Jansen'")).toBeTruthy();
    expect(new URLSearchParams(location().search).get('logsoort')).toBe('service');
    expect(new URLSearchParams(location().search).get('logpagina')).toBeNull();
    expect(requests.filter((r) => r.url.includes('/audit-log')).map((r) => r.url.split('?')[1])).toEqual([
      'company_id=20&page=2',
      'company_id=20&page=1&entity=service',
    ]);
  });

  it('downloads the import template with the session token, as template.csv with a BOM', async () => {
    const saved = captureDownloads();
    const token = makeToken();
    const requests = mockCompany(CUSTOMER, {
      'GET /api/end-users/import/template': () =>
        new Response('voornaam;achternaam\n', { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn(token) });

    await user.click(await screen.findByRole('button', { name: 'template.csv' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('template.csv');
    expect(await blobText(saved[0].blob)).toBe('\uFEFFvoornaam;achternaam\n');
    expect(requests.find((r) => r.url.endsWith('/import/template'))?.authorization).toBe(`Bearer ${token}`);
  });
});

describe('end user import', () => {
  const csv = () => new File(['voornaam;achternaam\nJan;Jansen\n'], 'eindgebruikers.csv', { type: 'text/csv' });

  const chooseAndImport = async (user: ReturnType<typeof renderWithProviders>['user']) => {
    const importSection = await screen.findByRole('region', { name: 'Eindgebruikers importeren' });
    const importButton = within(importSection).getByRole('button', { name: 'Importeren' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    await user.upload(within(importSection).getByLabelText('CSV-bestand met eindgebruikers'), csv());
    await user.click(importButton);
    return importSection;
  };

  it('imports, shows importing meanwhile, confirms, and refetches the end users', async () => {
    const answer = deferred<Response>();
    let endUsers = manyEndUsers(3);
    const requests = mockCompany(CUSTOMER, {
      ...endUserRoutes(() => endUsers),
      'POST /api/end-users/import': () => {
        endUsers = [...endUsers, { id: 4, firstname: 'Jan', lastname: 'Jansen' }];
        return answer.promise;
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const importSection = await chooseAndImport(user);
    const busy = within(importSection).getByRole('button', { name: 'Bezig met importeren...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    answer.resolve(json(200, { message: MSG.importSuccess, imported: 1 }));

    expect(await screen.findByText(MSG.importSuccess)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Jan Jansen' })).toBeTruthy();
    expect(within(importSection).getByRole('button', { name: 'Importeren' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/end-users/import']);
  });

  it("shows the server's message and the refused lines", async () => {
    mockCompany(CUSTOMER, {
      'POST /api/end-users/import': () =>
        json(400, { message: 'Het bestand bevat fouten. Er is niets geïmporteerd.', errors: [{ line: 3, message: 'Achternaam ontbreekt.' }] }),
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    const importSection = await chooseAndImport(user);

    expect(await screen.findByText('Het bestand bevat fouten. Er is niets geïmporteerd.')).toBeTruthy();
    expect(within(importSection).getByText('Regel 3: Achternaam ontbreekt.')).toBeTruthy();
  });

  it('says that nothing was imported when no answer came', async () => {
    mockCompany(CUSTOMER, {
      'POST /api/end-users/import': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn() });

    await chooseAndImport(user);

    expect(await screen.findByText(MSG.importNoResponse)).toBeTruthy();
  });
});
