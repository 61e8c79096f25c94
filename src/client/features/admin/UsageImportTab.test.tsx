import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import type { UsageImportRow } from '../../api/usageImportsApi';
import { deferred, json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import { mockUploads } from '../../test/xhr';
import { ADMIN, mockAdmin } from './testData';

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** A row of the import history, done unless told otherwise. */
const importRow = (overrides: Partial<UsageImportRow> = {}): UsageImportRow => ({
  id: 12,
  file_name: 'cdr-september.csv',
  uploaded_by: 'Anna de Vries',
  created_at: Date.UTC(2026, 9, 2, 7, 5) / 1000,
  records: 1250,
  imported: 1200,
  duplicates: 10,
  unmatched: 40,
  still_unmatched: 38,
  ambiguous: 0,
  months: ['2026-08', '2026-09'],
  status: 'done',
  phase: null,
  bytes_total: 80_000,
  bytes_read: 80_000,
  records_processed: 1250,
  seconds_left: null,
  finished_at: Date.UTC(2026, 9, 2, 7, 6) / 1000,
  message: 'De data is succesvol geïmporteerd.',
  error: null,
  errors: [],
  ...overrides,
});

const running = (overrides: Partial<UsageImportRow> = {}) =>
  importRow({
    id: 13,
    file_name: 'verbruik.csv',
    records: 0,
    imported: 0,
    duplicates: 0,
    unmatched: 0,
    still_unmatched: 0,
    months: [],
    status: 'running',
    phase: 'checking',
    bytes_total: 100,
    bytes_read: 40,
    records_processed: 120_000,
    seconds_left: 12,
    finished_at: null,
    message: null,
    ...overrides,
  });

const usageFile = () => new File(['datum;tijd;afzender\n'], 'verbruik.csv', { type: 'text/csv' });

const importUsage = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  const button = (await screen.findByRole('button', { name: 'Importeren' })) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await user.upload(screen.getByLabelText('CSV-bestand met verbruik'), usageFile());
  await user.click(button);
};

const STARTED = { import_id: 13, message: 'Het bestand is ontvangen. De import loopt door, ook als je deze pagina verlaat.' };

// A job is asked every second; a test sees a few answers.
jest.setTimeout(30000);

describe('Verbruik importeren: an import is a job', () => {
  it('shows the upload, then the checking and storing, then the counts, a toast and the history read again', async () => {
    const uploads = mockUploads();
    const received = deferred<Response>();
    const answers = [running(), running({ phase: 'storing', bytes_read: 100, records_processed: 300_000, seconds_left: null })];
    let started = false;
    const token = makeToken();
    const requests = mockAdmin(ADMIN, {
      'POST /api/usage/import': () => received.promise,
      'GET /api/usage/imports/13': () =>
        json(200, answers.shift() ?? importRow({ id: 13, file_name: 'verbruik.csv', imported: 299_000, duplicates: 1000, unmatched: 3, ambiguous: 1 })),
      'GET /api/usage/imports': () => json(200, started ? { data: [running(), importRow()], total: 2 } : { data: [importRow()], total: 1 }),
    });
    const { user } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn(token) });

    await importUsage(user);
    await uploads.progress(45, 100);
    const uploadBar = screen.getByRole('progressbar', { name: 'Voortgang van de upload' });
    expect(uploadBar.getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('Bestand uploaden: 45 %')).toBeTruthy();
    expect(screen.getByText('Blijf op deze pagina tot het bestand is ontvangen.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Bezig met uploaden...' }) as HTMLButtonElement).disabled).toBe(true);
    // The session's token, as every call of the API; the server answers 202 and runs the import.
    expect(uploads.sent.map(({ method, url, headers, form }) => [method, url, headers, (form!.get('usage') as File).name])).toEqual([
      ['POST', '/api/usage/import', { Authorization: `Bearer ${token}`, Prefer: 'respond-async' }, 'verbruik.csv'],
    ]);

    started = true;
    received.resolve(json(202, STARTED));
    const checking = await screen.findByRole('progressbar', { name: 'Voortgang van de import' });
    expect(checking.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Regels controleren: 120.000 verwerkt, nog ongeveer 12 seconden')).toBeTruthy();
    expect(screen.getByText('Je kunt deze pagina verlaten: de import loopt door op de server.')).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Voortgang van de upload' })).toBeNull();

    expect(await screen.findByText('Opslaan in de database…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Voortgang van de import' }).getAttribute('aria-valuenow')).toBeNull();

    const summary = await screen.findByRole('status', {}, { timeout: 5000 });
    expect(within(summary).getByText('De data is succesvol geïmporteerd.')).toBeTruthy();
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Geïmporteerd: 299.000',
      'Al eerder geïmporteerd: 1.000',
      'Zonder passende afname: 3',
      'Waarvan nummer bij meer dan één klant in gebruik: 1',
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await screen.findByText('Het verbruik is succesvol geïmporteerd.')).toBeTruthy();
    // Done: no more asking; the history was read again (at the start, after the 202, after the import).
    const polls = requests.filter((r) => r.url === '/api/usage/imports/13').length;
    expect(polls).toBe(3);
    await waitFor(() => expect(requests.filter((r) => r.url.startsWith('/api/usage/imports?')).length).toBe(3));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests.filter((r) => r.url === '/api/usage/imports/13')).toHaveLength(polls);
  });

  it("shows a failed import's reason and refused lines", async () => {
    mockUploads();
    const answers = [running()];
    mockAdmin(ADMIN, {
      'POST /api/usage/import': () => json(202, STARTED),
      'GET /api/usage/imports/13': () =>
        json(
          200,
          answers.shift() ??
            running({
              status: 'failed',
              phase: null,
              finished_at: 1,
              error: "Regel 4: onbekend type 'fax'. Er is geen data geïmporteerd.",
              errors: [{ line: 4, message: "onbekend type 'fax'" }],
            }),
        ),
    });
    const { user } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    await importUsage(user);

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText("Regel 4: onbekend type 'fax'. Er is geen data geïmporteerd.")).toBeTruthy();
    expect(within(alert).getByText("Regel 4: onbekend type 'fax'")).toBeTruthy();
    expect(within(alert).queryByText(/Geïmporteerd:/)).toBeNull();
  });

  it("shows the server's refusal of the upload itself, and something went wrong when no answer came", async () => {
    mockUploads();
    let refuse = true;
    mockAdmin(ADMIN, {
      'POST /api/usage/import': () => {
        if (refuse) return json(413, { message: 'Het bestand is te groot.' });
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    await importUsage(user);
    expect(within(await screen.findByRole('alert')).getByText('Het bestand is te groot.')).toBeTruthy();

    // A refused file stays chosen, to be sent again.
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    expect(within(await screen.findByRole('alert')).getByText(MSG.unknownError)).toBeTruthy();
  });

  it('ends the session when the upload is refused with 401, as every call of the API does', async () => {
    mockUploads();
    mockAdmin(ADMIN, { 'POST /api/usage/import': () => json(401, { message: 'Niet ingelogd.' }) });
    const { user, store } = renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    await importUsage(user);

    await waitFor(() => expect(store.getState().auth.status).toBe('expired'));
  });

  it('shows an import that runs since before the tab opened, and the status of every import in the history', async () => {
    const failed = importRow({
      id: 11,
      file_name: 'cdr-augustus.csv',
      status: 'failed',
      imported: 0,
      records: 0,
      duplicates: 0,
      unmatched: 0,
      still_unmatched: 0,
      months: [],
      message: null,
      error: "Regel 3: ongeldige datum '31-02-2026'. Er is geen data geïmporteerd.",
    });
    const requests = mockAdmin(ADMIN, {
      'GET /api/usage/imports': () => json(200, { data: [running(), importRow(), failed], total: 3 }),
      'GET /api/usage/imports/13': () => json(200, running({ records_processed: 150_000, bytes_read: 50, seconds_left: 150 })),
    });
    renderWithProviders('/mer-admin?tab=verbruik-importeren', { preloadedState: loggedIn() });

    const bar = await screen.findByRole('progressbar', { name: 'Voortgang van de import' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('Regels controleren: 150.000 verwerkt, nog ongeveer 3 minuten')).toBeTruthy();
    expect(screen.getByText('Je kunt deze pagina verlaten: de import loopt door op de server.')).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/usage/imports/13')).toBe(true);

    const history = screen.getByRole('table', { name: 'Importgeschiedenis' });
    expect(within(history).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Datum',
      'Bestand',
      'Door',
      'Regels',
      'Geïmporteerd',
      'Dubbel',
      'Niet gekoppeld',
      'Maanden',
      'Status',
    ]);
    // The job's answers update its row in the history too.
    await waitFor(() => expect(cellTexts(bodyRows(history)[0]).at(-1)).toBe('Bezig: 150.000 regels verwerkt'));
    expect(bodyRows(history).slice(1).map(cellTexts)).toEqual([
      ['02-10-2026 09:05', 'cdr-september.csv', 'Anna de Vries', '1.250', '1.200', '10', '40 (nu 38)', 'augustus 2026, september 2026', 'Geïmporteerd'],
      ['02-10-2026 09:05', 'cdr-augustus.csv', 'Anna de Vries', '0', '0', '0', '0', '–', "Mislukt: Regel 3: ongeldige datum '31-02-2026'. Er is geen data geïmporteerd."],
    ]);
  });
});
