import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { daysInMonth, monthOptions } from '../../../domain/time';
import { json, type SeenRequest } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import { dateField, enterDate } from '../../test/dateFields';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import type { ReportFilters, ReportRow, UsageRecord } from './usageApi';
import { activeFilterCount, DEFAULT_REPORT_SORT, filtersButtonLabel, reportOrder } from './reportModel';
import { spyOnSaves, xlsxResponse } from '../../test/downloads';
import { onPhoneScreen } from '../../test/phoneScreen';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

/** The default period: the month Kosten opens on, the last whole one. */
const [, lastWhole] = monthOptions();
const [year, month] = lastWhole.value.split('-').map(Number);
const lastWholeEnd = `${lastWhole.value.slice(0, 8)}${daysInMonth(year, month)}`;

const reportRow = (overrides: Partial<ReportRow> = {}): ReportRow => ({
  id: 7,
  firstname: 'Jan',
  lastname: 'Jansen',
  mobile_number: '0612345678',
  product_name: 'Zakelijk Onbeperkt 10GB',
  data: 1536,
  sms: 12,
  call_seconds: 3661,
  total_price: 12.345,
  ...overrides,
});

const rows = [
  reportRow(),
  reportRow({ id: 0, firstname: null, lastname: null, mobile_number: '0687654321', data: 3 * 1024 ** 3, sms: 0, call_seconds: 59, total_price: 0.1 }),
];

const record = (overrides: Partial<UsageRecord>): UsageRecord => ({
  id: 1,
  direction: 'uitgaand',
  sender: '0612345678',
  receiver: '0201234567',
  date: '05-04-2026',
  time: '09:15:00',
  total_price: 0,
  type: 'voice',
  length: 3725,
  bundle: 'in',
  ...overrides,
});

const reportQueries = (requests: SeenRequest[], path = '/api/report') =>
  requests
    .filter((request) => request.url.split('?')[0] === path)
    .map((request) => Object.fromEntries(new URL(request.url, 'http://portal').searchParams));

/** The filters of the report's windows (GET /api/report?…&offset&limit), each window asked once. */
const windowQueries = (requests: SeenRequest[]) =>
  reportQueries(requests).map(({ offset, limit, ...filters }) => {
    expect({ offset, limit }).toEqual({ offset: '0', limit: '200' });
    return filters;
  });

const mockReport = (answer: ReportRow[] = rows) =>
  mockPortal({
    'GET /api/report': () => json(200, answer),
    'GET /api/report/summary': () => json(200, { count: answer.length, total_price: answer.length === 0 ? 0 : 12.45 }),
    'GET /api/report/download': () => new Response('naam;nummer\nJan Jansen;0612345678\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    'GET /api/report/7/0612345678': () =>
      json(200, {
        data: {
          records: [
            record({ id: 1 }),
            record({ id: 2, type: 'data', length: 1572864, date: '2026-04-06', time: '10:00:00', bundle: 'out', total_price: 1.005, receiver: 'internet' }),
            record({ id: 3, type: 'sms', length: 1, direction: 'inkomend', sender: '0201234567', receiver: '0612345678', total_price: 0.1 }),
          ],
        },
      }),
  });

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

const reportTable = () => screen.findByRole('table', { name: 'Verbruik per nummer' });

describe('ReportScreen (/verbruik)', () => {
  it('opens on the month Kosten opens on (the last whole one), per number: name, number, product, data, sms, call time and total', async () => {
    const requests = mockReport();
    renderWithProviders('/verbruik', { preloadedState: loggedIn() });

    const table = await reportTable();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Naam',
      'Nummer',
      'Product',
      'Data',
      'SMS',
      'Beltijd',
      'Totaal',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first)).toEqual(['Jan Jansen', '0612345678', 'Zakelijk Onbeperkt 10GB', '1,50 kB', '12', '01:01:01', '€ 12,35']);
    expect(cellTexts(second)).toEqual(['<Geen gebruiker>', '0687654321', 'Zakelijk Onbeperkt 10GB', '3,00 GB', '0', '00:00:59', '€ 0,10']);
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/verbruik/7/jan-jansen/0612345678');
    expect(within(second).getByRole('link').getAttribute('href')).toBe('/verbruik/0/geen-gebruiker/0687654321');
    expect(screen.getByText('2 nummers, totaal € 12,45')).toBeTruthy();
    // The first window of rows and the summary, for the same period.
    expect(reportQueries(requests)).toEqual([{ report_date_from: lastWhole.value, report_date_to: lastWholeEnd, offset: '0', limit: '200' }]);
    expect(reportQueries(requests, '/api/report/summary')).toEqual([{ report_date_from: lastWhole.value, report_date_to: lastWholeEnd }]);
  });

  it('fetches again when a filter changes, keeping the filters in the address', async () => {
    const requests = mockReport();
    const { user, location } = renderWithProviders('/verbruik', { preloadedState: loggedIn() });

    await reportTable();
    await user.selectOptions(screen.getByLabelText('Type'), 'Data');
    await waitFor(() => expect(reportQueries(requests)).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Richting'), 'Uitgaand');
    await waitFor(() => expect(reportQueries(requests)).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Alleen buiten de bundel' }));
    await waitFor(() => expect(reportQueries(requests)).toHaveLength(4));
    await user.type(screen.getByLabelText('Afzender'), '0612{Enter}');
    await waitFor(() => expect(reportQueries(requests)).toHaveLength(5));

    const range = { report_date_from: lastWhole.value, report_date_to: lastWholeEnd };
    expect(reportQueries(requests, '/api/report/summary')).toEqual(windowQueries(requests));
    expect(windowQueries(requests).slice(1)).toEqual([
      { ...range, type: 'data' },
      { ...range, type: 'data', direction: 'uitgaand' },
      { ...range, type: 'data', direction: 'uitgaand', out_only: 'true' },
      { ...range, type: 'data', direction: 'uitgaand', out_only: 'true', sender: '0612' },
    ]);
    // The period goes into the address with the first filter: a bookmark shows this month next month too.
    const period = `from=${lastWhole.value}&to=${lastWholeEnd}`;
    expect(location().search).toBe(`?${period}&type=data&direction=uitgaand&out_only=1&sender=0612`);
    expect(within(await reportTable()).getAllByRole('row')[1].querySelector('a')?.getAttribute('href')).toBe(
      `/verbruik/7/jan-jansen/0612345678?${period}&type=data&direction=uitgaand&out_only=1&sender=0612`,
    );
  });

  it('refuses a start after the end (and an end before the start) without fetching', async () => {
    const requests = mockReport();
    const { store } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    await reportTable();
    enterDate(dateField('Van'), '2026-05-02');

    expect(await screen.findByText('De begindatum mag niet na de einddatum liggen.')).toBeTruthy();
    expect(screen.getByText('De einddatum mag niet voor de begindatum liggen.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Verbruik per nummer' })).toBeNull();
    await whenSettled(store);
    expect(windowQueries(requests)).toEqual([{ report_date_from: '2026-04-01', report_date_to: '2026-04-30' }]);

    enterDate(dateField('Tot en met'), '2026-05-31');
    await reportTable();
    expect(screen.queryByText('De begindatum mag niet na de einddatum liggen.')).toBeNull();
    expect(windowQueries(requests).at(-1)).toEqual({ report_date_from: '2026-05-02', report_date_to: '2026-05-31' });
  });

  it('downloads the report as CSV for the period and filters shown', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const requests = mockReport();
    const { user } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30&type=sms', { preloadedState: loggedIn() });

    await reportTable();
    await user.click(screen.getByRole('button', { name: 'CSV downloaden' }));

    await waitFor(() => expect(saved).toEqual(['verbruik-2026-04-01-2026-04-30.csv']));
    expect(reportQueries(requests, '/api/report/download')).toEqual([
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30', type: 'sms' },
    ]);
    click.mockRestore();
  });

  it('downloads the report as Excel for the period and filters shown, beside the CSV', async () => {
    const saves = spyOnSaves('blob:report-xlsx');
    const requests = mockPortal({
      'GET /api/report': () => json(200, rows),
      'GET /api/report/summary': () => json(200, { count: rows.length, total_price: 12.45 }),
      'GET /api/report/download': xlsxResponse,
    });
    const { user } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30&type=sms', { preloadedState: loggedIn() });

    await reportTable();
    expect(screen.getByRole('button', { name: 'CSV downloaden' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Excel downloaden' }));

    await waitFor(() => expect(saves.saved).toEqual([{ fileName: 'verbruik-2026-04-01-2026-04-30.xlsx', href: 'blob:report-xlsx' }]));
    expect(reportQueries(requests, '/api/report/download')).toEqual([
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30', type: 'sms', format: 'xlsx' },
    ]);
    // The object URL is released once the browser has the file.
    await waitFor(() => expect(saves.revoked).toContain('blob:report-xlsx'), { timeout: 3000 });
    saves.restore();
  });

  it('loads the rows of a big report in windows of 200 as the table scrolls', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      reportRow({ id: i + 1, lastname: `Jansen ${i + 1}`, mobile_number: `06${String(i + 1).padStart(8, '0')}` }),
    );
    const requests = mockPortal({
      'GET /api/report/summary': () => json(200, { count: many.length, total_price: 61725 }),
      'GET /api/report': (request) => {
        const query = new URL(request.url, 'http://portal').searchParams;
        const offset = Number(query.get('offset'));
        return json(200, many.slice(offset, offset + Number(query.get('limit'))));
      },
    });
    renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    const table = await reportTable();
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    expect(screen.getByText('5.000 nummers, totaal € 61.725,00')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Jan Jansen 1' })).toBeTruthy();
    expect(within(table).getAllByRole('row').length).toBeLessThanOrEqual(150);

    fireEvent.scroll(table.parentElement!, { target: { scrollTop: 48 * 2500 } });

    const link = await within(table).findByRole('link', { name: 'Jan Jansen 2501' });
    expect(link.closest('tr')?.getAttribute('aria-rowindex')).toBe('2502');
    // Only the windows around the rows shown were asked, never the whole report.
    const offsets = reportQueries(requests).map((query) => query.offset);
    expect(offsets[0]).toBe('0');
    expect(offsets).toContain('2400');
    expect(offsets.length).toBeLessThanOrEqual(4);
    expect(reportQueries(requests).every((query) => query.limit === '200')).toBe(true);
  });

  it('says so when the period has no usage', async () => {
    mockReport([]);
    renderWithProviders('/verbruik', { preloadedState: loggedIn() });

    expect(await screen.findByText('Geen verbruik gevonden in deze periode.')).toBeTruthy();
  });
});

describe('the report\'s filter count and order (reportModel)', () => {
  const none: ReportFilters = { from: '2026-04-01', to: '2026-04-30', type: '', direction: '', outOnly: false, sender: '' };

  it('counts the filters set besides the period', () => {
    expect(activeFilterCount(none)).toBe(0);
    expect(activeFilterCount({ ...none, from: '2026-01-01' })).toBe(0);
    expect(activeFilterCount({ ...none, type: 'data' })).toBe(1);
    expect(activeFilterCount({ ...none, sender: '   ' })).toBe(0);
    expect(activeFilterCount({ ...none, type: 'sms', direction: 'inkomend', outOnly: true, sender: '06' })).toBe(4);
    expect(filtersButtonLabel(0)).toBe('Filters');
    expect(filtersButtonLabel(2)).toBe('Filters (2)');
  });

  it("asks the server's order for every order but the usual one", () => {
    expect(reportOrder(DEFAULT_REPORT_SORT)).toBeUndefined();
    expect(reportOrder({ key: 'naam', direction: 'desc' })).toEqual({ sort: 'name', order: 'desc' });
    expect(reportOrder({ key: 'nummer', direction: 'asc' })).toEqual({ sort: 'number', order: 'asc' });
    expect(reportOrder({ key: 'kosten', direction: 'desc' })).toEqual({ sort: 'total', order: 'desc' });
    expect(reportOrder({ key: 'data', direction: 'asc' })).toEqual({ sort: 'data', order: 'asc' });
  });
});

describe('ReportScreen sorted (docs/screens.md, \'Sorting\')', () => {
  it('sorts on a header click, amounts highest first, with the order in the address and kept by a filter', async () => {
    const requests = mockReport();
    const { user, location } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    const table = await reportTable();
    const header = (name: string) => within(table).getByRole('columnheader', { name });
    expect(header('Naam').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Totaal').getAttribute('aria-sort')).toBe('none');
    // Product, SMS and Beltijd do not sort.
    expect(within(header('Product')).queryByRole('button')).toBeNull();

    await user.click(within(header('Totaal')).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?from=2026-04-01&to=2026-04-30&sorteer=kosten&volgorde=aflopend'));
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ sort: 'total', order: 'desc', offset: '0' }));
    expect(within(await reportTable()).getByRole('columnheader', { name: 'Totaal' }).getAttribute('aria-sort')).toBe('descending');

    await user.click(within(within(await reportTable()).getByRole('columnheader', { name: 'Totaal' })).getByRole('button'));
    await waitFor(() => expect(location().search).toContain('sorteer=kosten&volgorde=oplopend'));
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ sort: 'total', order: 'asc' }));

    await user.click(within(within(await reportTable()).getByRole('columnheader', { name: 'Data' })).getByRole('button'));
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ sort: 'data', order: 'desc' }));

    // A filter keeps the order.
    await user.selectOptions(screen.getByLabelText('Type'), 'Data');
    await waitFor(() => expect(location().search).toBe('?from=2026-04-01&to=2026-04-30&type=data&sorteer=data&volgorde=aflopend'));
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ type: 'data', sort: 'data', order: 'desc' }));
    // The summary knows no order.
    expect(reportQueries(requests, '/api/report/summary').every((query) => !('sort' in query))).toBe(true);
  });

  it('takes the order from the address', async () => {
    const requests = mockReport();
    renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30&sorteer=nummer&volgorde=aflopend', { preloadedState: loggedIn() });

    await reportTable();
    expect(reportQueries(requests)).toEqual([
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30', sort: 'number', order: 'desc', offset: '0', limit: '200' },
    ]);
  });
});

describe('ReportScreen on a phone', () => {
  onPhoneScreen();

  const cards = () => screen.findByRole('list', { name: 'Verbruik per nummer' });

  it('shows each number as a card linking to its usage, in the notation of the table', async () => {
    mockReport();
    renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    const list = await cards();
    expect(screen.queryByRole('table', { name: 'Verbruik per nummer' })).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    const figures = (card: HTMLElement) =>
      Object.fromEntries(within(card).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(within(first).getByRole('link', { name: 'Jan Jansen' }).getAttribute('href')).toBe('/verbruik/7/jan-jansen/0612345678?from=2026-04-01&to=2026-04-30');
    expect(within(first).getByText('0612345678')).toBeTruthy();
    expect(figures(first)).toEqual({ Data: '1,50 kB', Beltijd: '01:01:01', SMS: '12', Totaal: '€ 12,35' });
    expect(within(second).getByRole('link', { name: '<Geen gebruiker>' }).getAttribute('href')).toBe('/verbruik/0/geen-gebruiker/0687654321?from=2026-04-01&to=2026-04-30');
    expect(figures(second)).toEqual({ Data: '3,00 GB', Beltijd: '00:00:59', SMS: '0', Totaal: '€ 0,10' });
  });

  it('folds the filters behind a button that counts those set, with the period in view', async () => {
    const requests = mockReport();
    const { user } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30&out_only=1', { preloadedState: loggedIn() });

    await cards();
    const button = screen.getByRole('button', { name: 'Filters (1)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(screen.getByText('Periode: 01-04-2026 t/m 30-04-2026')).toBeTruthy();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    await user.selectOptions(screen.getByLabelText('Type'), 'SMS');
    expect(await screen.findByRole('button', { name: 'Filters (2)' })).toBe(button);
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ type: 'sms', out_only: 'true' }));
    await user.click(button);
    expect(panel.hidden).toBe(true);
  });

  it('opens the filters of a link with a wrong period, to show the error', async () => {
    mockReport();
    renderWithProviders('/verbruik?from=2026-05-02&to=2026-04-30', { preloadedState: loggedIn() });

    expect(await screen.findByText('De begindatum mag niet na de einddatum liggen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('true');
  });

  it("sorts with 'Sorteren op', the order in the address", async () => {
    const requests = mockReport();
    const { user, location } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    await cards();
    const select = screen.getByRole('combobox', { name: 'Sorteren op' }) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Naam (A-Z)');
    await user.selectOptions(select, 'Kosten (hoogste eerst)');
    await waitFor(() => expect(location().search).toBe('?from=2026-04-01&to=2026-04-30&sorteer=kosten&volgorde=aflopend'));
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ sort: 'total', order: 'desc', offset: '0' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sorteren op' }), 'Data (minste eerst)');
    await waitFor(() => expect(reportQueries(requests).at(-1)).toMatchObject({ sort: 'data', order: 'asc' }));
  });

  it('renders 50 cards of a long report, and more as asked, loading the rows in windows', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      reportRow({ id: i + 1, lastname: `Jansen ${i + 1}`, mobile_number: `06${String(i + 1).padStart(8, '0')}` }),
    );
    const requests = mockPortal({
      'GET /api/report/summary': () => json(200, { count: many.length, total_price: 61725 }),
      'GET /api/report': (request) => {
        const query = new URL(request.url, 'http://portal').searchParams;
        const offset = Number(query.get('offset'));
        return json(200, many.slice(offset, offset + Number(query.get('limit'))));
      },
    });
    const { user } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    const list = await cards();
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('50 van 5.000 getoond')).toBeTruthy();
    for (let i = 0; i < 4; i += 1) await user.click(screen.getByRole('button', { name: 'Meer tonen' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(250);
    expect(await within(list).findByRole('link', { name: 'Jan Jansen 250' })).toBeTruthy();
    expect(reportQueries(requests).map((query) => query.offset)).toEqual(['0', '200']);
  });
});

describe('ReportDetailScreen (/verbruik/{userId}/{userName}/{userPhoneNumber})', () => {
  it('opens from the report and shows the records: dd-mm-yyyy, B/kB/MB/GB, hh:mm:ss, euros', async () => {
    const requests = mockReport();
    const { user, location } = renderWithProviders('/verbruik?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    await user.click(within(await reportTable()).getByRole('link', { name: 'Jan Jansen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verbruik 0612345678' })).toBeTruthy();
    expect(location().pathname).toBe('/verbruik/7/jan-jansen/0612345678');
    const table = await screen.findByRole('table', { name: 'Verbruiksregels (3)' });
    const [, voice, data, sms] = within(table).getAllByRole('row');
    expect(cellTexts(voice)).toEqual(['05-04-2026', '09:15:00', 'Uitgaand', 'Bellen', '0612345678', '0201234567', '01:02:05', 'In bundel', '€ 0,00']);
    expect(cellTexts(data)).toEqual(['06-04-2026', '10:00:00', 'Uitgaand', 'Data', '0612345678', 'internet', '1,50 MB', 'Buiten bundel', '€ 1,01']);
    expect(cellTexts(sms)).toEqual(['05-04-2026', '09:15:00', 'Inkomend', 'SMS', '0201234567', '0612345678', '1', 'In bundel', '€ 0,10']);
    expect(screen.getByText('Jan Jansen')).toBeTruthy();
    expect(screen.getByText('01-04-2026 t/m 30-04-2026')).toBeTruthy();
    expect(reportQueries(requests, '/api/report/7/0612345678')).toEqual([{ report_date_from: '2026-04-01', report_date_to: '2026-04-30' }]);
    // The name and product come from the report narrowed to the number (whatever the filters).
    expect(reportQueries(requests).at(-1)).toEqual({
      report_date_from: '2026-04-01',
      report_date_to: '2026-04-30',
      sender: '0612345678',
      offset: '0',
      limit: '50',
    });
    expect(screen.getByText('Zakelijk Onbeperkt 10GB')).toBeTruthy();
    const back = within(screen.getByRole('navigation', { name: 'Kruimelpad' })).getByRole('link', { name: 'Verbruik' });
    expect(back.getAttribute('href')).toBe('/verbruik?from=2026-04-01&to=2026-04-30');
  });

  it('takes the last whole month for a direct link without a period', async () => {
    const requests = mockReport();
    renderWithProviders('/verbruik/7/jan-jansen/0612345678', { preloadedState: loggedIn() });

    await screen.findByRole('table', { name: 'Verbruiksregels (3)' });
    expect(reportQueries(requests, '/api/report/7/0612345678')).toEqual([{ report_date_from: lastWhole.value, report_date_to: lastWholeEnd }]);
  });

  it("downloads the number's records of the period as CSV", async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:records', revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const requests = mockPortal({
      'GET /api/report': () => json(200, rows),
      'GET /api/report/7/0612345678': () => json(200, { data: { records: [record({ id: 1 })], has_more: false } }),
      'GET /api/report/7/0612345678/download': () =>
        new Response('datum;tijd\r\n05-04-2026;09:15:00\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const { user } = renderWithProviders('/verbruik/7/jan-jansen/0612345678?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    await screen.findByRole('table', { name: 'Verbruiksregels (1)' });
    await user.click(screen.getByRole('button', { name: 'CSV downloaden' }));

    await waitFor(() => expect(saved).toEqual(['verbruik-0612345678-2026-04-01-2026-04-30.csv']));
    expect(reportQueries(requests, '/api/report/7/0612345678/download')).toEqual([{ report_date_from: '2026-04-01', report_date_to: '2026-04-30' }]);
    click.mockRestore();
  });

  it("downloads the number's records of the period as Excel", async () => {
    const saves = spyOnSaves('blob:records-xlsx');
    const requests = mockPortal({
      'GET /api/report': () => json(200, rows),
      'GET /api/report/7/0612345678': () => json(200, { data: { records: [record({ id: 1 })], has_more: false } }),
      'GET /api/report/7/0612345678/download': xlsxResponse,
    });
    const { user } = renderWithProviders('/verbruik/7/jan-jansen/0612345678?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    await screen.findByRole('table', { name: 'Verbruiksregels (1)' });
    await user.click(screen.getByRole('button', { name: 'Excel downloaden' }));

    await waitFor(() => expect(saves.saved).toEqual([{ fileName: 'verbruik-0612345678-2026-04-01-2026-04-30.xlsx', href: 'blob:records-xlsx' }]));
    expect(reportQueries(requests, '/api/report/7/0612345678/download')).toEqual([
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30', format: 'xlsx' },
    ]);
    saves.restore();
  });

  it('loads the records after the first page on request, and says when all are shown', async () => {
    const requests = mockPortal({
      'GET /api/report': () => json(200, rows),
      'GET /api/report/7/0612345678': (request) =>
        new URL(request.url, 'http://portal').searchParams.get('offset') === '2'
          ? json(200, { data: { records: [record({ id: 3, time: '11:00:00' })], has_more: false } })
          : json(200, { data: { records: [record({ id: 1 }), record({ id: 2, time: '10:00:00' })], has_more: true } }),
    });
    const { user } = renderWithProviders('/verbruik/7/jan-jansen/0612345678?from=2026-04-01&to=2026-04-30', { preloadedState: loggedIn() });

    const first = await screen.findByRole('table', { name: 'Verbruiksregels (2+)' });
    expect(within(first).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('De eerste 2 regels worden getoond; er zijn er meer.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Meer regels laden' }));

    const all = await screen.findByRole('table', { name: 'Verbruiksregels (3)' });
    expect(within(all).getAllByRole('row').slice(1).map((row) => cellTexts(row)[1])).toEqual(['09:15:00', '10:00:00', '11:00:00']);
    expect(screen.queryByRole('button', { name: 'Meer regels laden' })).toBeNull();
    expect(reportQueries(requests, '/api/report/7/0612345678')).toEqual([
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30' },
      { report_date_from: '2026-04-01', report_date_to: '2026-04-30', offset: '2' },
    ]);
  });
});
