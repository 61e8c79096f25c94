import { renderWithProviders } from '../../test/renderWithProviders';
import { screen } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { PASSWORD_RULE } from '../../../domain/passwordStrength';
import { deferred, json } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import { makeToken } from '../../test/tokens';

const anonymous = { auth: { status: 'anonymous' as const, token: null, originalToken: null } };
const saveButton = () => screen.getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;

describe('ResetPasswordScreen', () => {
  it('enables Opslaan only for two equal, non-empty passwords and not while saving', async () => {
    const answer = deferred<Response>();
    mockPortal({ 'POST /api/auth/reset': () => answer.promise });
    const { user } = renderWithProviders('/reset?token=abc', { preloadedState: anonymous });
    const password = await screen.findByLabelText(/^Wachtwoord/);
    const repeat = screen.getByLabelText(/^Herhaal wachtwoord/);

    expect(saveButton().disabled).toBe(true);
    expect(saveButton().getAttribute('aria-describedby')).toBe(
      screen.getByText('Vul een nieuw wachtwoord in en herhaal het om op te slaan.').id,
    );
    expect(password.hasAttribute('required')).toBe(true);
    expect(repeat.hasAttribute('required')).toBe(true);
    await user.type(password, 'Nieuw123!');
    expect(saveButton().disabled).toBe(true);
    await user.type(repeat, 'Nieuw123?');
    expect(saveButton().disabled).toBe(true);
    // The field and the disabled button say why.
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('De wachtwoorden zijn niet gelijk.')).toBeTruthy();
    expect(saveButton().getAttribute('aria-describedby')).toBe(screen.getByText('Opslaan kan zodra beide wachtwoorden gelijk zijn.').id);
    await user.clear(repeat);
    await user.type(repeat, 'Nieuw123!');
    expect(saveButton().disabled).toBe(false);
    expect(saveButton().getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText('De wachtwoorden zijn niet gelijk.')).toBeNull();

    await user.click(saveButton());
    expect(saveButton().disabled).toBe(true);
    answer.resolve(json(400, { message: 'Te kort.' }));
    expect(await screen.findByText('Er ging iets mis: Te kort.')).toBeTruthy();
    expect(saveButton().disabled).toBe(false);
  });

  it('names the password rule before the user types, and what breaks it while they do', async () => {
    mockPortal({});
    const { user } = renderWithProviders('/reset?token=abc', { preloadedState: anonymous });
    const password = await screen.findByLabelText(/^Wachtwoord/);
    expect(PASSWORD_RULE).toBe('Minimaal 8 tekens, niet makkelijk te raden en niet je naam of e-mailadres.');
    expect(password.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText(PASSWORD_RULE)).toBeTruthy();
    expect(password.getAttribute('aria-describedby')).toBe(screen.getByText(PASSWORD_RULE).id);

    await user.type(password, 'Welkom');
    expect(await screen.findByText('Het wachtwoord moet minimaal 8 tekens bevatten.')).toBeTruthy();
    // The estimator (zxcvbn and its dictionaries) loads on the first check of 8 characters.
    await user.type(password, '123!');
    expect(
      await screen.findByText(/^Dit wachtwoord is te makkelijk te raden: het bestaat uit veelgebruikte woorden/, undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.type(password, 'Blauwe-Tulp-Op-Dak-7');
    expect(await screen.findByText(PASSWORD_RULE)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('false');
  });

  it('says the link has expired', async () => {
    mockPortal({ 'POST /api/auth/reset': () => json(401, { message: 'Token timed out' }) });
    const { user, store } = renderWithProviders('/reset?token=abc', { preloadedState: anonymous });

    await user.type(await screen.findByLabelText(/^Wachtwoord/), 'Nieuw123!');
    await user.type(screen.getByLabelText(/^Herhaal wachtwoord/), 'Nieuw123!');
    await user.click(saveButton());

    expect(await screen.findByText(MSG.resetTimedOut)).toBeTruthy();
    expect(store.getState().auth.status).toBe('anonymous');
  });

  it('logs in with the new password and opens the dashboard', async () => {
    const token = makeToken({ sub: 5 });
    const requests = mockPortal({ 'POST /api/auth/reset': () => json(200, { token }) });
    const { user, store, location } = renderWithProviders('/reset?token=abc%2B1', { preloadedState: anonymous });

    await user.type(await screen.findByLabelText(/^Wachtwoord/), 'Nieuw123!');
    await user.type(screen.getByLabelText(/^Herhaal wachtwoord/), 'Nieuw123!');
    await user.click(saveButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(location().pathname).toBe('/dashboard');
    expect(store.getState().auth.token).toBe(token);
    expect(requests.find((r) => r.url === '/api/auth/reset')?.body).toEqual({ token: 'abc+1', password: 'Nieuw123!' });
  });
});

describe('ResetPasswordScreen with two-factor login on', () => {
  it('sends the user to the code step of the login after the new password', async () => {
    const token = makeToken();
    const requests = mockPortal({
      'POST /api/auth/reset': () => json(200, { two_factor_required: true, challenge: 'uitdaging-na-reset' }),
      'POST /api/auth/login/two-factor': () => json(200, { token }),
    });
    const { user, store, location } = renderWithProviders('/reset?token=abc', { preloadedState: anonymous });
    await user.type(await screen.findByLabelText(/^Wachtwoord/), 'Kx9#mQ2!vR');
    await user.type(screen.getByLabelText(/^Herhaal wachtwoord/), 'Kx9#mQ2!vR');
    await user.click(saveButton());

    const code = await screen.findByLabelText(/^Code uit je authenticator-app/);
    expect(location().pathname).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(requests.find((r) => r.url === '/api/auth/login/two-factor')?.body).toEqual({ challenge: 'uitdaging-na-reset', code: '123456' });
  });
});
