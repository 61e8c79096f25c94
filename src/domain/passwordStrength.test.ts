import { ownerWords, PASSWORD_TOO_SHORT, passwordWeakness } from './passwordStrength';

const piet = { firstname: 'Piet', lastname: 'Jansen', email: 'p.jansen@vandijk-installatie.nl' };

describe('passwordWeakness', () => {
  it('refuses fewer than 8 characters, counting code points', async () => {
    expect(await passwordWeakness('kX9#mQ2')).toBe(PASSWORD_TOO_SHORT);
    expect(PASSWORD_TOO_SHORT).toBe('Het wachtwoord moet minimaal 8 tekens bevatten.');
    // Four emoji are eight UTF-16 units but four characters.
    expect(await passwordWeakness('🔑🔒🔓🗝')).toBe(PASSWORD_TOO_SHORT);
  });

  it.each(['Wachtwoord1!', 'welkom123', 'Welkom123!', 'Qwerty123!', 'W4chtw00rd!', 'Januari2026!', 'abcdefgh12345678'])(
    'refuses the common or predictable %s',
    async (password) => {
      expect(await passwordWeakness(password)).toMatch(/^Dit wachtwoord is te makkelijk te raden: /);
    },
  );

  it('says in Dutch why a leaked password is refused', async () => {
    expect(await passwordWeakness('password1')).toBe(
      'Dit wachtwoord is te makkelijk te raden: het staat in de lijsten van veelgebruikte en uitgelekte wachtwoorden. ' +
        'Voeg een paar ongewone woorden toe.',
    );
    expect(await passwordWeakness('welkom123')).toBe(
      'Dit wachtwoord is te makkelijk te raden: het bestaat uit veelgebruikte woorden, cijfers of patronen. Voeg een paar ongewone woorden toe.',
    );
  });

  it.each(['pietjansen', 'PietJansen2024!', 'Jansen.Piet.88', 'p.jansen@vandijk-installatie.nl', 'vandijk-installatie'])(
    "refuses %s, made of the user's own name or e-mail address",
    async (password) => {
      expect(await passwordWeakness(password, piet)).toBe(
        'Dit wachtwoord is te makkelijk te raden: het bevat uw naam of e-mailadres. Voeg een paar ongewone woorden toe.',
      );
    },
  );

  it('lets a strong password contain the name, which then counts for nothing', async () => {
    expect(await passwordWeakness('Piet-correct-paard-batterij', piet)).toBeNull();
    // The same name with only a year is someone else's strong enough password.
    expect(await passwordWeakness('PietJansen2024!', { firstname: 'Anna', lastname: 'de Vries', email: 'anna@example.nl' })).toBeNull();
  });

  it('accepts a long passphrase and a random password', async () => {
    expect(await passwordWeakness('correct paard batterij nietje', piet)).toBeNull();
    expect(await passwordWeakness('Blauwe-Tulp-Op-Dak-7', piet)).toBeNull();
    expect(await passwordWeakness('Xk9#mQ2!vL', piet)).toBeNull();
  });

  it('accepts a random password of exactly 8 characters, so the minimum length stays usable', async () => {
    expect(await passwordWeakness('Kx9#mQ2!', piet)).toBeNull();
  });

  // What bounds the check's time (hostile input of 256 characters took over a second): judged
  // deterministically here, as a timing assertion would fail on a busy machine.
  it('judges only the first 64 characters', async () => {
    expect(await passwordWeakness(`${'a'.repeat(64)}correct paard batterij nietje`)).toMatch(/^Dit wachtwoord is te makkelijk te raden: /);
    expect(await passwordWeakness(`correct paard batterij nietje ${'a'.repeat(900)}`)).toBeNull();
    expect(await passwordWeakness('p4$$w0rd'.repeat(128))).toMatch(/^Dit wachtwoord is te makkelijk te raden: /);
  });
});

describe('ownerWords', () => {
  it("takes the names, the address, its local part and pieces and the domain's name", () => {
    expect(ownerWords(piet)).toEqual(['piet', 'jansen', 'p.jansen@vandijk-installatie.nl', 'p.jansen', 'vandijk-installatie']);
    expect(ownerWords({ firstname: 'Anne-Marie', lastname: 'de Vries', email: 'info@devries.nl' })).toEqual([
      'anne-marie',
      'de vries',
      'info@devries.nl',
      'info',
      'annemarie',
      'anne',
      'marie',
      'devries',
      'vries',
    ]);
    expect(ownerWords({})).toEqual([]);
  });
});
