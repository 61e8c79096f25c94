import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { auth, claimsOf, createTestApp, refreshCookieOf, type TestApp } from '../../testing/testApp';
import { createAuthToken } from './accounts';

/**
 * Decisions section 9: sessions live in the database; a session ends after 12 hours, or after
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
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  const token = res.json().token;
  return { token, cookie: refreshCookieOf(res), sessionId: claimsOf(token).sid, userId: claimsOf(token).sub };
};

const request = (s: LoggedIn) => t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(s.token) });
const refresh = (s: LoggedIn) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: s.cookie } });

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
    const first = await loginAs('admin@demo.nl');
    const second = await loginAs('admin@demo.nl');
    const token = await createAuthToken(t.database.db, first.userId, 'reset');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Welkom123!' } });
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
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth(first.token) });
    expect(logout.statusCode).toBe(204);
    await expectRefused(first);
    expect((await request(second)).statusCode).toBe(200);
  });
});
