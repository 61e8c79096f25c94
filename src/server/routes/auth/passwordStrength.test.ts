import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createAuthToken } from '../../services/auth/accounts';
import { createTestApp, type TestApp } from '../../testing/testApp';

/**
 * Setting a password through a reset or activation link (POST /api/auth/reset) refuses a weak one
 * (NIST SP 800-63B: common and leaked passwords, the user's own name and e-mail address, a season,
 * city or club with a year, the user's company name) with the
 * Dutch reason of domain/passwordStrength.ts, and changes nothing. A file of its own: the reset
 * route allows 10 attempts per client per 15 minutes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

// Ingrid Bakker of Van Dijk Elektro has never had a password: her activation link sets the first.
const EMAIL = 'i.bakker@vandijk-elektro.nl';
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password } });
const ingrid = async () => (await t.database.db.select().from(users).where(eq(users.email, EMAIL)))[0];

const TOO_EASY = /^Dit wachtwoord is te makkelijk te raden: /;
const PREDICTABLE =
  'Dit wachtwoord is te makkelijk te raden: seizoenen, maanden, steden, voetbalclubs, begroetingen en je bedrijfsnaam worden met een jaartal of teken als eerste geraden. Voeg een paar ongewone woorden toe.';
const OWN_DETAILS = 'Dit wachtwoord is te makkelijk te raden: het bevat je naam of e-mailadres. Voeg een paar ongewone woorden toe.';

describe('POST /api/auth/reset refuses a weak password', () => {
  it.each([
    ['a common password', 'Wachtwoord1!', TOO_EASY],
    ['the demo password', 'Welkom123!', TOO_EASY],
    ["the user's own name", 'Bakker.Ingrid.1980', OWN_DETAILS],
    ["the user's own e-mail address", 'i.bakker@vandijk-elektro.nl', OWN_DETAILS],
    ['a season with a year', 'Zomer2026!', PREDICTABLE],
    ["the user's company name with a year", 'Elektrotechniek2026!', PREDICTABLE],
  ])('refuses %s with 400 and a Dutch reason, and changes nothing', async (_, password, reason) => {
    const before = await ingrid();
    const token = await createAuthToken(t.database.db, before.id, 'activation');

    const res = await reset(token, password);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
    expect(await ingrid()).toEqual(before);
    await expect(t.login(EMAIL, password)).rejects.toThrow(/401/);
  });

  it('sets a strong password through the same link, which a weak try left usable', async () => {
    const token = await createAuthToken(t.database.db, (await ingrid()).id, 'activation');
    expect((await reset(token, 'Welkom123!')).statusCode).toBe(400);

    const res = await reset(token, 'Ingrid-kiest-drie-ongewone-woorden');
    expect(res.statusCode).toBe(200);
    await expect(t.login(EMAIL, 'Ingrid-kiest-drie-ongewone-woorden')).resolves.toEqual(expect.any(String));
  });
});
