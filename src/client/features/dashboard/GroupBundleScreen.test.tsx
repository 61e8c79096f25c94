import { screen, waitFor, within } from '@testing-library/react';
import { monthOptions } from '../../../domain/time';
import { initialUiState } from '../../base/uiSlice';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { json, type SeenRequest } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import { loggedIn } from '../../test/tokens';
import type { GroupBundleUsage } from './dashboardApi';

const [current, previous] = monthOptions();
const currentKey = current.value.slice(0, 7);
const previousKey = previous.value.slice(0, 7);

/** The running month of a 50 GB bundle, 20 GB used over the 10 days the records cover. */
const runningMonth: GroupBundleUsage = {
  has_group_bundle: true,
  month: currentKey,
  total_gb: 50,
  gb_used: 20,
  projection: {
    basis: 'projected',
    through: `${currentKey}-10`,
    days_covered: 10,
    days_in_month: 30,
    projected_gb: 60,
    runs_out_on: `${currentKey}-25`,
    used_up: false,
    text: 'Bij dit verbruik is de bundel op 25-11-2026 op',
  },
  days: [
    { day: `${currentKey}-01`, bytes: 12 * 1024 ** 3, gb: 12 },
    { day: `${currentKey}-02`, bytes: 0, gb: 0 },
    { day: `${currentKey}-03`, bytes: 8 * 1024 ** 3, gb: 8 },
  ],
  top: [
    { number: '0612345678', service_id: 7, end_user: { id: 3, firstname: 'Jan', lastname: 'de Vries' }, article: { id: 2, name: 'Zakelijk 10GB' }, bytes: 15 * 1024 ** 3, gb: 15 },
    { number: '0687654321', service_id: 8, end_user: null, article: { id: 2, name: 'Zakelijk 10GB' }, bytes: 1234.5 * 1024 ** 2, gb: 1.2056 },
  ],
};

const bundleMonths = (requests: SeenRequest[]) =>
  requests
    .filter((r) => r.url.startsWith('/api/costs/groupbundle/usage'))
    .map((r) => new URL(r.url, 'http://portal').searchParams.get('costs_date_from'));

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('[role=cell], [role=columnheader]')].map((cell) => cell.textContent));

describe('GroupBundleScreen', () => {
  it('shows GB used of the total, the projection, a column per day and the top numbers of the running month', async () => {
    const requests = mockPortal({
      'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: true }),
      'GET /api/costs/groupbundle/usage': () => json(200, runningMonth),
    });
    renderWithProviders(`/groepsbundel?maand=${currentKey}`, { preloadedState: loggedIn() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Groepsbundel' })).toBeTruthy();
    expect(await screen.findByText('20,00 GB van 50,00 GB (40 %)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Verbruik groepsbundel' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Bij dit verbruik is de bundel op 25-11-2026 op')).toBeTruthy();
    expect(screen.getByRole('link', { name: `Verbruiksrapport ${current.label}` }).getAttribute('href')).toMatch(/^\/verbruik\?from=/);

    const table = screen.getByRole('table', { name: 'Grootste verbruikers' });
    expect(rowTexts(table)).toEqual([
      ['Nummer', 'Gebruiker', 'Artikel', 'Verbruik'],
      ['0612345678', 'Jan de Vries', 'Zakelijk 10GB', '15,00 GB'],
      ['0687654321', 'Zonder gebruiker', 'Zakelijk 10GB', '1,21 GB'],
    ]);
    // A number opens its records over the month.
    expect(within(table).getByRole('link', { name: '0612345678' }).getAttribute('href')).toMatch(/^\/verbruik\/3\/jan-de-vries\/0612345678\?from=/);

    expect(screen.getByRole('region', { name: 'Verbruik per dag' })).toBeTruthy();
    // The chart (a chunk of its own): a column per day of the month so far, described for screen
    // readers. (jsdom lays out no columns; the axis's days and the description show it is there.)
    const days = screen.getByRole('region', { name: 'Verbruik per dag' });
    const dayLabels = () => [...days.querySelectorAll('.highcharts-xaxis-labels text')].map((t) => t.textContent);
    await waitFor(() => expect(dayLabels()).toEqual(expect.arrayContaining(['1', '2', '3'])), { timeout: 15000 });
    expect(dayLabels()).not.toContain('4');
    expect(days.textContent).toContain('Staafdiagram met 3 staven.');
    expect(days.textContent).toContain(`Verbruik van de groepsbundel per dag in ${current.label}, in GB.`);
    expect(days.textContent).toContain('De X-as toont Dag.');
    expect(bundleMonths(requests)).toEqual([current.value]);
  });

  it('shows a month that is over without projection, and follows the month picker into the address', async () => {
    const requests = mockPortal({
      'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: true }),
      'GET /api/costs/groupbundle/usage': (request) =>
        new URL(request.url, 'http://portal').searchParams.get('costs_date_from') === current.value
          ? json(200, runningMonth)
          : json(200, { ...runningMonth, month: previousKey, gb_used: 12.5, projection: null, top: [] }),
    });
    const { user, location, store } = renderWithProviders(`/groepsbundel?maand=${currentKey}`, { preloadedState: loggedIn() });

    await screen.findByText('Bij dit verbruik is de bundel op 25-11-2026 op');
    await user.selectOptions(screen.getByLabelText('Maand'), previous.value);

    expect(await screen.findByText('12,50 GB van 50,00 GB (25 %)')).toBeTruthy();
    expect(screen.queryByText(/Bij dit verbruik/)).toBeNull();
    expect(screen.getByText(`Geen verbruik uit de groepsbundel in ${previous.label}.`)).toBeTruthy();
    expect(location().search).toBe(`?maand=${previousKey}`);
    // The dashboard follows the choice.
    expect(store.getState().ui.selectedMonth).toBe(previous.value);
    expect(bundleMonths(requests)).toEqual([current.value, previous.value]);
  });

  it("opens on the dashboard's month without a month in the address", async () => {
    const requests = mockPortal({
      'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: true }),
      'GET /api/costs/groupbundle/usage': () => json(200, { ...runningMonth, projection: null }),
    });
    renderWithProviders('/groepsbundel', {
      preloadedState: { ...loggedIn(), ui: { ...initialUiState, selectedMonth: previous.value, _persist: { version: 1, rehydrated: true } } },
    });

    expect(await screen.findByText('20,00 GB van 50,00 GB (40 %)')).toBeTruthy();
    expect(bundleMonths(requests)).toEqual([previous.value]);
  });

  it('says so for a company without group bundle, and offers Herberekenen to staff', async () => {
    const requests = mockPortal({ 'GET /api/auth/policies': () => json(200, permissions('CREATE_COMPANY')) });
    renderWithProviders('/groepsbundel', { preloadedState: loggedIn() });

    expect(await screen.findByText('Dit bedrijf heeft geen groepsbundel.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Herberekenen' })).toBeTruthy();
    expect(bundleMonths(requests)).toEqual([]);
  });

  it("is in the menu under Verbruik for a company with a group bundle, and only then", async () => {
    mockPortal({ 'GET /api/costs/hasgroupbundle': () => json(200, { has_group_bundle: true }) });
    const first = renderWithProviders('/verbruik', { preloadedState: loggedIn() });
    const menu = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect((await within(menu).findByRole('link', { name: 'Groepsbundel' })).getAttribute('href')).toBe('/groepsbundel');
    first.unmount();

    const requests = mockPortal();
    const { store } = renderWithProviders('/verbruik', { preloadedState: loggedIn() });
    await within(await screen.findByRole('navigation', { name: 'Hoofdmenu' })).findByRole('link', { name: 'Verbruik' });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/costs/hasgroupbundle')).toBe(true));
    await whenSettled(store);
    expect(screen.queryByRole('link', { name: 'Groepsbundel' })).toBeNull();
  });
});
