import { screen, waitFor, within } from '@testing-library/react';
import { daysInMonth, monthOptions } from '../../../domain/time';
import { json } from '../../test/http';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { costLine, mockCosts, monthCosts, queriesOf, withCostsMonth } from './testData';

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

afterEach(() => jest.restoreAllMocks());

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
    ]);
    expect((screen.getByLabelText('Maand') as HTMLSelectElement).value).toBe(previous.value);
    expect(queriesOf(requests, '/api/costs')).toEqual([{ costs_date_from: previous.value, costs_date_to: lastDay(previous.value) }]);
  });

  it('links the rows with an amount to their detail screens, and not the zero rows', async () => {
    mockCosts();
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = within(await summaryTable());
    expect(table.getByRole('link', { name: 'Periodiek' }).getAttribute('href')).toBe('/kosten/maandelijks');
    expect(table.getByRole('link', { name: 'Nieuwe aansluitingen' }).getAttribute('href')).toBe('/kosten/nieuwe-aansluitingen');
    expect(table.getByRole('link', { name: 'Verbruik' }).getAttribute('href')).toBe('/kosten/verbruik');
    expect(table.queryByRole('link', { name: 'Set up' })).toBeNull();
    expect(table.queryByRole('link', { name: 'Totale kosten' })).toBeNull();
  });

  it('shows what is billed beside what it costs when a cycle bills in advance', async () => {
    const quarterly = { id: 2, name: 'Per kwartaal', costs: { periodic: 10, full: 0, setup: 0 }, invoice: { periodic: 30, full: 0, setup: 0 } };
    mockCosts({ 'GET /api/costs': () => json(200, monthCosts({ billing_cycles: [quarterly], usage: 0 })) });
    renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await summaryTable();
    expect(rowTexts(table)[0]).toEqual(['Soort kosten', 'Bedrag', 'Gefactureerd']);
    expect(rowTexts(table)[1]).toEqual(['Periodiek', '€ 10,00', '€ 30,00']);
    expect(rowTexts(table).at(-1)).toEqual(['Totale kosten', '€ 10,00', '€ 30,00']);
  });

  it('asks for the twelve months ending at the chosen month and draws them with Dutch labels', async () => {
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

  it('loads another month when one is picked, and keeps it for the session', async () => {
    const requests = mockCosts();
    const { user, store } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    await summaryTable();
    await user.selectOptions(screen.getByLabelText('Maand'), twoBack.value);

    expect(await screen.findByRole('table', { name: `Kosten ${twoBack.label}` })).toBeTruthy();
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([previous.value, twoBack.value]);
    expect(store.getState().ui.costsMonth).toBe(twoBack.value);
    expect(current.value > twoBack.value).toBe(true);
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
    expect(queriesOf(requests, '/api/costslinesmonthly')).toEqual([{ costs_date_from: previous.value, costs_date_to: lastDay(previous.value) }]);
  });

  it('derives the default month without storing it; opening a detail screen by its row keeps the month', async () => {
    const requests = mockCosts();
    const { user, store, location } = renderWithProviders('/kosten', { preloadedState: loggedIn() });

    const table = await summaryTable();
    expect(store.getState().ui.costsMonth).toBeNull();
    await user.click(within(table).getByText('€ 1,05'));

    expect(await screen.findByRole('heading', { level: 1, name: `Verbruik – ${previous.label}` })).toBeTruthy();
    expect(location().pathname).toBe('/kosten/verbruik');
    expect(store.getState().ui.costsMonth).toBe(previous.value);
    expect(queriesOf(requests, '/api/costs').map((query) => query.costs_date_from)).toEqual([previous.value]);
  });
});

describe('cost detail screens', () => {
  it.each(['/kosten/maandelijks', '/kosten/nieuwe-aansluitingen', '/kosten/setup', '/kosten/verbruik', '/kosten/setup/12'])(
    'sends %s back to /kosten when no month was selected in this session',
    async (path) => {
      const requests = mockCosts();
      const { location } = renderWithProviders(path, { preloadedState: loggedIn() });

      expect(await screen.findByRole('heading', { level: 1, name: 'Kosten' })).toBeTruthy();
      expect(location().pathname).toBe('/kosten');
      expect(requests.some((request) => request.url.startsWith('/api/costslines'))).toBe(false);
    },
  );

  it('lists the lines above zero per article, highest first, with a pie chart', async () => {
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
    renderWithProviders('/kosten/nieuwe-aansluitingen', { preloadedState: withCostsMonth('2026-04-01') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe aansluitingen – april 2026' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Per artikel' });
    expect(rowTexts(table)).toEqual([
      ['Artikel', 'Productgroep', 'Aantal afnames', 'Bedrag'],
      ['Vast Basis', 'Vaste telefonie', '1', '€ 20,00'],
      ['Zakelijk Onbeperkt 10GB', 'Mobiele telefonie', '2', '€ 15,30'],
      ['Microsoft 365', 'Applicaties', '2', '€ 0,30'],
      ['Totaal', '€ 35,60'],
    ]);
    expect(within(table).getByRole('link', { name: 'Vast Basis' }).getAttribute('href')).toBe('/kosten/nieuwe-aansluitingen/30');
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
        ]),
    });
    renderWithProviders('/kosten/maandelijks/12', { preloadedState: withCostsMonth('2026-04-01') });

    expect(await screen.findByRole('heading', { level: 1, name: 'Zakelijk Onbeperkt 10GB' })).toBeTruthy();
    expect(rowTexts(screen.getByRole('table', { name: 'Per afname' }))).toEqual([
      ['Eindgebruiker', 'Prijs', 'Bedrag'],
      ['<Geen gebruiker>', '€ 30,00', '€ 30,00'],
      ['Jan Jansen', '€ 12,50', '€ 12,50'],
      ['Totaal', '€ 42,50'],
    ]);
    const crumbs = within(screen.getByRole('navigation', { name: 'Kruimelpad' }));
    expect(crumbs.getByRole('link', { name: 'Periodiek – april 2026' }).getAttribute('href')).toBe('/kosten/maandelijks');
  });

  it('shows the usage categories above zero, highest first; the total opens the month’s usage report', async () => {
    const requests = mockCosts({
      'GET /api/costs': () =>
        json(200, monthCosts({ usage: 9.4, usagedetail: { costs: { data: 2.1, voice: 6.2, sms: 0, bundle: 1.1 } } })),
    });
    renderWithProviders('/kosten/verbruik', { preloadedState: withCostsMonth('2026-02-01') });

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
    renderWithProviders('/kosten/setup/12', { preloadedState: withCostsMonth('2026-04-01') });

    expect(await screen.findByText('Dit artikel heeft in april 2026 geen kosten van deze soort.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar de kosten' }).getAttribute('href')).toBe('/kosten');
  });
});
