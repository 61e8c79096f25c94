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
};

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

  it('shows the group bundle of the current month in Dutch notation, linking to the usage report', async () => {
    const requests = mockPortal(withGroupBundle);
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const usage = await screen.findByText('12,35 GB van 50,00 GB');
    expect(usage.closest('a')?.getAttribute('href')).toBe('/verbruik');
    expect(screen.getByRole('progressbar', { name: 'Verbruik groepsbundel' }).getAttribute('aria-valuenow')).toBe('24.69');
    expect(bundleMonths(requests, '/api/groupbundlecosts')).toEqual([current.value]);
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
    await user.click(tools.getByRole('button', { name: 'Beheren' }));

    expect(await screen.findByText(/Je beheert nu Bakkerij De Korenschoof\./)).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST' && r.url.startsWith('/api/auth/impersonate'))?.url).toBe(
      '/api/auth/impersonate?company_id=33',
    );
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
    await user.click(tools.getByRole('button', { name: 'Beheren' }));

    expect(await screen.findByText(MSG.unknownError)).toBeTruthy();
    expect(store.getState().auth.originalToken).toBeNull();
  });

  it('hides the QA tools from customers', async () => {
    mockPortal();
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    await screen.findByText('Anna van Dijk');
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'QA-hulpmiddelen' })).toBeNull();
  });
});
