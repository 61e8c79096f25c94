import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../domain/messages';
import { auditLog, authTokens, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { createAuthToken } from '../../services/auth/accounts';
import { sha256 } from '../../services/auth/tokens';
import { auth, createTestApp, linkIn, type TestApp } from '../../testing/testApp';
import { EMAIL_CANCEL_TEXT, EMAIL_CHANGE_TEXT } from './email';

/** 'Mijn account': the logged-in user's own name, phone, address, password and sessions. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const STRONG = 'Blauwe-Tulp-Op-Het-Dak-7';

const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const userById = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

/** A customer of its own, so that no test changes another's account. */
const newCustomer = async (email: string) => {
  const klant = await userByEmail('klant@demo.nl');
  const [user] = await t.database.db
    .insert(users)
    .values({ email, firstname: 'Lotte', lastname: 'Visser', phonenumber: '06 1234 5678', companyId: klant.companyId, roleId: 3, passwordHash: klant.passwordHash })
    .returning();
  return user;
};

/** A real login (the password of every demo account) from a browser that names itself. */
const loginFrom = async (email: string, userAgent = CHROME_ON_WINDOWS, password = 'Welkom123!') => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? auth(token) : {}, payload });

const lastAudit = async (userId: number, action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(userId)), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** The outbox messages to `to`, newest last. */
const mailsTo = (to: string) => t.outbox().filter((eml) => new RegExp(`^To: ${to}$`, 'mi').test(eml));
const tokenOfLink = (eml: string) => {
  const link = new URL(linkIn(eml));
  expect(link.pathname).toBe('/e-mail-bevestigen');
  return link.searchParams.get('token')!;
};

describe('GET /api/account', () => {
  it("answers the caller's own account, with two-factor login and no pending change", async () => {
    const klant = await userByEmail('klant@demo.nl');
    const res = await call('GET', '/api/account', await t.login('klant@demo.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: klant.id,
      firstname: 'Pieter',
      lastname: 'van Dijk',
      email: 'klant@demo.nl',
      phonenumber: '010 765 4321',
      two_factor_enabled: false,
      pending_email: null,
    });
    expect(res.body).not.toMatch(/password|scrypt|totp/i);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/account', null)).statusCode).toBe(401);
  });
});

describe('PUT /api/account', () => {
  it('changes the name and phone number, trimmed, and records it', async () => {
    const user = await newCustomer('lotte@vandijk.nl');
    const other = await userByEmail('klant@demo.nl');
    const token = await t.tokenFor(user.id);
    const res = await call('PUT', '/api/account', token, { firstname: ' Charlotte ', lastname: 'Visser-de Boer', phonenumber: '  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstname: 'Charlotte', lastname: 'Visser-de Boer', phonenumber: null, email: 'lotte@vandijk.nl' });
    expect(await userById(user.id)).toMatchObject({ firstname: 'Charlotte', lastname: 'Visser-de Boer', phonenumber: null });
    expect(await userById(other.id)).toEqual(other);
    const entry = await lastAudit(user.id, 'user.update');
    expect(entry).toMatchObject({ userId: user.id, companyId: user.companyId, entity: 'user' });
    expect(entry.changes).toEqual({ firstname: 'Charlotte', lastname: 'Visser-de Boer', phonenumber: null });
  });

  it('refuses an empty name in Dutch, naming the field, and changes nothing', async () => {
    const user = await newCustomer('lotte2@vandijk.nl');
    const token = await t.tokenFor(user.id);
    const res = await call('PUT', '/api/account', token, { firstname: '  ', lastname: 'Anders' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.firstnameRequired, errors: [{ field: 'firstname', message: MSG.firstnameRequired }] });
    expect(await userById(user.id)).toEqual(user);
  });

  it('does not take an address or a role: those change elsewhere', async () => {
    const user = await newCustomer('lotte3@vandijk.nl');
    const token = await t.tokenFor(user.id);
    for (const body of [{ email: 'ander@vandijk.nl' }, { role_id: 1 }]) {
      const res = await call('PUT', '/api/account', token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await userById(user.id)).toEqual(user);
  });

  it("changes a managing admin's own account, not the customer's, in the admin's own company's log", async () => {
    const admin = await userByEmail('admin@demo.nl');
    const klant = await userByEmail('klant@demo.nl');
    const installatie = await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.');
    const managing = await t.manage(await t.tokenFor(admin.id), installatie!.id);

    const read = await call('GET', '/api/account', managing);
    expect(read.json()).toMatchObject({ id: admin.id, email: 'admin@demo.nl' });
    const res = await call('PUT', '/api/account', managing, { phonenumber: '020 999 0000' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: admin.id, phonenumber: '020 999 0000' });
    expect((await userById(admin.id)).phonenumber).toBe('020 999 0000');
    expect(await userById(klant.id)).toEqual(klant);
    expect(await lastAudit(admin.id, 'user.update')).toMatchObject({ userId: admin.id, companyId: admin.companyId, impersonatingFrom: null });
  });
});

describe('PUT /api/account/password', () => {
  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const user = await newCustomer('wachtwoord@vandijk.nl');
    const here = await loginFrom(user.email);
    const elsewhere = await loginFrom(user.email, SAFARI_ON_IPHONE);
    const resetLink = await createAuthToken(t.database.db, user.id, 'reset');

    const res = await call('PUT', '/api/account/password', here, { current_password: 'Welkom123!', password: STRONG });
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/api/account', here)).statusCode).toBe(200);
    expect((await call('GET', '/api/account', elsewhere)).statusCode).toBe(401);
    await expect(t.login(user.email, STRONG)).resolves.toEqual(expect.any(String));
    await expect(t.login(user.email, 'Welkom123!')).rejects.toThrow(/401/);
    // A reset link mailed for the old password no longer works.
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token: resetLink, password: 'Groene-Kikker-Springt-9' } });
    expect(reset.json()).toEqual({ message: 'Invalid token' });
    expect(await lastAudit(user.id, 'password.change')).toMatchObject({ userId: user.id, companyId: user.companyId });
  });

  it('refuses a wrong current password on its field with a 400, so the session goes on', async () => {
    const user = await newCustomer('verkeerd@vandijk.nl');
    const token = await loginFrom(user.email);
    const res = await call('PUT', '/api/account/password', token, { current_password: 'Fout123!', password: STRONG });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.passwordWrong, errors: [{ field: 'current_password', message: MSG.passwordWrong }] });
    expect((await call('GET', '/api/account', token)).statusCode).toBe(200);
    expect((await userById(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it("refuses a password the reset screen would refuse, with the reset screen's reason", async () => {
    const user = await newCustomer('zwak@vandijk.nl');
    const token = await loginFrom(user.email);
    const short = await call('PUT', '/api/account/password', token, { current_password: 'Welkom123!', password: 'Kort1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Het wachtwoord moet minimaal 8 tekens bevatten.',
      errors: [{ field: 'password', message: 'Het wachtwoord moet minimaal 8 tekens bevatten.' }],
    });
    const ownName = await call('PUT', '/api/account/password', token, { current_password: 'Welkom123!', password: 'LotteVisser2026' });
    expect(ownName.statusCode).toBe(400);
    expect(ownName.json().message).toMatch(/^Dit wachtwoord is te makkelijk te raden/);
    expect((await userById(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('refuses a body without the current password', async () => {
    const user = await newCustomer('leeg@vandijk.nl');
    const res = await call('PUT', '/api/account/password', await t.tokenFor(user.id), { password: STRONG });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'current_password', message: 'is verplicht' }]);
  });
});

describe('POST /api/account/email and its link', () => {
  it('mails a link to the new address and a notice to the old one; the link moves the account', async () => {
    const user = await newCustomer('oud@vandijk.nl');
    const token = await loginFrom(user.email);
    const res = await call('POST', '/api/account/email', token, { email: ' nieuw@vandijk.nl ', password: 'Welkom123!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_CHANGE_TEXT.sent('nieuw@vandijk.nl') });

    // Nothing has changed yet: the old address still logs in, the account shows the change waiting.
    expect((await userById(user.id)).email).toBe('oud@vandijk.nl');
    const pending = (await call('GET', '/api/account', token)).json().pending_email;
    expect(pending).toEqual({ email: 'nieuw@vandijk.nl', expires_at: expect.any(Number) });
    expect(Math.abs(pending.expires_at - Date.now() / 1000 - 24 * 3600)).toBeLessThan(60);
    const [linkMail] = mailsTo('nieuw@vandijk.nl');
    const [notice] = mailsTo('oud@vandijk.nl');
    expect(linkMail).toMatch(/Subject: Bevestig je nieuwe e-mailadres/);
    expect(notice).toMatch(/Subject: Je e-mailadres wordt gewijzigd/);
    expect(notice).toContain('nieuw@vandijk.nl');
    expect(new URL(linkIn(notice)).pathname).toBe('/e-mail-annuleren');

    const confirmed = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLink(linkMail) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: EMAIL_CHANGE_TEXT.confirmed('nieuw@vandijk.nl'), email: 'nieuw@vandijk.nl' });
    expect((await userById(user.id)).email).toBe('nieuw@vandijk.nl');
    await expect(t.login('nieuw@vandijk.nl')).resolves.toEqual(expect.any(String));
    await expect(t.login('oud@vandijk.nl')).rejects.toThrow(/401/);
    // The sessions go on: the password, which they proved, is the same.
    expect((await call('GET', '/api/account', token)).json()).toMatchObject({ email: 'nieuw@vandijk.nl', pending_email: null });
    expect((await lastAudit(user.id, 'user.update'))?.changes).toEqual({ firstname: 'Lotte', lastname: 'Visser', email: 'nieuw@vandijk.nl' });

    const again = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLink(linkMail) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: EMAIL_CHANGE_TEXT.linkInvalid });
  });

  it('refuses a wrong password, a wrong, taken or unchanged address in Dutch, and sends nothing', async () => {
    const user = await newCustomer('blijft@vandijk.nl');
    const token = await t.tokenFor(user.id);
    const cases: [object, number, string][] = [
      [{ email: 'elders@vandijk.nl', password: 'Fout123!' }, 400, MSG.passwordWrong],
      [{ email: 'geen-adres', password: 'Welkom123!' }, 400, MSG.emailInvalid],
      [{ email: ' ', password: 'Welkom123!' }, 400, MSG.emailRequired],
      [{ email: 'BLIJFT@vandijk.nl', password: 'Welkom123!' }, 400, EMAIL_CHANGE_TEXT.sameAddress],
      [{ email: 'Klant@Demo.nl', password: 'Welkom123!' }, 409, MSG.emailTaken],
    ];
    const mailsBefore = t.outbox().length;
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/account/email', token, body);
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status, message });
    }
    expect(t.outbox().length).toBe(mailsBefore);
    expect((await call('GET', '/api/account', token)).json().pending_email).toBeNull();
  });

  it('refuses an expired link and a link replaced by a newer request', async () => {
    const user = await newCustomer('verloopt@vandijk.nl');
    const token = await t.tokenFor(user.id);
    await call('POST', '/api/account/email', token, { email: 'eerste@vandijk.nl', password: 'Welkom123!' });
    await call('POST', '/api/account/email', token, { email: 'tweede@vandijk.nl', password: 'Welkom123!' });
    const replaced = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLink(mailsTo('eerste@vandijk.nl')[0]) });
    expect(replaced.statusCode).toBe(401);
    expect(replaced.json()).toEqual({ message: EMAIL_CHANGE_TEXT.linkInvalid });

    const second = tokenOfLink(mailsTo('tweede@vandijk.nl')[0]);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(second)));
    const expired = await call('POST', '/api/account/email/confirm', null, { token: second });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: EMAIL_CHANGE_TEXT.linkExpired });
    expect((await userById(user.id)).email).toBe('verloopt@vandijk.nl');
  });

  it('refuses the link when the address was taken in the meantime', async () => {
    const user = await newCustomer('wacht@vandijk.nl');
    await call('POST', '/api/account/email', await t.tokenFor(user.id), { email: 'bezet@vandijk.nl', password: 'Welkom123!' });
    await newCustomer('bezet@vandijk.nl');
    const res = await call('POST', '/api/account/email/confirm', null, { token: tokenOfLink(mailsTo('bezet@vandijk.nl')[0]) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.emailTaken });
    expect((await userById(user.id)).email).toBe('wacht@vandijk.nl');
  });

  it('is a link for the address only: it sets no password', async () => {
    const user = await newCustomer('alleen-adres@vandijk.nl');
    await call('POST', '/api/account/email', await t.tokenFor(user.id), { email: 'getypt-fout@vandijk.nl', password: 'Welkom123!' });
    const token = tokenOfLink(mailsTo('getypt-fout@vandijk.nl')[0]);
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Overname-Poging-Nr-42' } });
    expect(reset.statusCode).toBe(401);
    expect((await userById(user.id)).passwordHash).toBe(user.passwordHash);
  });
});

describe('a pending address change ends', () => {
  const requestChange = async (token: string, newEmail: string) => {
    expect((await call('POST', '/api/account/email', token, { email: newEmail, password: 'Welkom123!' })).statusCode).toBe(200);
    return tokenOfLink(mailsTo(newEmail).at(-1)!);
  };
  // From a client of their own: the tests above use up the test client's confirmations.
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/email/confirm', remoteAddress: '192.0.2.18', payload: { token } });

  it('with a password change', async () => {
    const user = await newCustomer('wachtwoord-wijzigt@vandijk.nl');
    const token = await loginFrom(user.email);
    const link = await requestChange(token, 'wachtwoord-nieuw@vandijk.nl');
    expect((await call('PUT', '/api/account/password', token, { current_password: 'Welkom123!', password: STRONG })).statusCode).toBe(204);
    expect((await confirm(link)).json()).toEqual({ message: EMAIL_CHANGE_TEXT.linkInvalid });
    expect((await userById(user.id)).email).toBe('wachtwoord-wijzigt@vandijk.nl');
    expect((await call('GET', '/api/account', token)).json().pending_email).toBeNull();
  });

  it('with a password reset', async () => {
    const user = await newCustomer('reset-wijzigt@vandijk.nl');
    const link = await requestChange(await loginFrom(user.email), 'reset-nieuw@vandijk.nl');
    const reset = await createAuthToken(t.database.db, user.id, 'reset');
    expect((await call('POST', '/api/auth/reset', null, { token: reset, password: STRONG })).statusCode).toBe(200);
    expect((await confirm(link)).statusCode).toBe(401);
    expect((await userById(user.id)).email).toBe('reset-wijzigt@vandijk.nl');
  });

  it("with 'Uitloggen op alle apparaten'", async () => {
    const user = await newCustomer('overal-uit@vandijk.nl');
    const token = await loginFrom(user.email);
    const link = await requestChange(token, 'overal-nieuw@vandijk.nl');
    expect((await call('DELETE', '/api/account/sessions', token)).statusCode).toBe(204);
    expect((await confirm(link)).statusCode).toBe(401);
    expect((await userById(user.id)).email).toBe('overal-uit@vandijk.nl');
  });
});

describe('POST /api/account/email/cancel, the link in the notice to the old address', () => {
  const cancelTokenOf = (eml: string) => {
    const link = new URL(linkIn(eml));
    expect(link.pathname).toBe('/e-mail-annuleren');
    return link.searchParams.get('token')!;
  };
  const cancel = (token: string) => call('POST', '/api/account/email/cancel', null, { token });
  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/email/confirm', remoteAddress: '192.0.2.19', payload: { token } });
  const start = async (oldEmail: string, newEmail: string) => {
    const user = await newCustomer(oldEmail);
    const session = await loginFrom(oldEmail);
    expect((await call('POST', '/api/account/email', session, { email: newEmail, password: 'Welkom123!' })).statusCode).toBe(200);
    return { user, session, confirmToken: tokenOfLink(mailsTo(newEmail).at(-1)!), cancelToken: cancelTokenOf(mailsTo(oldEmail).at(-1)!) };
  };

  it('voids a change not yet confirmed, once, stored as a hash and valid 7 days, and logs it', async () => {
    const { user, session, confirmToken, cancelToken } = await start('annuleer-oud@vandijk.nl', 'annuleer-nieuw@vandijk.nl');
    const [stored] = await t.database.db.select().from(authTokens).where(eq(authTokens.tokenHash, sha256(cancelToken)));
    expect(stored).toMatchObject({ kind: 'email-cancel', userId: user.id, previousEmail: 'annuleer-oud@vandijk.nl' });
    expect(Math.abs(stored.expiresAt.getTime() - Date.now() - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);

    const res = await cancel(cancelToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_CANCEL_TEXT.cancelled('annuleer-oud@vandijk.nl') });
    expect((await confirm(confirmToken)).statusCode).toBe(401);
    expect((await userById(user.id)).email).toBe('annuleer-oud@vandijk.nl');
    // Nothing was taken over, so the sessions go on.
    expect((await call('GET', '/api/account', session)).json().pending_email).toBeNull();
    expect(await lastAudit(user.id, 'email.cancel')).toMatchObject({ userId: user.id, changes: expect.objectContaining({ new_email: 'annuleer-nieuw@vandijk.nl' }) });
    expect((await cancel(cancelToken)).json()).toEqual({ message: EMAIL_CANCEL_TEXT.linkInvalid });
  });

  it('restores the old address after the change was confirmed, ends every session and voids reset links', async () => {
    const { user, session, confirmToken, cancelToken } = await start('terug-oud@vandijk.nl', 'terug-nieuw@vandijk.nl');
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    // Whoever took the account asks a reset to the new address; it must not outlive the cancel.
    const reset = await createAuthToken(t.database.db, user.id, 'reset');
    const otherSession = await loginFrom('terug-nieuw@vandijk.nl');

    const res = await cancel(cancelToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: EMAIL_CANCEL_TEXT.restored('terug-oud@vandijk.nl') });
    expect((await userById(user.id)).email).toBe('terug-oud@vandijk.nl');
    for (const token of [session, otherSession]) expect((await call('GET', '/api/account', token)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/reset', null, { token: reset, password: STRONG })).json()).toEqual({ message: 'Invalid token' });
    expect(await lastAudit(user.id, 'email.restore')).toMatchObject({
      changes: expect.objectContaining({ email: 'terug-oud@vandijk.nl', previous_email: 'terug-nieuw@vandijk.nl' }),
    });
  });

  it('still works after a reset to the new address, which voids the other links', async () => {
    const { user, confirmToken, cancelToken } = await start('na-reset-oud@vandijk.nl', 'na-reset-nieuw@vandijk.nl');
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    const reset = await createAuthToken(t.database.db, user.id, 'reset');
    // From another client: this file's resets have used up the test client's allowance.
    const answer = await t.app.inject({ method: 'POST', url: '/api/auth/reset', remoteAddress: '192.0.2.17', payload: { token: reset, password: STRONG } });
    expect(answer.statusCode).toBe(200);
    expect((await cancel(cancelToken)).json()).toEqual({ message: EMAIL_CANCEL_TEXT.restored('na-reset-oud@vandijk.nl') });
    expect((await userById(user.id)).email).toBe('na-reset-oud@vandijk.nl');
  });

  it('says so when the change had already lapsed, and refuses an unknown or expired link', async () => {
    const { user, session, cancelToken } = await start('vervallen-oud@vandijk.nl', 'vervallen-nieuw@vandijk.nl');
    expect((await call('DELETE', '/api/account/sessions', session)).statusCode).toBe(204);
    expect((await cancel(cancelToken)).json()).toEqual({ message: EMAIL_CANCEL_TEXT.lapsed });
    expect((await userById(user.id)).email).toBe('vervallen-oud@vandijk.nl');
    expect((await cancel('onbekend')).statusCode).toBe(401);

    const second = await start('verlopen-oud@vandijk.nl', 'verlopen-nieuw@vandijk.nl');
    await t.database.db.update(authTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authTokens.tokenHash, sha256(second.cancelToken)));
    expect((await cancel(second.cancelToken)).json()).toEqual({ message: EMAIL_CANCEL_TEXT.linkExpired });
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ config: { loginRateLimit: 2 } });
  }, 60_000);
  afterAll(() => limited.close());

  it('count the password checks of one user together, as a login counts its attempts', async () => {
    const token = await limited.login('klant@demo.nl');
    const put = (url: string, method: 'PUT' | 'POST', payload: object) => limited.app.inject({ method, url, headers: auth(token), payload });
    expect((await put('/api/account/password', 'PUT', { current_password: 'Fout123!', password: STRONG })).statusCode).toBe(400);
    expect((await put('/api/account/email', 'POST', { email: 'x@vandijk.nl', password: 'Fout123!' })).statusCode).toBe(400);
    const third = await put('/api/account/password', 'PUT', { current_password: 'Welkom123!', password: STRONG });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: MSG.tooManyAttempts });
    await expect(limited.login('klant@demo.nl')).resolves.toEqual(expect.any(String));
  });
});

describe('the sessions of the account', () => {
  it('lists the live sessions with their device and last use, this one marked', async () => {
    const user = await newCustomer('sessies@vandijk.nl');
    const windows = await loginFrom(user.email, CHROME_ON_WINDOWS);
    await loginFrom(user.email, SAFARI_ON_IPHONE);
    const res = await call('GET', '/api/account/sessions', windows);
    expect(res.statusCode).toBe(200);
    const sessions = res.json() as { id: string; device: string; created_at: number; last_used_at: number; current: boolean }[];
    expect(sessions.map(({ device, current }) => ({ device, current })).sort((a, b) => a.device.localeCompare(b.device))).toEqual([
      { device: 'Chrome op Windows', current: true },
      { device: 'Safari op iPhone', current: false },
    ]);
    for (const session of sessions) expect(Math.abs(session.last_used_at - Date.now() / 1000)).toBeLessThan(60);
    // Another user's sessions are not in the list.
    expect((await call('GET', '/api/account/sessions', await t.tokenFor((await userByEmail('klant@demo.nl')).id))).body).not.toContain(
      sessions[0].id,
    );
  });

  it('logs out one other session of the own, never one of another user', async () => {
    const user = await newCustomer('een-sessie@vandijk.nl');
    const here = await loginFrom(user.email);
    const there = await loginFrom(user.email, SAFARI_ON_IPHONE);
    const other = await loginFrom('klant@demo.nl');
    const ids = async (token: string) => ((await call('GET', '/api/account/sessions', token)).json() as { id: string; current: boolean }[]);
    const [thereId] = (await ids(there)).filter((s) => s.current).map((s) => s.id);
    const [otherId] = (await ids(other)).filter((s) => s.current).map((s) => s.id);

    const refused = await call('DELETE', `/api/account/sessions/${otherId}`, here);
    expect(refused.statusCode).toBe(404);
    expect((await call('GET', '/api/account', other)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/account/sessions/${thereId}`, here)).statusCode).toBe(204);
    expect((await call('GET', '/api/account', there)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', here)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/account/sessions/${thereId}`, here)).statusCode).toBe(404);
  });

  it("'Uitloggen op alle apparaten' ends every session of the user, this one too, and no one else's", async () => {
    const user = await newCustomer('overal@vandijk.nl');
    const here = await loginFrom(user.email);
    const there = await loginFrom(user.email, SAFARI_ON_IPHONE);
    const other = await loginFrom('klant@demo.nl');
    expect((await call('DELETE', '/api/account/sessions', here)).statusCode).toBe(204);
    expect((await call('GET', '/api/account', here)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', there)).statusCode).toBe(401);
    expect((await call('GET', '/api/account', other)).statusCode).toBe(200);
  });
});
