import { screen, waitFor, within } from '@testing-library/react';
import { daysInMonth, monthOptions } from '../../../domain/time';

/** A month option's value ('YYYY-MM-01') as the address carries it (`?maand=YYYY-MM`). */
const maand = (value: string) => `?maand=${value.slice(0, 7)}`;
import { json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { costLine, mockCosts, monthCosts, queriesOf } from './testData';

const [current, previous, twoBack] = monthOptions();

const lastDay = (firstDay: string) => {
  const [year, month] = firstDay.split('-').map(Number);
  return `${firstDay.slice(0, 8)}${daysInMonth(year, month)}`;
};

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const summaryTable = () => screen.findByRole('table', { name: `Kosten ${previous.label}` });

/** Captures what `downloadFile` saves: the link's file name and the blob's text. */
const captureDownloads = () => {
  const saved: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: (value: Blob) => {
      blob = value;
      return 'blob:download';
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blob! });
  });
  return saved;
};

/** The saved file's text, BOM included. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

/**
 * Highcharts draws a chart in jsdom in about 1.3 s. The tests that look at a chart draw it
 * (`drawCharts()`); the others leave the chart out, as nothing they assert is in it.
 */
let mockDrawCharts = false;
jest.mock('highcharts-react-official', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  const actual = jest.requireActual<typeof import('highcharts-react-official')>('highcharts-react-official');
  return { __esModule: true, ...actual, default: (props: object) => (mockDrawCharts ? createElement(actual.default, props) : null) };
});
const drawCharts = () => {
  mockDrawCharts = true;
};

afterEach(() => {
  jest.restoreAllMocks();
  mockDrawCharts = false;
});

describe('CostsOverviewScreen (/kosten)', () => {
  it('shows the month before today: each row to the cent and a total summed exactly, not in floats', async () => {
    const requests = mockCosts();
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await summaryTable();
    expect(rowTexts(table)).toEqual([
      ['Soort kosten', 'Bedrag'],
      ['Periodiek', '€ 0,30'],
      ['Nieuwe aansluitingen', '€ 0,60'],
      ['Set up', '€ 0,00'],
      ['Verbruik', '€ 1,05'],
      // 0 + 0.6 + (0.1 + 0.2) + 1.045 in floats is 1.9449999999999998: € 1,94.
      ['Totale kosten', '€ 1,95'],
      // docs/cost-specification.md, 'VAT': the server's VAT line and total incl. VAT, below the screen's own total.
      ['Btw 21 %', '€ 0,41'],
      ['Totaal incl. btw', '€ 2,36'],
    ]);
    expect((screen.getByLabelText('Maand') as HTMLSelectElement).value).toBe(previous.value);
    expect(queriesOf(requests, '/api/costs')).toEqual([{ costs_date_from: previous.value, costs_date_to: lastDay(previous.value) }]);
  });

  it('links the rows with an amount to their detail screens, and not the zero rows', async () => {
    mockCosts();
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = within(await summaryTable());
    expect(table.getByRole('link', { name: 'Periodiek' }).getAttribute('href')).toBe(`/kosten/maandelijks${maand(previous.value)}`);
    expect(table.getByRole('link', { name: 'Nieuwe aansluitingen' }).getAttribute('href')).toBe(`/kosten/nieuwe-aansluitingen${maand(previous.value)}`);
    expect(table.getByRole('link', { name: 'Verbruik' }).getAttribute('href')).toBe(`/kosten/verbruik${maand(previous.value)}`);
    expect(table.queryByRole('link', { name: 'Set up' })).toBeNull();
    expect(table.queryByRole('link', { name: 'Totale kosten' })).toBeNull();
  });

  it('shows what is billed beside what it costs when a cycle bills in advance', async () => {
    const quarterly = { id: 2, name: 'Per kwartaal', costs: { periodic: 10, full: 0, setup: 0 }, invoice: { periodic: 30, full: 0, setup: 0 } };
    const vat = { rate: 21, vat: 2.1, total: 10, total_including_vat: 12.1 };
    mockCosts({ 'GET /api/costs': () => json(200, monthCosts({ billing_cycles: [quarterly], usage: 0, vat })) });
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await summaryTable();
    expect(rowTexts(table)[0]).toEqual(['Soort kosten', 'Bedrag', 'Gefactureerd']);
    expect(rowTexts(table)[1]).toEqual(['Periodiek', '€ 10,00', '€ 30,00']);
    expect(rowTexts(table).slice(-3)).toEqual([
      ['Totale kosten', '€ 10,00', '€ 30,00'],
      ['Btw 21 %', '€ 2,10', ''],
      ['Totaal incl. btw', '€ 12,10', ''],
    ]);
  });

  it('asks for the twelve months ending at the chosen month and draws them with Dutch labels', async () => {
    drawCharts();
    const requests = mockCosts();
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const chart = within(await screen.findByRole('region', { name: 'Kosten per maand' }));
    const [year, month] = previous.value.split('-').map(Number);
    const first = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
    expect(queriesOf(requests, '/api/costsbymonth')).toEqual([{ costs_date_from: first, costs_date_to: lastDay(previous.value) }]);
    const shortMonth = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'][month - 1];
    expect(await chart.findByText(`${shortMonth} ${year}`, {}, { timeout: 10000 })).toBeTruthy();
    for (const series of ['Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik']) {
      expect(chart.getAllByText(series).length).toBeGreaterThan(0);
    }
  });

  it('loads another month when one is picked, and keeps it in the address', async () => {
    const requests = mockCosts();
    const { user, location } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    await user.selectOptions(screen.getByLabelText('Maand'), twoBack.value);

    expect(await screen.findByRole('table', { name: `Kosten ${twoBack.label}` })).toBeTruthy();
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([previous.value, twoBack.value]);
    expect(location().search).toBe(maand(twoBack.value));
    expect(current.value > twoBack.value).toBe(true);
    expect(within(screen.getByRole('table', { name: `Kosten ${twoBack.label}` })).getByRole('link', { name: 'Periodiek' }).getAttribute('href')).toBe(
      `/kosten/maandelijks${maand(twoBack.value)}`,
    );
  });

  it('opens on the month of the address (a reload, a bookmark, a shared link)', async () => {
    const requests = mockCosts();
    renderWithProviders(`/kosten${maand(twoBack.value)}`, { preloadedState: loggedIn() });

    expect(await screen.findByRole('table', { name: `Kosten ${twoBack.label}` })).toBeTruthy();
    expect((screen.getByLabelText('Maand') as HTMLSelectElement).value).toBe(twoBack.value);
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([twoBack.value]);
  });

  it.each(['2026-13', 'mei', '2001-01'])('shows the month before today for ?maand=%s (no month, or none of the picker)', async (value) => {
    const requests = mockCosts();
    renderWithProviders(`/kosten?maand=${value}`, { preloadedState: loggedIn() });

    await summaryTable();
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([previous.value]);
  });

  it('saves the billing export under the name the server gives', async () => {
    const saved = captureDownloads();
    const requests = mockCosts({
      'GET /api/report/export': () =>
        new Response('omschrijving;bedrag\nZakelijk;25,00\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="2026-04-facturatie-input.csv"' },
        }),
    });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    await user.click(screen.getByRole('button', { name: 'Export facturatiedetails' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['2026-04-facturatie-input.csv']));
    expect(queriesOf(requests, '/api/report/export')).toEqual([{ costs_date_from: previous.value, costs_date_to: lastDay(previous.value) }]);
    expect(await textOf(saved[0].blob)).toBe('\uFEFFomschrijving;bedrag\nZakelijk;25,00\n');
  });

  it('saves the billing export as Excel beside the CSV, under the name the server gives', async () => {
    const saved = captureDownloads();
    const file = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const requests = mockCosts({
      // The test Response (test/jsdomGlobals.ts) reads text only: blob() is given here.
      'GET /api/report/export': () =>
        Object.assign(
          new Response('PK', {
            status: 200,
            headers: { 'content-type': file.type, 'content-disposition': 'attachment; filename="2026-04-facturatie-input.xlsx"' },
          }),
          { blob: async () => file },
        ),
    });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    expect(screen.getByRole('button', { name: 'Export facturatiedetails' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export facturatiedetails (Excel)' }));

    await waitFor(() => expect(saved).toEqual([{ name: '2026-04-facturatie-input.xlsx', blob: file }]));
    expect(queriesOf(requests, '/api/report/export')).toEqual([
      { costs_date_from: previous.value, costs_date_to: lastDay(previous.value), format: 'xlsx' },
    ]);
  });

  it('names the billing export {YYYY-MM}-facturatie-input.csv when the server names none', async () => {
    const saved = captureDownloads();
    mockCosts({ 'GET /api/report/export': () => new Response('a;b\n', { status: 200, headers: { 'content-type': 'text/csv' } }) });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    await user.click(screen.getByRole('button', { name: 'Export facturatiedetails' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual([`${previous.value.slice(0, 7)}-facturatie-input.csv`]));
  });

  it('reports a refused export with the server’s message', async () => {
    const saved = captureDownloads();
    mockCosts({ 'GET /api/report/export': () => json(500, { message: 'De export is mislukt.' }) });
    const { user } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    await user.click(screen.getByRole('button', { name: 'Export facturatiedetails' }));

    expect(await screen.findByText('De export is mislukt.')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('opens a detail screen of the month from its row', async () => {
    const requests = mockCosts({ 'GET /api/costslinesmonthly': () => json(200, [costLine({})]) });
    const { user, location } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await user.click(within(await summaryTable()).getByRole('link', { name: 'Periodiek' }));

    expect(await screen.findByRole('heading', { level: 1, name: `Periodiek – ${previous.label}` })).toBeTruthy();
    expect(location().pathname).toBe('/kosten/maandelijks');
    expect(location().search).toBe(maand(previous.value));
    expect(queriesOf(requests, '/api/costslinesmonthly')).toEqual([{ costs_date_from: previous.value, costs_date_to: lastDay(previous.value) }]);
  });

  it('leaves the address alone for the default month; opening a detail screen by its row carries the month', async () => {
    const requests = mockCosts();
    const { user, location } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await summaryTable();
    expect(location().search).toBe('');
    await user.click(within(table).getByText('€ 1,05'));

    expect(await screen.findByRole('heading', { level: 1, name: `Verbruik – ${previous.label}` })).toBeTruthy();
    expect(location().pathname).toBe('/kosten/verbruik');
    expect(location().search).toBe(maand(previous.value));
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([previous.value]);
  });
});

describe('the current month on /kosten (provisional, with its forecast)', () => {
  const forecast = {
    provisional: true,
    through: '10-11-2026',
    days_covered: 10,
    days_in_month: 30,
    certain: 186.66,
    usage_so_far: 123.45,
    expected_usage: 370.35,
    expected_total: 557.01,
  };

  it('marks the month as provisional and shows the expected costs with their basis', async () => {
    const requests = mockCosts({ 'GET /api/costs/forecast': () => json(200, { data: forecast }) });
    renderWithProviders(`/kosten${maand(current.value)}`, { preloadedState: loggedIn() });

    const heading = await screen.findByRole('heading', { level: 2, name: `Kosten ${current.label} Voorlopig` });
    expect(within(heading).getByText('Voorlopig')).toBeTruthy();
    expect(await screen.findByRole('table', { name: `Kosten ${current.label} Voorlopig` })).toBeTruthy();
    const note = within(await screen.findByRole('status'));
    expect(note.getByText(`Verwachte kosten ${current.label}: € 557,01`)).toBeTruthy();
    expect(
      note.getByText('vaste kosten € 186,66 plus verbruik € 370,35, geschat uit het verbruik t/m 10-11-2026 (10 van 30 dagen)'),
    ).toBeTruthy();
    expect(queriesOf(requests, '/api/costs/forecast')).toEqual([{ costs_date_from: current.value, costs_date_to: lastDay(current.value) }]);
  });

  it('says so when there is no usage yet', async () => {
    const none = { ...forecast, through: null, days_covered: 0, usage_so_far: 0, expected_usage: 0, expected_total: 186.66 };
    mockCosts({ 'GET /api/costs/forecast': () => json(200, { data: none }) });
    renderWithProviders(`/kosten${maand(current.value)}`, { preloadedState: loggedIn() });

    const note = within(await screen.findByRole('status'));
    expect(note.getByText(`Verwachte kosten ${current.label}: € 186,66`)).toBeTruthy();
    expect(note.getByText('vaste kosten € 186,66 plus verbruik € 0,00: nog geen verbruik deze maand')).toBeTruthy();
  });

  it('shows a month that is over as final: no label, no forecast asked', async () => {
    const requests = mockCosts({ 'GET /api/costs/forecast': () => json(200, { data: forecast }) });
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    expect(screen.queryByText('Voorlopig')).toBeNull();
    expect(screen.queryByText(/Verwachte kosten/)).toBeNull();
    expect(queriesOf(requests, '/api/costs/forecast')).toEqual([]);
  });
});

describe('cost detail screens', () => {
  it.each(['/kosten/maandelijks', '/kosten/nieuwe-aansluitingen', '/kosten/setup', '/kosten/verbruik', '/kosten/setup/12'])(
    'sends %s back to /kosten when its address names no month',
    async (path) => {
      const requests = mockCosts();
      const { location } = renderWithProviders(path, { preloadedState: loggedIn() });

      expect(await screen.findByRole('heading', { level: 1, name: 'Kosten' })).toBeTruthy();
      expect(location().pathname).toBe('/kosten');
      expect(requests.some((request) => request.url.startsWith('/api/costslines'))).toBe(false);
    },
  );

  it('lists the lines above zero per article, highest first, with a pie chart', async () => {
    drawCharts();
    const requests = mockCosts({
      'GET /api/costslinespartly': () =>
        json(200, [
          costLine({ service_id: 1, total_price: 10.1 }),
          costLine({ service_id: 2, total_price: 5.2, firstname: null, lastname: null }),
          costLine({ service_id: 3, article_id: 30, article_name: 'Vast Basis', productgroup: 'Vaste telefonie', total_price: 20 }),
          costLine({ service_id: 4, article_id: 40, article_name: 'Gratis SIM', total_price: 0 }),
          costLine({ service_id: 5, article_id: 50, article_name: 'Creditering', total_price: -3 }),
          costLine({ service_id: null, article_id: 60, article_name: 'Microsoft 365', productgroup: 'Applicaties', total_price: 0.1 }),
          costLine({ service_id: 6, article_id: 60, article_name: 'Microsoft 365', productgroup: 'Applicaties', total_price: 0.2 }),
        ]),
    });
    renderWithProviders('/kosten/nieuwe-aansluitingen?maand=2026-04', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe aansluitingen – april 2026' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Per artikel' });
    expect(rowTexts(table)).toEqual([
      ['Artikel', 'Productgroep', 'Aantal afnames', 'Bedrag'],
      ['Vast Basis', 'Vaste telefonie', '1', '€ 20,00'],
      ['Zakelijk Onbeperkt 10GB', 'Mobiele telefonie', '2', '€ 15,30'],
      ['Microsoft 365', 'Applicaties', '2', '€ 0,30'],
      ['Totaal', '€ 35,60'],
    ]);
    expect(within(table).getByRole('link', { name: 'Vast Basis' }).getAttribute('href')).toBe('/kosten/nieuwe-aansluitingen/30?maand=2026-04');
    expect(queriesOf(requests, '/api/costslinespartly')).toEqual([{ costs_date_from: '2026-04-01', costs_date_to: '2026-04-30' }]);
    // The pie: one slice per article (a role query over the chart's SVG is slow in jsdom).
    await waitFor(() => expect(document.querySelectorAll('.highcharts-pie-series path.highcharts-point')).toHaveLength(3), {
      timeout: 15000,
    });
  });

  it('shows the lines of one article per service, highest first, zero lines hidden', async () => {
    mockCosts({
      'GET /api/costslinesmonthly': () =>
        json(200, [
          costLine({ service_id: 1, total_price: 12.5, price: 12.5 }),
          costLine({ service_id: 2, total_price: 30, price: 30, firstname: null, lastname: null }),
          costLine({ service_id: 3, total_price: 0, price: 0, firstname: 'Nul', lastname: 'Regel' }),
          costLine({ service_id: 4, article_id: 30, article_name: 'Vast Basis', total_price: 99 }),
          costLine({ service_id: null, firstname: null, lastname: null, quantity: 1027, price: 2.5, total_price: 2567.5 }),
        ]),
    });
    renderWithProviders('/kosten/maandelijks/12?maand=2026-04', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' })).toBeTruthy();
    expect(rowTexts(screen.getByRole('table', { name: 'Per afname' }))).toEqual([
      ['Eindgebruiker', 'Aantal', 'Stuksprijs', 'Bedrag'],
      ['Bulkafnames', '1.027', '€ 2,50', '€ 2.567,50'],
      ['<Geen gebruiker>', '1', '€ 30,00', '€ 30,00'],
      ['Jan Jansen', '1', '€ 12,50', '€ 12,50'],
      ['Totaal', '€ 2.610,00'],
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Kruimelpad' }));
    expect(crumbs.getByRole('link', { name: 'Periodiek – april 2026' }).getAttribute('href')).toBe('/kosten/maandelijks?maand=2026-04');
  });

  it('shows the usage categories above zero, highest first; the total opens the month’s usage report', async () => {
    const requests = mockCosts({
      'GET /api/costs': () =>
        json(200, monthCosts({ usage: 9.4, usagedetail: { costs: { data: 2.1, voice: 6.2, sms: 0, bundle: 1.1 } } })),
    });
    renderWithProviders('/kosten/verbruik?maand=2026-02', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Verbruik – februari 2026' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Per soort verbruik' });
    expect(rowTexts(table)).toEqual([
      ['Soort verbruik', 'Bedrag'],
      ['Bellen', '€ 6,20'],
      ['Data', '€ 2,10'],
      ['Groepsbundel', '€ 1,10'],
      ['Totaal verbruik', '€ 9,40'],
    ]);
    expect(within(table).getByRole('link', { name: 'Totaal verbruik' }).getAttribute('href')).toBe(
      '/verbruik?from=2026-02-01&to=2026-02-28',
    );
    expect(queriesOf(requests, '/api/costs')).toEqual([{ costs_date_from: '2026-02-01', costs_date_to: '2026-02-28' }]);
  });

  it('says so for an unknown kind of costs or an article without costs', async () => {
    mockCosts({ 'GET /api/costslinessetup': () => json(200, [costLine({ article_id: 30 })]) });
    renderWithProviders('/kosten/setup/12?maand=2026-04', { preloadedState: loggedIn() });

    expect(await screen.findByText('Dit artikel heeft in april 2026 geen kosten van deze soort.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar de kosten' }).getAttribute('href')).toBe('/kosten');
  });

  it('reloads a detail screen of an article on the month of its address, with breadcrumbs back to that month', async () => {
    const requests = mockCosts({ 'GET /api/costslinesmonthly': () => json(200, [costLine({ service_id: 1, total_price: 12.5, price: 12.5 })]) });
    renderWithProviders('/kosten/maandelijks/12?maand=2025-11', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' })).toBeTruthy();
    expect(queriesOf(requests, '/api/costslinesmonthly')).toEqual([{ costs_date_from: '2025-11-01', costs_date_to: '2025-11-30' }]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Kruimelpad' }));
    expect(crumbs.getByRole('link', { name: 'Kosten' }).getAttribute('href')).toBe('/kosten?maand=2025-11');
    expect(crumbs.getByRole('link', { name: 'Periodiek – november 2025' }).getAttribute('href')).toBe('/kosten/maandelijks?maand=2025-11');
  });

  it('sends a detail screen whose address names no real month back to /kosten', async () => {
    mockCosts();
    const { location } = renderWithProviders('/kosten/setup?maand=2026-13', { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Kosten' })).toBeTruthy();
    expect(location().pathname).toBe('/kosten');
  });
});
