import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * 'Mijn account' refuses a new password as the reset screen does (domain/passwordStrength.ts), the
 * name of the user's own company with a year included, and changes nothing then.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const PREDICTABLE =
  'Dit wachtwoord is te makkelijk te raden: seizoenen, maanden, steden, voetbalclubs, begroetingen en je bedrijfsnaam worden met een jaartal of teken als eerste geraden. Voeg een paar ongewone woorden toe.';

// Pieter van Dijk (klant@demo.nl) works at Van Dijk Installatietechniek B.V.
const changePassword = async (password: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/password',
    headers: auth(await t.login('klant@demo.nl')),
    payload: { current_password: 'Welkom123!', password },
  });

describe('PUT /api/account/password refuses a predictable password', () => {
  it.each([
    ['the company name with a year', 'Installatietechniek2026!'],
    ['a city with a year', 'Utrecht2026!'],
    ['a greeting with a year', 'Welkom2026!'],
  ])('refuses %s with 400 on its field, and the password stays', async (_, password) => {
    const res = await changePassword(password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: PREDICTABLE, errors: [{ field: 'password', message: PREDICTABLE }] });
    await expect(t.login('klant@demo.nl', password)).rejects.toThrow(/401/);
    await expect(t.login('klant@demo.nl', 'Welkom123!')).resolves.toEqual(expect.any(String));
  });
});
