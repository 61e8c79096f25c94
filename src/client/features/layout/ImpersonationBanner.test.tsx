import { act, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { initialUiState } from '../../base/uiSlice';
import { json } from '../../test/http';
import { mockPortal, permissions } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';

/** docs/permissions.md, 'Managing a company': the banner says until when the company is managed, and the managing ends by itself. */

const NOW = Math.floor(Date.now() / 1000);
const COMPANY = 'Van Dijk Elektrotechniek B.V.';
const ENDED = MSG.impersonationExpired(COMPANY);

// Tokens that outlive the impersonation, so only its end is tested, not the token's own expiry.
const own = makeToken({ company_id: 20, exp: NOW + 3 * 3600 });
const managing = (endsAt: number) => makeToken({ company_id: 33, impersonate: 20, imp_exp: endsAt, exp: NOW + 3 * 3600 });

const renderManaging = (token: string) =>
  renderWithProviders('/kosten', {
    preloadedState: { ...loggedIn(token, own), ui: { ...initialUiState, managedCompanyId: 33, _persist: { version: 1, rehydrated: true } } },
  });

const companyRoute = { 'GET /api/company/33': () => json(200, { id: 33, name: COMPANY }) };

const expectBackHome = async (store: ReturnType<typeof renderManaging>['store'], location: ReturnType<typeof renderManaging>['location']) => {
  expect(await screen.findByText(ENDED)).toBeTruthy();
  await waitFor(() => expect(location().pathname).toBe('/dashboard'));
  expect(store.getState().auth).toMatchObject({ token: own, originalToken: null });
  expect(store.getState().ui.managedCompanyId).toBeNull();
  expect(screen.queryByText(/Je beheert nu/)).toBeNull();
};

afterEach(() => jest.restoreAllMocks());

describe('ImpersonationBanner', () => {
  it('says until when the company is managed, and stopping ends it on the server with the own token', async () => {
    const endsAt = NOW + 45 * 60;
    const requests = mockPortal({ ...companyRoute, 'POST /api/auth/impersonate/stop': () => new Response(null, { status: 204 }) });
    const { user, store, location } = renderManaging(managing(endsAt));

    const banner = (await screen.findByText(`Je beheert nu ${COMPANY} tot ${formatDateTime(endsAt).slice(-5)}.`)).closest('[role="status"]') as HTMLElement;
    await user.click(within(banner).getByRole('button', { name: 'Stop met beheren.' }));

    await waitFor(() => expect(location().pathname).toBe('/dashboard'));
    expect(store.getState().auth).toMatchObject({ token: own, originalToken: null });
    await waitFor(() => expect(requests.find((r) => r.url === '/api/auth/impersonate/stop')?.authorization).toBe(`Bearer ${own}`));
    expect(screen.queryByText(ENDED)).toBeNull();
  });

  it('goes back to the own company with a message when the hour passed while the tab slept', async () => {
    const requests = mockPortal(companyRoute);
    const { store, location } = renderManaging(managing(NOW - 60));

    await expectBackHome(store, location);
    expect(requests.find((r) => r.url === '/api/auth/impersonate/stop')?.authorization).toBe(`Bearer ${own}`);
  });

  it('checks again when the window gets the focus back', async () => {
    mockPortal(companyRoute);
    const endsAt = NOW + 3600;
    const { store, location } = renderManaging(managing(endsAt));
    await screen.findByText(new RegExp(`Je beheert nu ${COMPANY.replace(/\./g, '\\.')} tot`));

    jest.spyOn(Date, 'now').mockReturnValue((endsAt + 5) * 1000);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    await expectBackHome(store, location);
  });

  it('goes back to the own company when the server refuses the managing token', async () => {
    const token = managing(NOW + 3600);
    mockPortal({
      ...companyRoute,
      'GET /api/auth/policies': ({ authorization }) =>
        authorization === `Bearer ${token}` ? json(401, { message: 'Niet ingelogd of sessie verlopen.' }) : json(200, permissions('CREATE_SERVICE')),
    });
    const { store, location } = renderManaging(token);

    await expectBackHome(store, location);
    expect(store.getState().auth.status).toBe('authenticated');
  });
});
