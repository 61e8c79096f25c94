import { configure, screen, within } from '@testing-library/react';
import type { Permission } from '../../../domain/permissions';
import { json, type SeenRequest } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import { ASKED_AT, requestSummary } from '../../test/requestsData';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn } from '../../test/tokens';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30000);

const awaiting = requestSummary({ id: 30, kind: 'tariff_change', state: 'awaiting_approval', service_label: '06128', requested_by: { id: 6, name: 'Piet de Boer' }, created_at: ASKED_AT + 3600 });
const block = requestSummary({ id: 31 });

/** GET /requests answering per state, or the open ones newest first, as the server filters. */
const requestsServer = (granted: Permission[]) =>
  mockPortal({
    'GET /api/auth/policies': () => json(200, permissions(...granted)),
    'GET /api/requests': (request: SeenRequest) => {
      const query = new URL(request.url, 'http://portal').searchParams;
      const items = query.get('open') === 'true' ? [awaiting, block] : [awaiting, block].filter((r) => r.state === query.get('state'));
      return json(200, { items, total: items.length });
    },
  });

const stateQueries = (requests: SeenRequest[]) =>
  requests.filter((r) => r.url.startsWith('/api/requests')).map((r) => new URL(r.url, 'http://portal').searchParams.get('state'));

describe('the dashboard and requests', () => {
  it('shows an approver first what waits for approval, then the open requests', async () => {
    requestsServer(['REQUEST_CHANGES', 'APPROVE_REQUESTS']);
    renderWithProviders('/dashboard', { preloadedState: loggedIn() });

    const approval = within(await screen.findByRole('region', { name: 'Wacht op jouw goedkeuring' }));
    expect(approval.getByRole('link', { name: 'Ander abonnement: 06128' }).getAttribute('href')).toBe('/aanvragen/30');
    expect(approval.queryByRole('link', { name: 'Blokkeren: 06127' })).toBeNull();

    const open = within(await screen.findByRole('region', { name: 'Aanvragen' }));
    // Newest first, whatever their state.
    expect(open.getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0].textContent)).toEqual([
      'Ander abonnement: 06128',
      'Blokkeren: 06127',
    ]);
    // A block shows with its state.
    expect(within(open.getAllByRole('listitem')[1]).getByText('Ingediend')).toBeTruthy();
    expect(open.getByRole('link', { name: 'Alle aanvragen' }).getAttribute('href')).toBe('/aanvragen');

    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('dashboard-goedkeuring')).toBeLessThan(regions.indexOf('dashboard-aanvragen'));
    expect(regions.indexOf('dashboard-aanvragen')).toBeLessThan(regions.indexOf('dashboard-diensten'));
  });

  it('shows no approval card without APPROVE_REQUESTS', async () => {
    requestsServer(['REQUEST_CHANGES']);
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    await screen.findByRole('region', { name: 'Aanvragen' });
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Wacht op jouw goedkeuring' })).toBeNull();
  });

  it('shows neither card, and asks nothing, without the permissions', async () => {
    const requests = requestsServer([]);
    const { store } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    await within(await screen.findByRole('region', { name: 'Mijn diensten' })).findByText('1 afname');
    await whenSettled(store);
    expect(screen.queryByRole('region', { name: 'Aanvragen' })).toBeNull();
    expect(stateQueries(requests)).toEqual([]);
  });
});
