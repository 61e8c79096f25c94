import crypto from 'node:crypto';
import { createTestApp, type TestApp } from '../../testing/testApp';

/** Decisions section 9: repeated failed logins are rate limited per address and client. */

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
