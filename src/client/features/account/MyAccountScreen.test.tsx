import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { PASSWORD_RULE } from '../../../domain/passwordStrength';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { customer, mockPortal } from '../../test/portalServer';
import { renderWithProviders, whenSettled } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import type { Account, AccountSession } from './accountApi';
import { onPhoneScreen } from '../../test/phoneScreen';

jest.setTimeout(30_000);

const account: Account = {
  id: 5,
  firstname: 'Anna',
  lastname: 'van Dijk',
  email: 'klant@demo.nl',
  phonenumber: '0612345678',
  two_factor_enabled: false,
  pending_email: null,
};

/** 26-11-2026 14:05 and 08:30 in Amsterdam (UTC+1 in November). */
const LAST_USED = Date.UTC(2026, 10, 26, 13, 5) / 1000;
const EARLIER = Date.UTC(2026, 10, 26, 7, 30) / 1000;

const sessions: AccountSession[] = [
  { id: 'sessie-hier', device: 'Chrome op Windows', created_at: EARLIER, last_used_at: LAST_USED, current: true },
  { id: 'sessie-telefoon', device: 'Safari op iPhone', created_at: EARLIER, last_used_at: EARLIER, current: false },
];

const NO_CONTENT = () => new Response(null, { status: 204 });

/** The portal with the account screen's calls; the two-factor section's status is off. */
const mockAccount = (overrides: Routes = {}) =>
  mockPortal({
    'GET /api/account': () => json(200, account),
    'GET /api/account/sessions': () => json(200, sessions),
    'GET /api/account/two-factor': () => json(200, { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false }),
    ...overrides,
  });

const sectionNamed = (name: string) => screen.getByRole('region', { name });
const sent = (requests: SeenRequest[], method: string, url: string) => requests.filter((r) => r.method === method && r.url === url).map((r) => r.body);

const openAccount = async (overrides: Routes = {}) => {
  const requests = mockAccount(overrides);
  const view = renderWithProviders('/mijn-account', { preloadedState: loggedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Mijn account' });
  return { requests, ...view };
};

describe('MyAccountScreen', () => {
  it('is reached from the header, and shows the account, its address and its sessions', async () => {
    mockAccount();
    const { user, location } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    await user.click(await screen.findByRole('link', { name: 'Mijn account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn account' })).toBeTruthy();
    expect(location().pathname).toBe('/mijn-account');
    const gegevens = sectionNamed('Gegevens');
    expect((within(gegevens).getByLabelText(/^Voornaam/) as HTMLInputElement).value).toBe('Anna');
    expect((within(gegevens).getByLabelText(/^Achternaam/) as HTMLInputElement).value).toBe('van Dijk');
    expect((within(gegevens).getByLabelText('Telefoonnummer') as HTMLInputElement).value).toBe('0612345678');
    expect(within(sectionNamed('E-mailadres')).getByText('klant@demo.nl')).toBeTruthy();

    const table = await within(sectionNamed('Sessies')).findByRole('table', { name: 'Sessies' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Chrome op WindowsDit apparaat', '26-11-2026 14:05', '26-11-2026 08:30', ''],
      ['Safari op iPhone', '26-11-2026 08:30', '26-11-2026 08:30', 'Uitloggen'],
    ]);
  });

  it('names a missing name next to its field and sends nothing; a save is confirmed and refreshes the header', async () => {
    let saved = account;
    const { requests, user, store } = await openAccount({
      'PUT /api/account': ({ body }) => {
        saved = { ...saved, ...(body as object) };
        return json(200, saved);
      },
      'GET /api/users/5': () => json(200, { ...customer, firstname: saved.firstname, lastname: saved.lastname }),
    });
    const gegevens = sectionNamed('Gegevens');
    const firstname = within(gegevens).getByLabelText(/^Voornaam/);

    await user.clear(firstname);
    await user.click(within(gegevens).getByRole('button', { name: 'Gegevens opslaan' }));
    expect(await within(gegevens).findByText(MSG.firstnameRequired)).toBeTruthy();
    expect(firstname.getAttribute('aria-invalid')).toBe('true');
    await whenSettled(store);
    expect(sent(requests, 'PUT', '/api/account')).toEqual([]);

    await user.type(firstname, ' Anne ');
    await user.clear(within(gegevens).getByLabelText('Telefoonnummer'));
    await user.click(within(gegevens).getByRole('button', { name: 'Gegevens opslaan' }));

    expect(await screen.findByText('Je gegevens zijn opgeslagen.')).toBeTruthy();
    expect(sent(requests, 'PUT', '/api/account')).toEqual([{ firstname: 'Anne', lastname: 'van Dijk', phonenumber: null }]);
    // The header names the user anew.
    expect(await within(screen.getByRole('banner')).findByText('Anne van Dijk')).toBeTruthy();
  });

  it('sends a confirmation link to a new address with the current password, and says where it went', async () => {
    let answer = () => json(400, { message: MSG.passwordWrong, errors: [{ field: 'password', message: MSG.passwordWrong }] });
    const { requests, user } = await openAccount({ 'POST /api/account/email': () => answer() });
    const section = sectionNamed('E-mailadres');
    const send = () => user.click(within(section).getByRole('button', { name: 'Bevestigingslink sturen' }));

    await send();
    expect(await within(section).findByText(MSG.emailRequired)).toBeTruthy();
    expect(within(section).getByText('Vul je huidige wachtwoord in.')).toBeTruthy();
    expect(sent(requests, 'POST', '/api/account/email')).toEqual([]);

    await user.type(within(section).getByLabelText(/^Nieuw e-mailadres/), 'anna@vandijk.nl');
    await user.type(within(section).getByLabelText(/^Huidig wachtwoord/), 'Verkeerd1!');
    await send();
    // The server's refusal sits next to the field it is about.
    const password = within(section).getByLabelText(/^Huidig wachtwoord/);
    expect(await within(section).findByText(MSG.passwordWrong)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    answer = () => json(409, { message: MSG.emailTaken });
    await send();
    expect(await within(section).findByText(MSG.emailTaken)).toBeTruthy();

    answer = () => json(200, { message: 'We hebben een bevestigingslink gestuurd naar anna@vandijk.nl.' });
    await send();
    expect(await within(section).findByText('We hebben een bevestigingslink gestuurd naar anna@vandijk.nl.')).toBeTruthy();
    expect(sent(requests, 'POST', '/api/account/email').at(-1)).toEqual({ email: 'anna@vandijk.nl', password: 'Verkeerd1!' });
    // The form is emptied: the password is not kept on screen.
    expect((within(section).getByLabelText(/^Huidig wachtwoord/) as HTMLInputElement).value).toBe('');
  });

  it('shows an address waiting for its link', async () => {
    await openAccount({
      'GET /api/account': () => json(200, { ...account, pending_email: { email: 'anna@vandijk.nl', expires_at: LAST_USED } }),
    });
    expect(
      within(sectionNamed('E-mailadres')).getByText(
        'Het adres anna@vandijk.nl wacht op bevestiging. De link in de e-mail aan dat adres is geldig tot 26-11-2026 14:05.',
      ),
    ).toBeTruthy();
  });

  it("changes the password with the reset screen's rules, the server's refusals next to their fields", async () => {
    let answer = () => json(400, { message: MSG.passwordWrong, errors: [{ field: 'current_password', message: MSG.passwordWrong }] });
    const { requests, user } = await openAccount({ 'PUT /api/account/password': () => answer() });
    const section = sectionNamed('Wachtwoord');
    const field = (label: RegExp) => within(section).getByLabelText(label) as HTMLInputElement;
    const change = () => user.click(within(section).getByRole('button', { name: 'Wachtwoord wijzigen' }));

    // The rule of the reset screen, before anything is typed.
    expect(within(section).getByText(PASSWORD_RULE)).toBeTruthy();
    await user.type(field(/^Huidig wachtwoord/), 'Welkom123!');
    await user.type(field(/^Nieuw wachtwoord/), 'Blauwe-Tulp-Op-Dak-7');
    await user.type(field(/^Herhaal nieuw wachtwoord/), 'Blauwe-Tulp-Op-Dak-8');
    await change();
    expect(await within(section).findByText('De wachtwoorden zijn niet gelijk.')).toBeTruthy();
    expect(sent(requests, 'PUT', '/api/account/password')).toEqual([]);

    await user.clear(field(/^Herhaal nieuw wachtwoord/));
    await user.type(field(/^Herhaal nieuw wachtwoord/), 'Blauwe-Tulp-Op-Dak-7');
    await change();
    expect(await within(section).findByText(MSG.passwordWrong)).toBeTruthy();
    expect(field(/^Huidig wachtwoord/).getAttribute('aria-invalid')).toBe('true');

    answer = NO_CONTENT;
    await change();
    expect(await screen.findByText('Je wachtwoord is gewijzigd. Op je andere apparaten ben je uitgelogd.')).toBeTruthy();
    expect(sent(requests, 'PUT', '/api/account/password').at(-1)).toEqual({ current_password: 'Welkom123!', password: 'Blauwe-Tulp-Op-Dak-7' });
    await waitFor(() => expect(field(/^Nieuw wachtwoord/).value).toBe(''));
  });

  it('logs out one other device', async () => {
    let current = sessions;
    const { requests, user } = await openAccount({
      'GET /api/account/sessions': () => json(200, current),
      'DELETE /api/account/sessions/sessie-telefoon': () => {
        current = sessions.filter((s) => s.current);
        return NO_CONTENT();
      },
    });
    const section = sectionNamed('Sessies');
    await user.click(await within(section).findByRole('button', { name: 'Uitloggen op Safari op iPhone, laatst gebruikt 26-11-2026 08:30' }));

    expect(await screen.findByText('Uitgelogd op dat apparaat.')).toBeTruthy();
    await waitFor(() => expect(within(section).queryByText('Safari op iPhone')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/account/sessions/sessie-telefoon']);
  });

  it("asks before 'Uitloggen op alle apparaten', and then logs out here too", async () => {
    const token = makeToken();
    const requests = mockAccount({ 'DELETE /api/account/sessions': NO_CONTENT });
    const { user, location, store } = renderWithProviders('/mijn-account', { preloadedState: loggedIn(token) });
    const everywhere = await screen.findByRole('button', { name: 'Uitloggen op alle apparaten' });

    await user.click(everywhere);
    const dialog = await screen.findByRole('dialog', { name: 'Uitloggen op alle apparaten?' });
    expect(within(dialog).getByText('Je wordt op al je apparaten uitgelogd, ook hier. Daarna log je opnieuw in.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(everywhere);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Uitloggen op alle apparaten' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => [r.url, r.authorization])).toEqual([['/api/account/sessions', `Bearer ${token}`]]);
  });
});

describe('ConfirmEmailScreen', () => {
  const anonymous = { auth: { status: 'anonymous' as const, token: null, originalToken: null } };

  it('confirms the link once, without a session, and says so', async () => {
    const requests = mockPortal({
      'POST /api/account/email/confirm': () => json(200, { message: 'Je e-mailadres is gewijzigd in anna@vandijk.nl.', email: 'anna@vandijk.nl' }),
    });
    renderWithProviders('/e-mail-bevestigen?token=abc', { preloadedState: anonymous });

    expect(await screen.findByText('Je e-mailadres is gewijzigd in anna@vandijk.nl.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'E-mailadres bevestigen' })).toBeTruthy();
    const confirms = requests.filter((r) => r.url === '/api/account/email/confirm');
    expect(confirms.map((r) => [r.body, r.authorization])).toEqual([[{ token: 'abc' }, null]]);
  });

  it("says why a link is refused, in the server's words", async () => {
    mockPortal({
      'POST /api/account/email/confirm': () =>
        json(401, { message: 'Deze bevestigingslink is verlopen. Vraag de wijziging opnieuw aan in Mijn account.' }),
    });
    const { store } = renderWithProviders('/e-mail-bevestigen?token=oud', { preloadedState: anonymous });

    expect(await screen.findByText('Deze bevestigingslink is verlopen. Vraag de wijziging opnieuw aan in Mijn account.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Naar Mijn account' }).getAttribute('href')).toBe('/mijn-account');
    expect(store.getState().auth.status).toBe('anonymous');
  });
});

describe('CancelEmailChangeScreen', () => {
  const anonymous = { auth: { status: 'anonymous' as const, token: null, originalToken: null } };
  const RESTORED =
    "De wijziging was al doorgevoerd en is teruggedraaid: je e-mailadres is weer anna@vandijk.nl. Je bent op alle apparaten uitgelogd en eerdere links om je wachtwoord opnieuw in te stellen werken niet meer. Kies een nieuw wachtwoord via 'Wachtwoord vergeten'.";

  it('asks first, then cancels once without a session and says what happened', async () => {
    const requests = mockPortal({ 'POST /api/account/email/cancel': () => json(200, { message: RESTORED }) });
    const { user } = renderWithProviders('/e-mail-annuleren?token=abc', { preloadedState: anonymous });

    expect(await screen.findByRole('heading', { level: 1, name: 'E-mailwijziging annuleren' })).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/account/email/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByText(RESTORED)).toBeTruthy();
    const cancels = requests.filter((r) => r.url === '/api/account/email/cancel');
    expect(cancels.map((r) => [r.body, r.authorization])).toEqual([[{ token: 'abc' }, null]]);
  });

  it("says why a link is refused, in the server's words", async () => {
    mockPortal({ 'POST /api/account/email/cancel': () => json(401, { message: 'Deze annuleerlink is niet geldig of al gebruikt.' }) });
    const { user } = renderWithProviders('/e-mail-annuleren?token=oud', { preloadedState: anonymous });

    await user.click(await screen.findByRole('button', { name: 'Wijziging annuleren' }));
    expect(await screen.findByText('Deze annuleerlink is niet geldig of al gebruikt.')).toBeTruthy();
  });
});

describe('the user menu of a narrow screen', () => {
  onPhoneScreen();

  it("offers 'Mijn account' before 'Uitloggen', and opens it", async () => {
    mockAccount();
    const { user, location } = renderWithProviders('/dashboard', { preloadedState: loggedIn() });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Gebruikersmenu' }));
    const menu = await screen.findByRole('menu', { name: 'Gebruikersmenu' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mijn account', 'Uitloggen']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Mijn account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn account' })).toBeTruthy();
    expect(location().pathname).toBe('/mijn-account');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
