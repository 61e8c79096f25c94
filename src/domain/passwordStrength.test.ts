import { companyWords, ownerWords, PASSWORD_TOO_SHORT, passwordWeakness } from './passwordStrength';

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
        'Dit wachtwoord is te makkelijk te raden: het bevat je naam of e-mailadres. Voeg een paar ongewone woorden toe.',
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

describe('a season, month, city, club, greeting or the company name with a year counts for nothing', () => {
  const PREDICTABLE =
    'Dit wachtwoord is te makkelijk te raden: seizoenen, maanden, steden, voetbalclubs, begroetingen en je bedrijfsnaam worden met een jaartal of teken als eerste geraden. ' +
    'Voeg een paar ongewone woorden toe.';
  const TOO_EASY = /^Dit wachtwoord is te makkelijk te raden: /;
  const klant = { firstname: 'Piet', lastname: 'Jansen', email: 'piet@example.nl', company: 'Van Dijk Installatietechniek B.V.' };

  it.each([
    // Seasons, Dutch and English.
    'Zomer2026!', 'Lente2026!', 'Herfst2025!', 'Winter2026#', 'Voorjaar2026!', 'Summer2026!', 'Autumn2025!',
    // Months, Dutch and English.
    'Oktober2026!', 'Augustus2025?', 'December2026!', 'September2026!', 'November2025!', 'February2026!',
    // Cities.
    'Utrecht2026!', 'Amsterdam2026!', 'Rotterdam2025!', 'DenHaag2026!', 'Den-Haag2026!', 'Eindhoven2026!', 'Groningen2025!', 'Maastricht2026!',
    // Football clubs.
    'Ajax2026!!', 'Feyenoord2026!', 'PSV2026!!', 'Vitesse2025!', 'Heerenveen2026!',
    // Greetings and the password's own name.
    'Welkom2026!', 'Hallo2026!', 'Goedemorgen2026!', 'Wachtwoord2026!', 'Password2026!',
    // Written in l33t, with the year first, or two of them.
    'Z0m3r2026!', '2026!Zomer', 'ZomerAjax2026!', 'Welkom@Utrecht2026',
  ])('refuses %s', async (password) => {
    expect(await passwordWeakness(password, piet)).toMatch(TOO_EASY);
  });

  it('says in Dutch why a word with a year that zxcvbn rates as rare is refused', async () => {
    for (const password of ['Zomer2026!', 'Welkom2026!', 'Wachtwoord2026!', 'Lente2026!', 'Herfst2025!', 'Utrecht2026!', 'Ajax2026!!']) {
      expect(await passwordWeakness(password, piet)).toBe(PREDICTABLE);
    }
  });

  it.each(['VanDijk2026!', 'vandijkinstallatietechniek2026', 'Installatietechniek2026!', 'Van-Dijk-2026!'])(
    "refuses %s, the user's company name with a year",
    async (password) => {
      expect(await passwordWeakness(password, klant)).toMatch(TOO_EASY);
      // Of another company's user, the same password is strong enough.
      expect(await passwordWeakness(password, { ...klant, company: 'Bakkerij Korenschoof' })).toBeNull();
    },
  );

  it.each(['Blauwe-Tulp-Op-Dak-7', 'Kiezel-Tulp-Fluit-Mantel', 'correct paard batterij nietje', 'Xk9#mQ2!vL', 'Kx9#mQ2!', 'Zomer-Kiezel-Fluit-Mantel', 'Utrecht-Giraf-Walvis-Tomaat!', 'Ingrid-kiest-drie-ongewone-woorden'])(
    'accepts %s, strong also without its predictable words',
    async (password) => {
      expect(await passwordWeakness(password, klant)).toBeNull();
    },
  );

  it("takes the company's whole name and its longer pieces, without its legal form", () => {
    expect(companyWords('Van Dijk Installatietechniek B.V.')).toEqual([
      'van dijk',
      'van dijk installatietechniek',
      'dijk installatietechniek',
      'dijk',
      'installatietechniek',
    ]);
    expect(companyWords('Bakkerij Korenschoof')).toEqual(['bakkerij korenschoof', 'bakkerij', 'korenschoof']);
    expect(companyWords(null)).toEqual([]);
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
