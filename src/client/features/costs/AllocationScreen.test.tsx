import { screen, waitFor, within } from '@testing-library/react';
import { monthOptions } from '../../../domain/time';
import { spyOnSaves, xlsxResponse } from '../../test/downloads';
import { json, type Routes } from '../../test/http';
import { permissions } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { actingCompany } from '../company/testData';
import type { AllocationAfname, AllocationRow } from './allocationApi';
import { mockCosts, queriesOf } from './testData';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): the field chooser,
 * the month's costs per value with 'Zonder waarde' and the total, the downloads, the drill-down
 * to the afnames behind a value, and the same for the group. No chart is drawn.
 */
jest.mock('highcharts-react-official', () => ({ __esModule: true, default: () => null }));

const [, previous] = monthOptions();
const month = previous.value.slice(0, 7);

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

const fields = [
  { key: 'free:1', name: 'Kostenplaats', kind: 'free' },
  { key: 'category:Afdeling', name: 'Afdeling', kind: 'category' },
];

const amounts = (periodic: number, full: number, setup: number, usage: number, total: number) => ({ periodic, full, setup, usage, total });

const rows: AllocationRow[] = [
  { value: 'KP-100', afnames: 3, ...amounts(1200.5, 0, 25, 9.06, 1234.56) },
  { value: 'KP-200', afnames: 1, ...amounts(20, 10.01, 0, 0.43, 30.44) },
  { value: null, afnames: 2, ...amounts(5, 0, 0, 3.1, 8.1) },
];
const total = amounts(1225.5, 10.01, 25, 12.59, 1273.1);

const afname = (overrides: Partial<AllocationAfname>): AllocationAfname => ({
  service_id: 31,
  company_id: 20,
  company_name: 'Van Dijk Installatietechniek B.V.',
  article_id: 7,
  article_group_id: 1,
  article_name: 'Zakelijk Onbeperkt 10GB',
  productgroup: 'Mobiele telefonie',
  firstname: 'Jan',
  lastname: 'Jansen',
  number: '0612345678',
  ...amounts(5, 0, 0, 1.1, 6.1),
  ...overrides,
});

const withoutValue = [afname({}), afname({ service_id: null, article_name: 'Groepsbundel', firstname: null, lastname: null, number: null, ...amounts(0, 0, 0, 2, 2) })];

const searchOf = (url: string) => new URL(url, 'http://portal').searchParams;

/** The allocation calls under `prefix` (`/api/costs` or `/api/group/costs`), the company's choice kept as the server keeps it. */
const allocationRoutes = (prefix: string, chosen: string | null, afnames: AllocationAfname[] = withoutValue): Routes => {
  let field = chosen;
  return {
    [`GET ${prefix}/allocation/fields`]: () => json(200, { data: { fields, chosen: field } }),
    [`PUT ${prefix}/allocation/field`]: ({ body }) => {
      field = (body as { field: string | null }).field;
      return json(200, { data: { chosen: field } });
    },
    [`GET ${prefix}/allocation`]: ({ url }) => {
      const key = searchOf(url).get('field') ?? field;
      return json(200, { data: { month, field: fields.find((f) => f.key === key) ?? null, rows: key ? rows : [], total } });
    },
    [`GET ${prefix}/allocation/afnames`]: () => json(200, { data: afnames }),
  };
};

const EXPECTED_TABLE = [
  ['Kostenplaats', 'Afnames', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totaal'],
  ['KP-100', '3', '€ 1.200,50', '€ 0,00', '€ 25,00', '€ 9,06', '€ 1.234,56'],
  ['KP-200', '1', '€ 20,00', '€ 10,01', '€ 0,00', '€ 0,43', '€ 30,44'],
  ['Zonder waarde', '2', '€ 5,00', '€ 0,00', '€ 0,00', '€ 3,10', '€ 8,10'],
  ['Totaal', '6', '€ 1.225,50', '€ 10,01', '€ 25,00', '€ 12,59', '€ 1.273,10'],
];

const tableName = `Kosten ${previous.label} per Kostenplaats`;

afterEach(() => jest.restoreAllMocks());

describe('Per kostenplaats (/kosten/per-kostenplaats)', () => {
  it('is linked from /kosten with the month, and opens on the remembered field with a row Zonder waarde and the month’s total', async () => {
    const requests = mockCosts(allocationRoutes('/api/costs', 'free:1'));
    const { user, location } = renderWithProviders(`/kosten?maand=${month}`, { preloadedState: loggedIn() });

    const link = await screen.findByRole('link', { name: 'Per kostenplaats' });
    expect(link.getAttribute('href')).toBe(`/kosten/per-kostenplaats?maand=${month}`);
    await user.click(link);

    const table = await screen.findByRole('table', { name: tableName });
    expect(location().pathname).toBe('/kosten/per-kostenplaats');
    expect(rowTexts(table)).toEqual(EXPECTED_TABLE);
    expect((screen.getByLabelText('Verdelen naar') as HTMLSelectElement).value).toBe('free:1');
    expect(screen.getAllByText('Bedragen excl. btw')).toHaveLength(1);
    expect(queriesOf(requests, '/api/costs/allocation')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String), field: 'free:1' }]);
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('explains the view until a field is chosen; the choice is remembered for the company (PUT) and shows the table', async () => {
    const requests = mockCosts(allocationRoutes('/api/costs', null));
    const { user, location } = renderWithProviders(`/kosten/per-kostenplaats?maand=${month}`, { preloadedState: loggedIn() });

    expect(await screen.findByText(/Kies bij ‘Verdelen naar’ een veld van je afnames/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(queriesOf(requests, '/api/costs/allocation')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Verdelen naar'), 'Kostenplaats');

    expect(rowTexts(await screen.findByRole('table', { name: tableName }))).toEqual(EXPECTED_TABLE);
    expect(requests.filter((request) => request.method === 'PUT').map((request) => [request.url, request.body])).toEqual([
      ['/api/costs/allocation/field', { field: 'free:1' }],
    ]);
    expect(location().search).toBe(`?maand=${month}&veld=free%3A1`);
    expect(await screen.findByText('De kosten worden verdeeld naar Kostenplaats.')).toBeTruthy();
  });

  it('says so when the company has no field to allocate by', async () => {
    mockCosts({ 'GET /api/costs/allocation/fields': () => json(200, { data: { fields: [], chosen: null } }) });
    renderWithProviders(`/kosten/per-kostenplaats?maand=${month}`, { preloadedState: loggedIn() });

    expect(await screen.findByText(/Je bedrijf heeft nog geen vrije velden of categorievelden/)).toBeTruthy();
    expect(screen.queryByLabelText('Verdelen naar')).toBeNull();
  });

  it('opens the afnames behind Zonder waarde and behind a value, with their total', async () => {
    const requests = mockCosts(allocationRoutes('/api/costs', 'free:1'));
    const { user, location } = renderWithProviders(`/kosten/per-kostenplaats?maand=${month}`, { preloadedState: loggedIn() });

    const table = await screen.findByRole('table', { name: tableName });
    // A click anywhere in the row opens it, as the link does.
    await user.click(within(table).getByText('€ 8,10'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Zonder waarde' })).toBeTruthy();
    expect(location().pathname).toBe('/kosten/per-kostenplaats/waarde');
    expect(location().search).toBe(`?maand=${month}&veld=free%3A1`);
    const afnames = await screen.findByRole('table', { name: 'Afnames' });
    expect(rowTexts(afnames)).toEqual([
      ['Artikel', 'Eindgebruiker', 'Nummer', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totaal'],
      ['Zakelijk Onbeperkt 10GB', 'Jan Jansen', '0612345678', '€ 5,00', '€ 0,00', '€ 0,00', '€ 1,10', '€ 6,10'],
      ['Groepsbundel', '–', '–', '€ 0,00', '€ 0,00', '€ 0,00', '€ 2,00', '€ 2,00'],
      ['Totaal', '', '', '€ 5,00', '€ 0,00', '€ 0,00', '€ 3,10', '€ 8,10'],
    ]);
    // An afname opens its page; a line of no afname is no link.
    expect(within(afnames).getByRole('link', { name: 'Zakelijk Onbeperkt 10GB' }).getAttribute('href')).toBe(
      '/mijn-diensten/1/mobiele-telefonie/7/zakelijk-onbeperkt-10gb/31/jan-jansen',
    );
    expect(within(afnames).queryByRole('link', { name: 'Groepsbundel' })).toBeNull();
    expect(screen.getByText(`Kostenplaats · ${previous.label}`)).toBeTruthy();
    expect(screen.getAllByText('Bedragen excl. btw')).toHaveLength(1);
    // Without `value`: the afnames without one.
    expect(queriesOf(requests, '/api/costs/allocation/afnames')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String), field: 'free:1' }]);

    const crumbs = within(screen.getByRole('navigation', { name: 'Kruimelpad' }));
    await user.click(crumbs.getByRole('link', { name: 'Per kostenplaats' }));
    await user.click(within(await screen.findByRole('table', { name: tableName })).getByRole('link', { name: 'KP-100' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'KP-100' })).toBeTruthy();
    expect(location().search).toBe(`?maand=${month}&veld=free%3A1&waarde=KP-100`);
    expect(queriesOf(requests, '/api/costs/allocation/afnames').at(-1)).toEqual({
      costs_date_from: previous.value,
      costs_date_to: expect.any(String),
      field: 'free:1',
      value: 'KP-100',
    });
  });

  it('downloads the table as CSV and as Excel, under the names the server gives', async () => {
    const saves = spyOnSaves('blob:kostenplaats');
    const requests = mockCosts({
      ...allocationRoutes('/api/costs', 'free:1'),
      'GET /api/costs/allocation/download': ({ url }) =>
        searchOf(url).get('format') === 'xlsx'
          ? Object.assign(xlsxResponse(), { headers: new Headers({ 'content-disposition': `attachment; filename="kosten-per-kostenplaats-${month}.xlsx"` }) })
          : new Response('Kostenplaats;Totaal\r\n', {
              status: 200,
              headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="kosten-per-kostenplaats-${month}.csv"` },
            }),
    });
    const { user } = renderWithProviders(`/kosten/per-kostenplaats?maand=${month}`, { preloadedState: loggedIn() });
    await screen.findByRole('table', { name: tableName });

    await user.click(screen.getByRole('button', { name: 'CSV downloaden' }));
    await user.click(screen.getByRole('button', { name: 'Excel downloaden' }));

    await waitFor(() =>
      expect(saves.saved.map((file) => file.fileName)).toEqual([`kosten-per-kostenplaats-${month}.csv`, `kosten-per-kostenplaats-${month}.xlsx`]),
    );
    expect(queriesOf(requests, '/api/costs/allocation/download')).toEqual([
      { costs_date_from: previous.value, costs_date_to: expect.any(String), field: 'free:1' },
      { costs_date_from: previous.value, costs_date_to: expect.any(String), field: 'free:1', format: 'xlsx' },
    ]);
    saves.restore();
  });
});

describe('Per kostenplaats of the group (/kosten/groep/per-kostenplaats)', () => {
  const groupAfnames = [
    afname({ company_id: 21, company_name: 'Van Dijk Elektrotechniek B.V.', service_id: 40, number: '0687654321' }),
    afname({}),
  ];

  it('shows the group’s rows from the group calls, and the branch of each afname behind a value', async () => {
    const requests = mockCosts({
      'GET /api/auth/policies': () => json(200, permissions('EDIT_PARENT_COMPANY')),
      'GET /api/company/20': () => json(200, actingCompany),
      'GET /api/group/costs': () =>
        json(200, {
          data: {
            parent: { id: 3, name: 'Van Dijk Groep' },
            month,
            article_groups: [],
            branches: [],
            group: { ...amounts(0, 0, 0, 0, 0), services: [] },
          },
        }),
      ...allocationRoutes('/api/group/costs', null, groupAfnames),
    });
    const { user, location } = renderWithProviders(`/kosten/groep?maand=${month}`, { preloadedState: loggedIn() });

    // The group view offers the group's specification and its Per kostenplaats, and says once that amounts exclude VAT.
    expect(await screen.findByRole('button', { name: `Kostenspecificatie groep ${previous.label} (PDF)` })).toBeTruthy();
    expect(screen.getAllByText('Bedragen excl. btw')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Per kostenplaats' }));
    await screen.findByRole('heading', { level: 1, name: 'Per kostenplaats (groep)' });
    expect(location().pathname).toBe('/kosten/groep/per-kostenplaats');

    await user.selectOptions(await screen.findByLabelText('Verdelen naar'), 'Kostenplaats');
    const table = await screen.findByRole('table', { name: tableName });
    expect(rowTexts(table)).toEqual(EXPECTED_TABLE);
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.url)).toEqual(['/api/group/costs/allocation/field']);
    expect(queriesOf(requests, '/api/costs/allocation')).toEqual([]);

    await user.click(within(table).getByRole('link', { name: 'KP-200' }));
    const afnames = await screen.findByRole('table', { name: 'Afnames' });
    expect(location().pathname).toBe('/kosten/groep/per-kostenplaats/waarde');
    expect(rowTexts(afnames).map((row) => row.slice(0, 4))).toEqual([
      ['Artikel', 'Vestiging', 'Eindgebruiker', 'Nummer'],
      ['Zakelijk Onbeperkt 10GB', 'Van Dijk Elektrotechniek B.V.', 'Jan Jansen', '0687654321'],
      ['Zakelijk Onbeperkt 10GB', 'Van Dijk Installatietechniek B.V.', 'Jan Jansen', '0612345678'],
      ['Totaal', '', '', ''],
    ]);
    expect(queriesOf(requests, '/api/group/costs/allocation/afnames')).toEqual([
      { costs_date_from: previous.value, costs_date_to: expect.any(String), field: 'free:1', value: 'KP-200' },
    ]);
    // A branch's afname is not the acting company's to open.
    expect(within(afnames).queryByRole('link', { name: 'Zakelijk Onbeperkt 10GB' })).toBeNull();
    const crumbs = within(screen.getByRole('navigation', { name: 'Kruimelpad' }));
    expect(crumbs.getByRole('link', { name: 'Groepsoverzicht' }).getAttribute('href')).toBe('/kosten/groep');
  });
});
