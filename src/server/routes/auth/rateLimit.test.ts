import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { signDeviceCookie } from '../../services/auth/deviceCookies';
import { createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Repeated failed logins are rate limited per address and client, and per account across all
 * clients; a browser that logged in to the account before keeps its own allowance (docs/security.md).
 */

/** Login attempts per client across all addresses (50 in production). */
const CLIENT_LIMIT = 12;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginRateLimit: 3, loginClientRateLimit: CLIENT_LIMIT } });
}, 60_000);
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('login rate limit', () => {
  it('answers 429 with a JSON message on the 4th attempt for the same address from the same client', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await login('klant@demo.nl', 'fout-wachtwoord')).statusCode).toBe(401);
    }
    const fourth = await login('klant@demo.nl', 'Welkom123!');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['content-type']).toMatch(/^application\/json/);
    expect(fourth.json()).toEqual({ message: 'Te veel pogingen. Probeer het later opnieuw.' });
    expect(fourth.json().token).toBeUndefined();
  });

  it('counts the address case-insensitively', async () => {
    expect((await login('KLANT@Demo.nl', 'Welkom123!')).statusCode).toBe(429);
  });

  it('still lets another address from the same client try', async () => {
    expect((await login('admin@demo.nl', 'fout-wachtwoord')).statusCode).toBe(401);
    expect((await login('admin@demo.nl', 'Welkom123!')).statusCode).toBe(200);
  });

  it('still lets the same address try from another client', async () => {
    expect((await login('klant@demo.nl', 'Welkom123!', '192.0.2.10')).statusCode).toBe(200);
  });
});

describe('login rate limit per address, whatever its spelling', () => {
  it('counts white space (Unicode too) and case variants of an address against the same limit', async () => {
    const client = '198.51.100.20';
    // Each of these finds klant@demo.nl's account, so each is an attempt at its password.
    for (const variant of [' Klant@Demo.nl\u00a0', '\u2003klant@demo.nl', 'KLANT@DEMO.NL\u3000']) {
      expect((await login(variant, 'fout-wachtwoord', client)).statusCode).toBe(401);
    }
    const fourth = await login('klant@demo.nl', 'Welkom123!', client);
    expect(fourth.statusCode).toBe(429);
    expect((await login('klant@demo.nl\u2003', 'Welkom123!', client)).statusCode).toBe(429);
    // An invisible character is refused before any password check (docs/security.md, input).
    expect((await login('\ufeffklant@demo.nl', 'Welkom123!', client)).statusCode).toBe(400);
  });
});

describe('login rate limit per client', () => {
  const randomAddress = () => `${crypto.randomUUID()}@voorbeeld.nl`;

  it(`answers 429 after ${CLIENT_LIMIT} attempts from one client, whatever the addresses, and lets other clients in`, async () => {
    const client = '198.51.100.30';
    for (let attempt = 1; attempt <= CLIENT_LIMIT; attempt += 1) {
      expect((await login(randomAddress(), 'fout-wachtwoord', client)).statusCode).toBe(401);
    }
    const refused = await login('klant@demo.nl', 'Welkom123!', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Te veel pogingen. Probeer het later opnieuw.' });
    expect((await login('klant@demo.nl', 'Welkom123!', '198.51.100.31')).statusCode).toBe(200);
  });

  it('a flood of logins with random addresses from other clients delays a real login by less than a second', async () => {
    // Four clients each send more than their cap at once: every attempt up to the cap costs a
    // password hash (an unknown address too), the rest are refused before any hashing.
    const timed = async (client: string) => {
      const started = performance.now();
      const res = await login('kees@korenschoof.nl', 'Welkom123!', client);
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // The same login on a quiet server, whose time the flood may add less than a second to.
    const quiet = await timed('198.51.100.40');
    const flooders = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4'];
    const flood = flooders.flatMap((client) => Array.from({ length: CLIENT_LIMIT + 3 }, () => login(randomAddress(), 'raden', client)));
    // Let the flood's account lookups pass (PGlite answers one query at a time) and its hashing begin.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const duringFlood = await timed('198.51.100.41');
    const statuses = (await Promise.all(flood)).map((res) => res.statusCode);

    expect(duringFlood - quiet).toBeLessThan(1000);
    expect(statuses.filter((status) => status === 429)).toHaveLength(flooders.length * 3);
    expect(statuses.filter((status) => status === 401)).toHaveLength(flooders.length * CLIENT_LIMIT);
  });
});

describe('login rate limit per account, and the device cookies that keep the owner in', () => {
  /** All clients without a device cookie together; and each device cookie on its own (LOGIN_RATE_LIMIT). */
  const ACCOUNT_LIMIT = 5;
  const DEVICE_LIMIT = 3;
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({ config: { loginRateLimit: DEVICE_LIMIT, loginAccountRateLimit: ACCOUNT_LIMIT, loginClientRateLimit: 1000 } });
  }, 60_000);
  afterAll(() => d.close());

  const attempt = (email: string, password: string, remoteAddress: string, deviceCookie?: string) =>
    d.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
      ...(deviceCookie ? { cookies: { portal_device: deviceCookie } } : {}),
    });
  const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'portal_device')!.value;
  const WRONG = { message: 'E-mail adres of wachtwoord incorrect. Probeer het opnieuw.' };

  it('locks the account after failures from many clients, but a browser with a device cookie of the account still logs in', async () => {
    const owner = await attempt('klant@demo.nl', 'Welkom123!', '10.0.0.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'portal_device')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    const device = deviceCookieOf(owner);
    // The owner's right password gave its try back: only the guesses use the allowance up.
    for (let client = 1; client <= ACCOUNT_LIMIT; client += 1) {
      expect((await attempt('klant@demo.nl', 'geraden', `203.0.113.${client}`)).statusCode).toBe(401);
    }
    // Without a cookie the right password is refused as a wrong one is: the guess learns nothing.
    const locked = await attempt('klant@demo.nl', 'Welkom123!', '203.0.113.99');
    expect(locked.statusCode).toBe(401);
    expect(locked.json()).toEqual(WRONG);
    // The owner's browser, from a new address too.
    expect((await attempt('klant@demo.nl', 'Welkom123!', '10.0.0.2', device)).statusCode).toBe(200);
    // Another account's device cookie, or a forged one, counts for nothing.
    const [kees] = await d.database.db.select().from(users).where(eq(users.email, 'kees@korenschoof.nl'));
    expect((await attempt('klant@demo.nl', 'Welkom123!', '10.0.0.3', signDeviceCookie(d.config.jwtSecret, kees.id))).json()).toEqual(WRONG);
    const [userId, , mac] = device.split('.');
    expect((await attempt('klant@demo.nl', 'Welkom123!', '10.0.0.4', `${userId}.andere-nonce.${mac}`)).json()).toEqual(WRONG);
  });

  it('locks out a device cookie that keeps failing: it then counts as a browser without one', async () => {
    const failing = deviceCookieOf(await attempt('kees@korenschoof.nl', 'Welkom123!', '10.2.0.1'));
    const other = deviceCookieOf(await attempt('kees@korenschoof.nl', 'Welkom123!', '10.2.0.2'));
    for (let tried = 1; tried <= DEVICE_LIMIT; tried += 1) {
      expect((await attempt('kees@korenschoof.nl', 'geraden', `10.2.1.${tried}`, failing)).statusCode).toBe(401);
    }
    // The two right logins above gave their tries back; clients without a cookie use up the account's.
    for (let tried = 1; tried <= ACCOUNT_LIMIT; tried += 1) {
      expect((await attempt('kees@korenschoof.nl', 'geraden', `203.0.114.${tried}`)).statusCode).toBe(401);
    }
    expect((await attempt('kees@korenschoof.nl', 'Welkom123!', '10.2.0.1', failing)).json()).toEqual(WRONG);
    expect((await attempt('kees@korenschoof.nl', 'Welkom123!', '10.2.0.2', other)).statusCode).toBe(200);
  });

  it('counts only guesses: the owner logs in from new browsers more often than the account allows guesses', async () => {
    for (let login = 1; login <= ACCOUNT_LIMIT * 2; login += 1) {
      expect((await attempt('superadmin@demo.nl', 'Welkom123!', `10.3.0.${login}`)).statusCode).toBe(200);
    }
    for (let tried = 1; tried <= ACCOUNT_LIMIT; tried += 1) {
      expect((await attempt('superadmin@demo.nl', 'geraden', `203.0.115.${tried}`)).statusCode).toBe(401);
    }
    expect((await attempt('superadmin@demo.nl', 'Welkom123!', '10.3.1.1')).json()).toEqual(WRONG);
  });
});
