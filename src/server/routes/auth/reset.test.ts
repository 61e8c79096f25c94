import { eq, sql } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema';
import { createAuthToken } from '../../services/auth/accounts';
import { auth, claimsOf, createTestApp, type TestApp } from '../../testing/testApp';

/** POST /api/auth/reset: reset and activation links (docs/rules.md, 'Reset and activation links'). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const userId = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0].id;
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password } });
const lifetimeSeconds = async (token: string) => {
  const { sha256 } = await import('../../services/auth/tokens');
  const [row] = await t.database.db
    .select({ seconds: sql<number>`extract(epoch from ${authTokens.expiresAt} - ${authTokens.createdAt})::float8` })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, sha256(token)));
  return row.seconds;
};

describe('activation links', () => {
  it('are valid 7 days and set the first password through POST /api/auth/reset', async () => {
    // i.bakker@vandijk-elektro.nl has never had a password.
    const id = await userId('i.bakker@vandijk-elektro.nl');
    const token = await createAuthToken(t.database.db, id, 'activation');
    expect(Math.abs((await lifetimeSeconds(token)) - 7 * 24 * 3600)).toBeLessThan(60);

    const res = await reset(token, 'Eerste-Kiezel-Tulp-Fluit');
    expect(res.statusCode).toBe(200);
    expect(claimsOf(res.json().token)).toMatchObject({ sub: id, impersonate: null });
    const policies = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(res.json().token) });
    expect(policies.statusCode).toBe(200);
    await expect(t.login('i.bakker@vandijk-elektro.nl', 'Eerste-Kiezel-Tulp-Fluit')).resolves.toEqual(expect.any(String));
    expect((await reset(token, 'NogEenKeer12')).json()).toEqual({ message: 'Invalid token' });
  });

  it('answer Token timed out once expired', async () => {
    const token = await createAuthToken(t.database.db, await userId('kees@korenschoof.nl'), 'activation');
    const { sha256 } = await import('../../services/auth/tokens');
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, sha256(token)));
    const res = await reset(token, 'Welkom123!');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Token timed out' });
  });
});

describe('reset links', () => {
  it('are valid 24 hours', async () => {
    const token = await createAuthToken(t.database.db, await userId('klant@demo.nl'), 'reset');
    expect(Math.abs((await lifetimeSeconds(token)) - 24 * 3600)).toBeLessThan(60);
  });

  it('refuse a password shorter than 8 characters in Dutch, and stay usable', async () => {
    const token = await createAuthToken(t.database.db, await userId('klant@demo.nl'), 'reset');
    const short = await reset(token, 'Kort123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Het wachtwoord moet minimaal 8 tekens bevatten.');
    // The old password still works: nothing changed.
    await expect(t.login('klant@demo.nl', 'Welkom123!')).resolves.toEqual(expect.any(String));

    // Random, so strong enough at exactly 8 characters (domain/passwordStrength.ts).
    const exactlyEight = await reset(token, 'Kx9#mQ2!');
    expect(exactlyEight.statusCode).toBe(200);
    await expect(t.login('klant@demo.nl', 'Kx9#mQ2!')).resolves.toEqual(expect.any(String));
    expect((await reset(token, 'Welkom123!')).statusCode).toBe(401);
  });

  it('refuse a disabled user with Invalid token and leave the password alone', async () => {
    const id = await userId('admin@demo.nl');
    const token = await createAuthToken(t.database.db, id, 'reset');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    try {
      const res = await reset(token, 'Andere-Kiezel-Tulp-Fluit');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid token' });
    } finally {
      await t.database.db.update(users).set({ disabled: false }).where(eq(users.id, id));
    }
    await expect(t.login('admin@demo.nl', 'Welkom123!')).resolves.toEqual(expect.any(String));
  });

  it('refuse an unknown token with Invalid token', async () => {
    const res = await reset('bestaat-niet', 'Welkom123!');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });

  it('a used link makes the other outstanding links of the user invalid', async () => {
    const id = await userId('superadmin@demo.nl');
    const first = await createAuthToken(t.database.db, id, 'reset');
    const second = await createAuthToken(t.database.db, id, 'activation');
    expect((await reset(first, 'Nieuw-Kiezel-Tulp-2026')).statusCode).toBe(200);
    expect((await reset(second, 'Nieuw-Kiezel-Tulp-2026')).json()).toEqual({ message: 'Invalid token' });
  });
});
