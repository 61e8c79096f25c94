import { eq, sql } from 'drizzle-orm';
import { companies, sessions, users } from '../../db/schema';
import { auth, claimsOf, createTestApp, FROM_PORTAL, refreshCookieOf, type TestApp } from '../../testing/testApp';
import { createAuthToken } from './accounts';

/**
 * docs/rules.md, 'Tokens and sessions': sessions live in the database; a session ends after 12 hours, or after
 * 1 hour without a refresh; a password reset, a role change to 4 or disabling the user ends it at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

interface LoggedIn {
  token: string;
  cookie: string;
  sessionId: string;
  userId: number;
}

const loginAs = async (email: string, password = 'Welkom123!'): Promise<LoggedIn> => {
  // Through the code step for the demo staff, who have two-factor login on.
  const res = await t.loginAnswer(email, password);
  const token = res.json().token;
  return { token, cookie: refreshCookieOf(res), sessionId: claimsOf(token).sid, userId: claimsOf(token).sub };
};

const request = (s: LoggedIn) => t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(s.token) });
const refresh = (s: LoggedIn) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie, ...FROM_PORTAL } });

/** Moves the session's clocks: its end and its last refresh, relative to now in minutes. */
const setSessionClock = async (s: LoggedIn, clock: { expiresInMinutes?: number; lastRefreshMinutesAgo?: number }) => {
  const set: Record<string, unknown> = {};
  if (clock.expiresInMinutes !== undefined) set.expiresAt = sql`now() + make_interval(mins => ${clock.expiresInMinutes})`;
  if (clock.lastRefreshMinutesAgo !== undefined) set.lastRefreshAt = sql`now() - make_interval(mins => ${clock.lastRefreshMinutesAgo})`;
  await t.database.db.update(sessions).set(set).where(eq(sessions.id, s.sessionId));
};

const expectRefused = async (s: LoggedIn) => {
  const res = await request(s);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: expect.any(String) });
  expect((await refresh(s)).statusCode).toBe(401);
};

const setUser = (userId: number, values: Partial<typeof users.$inferInsert>) =>
  t.database.db.update(users).set(values).where(eq(users.id, userId));

describe('session lifetime', () => {
  it('lives 12 hours from login', async () => {
    const s = await loginAs('klant@demo.nl');
    const [row] = await t.database.db
      .select({ seconds: sql<number>`extract(epoch from ${sessions.expiresAt} - ${sessions.createdAt})::float8` })
      .from(sessions)
      .where(eq(sessions.id, s.sessionId));
    expect(Math.abs(row.seconds - 12 * 3600)).toBeLessThan(60);
  });

  it('is refused on request and refresh once older than 12 hours, even when refreshed recently', async () => {
    const s = await loginAs('klant@demo.nl');
    await setSessionClock(s, { expiresInMinutes: 1, lastRefreshMinutesAgo: 0 });
    expect((await request(s)).statusCode).toBe(200);
    await setSessionClock(s, { expiresInMinutes: -1 });
    await expectRefused(s);
  });

  it('is refused on request and refresh after more than 1 hour without a refresh', async () => {
    const s = await loginAs('klant@demo.nl');
    await setSessionClock(s, { lastRefreshMinutesAgo: 59 });
    expect((await request(s)).statusCode).toBe(200);
    await setSessionClock(s, { lastRefreshMinutesAgo: 61 });
    await expectRefused(s);
  });

  it('a refresh restarts the idle hour', async () => {
    const s = await loginAs('klant@demo.nl');
    await setSessionClock(s, { lastRefreshMinutesAgo: 50 });
    expect((await refresh(s)).statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ idle: sql<number>`extract(epoch from now() - ${sessions.lastRefreshAt})::float8` })
      .from(sessions)
      .where(eq(sessions.id, s.sessionId));
    // Moved from 50 minutes ago to the refresh (well within 10 minutes of now).
    expect(row.idle).toBeLessThan(10 * 60);
  });
});

describe('revocation at once', () => {
  it('disabling the user refuses its sessions and its login', async () => {
    const s = await loginAs('kees@korenschoof.nl');
    const other = await loginAs('klant@demo.nl');
    await setUser(s.userId, { disabled: true });
    try {
      await expectRefused(s);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'kees@korenschoof.nl', password: 'Welkom123!' } });
      expect(login.statusCode).toBe(401);
      // Other users' sessions are untouched.
      expect((await request(other)).statusCode).toBe(200);
    } finally {
      await setUser(s.userId, { disabled: false });
    }
  });

  it('a password reset revokes every session of the user, and only the new one works', async () => {
    // Not an account later tests log in to: the new password has to be a strong one.
    const first = await loginAs('kees@korenschoof.nl');
    const second = await loginAs('kees@korenschoof.nl');
    const token = await createAuthToken(t.database.db, first.userId, 'reset');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Nieuw-Kiezel-Tulp-2026' } });
    expect(reset.statusCode).toBe(200);
    await expectRefused(first);
    await expectRefused(second);
    const fresh = { token: reset.json().token, cookie: refreshCookieOf(reset), sessionId: '', userId: first.userId };
    expect((await request(fresh)).statusCode).toBe(200);
    expect((await refresh(fresh)).statusCode).toBe(200);
  });

  it('a role change to 4 (unauthorized) makes the token and the refresh cookie useless', async () => {
    const s = await loginAs('superadmin@demo.nl');
    await setUser(s.userId, { roleId: 4 });
    try {
      await expectRefused(s);
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'superadmin@demo.nl', password: 'Welkom123!' } });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' });
    } finally {
      await setUser(s.userId, { roleId: 1 });
    }
  });

  it('a role change applies its permissions on the next request', async () => {
    const s = await loginAs('admin@demo.nl');
    expect((await request(s)).json().CREATE_COMPANY).toBe(true);
    await setUser(s.userId, { roleId: 3 });
    try {
      expect((await request(s)).json().CREATE_COMPANY).toBe(false);
    } finally {
      await setUser(s.userId, { roleId: 2 });
    }
  });

  it('logout revokes only its own session', async () => {
    const first = await loginAs('klant@demo.nl');
    const second = await loginAs('klant@demo.nl');
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...auth(first.token), ...FROM_PORTAL } });
    expect(logout.statusCode).toBe(204);
    await expectRefused(first);
    expect((await request(second)).statusCode).toBe(200);
  });
});

describe('refresh cookie rotation (RFC 9700 section 4.14.2)', () => {
  const refreshWith = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie, ...FROM_PORTAL } });
  /** Moves the session's last rotation `seconds` into the past, as if that time had gone by. */
  const rotatedSecondsAgo = (s: LoggedIn, seconds: number) =>
    t.database.db
      .update(sessions)
      .set({ rotatedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.id, s.sessionId));

  it('sets a new refresh secret on every refresh, for the same session', async () => {
    const s = await loginAs('klant@demo.nl');
    const first = await refreshWith(s.cookie);
    expect(first.statusCode).toBe(200);
    const second = await refreshWith(refreshCookieOf(first));
    expect(second.statusCode).toBe(200);
    const cookies = [s.cookie, refreshCookieOf(first), refreshCookieOf(second)];
    expect(new Set(cookies).size).toBe(3);
    expect(claimsOf(second.json().token).sid).toBe(s.sessionId);
    expect(first.cookies.find((c) => c.name === 'portal_refresh')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
  });

  it('a replaced secret presented again ends the whole session: 401, and the new secret and the token are revoked too', async () => {
    const s = await loginAs('klant@demo.nl');
    const rotated = await refreshWith(s.cookie);
    const current = { ...s, token: rotated.json().token, cookie: refreshCookieOf(rotated) };
    await rotatedSecondsAgo(s, 60);

    const reused = await refreshWith(s.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Sessie verlopen.' });
    await expectRefused(current);
  });

  it('takes the replaced secret within a few seconds (a second tab refreshing at once), without a new cookie', async () => {
    const s = await loginAs('klant@demo.nl');
    const [one, other] = await Promise.all([refreshWith(s.cookie), refreshWith(s.cookie)]);
    expect([one.statusCode, other.statusCode]).toEqual([200, 200]);
    // One of them rotated the secret; the other answered the same session and left the cookie alone.
    const setCookies = [one, other].filter((res) => res.cookies.some((c) => c.name === 'portal_refresh'));
    expect(setCookies).toHaveLength(1);
    expect(claimsOf(other.json().token).sid).toBe(claimsOf(one.json().token).sid);
    const current = { ...s, cookie: refreshCookieOf(setCookies[0]) };
    expect((await refreshWith(current.cookie)).statusCode).toBe(200);
  });

  it('a cookie with a made-up secret for a live session ends it', async () => {
    const s = await loginAs('klant@demo.nl');
    expect((await refreshWith(`portal_refresh=${s.sessionId}.verzonnen`)).statusCode).toBe(401);
    await expectRefused(s);
  });
});

describe('refresh and logout refuse cross-site requests', () => {
  it('answers 403 without the portal header (a form a foreign page posts), and the session stays', async () => {
    const s = await loginAs('klant@demo.nl');
    const formPost = { 'content-type': 'application/x-www-form-urlencoded' };
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: s.cookie, ...formPost }, payload: 'a=1' });
    expect(logout.statusCode).toBe(403);
    expect(logout.json()).toEqual({ message: 'Dit verzoek kan alleen vanuit het portaal worden gedaan.' });
    const bare = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...auth(s.token), cookie: s.cookie } });
    expect(bare.statusCode).toBe(403);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie } });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.cookies).toEqual([]);

    expect((await request(s)).statusCode).toBe(200);
    // The cookie was neither rotated nor revoked: the portal's own refresh takes it.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie, ...FROM_PORTAL } })).statusCode).toBe(200);
  });

  it('takes a JSON request as the portal’s own too', async () => {
    const s = await loginAs('klant@demo.nl');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie }, payload: {} });
    expect(res.statusCode).toBe(200);
  });
});

describe('a company whose end date has passed', () => {
  const setCompanyEnd = (companyId: number, end: Date | null) =>
    t.database.db.update(companies).set({ endTime: end }).where(eq(companies.id, companyId));

  it('refuses its users’ login with the wrong-password answer, and their sessions and refresh', async () => {
    const s = await loginAs('klant@demo.nl');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, s.userId));
    await setCompanyEnd(user.companyId, new Date(Date.now() - 60_000));
    try {
      const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'klant@demo.nl', password: 'Welkom123!' } });
      expect(login.statusCode).toBe(401);
      expect(login.json()).toEqual({ message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' });
      await expectRefused(s);
    } finally {
      await setCompanyEnd(user.companyId, null);
    }
  });

  it('still lets them in before the end date', async () => {
    const [klant] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
    await setCompanyEnd(klant.companyId, new Date(Date.now() + 24 * 3600_000));
    try {
      await loginAs('klant@demo.nl');
    } finally {
      await setCompanyEnd(klant.companyId, null);
    }
  });
});
