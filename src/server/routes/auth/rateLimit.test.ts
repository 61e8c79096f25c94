import { createTestApp, type TestApp } from '../../testing/testApp';

/** Decisions section 9: repeated failed logins are rate limited per address and client. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { loginRateLimit: 3 } });
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
