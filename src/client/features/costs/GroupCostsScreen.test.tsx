import { screen, waitFor, within } from '@testing-library/react';
import { monthOptions } from '../../../domain/time';
import { json } from '../../test/http';
import { permissions } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';
import { spyOnSaves, xlsxResponse } from '../../test/downloads';
import { actingCompany } from '../company/testData';
import { mockCosts, queriesOf } from './testData';

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

const mockGroup = (granted = permissions('EDIT_PARENT_COMPANY'), company = actingCompany) =>
  mockCosts({
    'GET /api/auth/policies': () => json(200, granted),
    'GET /api/company/20': () => json(200, company),
    'GET /api/group/costs': () => json(200, { data: groupCosts }),
  });

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

it("shows every branch's costs of the month and the group's totals, in Dutch notation", async () => {
  const requests = mockGroup();
  renderWithProviders(`/kosten/groep?maand=${previous.value.slice(0, 7)}`, { preloadedState: loggedIn() });

  const table = await screen.findByRole('table', { name: `Kosten ${previous.label} per vestiging van Van Dijk Groep` });
  expect(rowTexts(table)).toEqual([
    ['Vestiging', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totale kosten', 'Kosten'],
    ['Van Dijk Elektrotechniek B.V.', '€ 120,50', '€ 0,00', '€ 25,00', '€ 3,10', '€ 148,60', 'Bekijken'],
    ['Van Dijk Installatietechniek B.V.', '€ 1.234,56', '€ 10,01', '€ 0,00', '€ 0,43', '€ 1.245,00', 'Bekijken'],
    ['Totaal Van Dijk Groep', '€ 1.355,06', '€ 10,01', '€ 25,00', '€ 3,53', '€ 1.393,60', ''],
  ]);
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

it("opens the acting company's own costs screen of the month from its row", async () => {
  mockGroup();
  const { user, location } = renderWithProviders(`/kosten/groep?maand=${previous.value.slice(0, 7)}`, { preloadedState: loggedIn() });

  await user.click(await screen.findByRole('button', { name: 'Kosten van Van Dijk Installatietechniek B.V. bekijken' }));
  await waitFor(() => expect(location().pathname).toBe('/kosten'));
  expect(location().search).toBe(`?maand=${previous.value.slice(0, 7)}`);
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
