import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { monthOptions } from '../../../domain/time';
import { json, type SeenRequest } from '../../test/http';
import { customer, mockPortal, permissions } from '../../test/portalServer';
import { loggedIn, makeToken } from '../../test/tokens';

const [current, previous] = monthOptions();

const withGroupBundle = {
  'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: true }),
  'GET /api/groupbundlecosts': () => json(200, { total_gb: 50, gb_used: 12.345, has_group_bundle: true }),
  'GET /api/costs/groupbundle/usage': () =>
    json(200, {
      has_group_bundle: true,
      month: current.value.slice(0, 7),
      total_gb: 50,
      gb_used: 12.345,
      projection: { basis: 'projected', through: current.value, days_covered: 10, days_in_month: 30, projected_gb: 37.035, runs_out_on: null, used_up: false, text: 'verwacht: 37,04 GB van 50,00 GB' },
      days: [],
      top: [],
    }),
};

/** A row of the import history (GET /api/usage/imports), done unless told otherwise. */
const importRow = (row: { id: number; created_at: number; file_name: string; imported: number; status?: string; phase?: string | null; bytes_read?: number }) => ({
  uploaded_by: 'Mark Jansen',
  records: row.imported,
  duplicates: 0,
  unmatched: 0,
  still_unmatched: 0,
  ambiguous: 0,
  months: ['2026-10'],
  status: 'done',
  phase: null,
  bytes_total: 100,
  bytes_read: 100,
  records_processed: row.imported,
  seconds_left: null,
  finished_at: row.created_at + 60,
  message: 'Het verbruik is succesvol geïmporteerd.',
  error: null,
  errors: [],
  ...row,
});

const bundleMonths = (requests: SeenRequest[], path: string) =>
  requests.filter((r) => r.url.startsWith(path)).map((r) => new URL(r.url, 'http://portal').searchParams.get('costs_date_from'));

describe('DashboardScreen', () => {
  it('shows one tile per visible article group with its service count', async () => {
    mockPortal();
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const tiles = within(await screen.findByRole('region', { name: 'Mijn diensten' }));
    const mobile = await tiles.findByRole('link', { name: /Mobiele telefonie/ });
    expect(mobile.getAttribute('href')).toBe('/mijn-diensten/1/mobiele-telefonie');
    expect(await within(mobile).findByText('12 afnames')).toBeTruthy();
    expect(within(tiles.getByRole('link', { name: /Hardware/ })).getByText('1 afname')).toBeTruthy();
  });

  it('shows the group bundle of the current month in Dutch notation, linking to the usage report of that month', async () => {
    const requests = mockPortal(withGroupBundle);
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const usage = await screen.findByText('12,35 GB van 50,00 GB');
    const [year, month] = current.value.split('-').map(Number);
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    expect(usage.closest('a')?.getAttribute('href')).toBe(`/verbruik?from=${current.value}&to=${current.value.slice(0, 8)}${last}`);
    expect(screen.getByRole('progressbar', { name: 'Verbruik groepsbundel' }).getAttribute('aria-valuenow')).toBe('24.69');
    expect(bundleMonths(requests, '/api/groupbundlecosts')).toEqual([current.value]);
  });

  it('says where the bundle of the running month is going, and opens the bundle screen of the shown month', async () => {
    const requests = mockPortal(withGroupBundle);
    const { user } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    expect(await screen.findByText('verwacht: 37,04 GB van 50,00 GB')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bundeldetails' }).getAttribute('href')).toBe(`/groepsbundel?maand=${current.value.slice(0, 7)}`);
    expect(bundleMonths(requests, '/api/costs/groupbundle/usage')).toEqual([current.value]);

    // A month that is over is what it is: no projection, and no call for one.
    await user.selectOptions(screen.getByLabelText('Maand'), previous.value);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Bundeldetails' }).getAttribute('href')).toBe(`/groepsbundel?maand=${previous.value.slice(0, 7)}`),
    );
    expect(screen.queryByText('verwacht: 37,04 GB van 50,00 GB')).toBeNull();
    expect(bundleMonths(requests, '/api/costs/groupbundle/usage')).toEqual([current.value]);
  });

  it('opens the usage report of an earlier chosen month', async () => {
    mockPortal(withGroupBundle);
    const { user } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    await user.selectOptions(await screen.findByLabelText('Maand'), previous.value);

    const [year, month] = previous.value.split('-').map(Number);
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    await waitFor(() =>
      expect(screen.getByText('12,35 GB van 50,00 GB').closest('a')?.getAttribute('href')).toBe(
        `/verbruik?from=${previous.value}&to=${previous.value.slice(0, 8)}${last}`,
      ),
    );
  });

  it('hides the group bundle for companies without one, and Herberekenen without CREATE_COMPANY', async () => {
    mockPortal();
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    await within(await screen.findByRole('region', { name: 'Mijn diensten' })).findByText('1 afname');
    await whenSettled(store);
    expect(screen.queryByRole('progressbar', { name: 'Verbruik groepsbundel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Herberekenen' })).toBeNull();
  });

  it('loads the chosen month, keeps the choice in the store and recalculates that month', async () => {
    const requests = mockPortal({
      ...withGroupBundle,
      'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY')),
      'GET /api/costs/groupbundle/recalculate': () => json(200, { total_gb: 50, gb_used: 20, has_group_bundle: true }),
    });
    const { user, store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const month = await screen.findByLabelText('Maand');
    expect(within(month).getAllByRole('option').map((option) => option.textContent)).toEqual(
      monthOptions().map((option) => option.label),
    );
    await user.selectOptions(month, previous.value);
    await user.click(await screen.findByRole('button', { name: 'Herberekenen' }));

    expect(await screen.findByText('De groepsbundel is herberekend.')).toBeTruthy();
    await screen.findByText('12,35 GB van 50,00 GB');
    expect(store.getState().ui.selectedMonth).toBe(previous.value);
    expect(bundleMonths(requests, '/api/costs/groupbundle/recalculate')).toEqual([previous.value]);
    expect(bundleMonths(requests, '/api/groupbundlecosts')).toEqual([current.value, previous.value, previous.value]);
  });

  it('offers the QA tools to superadmins only', async () => {
    mockPortal({ 'GET /api/users/5': () => json(200, { ...customer, role_id: 1 }) });
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const tools = within(await screen.findByRole('region', { name: 'QA-hulpmiddelen' }));
    expect(tools.getByRole('button', { name: 'Download snapshot' })).toBeTruthy();
    expect(tools.getByLabelText('Snapshot laden')).toBeTruthy();
    expect(tools.getByLabelText('Bedrijf-ID')).toBeTruthy();
  });

  it('manages a company from the QA tools', async () => {
    const managed = makeToken({ company_id: 33, impersonate: 20 });
    const requests = mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 1 }),
      'POST /api/auth/impersonate': () => json(200, { data: { token: managed } }),
      'GET /api/company/33': () => json(200, { id: 33, name: 'Bakkerij De Korenschoof' }),
    });
    const { user, store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const tools = within(await screen.findByRole('region', { name: 'QA-hulpmiddelen' }));
    await user.type(tools.getByLabelText('Bedrijf-ID'), '33');
    await user.type(tools.getByLabelText(/Reden/), 'Testen van de kosten');
    await user.click(tools.getByRole('button', { name: 'Beheren' }));

    expect(await screen.findByText(/Je beheert nu Bakkerij De Korenschoof\./)).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.url.startsWith('/api/auth/impersonate'))).toMatchObject({
      url: '/api/auth/impersonate?company_id=33',
      body: { reason: 'Testen van de kosten' },
    });
    expect(store.getState().auth.token).toBe(managed);
    expect(store.getState().ui.managedCompanyId).toBe(33);
  });

  it('reports a refused impersonation', async () => {
    mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 1 }),
      'POST /api/auth/impersonate': () => json(404, { message: 'Bedrijf niet gevonden.' }),
    });
    const { user, store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const tools = within(await screen.findByRole('region', { name: 'QA-hulpmiddelen' }));
    await user.type(tools.getByLabelText('Bedrijf-ID'), '999');
    await user.type(tools.getByLabelText(/Reden/), 'Testen van een weigering');
    await user.click(tools.getByRole('button', { name: 'Beheren' }));

    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
    expect(store.getState().auth.originalToken).toBeNull();
  });

  it('opens for provider staff on the companies, the last usage imports and the billing export, before the tiles', async () => {
    const requests = mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }),
      'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY', 'LIST_COMPANIES', 'UPLOAD_CDR')),
      'GET /api/article-groups/count': () => json(200, [{ id: 1, services_count: 0 }, { id: 4, services_count: 0 }]),
      'GET /api/companies': () =>
        json(200, [
          { id: 1, is_provider: true, end_time: null },
          { id: 20, is_provider: false, end_time: null },
          { id: 21, is_provider: false, end_time: 1893452400 },
          { id: 30, is_provider: false, end_time: null },
        ]),
      // The provider's change log lists no import (an import is no company's entry); the import history does.
      'GET /api/audit-log': () => json(200, { items: [], total: 0 }),
      'GET /api/usage/imports': () =>
        json(200, {
          data: [
            importRow({ id: 9, created_at: Date.parse('2026-11-14T09:05:00+01:00') / 1000, file_name: 'cdr-november.csv', imported: 1234 }),
            importRow({ id: 8, created_at: Date.parse('2026-10-14T09:05:00+02:00') / 1000, file_name: 'cdr-oktober.csv', imported: 20 }),
          ],
          total: 2,
        }),
    });
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const overview = within(await screen.findByRole('region', { name: 'Beheer' }));
    expect(await overview.findByText('3 klanten, waarvan 1 beëindigd')).toBeTruthy();
    expect(await overview.findByText('14-11-2026 09:05 · cdr-november.csv · 1.234 geïmporteerd')).toBeTruthy();
    expect(overview.getByText('14-10-2026 09:05 · cdr-oktober.csv · 20 geïmporteerd')).toBeTruthy();
    expect(overview.queryByText('Er is nog geen verbruik geïmporteerd.')).toBeNull();
    expect(overview.getByRole('link', { name: 'Naar de bedrijven' }).getAttribute('href')).toBe('/mer-admin?tab=bedrijven');
    expect(overview.getByRole('link', { name: 'Verbruik importeren' }).getAttribute('href')).toBe('/mer-admin?tab=verbruik-importeren');
    expect(overview.getByRole('link', { name: 'Naar de facturatie-export' }).getAttribute('href')).toBe('/mer-admin?tab=facturatie-export');
    await whenSettled(store);
    // The group tiles stay, below what staff need.
    const tiles = screen.getByRole('region', { name: 'Mijn diensten' });
    expect(screen.getByRole('region', { name: 'Beheer' }).compareDocumentPosition(tiles) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(requests.find((r) => r.url.startsWith('/api/usage/imports'))?.url).toBe('/api/usage/imports?offset=0&limit=3');
  });

  it('shows a running newest import with its progress, asked every second, and the imports before it', async () => {
    const november = Date.parse('2026-11-14T09:05:00+01:00') / 1000;
    const runningRow = importRow({ id: 10, created_at: november + 86400, file_name: 'cdr-groot.csv', imported: 0, status: 'running', phase: 'checking', bytes_read: 30 });
    const answers = [{ ...runningRow, bytes_read: 45 }];
    const requests = mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }),
      'GET /api/auth/policies': () => json(200, permissions('UPLOAD_CDR')),
      'GET /api/usage/imports': () => json(200, { data: [runningRow, importRow({ id: 9, created_at: november, file_name: 'cdr-november.csv', imported: 1234 })], total: 2 }),
      'GET /api/usage/imports/10': () => json(200, answers.shift() ?? { ...runningRow, phase: 'storing', bytes_read: 100 }),
    });
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const card = within(await screen.findByRole('region', { name: 'Laatste verbruiksimports' }));
    const bar = await card.findByRole('progressbar', { name: 'Voortgang van de import van cdr-groot.csv' });
    expect(await card.findByText('Import bezig: 45 %')).toBeTruthy();
    expect(bar.getAttribute('aria-valuenow')).toBe('45');
    expect(card.getByText('14-11-2026 09:05 · cdr-november.csv · 1.234 geïmporteerd')).toBeTruthy();
    expect(card.queryByText(/cdr-groot.csv ·/)).toBeNull();
    expect(await card.findByText('Import bezig: opslaan in de database…', {}, { timeout: 3000 })).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/usage/imports/10').length).toBeGreaterThanOrEqual(2);
  });

  it('shows staff with HANDLE_REQUESTS the open requests, the oldest block and those older than a working day, linking to the queue', async () => {
    mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }),
      'GET /api/auth/policies': () => json(200, permissions('HANDLE_REQUESTS')),
      'GET /api/request-queue/summary': () => json(200, { open: 12, oldest_block_seconds: 5 * 3600 + 120, older_than_working_day: 4 }),
    });
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const card = within(await screen.findByRole('region', { name: 'Aanvragen' }));
    const figure = (label: string) => card.getByText(label).nextElementSibling?.textContent;
    await card.findByText('Open aanvragen');
    expect(figure('Open aanvragen')).toBe('12');
    expect(figure('Oudste blokkering')).toBe('5 uur');
    expect(figure('Ouder dan een werkdag')).toBe('4');
    expect(card.getByRole('link', { name: 'Naar de aanvragen' }).getAttribute('href')).toBe('/mer-aanvragen');
  });

  it("shows '–' for the oldest block when none waits, and no queue card without HANDLE_REQUESTS", async () => {
    mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }),
      'GET /api/auth/policies': () => json(200, permissions('HANDLE_REQUESTS')),
      'GET /api/request-queue/summary': () => json(200, { open: 0, oldest_block_seconds: null, older_than_working_day: 0 }),
    });
    const first = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    const card = within(await screen.findByRole('region', { name: 'Aanvragen' }));
    expect((await card.findByText('Oudste blokkering')).nextElementSibling?.textContent).toBe('–');
    first.unmount();

    const requests = mockPortal({ 'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }) });
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    await screen.findByRole('region', { name: 'Beheer' });
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Aanvragen' })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/request-queue'))).toBe(false);
    // Nor the imports without UPLOAD_CDR: the import history is theirs who may import.
    expect(screen.queryByRole('region', { name: 'Laatste verbruiksimports' })).toBeNull();
    expect(requests.some((r) => r.url.startsWith('/api/usage/imports'))).toBe(false);
  });

  it('shows staff managing a company that company\'s dashboard, not the staff overview', async () => {
    const own = makeToken({ company_id: 1 });
    const managed = makeToken({ company_id: 20, impersonate: 1 });
    mockPortal({
      'GET /api/users/5': () => json(200, { ...customer, role_id: 2 }),
      'GET /api/company/20': () => json(200, { id: 20, name: 'Van Dijk Installatietechniek B.V.' }),
    });
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn(managed, own) });

    expect(await screen.findByRole('region', { name: 'Mijn diensten' })).toBeTruthy();
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Beheer' })).toBeNull();
  });

  it('hides the QA tools from customers', async () => {
    mockPortal();
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    await screen.findByText('Anna van Dijk');
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'QA-hulpmiddelen' })).toBeNull();
  });
});
