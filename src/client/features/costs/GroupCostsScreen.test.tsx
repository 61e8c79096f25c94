import { screen, waitFor, within } from '@testing-library/react';
import { monthOptions } from '../../../domain/time';
import { json } from '../../test/http';
import { permissions } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { spyOnSaves, xlsxResponse } from '../../test/downloads';
import { actingCompany } from '../company/testData';
import { costLine, mockCosts, monthCosts, queriesOf } from './testData';

/** /kosten/groep, 'Groepsoverzicht' (docs/rules.md, 'The group view'), and its menu item. */

const [, previous] = monthOptions();
const groupCosts = {
  parent: { id: 4, name: 'Van Dijk Groep' },
  month: previous.value.slice(0, 7),
  article_groups: [
    { id: 1, name: 'Mobiele telefonie' },
    { id: 2, name: 'Internet' },
  ],
  branches: [
    {
      company_id: 21,
      name: 'Van Dijk Elektrotechniek B.V.',
      periodic: 120.5,
      full: 0,
      setup: 25,
      usage: 3.1,
      total: 148.6,
      services: [
        { article_group_id: 1, count: 12 },
        { article_group_id: 2, count: 0 },
      ],
      bundle: null,
    },
    {
      company_id: 20,
      name: 'Van Dijk Installatietechniek B.V.',
      periodic: 1234.56,
      full: 10.01,
      setup: 0,
      usage: 0.43,
      total: 1245,
      services: [
        { article_group_id: 1, count: 1200 },
        { article_group_id: 2, count: 3 },
      ],
      bundle: { total_gb: 50, gb_used: 41.256 },
    },
  ],
  group: {
    periodic: 1355.06,
    full: 10.01,
    setup: 25,
    usage: 3.53,
    total: 1393.6,
    services: [
      { article_group_id: 1, count: 1212 },
      { article_group_id: 2, count: 3 },
    ],
  },
};

/** GET /group/branches: the acting company (20) is klant's own, so not to manage; its sibling is. */
const groupBranches = {
  parent: groupCosts.parent,
  branches: [
    { company_id: 21, name: 'Van Dijk Elektrotechniek B.V.', may_manage: true },
    { company_id: 20, name: 'Van Dijk Installatietechniek B.V.', may_manage: false },
  ],
};

const mockGroup = (granted = permissions('EDIT_PARENT_COMPANY'), company = actingCompany) =>
  mockCosts({
    'GET /api/auth/policies': () => json(200, granted),
    'GET /api/company/20': () => json(200, company),
    'GET /api/group/costs': () => json(200, { data: groupCosts }),
    'GET /api/group/branches': () => json(200, { data: groupBranches }),
    'GET /api/group/branches/21/costs': () => json(200, monthCosts()),
    'GET /api/group/branches/20/costs': () => json(200, monthCosts()),
    'GET /api/group/branches/21/costslinesmonthly': () =>
      json(200, [costLine({ article_id: 12, total_price: 0.3 }), costLine({ article_id: 13, article_name: 'Vast Basis', total_price: 0.1 })]),
  });

const MONTH = previous.value.slice(0, 7);

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

it("shows every branch's costs of the month and the group's totals, in Dutch notation", async () => {
  const requests = mockGroup();
  renderWithProviders(`/kosten/groep?maand=${previous.value.slice(0, 7)}`, { preloadedState: loggedIn() });

  const table = await screen.findByRole('table', { name: `Kosten ${previous.label} per vestiging van Van Dijk Groep` });
  // 'Beheren' once GET /group/branches says the user may manage the branch.
  await waitFor(() => expect(rowTexts(table)).toEqual([
    ['Vestiging', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totale kosten', 'Kosten'],
    ['Van Dijk Elektrotechniek B.V.', '€ 120,50', '€ 0,00', '€ 25,00', '€ 3,10', '€ 148,60', 'BekijkenBeheren'],
    ['Van Dijk Installatietechniek B.V.', '€ 1.234,56', '€ 10,01', '€ 0,00', '€ 0,43', '€ 1.245,00', 'Bekijken'],
    ['Totaal Van Dijk Groep', '€ 1.355,06', '€ 10,01', '€ 25,00', '€ 3,53', '€ 1.393,60', ''],
  ]));
  expect(queriesOf(requests, '/api/group/costs')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
});

it("shows every branch's services per article group and its group bundle use of the month", async () => {
  mockGroup();
  renderWithProviders(`/kosten/groep?maand=${previous.value.slice(0, 7)}`, { preloadedState: loggedIn() });

  const services = await screen.findByRole('table', { name: 'Afnames per artikelgroep per vestiging' });
  expect(rowTexts(services)).toEqual([
    ['Vestiging', 'Mobiele telefonie', 'Internet'],
    ['Van Dijk Elektrotechniek B.V.', '12', '0'],
    ['Van Dijk Installatietechniek B.V.', '1.200', '3'],
    ['Totaal Van Dijk Groep', '1.212', '3'],
  ]);
  // Only branches with a group bundle; the percentage as the dashboard's bar computes it.
  const bundle = screen.getByRole('table', { name: `Groepsbundel ${previous.label} per vestiging` });
  expect(rowTexts(bundle)).toEqual([
    ['Vestiging', 'Verbruikt', 'Bundel', 'Verbruik'],
    ['Van Dijk Installatietechniek B.V.', '41,26 GB', '50,00 GB', '83 %'],
  ]);
  expect(within(bundle).getByRole('progressbar', { name: 'Verbruik groepsbundel Van Dijk Installatietechniek B.V.' }).getAttribute('aria-valuenow')).toBe('82.512');
});

it('downloads the table of the month as CSV and as Excel', async () => {
  const saves = spyOnSaves('blob:groep');
  const requests = mockCosts({
    'GET /api/auth/policies': () => json(200, permissions('EDIT_PARENT_COMPANY')),
    'GET /api/company/20': () => json(200, actingCompany),
    'GET /api/group/costs': () => json(200, { data: groupCosts }),
    'GET /api/group/branches': () => json(200, { data: groupBranches }),
    'GET /api/group/costs/download': (request) =>
      new URL(request.url, 'http://portal').searchParams.get('format') === 'xlsx'
        ? xlsxResponse()
        : new Response('Vestiging;Periodiek\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
  });
  const { user } = renderWithProviders(`/kosten/groep?maand=${previous.value.slice(0, 7)}`, { preloadedState: loggedIn() });
  await screen.findByRole('table', { name: `Kosten ${previous.label} per vestiging van Van Dijk Groep` });

  await user.click(screen.getByRole('button', { name: 'CSV downloaden' }));
  await user.click(screen.getByRole('button', { name: 'Excel downloaden' }));

  const month = previous.value.slice(0, 7);
  await waitFor(() => expect(saves.saved.map((s) => s.fileName)).toEqual([`groepsoverzicht-${month}.csv`, `groepsoverzicht-${month}.xlsx`]));
  expect(queriesOf(requests, '/api/group/costs/download')).toEqual([
    { costs_date_from: previous.value, costs_date_to: expect.any(String) },
    { costs_date_from: previous.value, costs_date_to: expect.any(String), format: 'xlsx' },
  ]);
  saves.restore();
});

const costsTable = () => screen.findByRole('table', { name: `Kosten ${previous.label} per vestiging van Van Dijk Groep` });
const firstCells = (table: HTMLElement) => rowTexts(table).slice(1).map((cells) => cells[0]);

it('sorts the branches by a header click, amounts high to low first, with the order in the address and the group last', async () => {
  mockGroup();
  const { user, location } = renderWithProviders(`/kosten/groep?maand=${MONTH}`, { preloadedState: loggedIn() });
  const table = await costsTable();
  const elektro = 'Van Dijk Elektrotechniek B.V.';
  const installatie = 'Van Dijk Installatietechniek B.V.';
  expect(firstCells(table)).toEqual([elektro, installatie, 'Totaal Van Dijk Groep']);

  // 'Totale kosten': € 1.245,00 above € 148,60; the header says how it is sorted.
  await user.click(within(table).getByRole('button', { name: 'Totale kosten' }));
  await waitFor(() => expect(firstCells(table)).toEqual([installatie, elektro, 'Totaal Van Dijk Groep']));
  expect(new URLSearchParams(location().search).get('sorteer')).toBe('totaal');
  expect(new URLSearchParams(location().search).get('volgorde')).toBe('aflopend');
  expect(new URLSearchParams(location().search).get('maand')).toBe(MONTH);
  expect(within(table).getByRole('columnheader', { name: 'Totale kosten' }).getAttribute('aria-sort')).toBe('descending');

  await user.click(within(table).getByRole('button', { name: 'Totale kosten' }));
  await waitFor(() => expect(firstCells(table)).toEqual([elektro, installatie, 'Totaal Van Dijk Groep']));
  expect(new URLSearchParams(location().search).get('volgorde')).toBe('oplopend');

  // Set up: € 25,00 (Elektrotechniek) above € 0,00.
  await user.click(within(table).getByRole('button', { name: 'Set up' }));
  await waitFor(() => expect(firstCells(table)).toEqual([elektro, installatie, 'Totaal Van Dijk Groep']));
  expect(new URLSearchParams(location().search).get('sorteer')).toBe('setup');
  // Periodiek: € 1.234,56 above € 120,50.
  await user.click(within(table).getByRole('button', { name: 'Periodiek' }));
  await waitFor(() => expect(firstCells(table)).toEqual([installatie, elektro, 'Totaal Van Dijk Groep']));

  // Vestiging: A-Z first, then Z-A.
  await user.click(within(table).getByRole('button', { name: 'Vestiging' }));
  await waitFor(() => expect(firstCells(table)).toEqual([elektro, installatie, 'Totaal Van Dijk Groep']));
  await user.click(within(table).getByRole('button', { name: 'Vestiging' }));
  await waitFor(() => expect(firstCells(table)).toEqual([installatie, elektro, 'Totaal Van Dijk Groep']));
  expect(location().search).toContain('sorteer=vestiging&volgorde=aflopend');
});

it('shows the table in the order of the address, as a reload or a shared link does', async () => {
  mockGroup();
  renderWithProviders(`/kosten/groep?maand=${MONTH}&sorteer=verbruik&volgorde=aflopend`, { preloadedState: loggedIn() });
  const table = await costsTable();
  // Verbruik: € 3,10 above € 0,43.
  expect(firstCells(table)).toEqual(['Van Dijk Elektrotechniek B.V.', 'Van Dijk Installatietechniek B.V.', 'Totaal Van Dijk Groep']);
  expect(within(table).getByRole('columnheader', { name: 'Verbruik' }).getAttribute('aria-sort')).toBe('descending');
});

it("opens a branch's costs read-only from 'Bekijken': no managing, its own figures, the way back to Groepsoverzicht", async () => {
  const requests = mockGroup();
  const { user, location } = renderWithProviders(`/kosten/groep?maand=${MONTH}`, { preloadedState: loggedIn() });

  await user.click(await screen.findByRole('link', { name: 'Kosten van Van Dijk Elektrotechniek B.V. bekijken' }));
  await screen.findByRole('heading', { level: 1, name: 'Kosten Van Dijk Elektrotechniek B.V.' });
  expect(location().pathname).toBe('/kosten/groep/21/van-dijk-elektrotechniek-b.v.');
  expect(location().search).toBe(`?maand=${MONTH}`);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(requests.some((request) => request.url.startsWith('/api/auth/impersonate'))).toBe(false);

  // The month table as /kosten shows it, with the VAT lines, from the branch's read-only call.
  const summary = await screen.findByRole('table', { name: `Kosten ${previous.label}` });
  expect(rowTexts(summary).at(-1)).toEqual(['Totaal incl. btw', '€ 2,36']);
  expect(screen.getByText('Bedragen excl. btw')).toBeTruthy();
  expect(queriesOf(requests, '/api/group/branches/21/costs')).toEqual([{ costs_date_from: previous.value, costs_date_to: expect.any(String) }]);
  expect(queriesOf(requests, '/api/costs')).toEqual([]);
  // Nothing that acts for the branch: no export, no specification, no requests.
  expect(screen.queryByRole('button', { name: /Export facturatiedetails/ })).toBeNull();
  expect(screen.queryByText(/Kostenspecificatie/)).toBeNull();
  // Klant may manage the sibling: 'Beheren' is there, separately.
  expect(screen.getByRole('button', { name: 'Beheren' })).toBeTruthy();

  // A row opens its detail screen below the branch.
  await user.click(within(summary).getByRole('link', { name: 'Periodiek' }));
  await screen.findByRole('heading', { level: 1, name: `Periodiek – ${previous.label}` });
  expect(location().pathname).toBe('/kosten/groep/21/van-dijk-elektrotechniek-b.v./maandelijks');
  const perArticle = await screen.findByRole('table', { name: 'Per artikel' });
  expect(rowTexts(perArticle).at(-1)).toEqual(['Totaal', '€ 0,40']);
  expect(queriesOf(requests, '/api/group/branches/21/costslinesmonthly')).toHaveLength(1);
  const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
  expect(within(crumbs).getAllByRole('link').map((link) => link.textContent)).toEqual(['Kosten', 'Groepsoverzicht', 'Kosten Van Dijk Elektrotechniek B.V.']);

  await user.click(within(crumbs).getByRole('link', { name: 'Groepsoverzicht' }));
  await costsTable();
  expect(location().pathname).toBe('/kosten/groep');
  expect(location().search).toBe(`?maand=${MONTH}`);
});

it("offers 'Beheren' only for a branch the server lets the user manage, and not on its own company's screen", async () => {
  mockGroup();
  const { user } = renderWithProviders(`/kosten/groep?maand=${MONTH}`, { preloadedState: loggedIn() });
  await costsTable();
  expect(await screen.findByRole('button', { name: 'Van Dijk Elektrotechniek B.V. beheren' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Van Dijk Installatietechniek B.V. beheren' })).toBeNull();

  await user.click(screen.getByRole('link', { name: 'Kosten van Van Dijk Installatietechniek B.V. bekijken' }));
  await screen.findByRole('heading', { level: 1, name: 'Kosten Van Dijk Installatietechniek B.V.' });
  expect(screen.queryByRole('button', { name: 'Beheren' })).toBeNull();
});

it('says a branch outside the group is not found', async () => {
  mockGroup();
  renderWithProviders(`/kosten/groep/99/elders?maand=${MONTH}`, { preloadedState: loggedIn() });
  expect(await screen.findByText('Deze vestiging hoort niet bij je groep.')).toBeTruthy();
});

it('offers the menu item to users who may act for the branches of their parent company, and only to them', async () => {
  mockGroup();
  const first = renderWithProviders('/kosten', { preloadedState: loggedIn() });
  const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
  expect((await within(menu).findByRole('link', { name: 'Groepsoverzicht' })).getAttribute('href')).toBe('/kosten/groep');
  first.unmount();

  mockGroup(permissions('EDIT_PARENT_COMPANY'), { ...actingCompany, parent_company_id: null, parent_company: null });
  const second = renderWithProviders('/kosten', { preloadedState: loggedIn() });
  await within(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).findByRole('link', { name: 'Kosten' });
  await screen.findByRole('table', { name: `Kosten ${previous.label}` });
  expect(screen.queryByRole('link', { name: 'Groepsoverzicht' })).toBeNull();
  second.unmount();

  mockGroup(permissions('CREATE_SERVICE'));
  renderWithProviders('/kosten', { preloadedState: loggedIn() });
  await screen.findByRole('table', { name: `Kosten ${previous.label}` });
  expect(screen.queryByRole('link', { name: 'Groepsoverzicht' })).toBeNull();
});
