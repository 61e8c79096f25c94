import { screen, within } from '@testing-library/react';
import { MSG } from '../../../domain/messages';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loggedIn, makeToken } from '../../test/tokens';
import type { TwoFactorStatus } from '../../api/currentUserApi';

jest.setTimeout(30_000);

const OFF: TwoFactorStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
/** 26-11-2026, 14:05 in Amsterdam. */
const ON: TwoFactorStatus = { enabled: true, enabled_at: Date.UTC(2026, 10, 26, 13, 5) / 1000, recovery_codes_left: 10, required: false };
const SETUP = {
  otpauth_uri: 'otpauth://totp/Mijn%20Portaal:klant%40demo.nl?issuer=Mijn%20Portaal&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const NO_CONTENT = () => new Response(null, { status: 204 });

/** The portal with 'Mijn account''s calls; the two-factor status is `status()` at each call. */
const mockAccount = (status: () => TwoFactorStatus, overrides: Routes = {}) =>
  mockPortal({
    'GET /api/account': () =>
      json(200, { id: 5, firstname: 'Anna', lastname: 'van Dijk', email: 'klant@demo.nl', phonenumber: null, two_factor_enabled: false, pending_email: null }),
    'GET /api/account/sessions': () => json(200, []),
    'GET /api/account/two-factor': () => json(200, status()),
    ...overrides,
  });

const section = () => screen.findByRole('region', { name: 'Tweestapsverificatie' });
const sent = (requests: SeenRequest[], url: string) => requests.filter((r) => r.method === 'POST' && r.url === url).map((r) => r.body);

afterEach(() => jest.restoreAllMocks());

describe('TwoFactorSection', () => {
  it('sets it up: the QR code and the key, a wrong code next to the field, then the ten recovery codes once', async () => {
    let status = OFF;
    let attempts = 0;
    const requests = mockAccount(() => status, {
      'POST /api/account/two-factor/setup': () => json(200, SETUP),
      'POST /api/account/two-factor/enable': () => {
        if ((attempts += 1) === 1) return json(400, { message: MSG.twoFactorCodeWrong });
        status = { ...ON, enabled_at: Math.floor(Date.now() / 1000) };
        return json(200, { recovery_codes: CODES });
      },
    });
    const { user } = renderWithProviders('/mijn-account', { preloadedState: loggedIn() });
    const region = await section();
    expect(await within(region).findByText(/Tweestapsverificatie staat uit/)).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Instellen' }));
    const qr = await within(region).findByRole('img', { name: 'QR-code om Mijn Portaal aan je authenticator-app toe te voegen' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr_code);
    expect(within(region).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    const field = within(region).getByLabelText(/^Code uit je authenticator-app/);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(field, '000000');
    await user.click(within(region).getByRole('button', { name: 'Aanzetten' }));
    expect(await within(region).findByText(MSG.twoFactorCodeWrong)).toBeTruthy();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(within(region).getByRole('button', { name: 'Aanzetten' }));
    const list = await within(region).findByRole('list', { name: 'Herstelcodes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(within(region).getByText(/Bewaar deze herstelcodes op een veilige plek/)).toBeTruthy();
    expect(sent(requests, '/api/account/two-factor/enable')).toEqual([{ code: '000000' }, { code: '123456' }]);

    await user.click(within(region).getByRole('button', { name: 'Kopiëren' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
    expect(within(region).getByRole('button', { name: 'Gekopieerd' })).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Klaar' }));
    expect(await within(region).findByText(/staat aan sinds \d\d-\d\d-\d{4}\. Je hebt nog 10 ongebruikte herstelcodes/)).toBeTruthy();
    expect(within(region).queryByRole('list', { name: 'Herstelcodes' })).toBeNull();
  });

  it('downloads the recovery codes as a text file', async () => {
    let saved: { name: string; blob?: Blob } | undefined;
    let blob: Blob | undefined;
    Object.assign(URL, {
      createObjectURL: (value: Blob) => {
        blob = value;
        return 'blob:codes';
      },
      revokeObjectURL: () => undefined,
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, blob };
    });
    mockAccount(() => ON, { 'POST /api/account/two-factor/recovery-codes': () => json(200, { recovery_codes: CODES }) });
    const { user } = renderWithProviders('/mijn-account', { preloadedState: loggedIn() });
    const region = await section();

    await user.click(await within(region).findByRole('button', { name: 'Nieuwe herstelcodes' }));
    await user.type(within(region).getByLabelText(/^Wachtwoord/), 'Welkom123!');
    await user.type(within(region).getByLabelText(/^Code/), 'abcde-fghjk');
    await user.click(within(region).getByRole('button', { name: 'Nieuwe herstelcodes' }));
    await user.click(await within(region).findByRole('button', { name: 'Downloaden' }));

    expect(saved?.name).toBe('mijn-portaal-herstelcodes.txt');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!.blob!);
    });
    expect(text).toContain(CODES.join('\n'));
  });

  it('turns it off with the password and a code; a wrong one shows next to its field', async () => {
    let status = ON;
    let attempts = 0;
    const requests = mockAccount(() => status, {
      'POST /api/account/two-factor/disable': () => {
        attempts += 1;
        if (attempts === 1) return json(400, { message: MSG.passwordWrong, errors: [{ field: 'password', message: MSG.passwordWrong }] });
        if (attempts === 2) return json(400, { message: MSG.twoFactorCodeWrong, errors: [{ field: 'code', message: MSG.twoFactorCodeWrong }] });
        status = OFF;
        return NO_CONTENT();
      },
    });
    const { user } = renderWithProviders('/mijn-account', { preloadedState: loggedIn() });
    const region = await section();
    expect(await within(region).findByText(/staat aan sinds 26-11-2026/)).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Uitzetten' }));
    const password = within(region).getByLabelText(/^Wachtwoord/);
    const code = within(region).getByLabelText(/^Code/);
    await user.type(password, 'fout');
    await user.type(code, '111111');
    await user.click(within(region).getByRole('button', { name: 'Uitzetten' }));
    expect(await within(region).findByText(MSG.passwordWrong)).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'Welkom123!');
    await user.click(within(region).getByRole('button', { name: 'Uitzetten' }));
    expect(await within(region).findByText(MSG.twoFactorCodeWrong)).toBeTruthy();
    expect(within(region).queryByText(MSG.passwordWrong)).toBeNull();

    await user.clear(code);
    await user.type(code, ' 123456 ');
    await user.click(within(region).getByRole('button', { name: 'Uitzetten' }));
    expect(await within(region).findByText(/Tweestapsverificatie staat uit/)).toBeTruthy();
    expect(sent(requests, '/api/account/two-factor/disable')).toEqual([
      { password: 'fout', code: '111111' },
      { password: 'Welkom123!', code: '111111' },
      { password: 'Welkom123!', code: '123456' },
    ]);
  });

  it('offers no way to turn it off when it is required', async () => {
    mockAccount(() => ({ ...ON, required: true }));
    renderWithProviders('/mijn-account', { preloadedState: loggedIn() });
    const region = await section();
    expect(await within(region).findByText('Tweestapsverificatie is verplicht voor je account en kan niet uit.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Uitzetten' })).toBeNull();
  });
});

describe('a session that may only set up two-factor login', () => {
  it('shows only the setup, whatever the address, and opens the portal once it is on', async () => {
    let status: TwoFactorStatus = { ...OFF, required: true };
    const full = makeToken({ sub: 5, company_id: 20 });
    mockAccount(() => status, {
      'POST /api/account/two-factor/setup': () => json(200, SETUP),
      'POST /api/account/two-factor/enable': () => {
        status = { ...ON, required: true };
        return json(200, { recovery_codes: CODES, token: full });
      },
    });
    const { user, store } = renderWithProviders('/dashboard', { preloadedState: loggedIn(makeToken({ scope: 'two-factor-setup' })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tweestapsverificatie instellen' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    const region = await section();
    expect(await within(region).findByText('Tweestapsverificatie is verplicht voor je account.')).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Instellen' }));
    await user.type(await within(region).findByLabelText(/^Code uit je authenticator-app/), '123456');
    await user.click(within(region).getByRole('button', { name: 'Aanzetten' }));
    await within(region).findByRole('list', { name: 'Herstelcodes' });
    // The codes stay until the user says they are kept.
    expect(screen.getByRole('heading', { level: 1, name: 'Tweestapsverificatie instellen' })).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Klaar' }));
    expect(store.getState().auth.token).toBe(full);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Tweestapsverificatie instellen' })).toBeNull();
  });

  it('shows it at any address of the portal, and logs out from there', async () => {
    const requests = mockAccount(() => ({ ...OFF, required: true }));
    const { user, store, location } = renderWithProviders('/mijn-bedrijf', { preloadedState: loggedIn(makeToken({ scope: 'two-factor-setup' })) });
    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeTruthy();
    expect(location().pathname).toBe('/login');
    expect(store.getState().auth.token).toBeNull();
    expect(requests.some((r) => r.url === '/api/auth/logout')).toBe(true);
  });
});
