import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { ROLE } from '../../../domain/permissions';
import { users } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRETS } from '../../seed/demo';
import { hashPassword } from '../../services/auth/password';
import { createAuthToken } from '../../services/auth/accounts';
import { encryptSecret, replaceRecoveryCodes, signChallenge, startChallenge } from '../../services/auth/twoFactor';
import { auth, claimsOf, createTestApp, FROM_PORTAL, linkIn, refreshCookieOf, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('answers a token with its claims (sub, company_id, exp, impersonate) and sets a strict HttpOnly refresh cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'klant@demo.nl', password: 'Welkom123!' },
    });
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims).toMatchObject({ sub: expect.any(Number), company_id: expect.any(Number), impersonate: null });
    expect(claims.exp - claims.iat).toBe(3600);
    const cookie = res.cookies.find((c) => c.name === 'portal_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'fout' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'niemand@demo.nl', password: 'fout' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects bad input with 400 before the handler', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('password');
  });
});

describe('sessions', () => {
  it('refresh answers a new token from the cookie; logout revokes the session at once', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'Welkom123!' } });
    const token = login.json().token;
    const cookie = refreshCookieOf(login);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().token).sid).toBe(claimsOf(token).sid);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...auth(token), ...FROM_PORTAL } });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });
    expect(after.statusCode).toBe(401);
    const refreshAfter = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } });
    expect(refreshAfter.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const token = await t.login('klant@demo.nl');
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(forged) });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh answers a token and nothing else', () => {
  const loginCookie = async (email: string) =>
    refreshCookieOf(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Welkom123!' } }));

  it('answers no other call, whatever its body asks (it is public, authenticated by a cookie alone)', async () => {
    const cookie = await loginCookie('klant@demo.nl');
    for (const payload of [undefined, { include: ['auth/policies', 'users/{user}'] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL }, payload });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json())).toEqual(['token']);
    }
  });

  it('answers nothing without a live session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: 'portal_refresh=onzin', ...FROM_PORTAL } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sessie verlopen.' });
  });
});

describe('GET /api/auth/policies', () => {
  it('answers every permission for the role', async () => {
    const customer = (await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(await t.login('klant@demo.nl')) })).json();
    const admin = (await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(await t.login('admin@demo.nl')) })).json();
    expect(Object.keys(customer)).toHaveLength(22);
    expect(customer).toMatchObject({ CREATE_COMPANY: false, UPLOAD_CDR: false, EDIT_SPIE_FIELDS: false, CREATE_SERVICE: true, BULK_IMPORT: true });
    expect(Object.values(admin).every(Boolean)).toBe(true);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password and logs in', async () => {
    const request = await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'admin@demo.nl' } });
    expect(request.statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    const mail = t.outbox().at(-1)!;
    expect(mail).toContain('To: admin@demo.nl');
    const token = new URL(linkIn(mail)).searchParams.get('token')!;

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Nieuwe-Tulp-Fluit-Mantel' } });
    expect(reset.statusCode).toBe(200);
    // A reset proves the mailbox, not the second factor: admin@demo.nl (two-factor login on) goes on to the code.
    expect(reset.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(reset.cookies.find((c) => c.name === 'portal_refresh')).toBeUndefined();
    await expect(t.login('admin@demo.nl', 'Nieuwe-Tulp-Fluit-Mantel')).resolves.toEqual(expect.any(String));

    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'NogEenKeer1' } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid token' });
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.outbox().length;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'onbekend@demo.nl' } });
    expect(res.statusCode).toBe(200);
    await t.app.backgroundTasks.settled();
    expect(t.outbox()).toHaveLength(before);
  });

  it('refuses an expired link with Token timed out', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/reset/request', payload: { email: 'klant@demo.nl' } });
    await t.app.backgroundTasks.settled();
    const token = new URL(linkIn(t.outbox().at(-1)!)).searchParams.get('token')!;
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update auth_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Welkom123!' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Token timed out' });
  });
});

describe('two-factor login', () => {
  let passwordHash: string;
  let installatieId: number;
  beforeAll(async () => {
    passwordHash = await hashPassword(DEMO_PASSWORD);
    [{ companyId: installatieId }] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
  });

  /** A fresh customer account with two-factor login on (secret set straight in the database) and its recovery codes. */
  const accountWithTwoFactor = async () => {
    const secret = new Secret({ size: 20 }).base32;
    const [user] = await t.database.db
      .insert(users)
      .values({
        email: `tfa-${crypto.randomUUID()}@voorbeeld.nl`,
        firstname: 'Twee',
        lastname: 'Stappen',
        companyId: installatieId,
        roleId: ROLE.endUser,
        passwordHash,
        totpSecret: encryptSecret(t.config.twoFactorKey, secret),
        totpEnabledAt: new Date(),
      })
      .returning();
    const recoveryCodes = await replaceRecoveryCodes(t.database.db, user.id);
    return { user, secret, recoveryCodes };
  };
  /** The code an authenticator app shows for `secret`, `stepsAgo` steps of 30 seconds back. */
  const codeOf = (secret: string, stepsAgo = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() - stepsAgo * 30_000 });
  const passwordStep = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const codeStep = (challenge: string, code: string, remoteAddress?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code }, remoteAddress });

  it('asks for the code after the right password, and starts the session only with the right code', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const first = await passwordStep(user.email);
    expect(first.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    expect(first.cookies).toEqual([]);

    const wrong = await codeStep(first.json().challenge, codeOf(secret) === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Code onjuist. Probeer het opnieuw.' });

    const res = await codeStep(first.json().challenge, codeOf(secret));
    expect(res.statusCode).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims).toMatchObject({ sub: user.id, company_id: installatieId, impersonate: null });
    expect(claims.scope).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'portal_refresh')).toMatchObject({ httpOnly: true });
    const policies = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(res.json().token) });
    expect(policies.statusCode).toBe(200);
  });

  it('takes a code once: the same code again, or one of an earlier step, is refused', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const code = codeOf(secret);
    expect((await codeStep((await passwordStep(user.email)).json().challenge, code)).statusCode).toBe(200);
    const { challenge } = (await passwordStep(user.email)).json();
    const replayed = await codeStep(challenge, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ message: 'Code onjuist. Probeer het opnieuw.' });
    expect((await codeStep(challenge, codeOf(secret, 1))).statusCode).toBe(401);
  });

  it('takes a challenge for one login: after it, the same challenge is refused, even with another right code', async () => {
    const { user, secret, recoveryCodes } = await accountWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).json();
    expect((await codeStep(challenge, codeOf(secret))).statusCode).toBe(200);
    const again = await codeStep(challenge, recoveryCodes[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Deze inlogpoging is verlopen. Log opnieuw in.' });
    // The refused try used nothing up: the recovery code still works with a new challenge.
    expect((await codeStep((await passwordStep(user.email)).json().challenge, recoveryCodes[0])).statusCode).toBe(200);
  });

  it('takes 5 codes per challenge: after 5 wrong ones even the right code is refused, and the password starts over', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).json();
    const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await codeStep(challenge, wrong)).json()).toEqual({ message: 'Code onjuist. Probeer het opnieuw.' });
    }
    const sixth = await codeStep(challenge, codeOf(secret));
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json()).toEqual({ message: 'Deze inlogpoging is verlopen. Log opnieuw in.' });
    expect((await codeStep((await passwordStep(user.email)).json().challenge, codeOf(secret))).statusCode).toBe(200);
  });

  describe('a challenge dies with the password it was started with, and with logging out everywhere', () => {
    /** A session of the user, through the code step, for the calls of 'Mijn account'. */
    const sessionOf = async (email: string, secret: string) =>
      (await codeStep((await passwordStep(email)).json().challenge, codeOf(secret))).json().token as string;
    const expectDead = async (challenge: string, secret: string) => {
      const res = await codeStep(challenge, codeOf(secret, -1));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Deze inlogpoging is verlopen. Log opnieuw in.' });
    };

    it("'Mijn account' password change", async () => {
      const { user, secret } = await accountWithTwoFactor();
      const token = await sessionOf(user.email, secret);
      const { challenge } = (await passwordStep(user.email)).json();
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/account/password',
        headers: auth(token),
        payload: { current_password: DEMO_PASSWORD, password: 'Kiezel-Tulp-Fluit-Mantel' },
      });
      expect(changed.statusCode).toBe(204);
      await expectDead(challenge, secret);
    });

    it('a password reset', async () => {
      const { user, secret } = await accountWithTwoFactor();
      const { challenge } = (await passwordStep(user.email)).json();
      const token = await createAuthToken(t.database.db, user.id, 'reset');
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Kiezel-Tulp-Fluit-Mantel' } });
      expect(reset.statusCode).toBe(200);
      await expectDead(challenge, secret);
      // The reset's own challenge, given after the new password, holds.
      expect((await codeStep(reset.json().challenge, codeOf(secret, -1))).statusCode).toBe(200);
    });

    it("'Uitloggen op alle apparaten'", async () => {
      const { user, secret } = await accountWithTwoFactor();
      const token = await sessionOf(user.email, secret);
      const { challenge } = (await passwordStep(user.email)).json();
      const out = await t.app.inject({ method: 'DELETE', url: '/api/account/sessions', headers: { ...auth(token), ...FROM_PORTAL } });
      expect(out.statusCode).toBe(204);
      await expectDead(challenge, secret);
    });
  });

  it('refuses a code from more than one step ago (the window is one step either side)', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).json();
    const stale = codeOf(secret, 3);
    // A stale code that happens to equal a current one says nothing; that is one chance in 10^6.
    if ([0, 1, -1].some((steps) => codeOf(secret, steps) === stale)) return;
    expect((await codeStep(challenge, stale)).statusCode).toBe(401);
    expect((await codeStep(challenge, codeOf(secret, 1))).statusCode).toBe(200);
  });

  it('refuses an expired, forged or unknown challenge', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const expired = await startChallenge(t.database.db, t.config.jwtSecret, user.id, Date.now() - 5 * 60_000 - 1000);
    const res = await codeStep(expired, codeOf(secret));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Deze inlogpoging is verlopen. Log opnieuw in.' });

    const forged = signChallenge(crypto.randomBytes(32), { userId: user.id, challengeId: 'verzonnen' });
    expect((await codeStep(forged, codeOf(secret))).statusCode).toBe(401);
    // An access token is no challenge.
    expect((await codeStep(await t.login('klant@demo.nl'), codeOf(secret))).statusCode).toBe(401);
    expect((await codeStep('geen.challenge', codeOf(secret))).statusCode).toBe(401);
  });

  it('takes a recovery code once, in any case and with spaces', async () => {
    const { user, recoveryCodes } = await accountWithTwoFactor();
    const challenge = async () => (await passwordStep(user.email)).json().challenge as string;
    const typed = ` ${recoveryCodes[0].toUpperCase()} `;
    expect((await codeStep(await challenge(), typed)).statusCode).toBe(200);
    const next = await challenge();
    const again = await codeStep(next, recoveryCodes[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Code onjuist. Probeer het opnieuw.' });
    expect((await codeStep(next, recoveryCodes[1])).statusCode).toBe(200);
  });

  it('answers bad input with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('code');
  });

  it('refuses the code of an account that may no longer log in', async () => {
    const { user, secret } = await accountWithTwoFactor();
    const { challenge } = (await passwordStep(user.email)).json();
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await codeStep(challenge, codeOf(secret))).statusCode).toBe(401);
  });

  it('logs the demo staff in with a code of their published secret', async () => {
    const { challenge } = (await passwordStep('superadmin@demo.nl')).json();
    const res = await codeStep(challenge, codeOf(DEMO_TWO_FACTOR_SECRETS['superadmin@demo.nl']));
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json().token).scope).toBeUndefined();
  });
});

describe('two-factor login rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ demo: true, config: { loginRateLimit: 3, loginClientRateLimit: 1000 } });
  });
  afterAll(() => limited.close());

  it("counts the codes tried per user and client: a client that knows only the password cannot use up the owner's codes", async () => {
    const [admin] = await limited.database.db.select().from(users).where(eq(users.email, 'admin@demo.nl'));
    const attempt = async (code: string, client: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/login/two-factor',
        payload: { challenge: await startChallenge(limited.database.db, limited.config.jwtSecret, admin.id), code },
        remoteAddress: client,
      });
    const right = () => new TOTP({ secret: Secret.fromBase32(DEMO_TWO_FACTOR_SECRETS['admin@demo.nl']) }).generate();
    const wrong = right() === '000000' ? '111111' : '000000';
    for (let tried = 1; tried <= 3; tried += 1) expect((await attempt(wrong, '192.0.2.1')).statusCode).toBe(401);
    const fourth = await attempt(wrong, '192.0.2.1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: 'Te veel pogingen. Probeer het later opnieuw.' });
    expect((await attempt(right(), '192.0.2.9')).statusCode).toBe(200);
  });
});
