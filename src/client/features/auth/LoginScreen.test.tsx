import { renderWithProviders } from '../../test/renderWithProviders';
import { screen } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { deferred, json } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import { loggedIn, makeToken } from '../../test/tokens';

const anonymous = { auth: { status: 'anonymous' as const, token: null, originalToken: null } };

const fillIn = async (user: ReturnType<typeof renderWithProviders>['user']) => {
  await user.type(await screen.findByLabelText(/^E-mailadres/), 'klant@demo.nl');
  await user.type(screen.getByLabelText(/^Wachtwoord/), 'Welkom123!');
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
};

describe('LoginScreen', () => {
  it('disables the button while submitting and shows the error after a refusal', async () => {
    const answer = deferred<Response>();
    mockPortal({ 'POST /api/auth/login': () => answer.promise });
    const { user } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);

    const button = screen.getByRole('button', { name: 'Inloggen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer.resolve(json(401, { message: 'Unauthorized' }));
    expect(await screen.findByText(MSG.loginFailed)).toBeTruthy();
    expect(button.disabled).toBe(false);
  });

  it('shows the same error when the server cannot be reached', async () => {
    mockPortal({ 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);

    expect(await screen.findByText(MSG.loginFailed)).toBeTruthy();
  });

  it('logs in and opens the dashboard', async () => {
    const token = makeToken({ sub: 5, company_id: 20 });
    const requests = mockPortal({ 'POST /api/auth/login': () => json(200, { token }) });
    const { user, store, location } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
    expect(store.getState().auth.token).toBe(token);
    expect(requests.find((r) => r.url === '/api/auth/login')?.body).toEqual({
      email: 'klant@demo.nl',
      password: 'Welkom123!',
    });
  });

  it('logs out whoever was logged in when it opens', async () => {
    const token = makeToken();
    const requests = mockPortal();
    const { store } = renderWithProviders('/login', { preloadedState: loggedIn(token) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(store.getState().auth).toEqual({ status: 'anonymous', token: null, originalToken: null });
    expect(requests.find((r) => r.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${token}`);
  });
});

describe('LoginScreen, two-factor login', () => {
  const challenge = 'uitdaging-1';
  const asksForCode = { 'POST /api/auth/login': () => json(200, { two_factor_required: true, challenge }) };

  it('asks for the code from the app after the password, shows a wrong code next to the field, and logs in with the right one', async () => {
    const token = makeToken({ sub: 5, company_id: 20 });
    let attempts = 0;
    const requests = mockPortal({
      ...asksForCode,
      'POST /api/auth/login/two-factor': () =>
        (attempts += 1) === 1 ? json(401, { message: MSG.twoFactorCodeWrong }) : json(200, { token }),
    });
    const { user, store, location } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);
    const field = await screen.findByLabelText(/^Code uit je authenticator-app/);
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(store.getState().auth.token).toBeNull();

    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText(MSG.twoFactorCodeWrong)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const button = screen.getByRole('button', { name: 'Inloggen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);

    await user.clear(field);
    await user.type(field, '654321');
    await user.click(button);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
    expect(store.getState().auth.token).toBe(token);
    expect(requests.filter((r) => r.url === '/api/auth/login/two-factor').map((r) => r.body)).toEqual([
      { challenge, code: '123456' },
      { challenge, code: '654321' },
    ]);
  });

  it('takes a recovery code instead, through the link', async () => {
    const requests = mockPortal({ ...asksForCode, 'POST /api/auth/login/two-factor': () => json(200, { token: makeToken() }) });
    const { user } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);
    await user.click(await screen.findByRole('button', { name: 'Een herstelcode gebruiken' }));
    expect(screen.queryByLabelText(/^Code uit je authenticator-app/)).toBeNull();
    await user.type(screen.getByLabelText(/^Herstelcode/), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/auth/login/two-factor')?.body).toEqual({ challenge, code: 'abcde-fghjk' });
  });

  it('goes back to the password when the code step took too long', async () => {
    mockPortal({ ...asksForCode, 'POST /api/auth/login/two-factor': () => json(401, { message: MSG.twoFactorChallengeExpired }) });
    const { user } = renderWithProviders('/login', { preloadedState: anonymous });

    await fillIn(user);
    await user.type(await screen.findByLabelText(/^Code uit je authenticator-app/), '123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    expect(await screen.findByText(MSG.twoFactorChallengeExpired)).toBeTruthy();
    expect(screen.getByLabelText(/^Wachtwoord/)).toBeTruthy();
  });
});
