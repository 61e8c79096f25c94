import type { MatchExtended, TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * The password rule, the same on the server (which enforces it wherever a password is set) and in
 * the browser (which shows it while the user types): at least MIN_PASSWORD_LENGTH characters
 * (docs/rules.md, 'Passwords'), and, as NIST SP 800-63B section 5.1.1.2 asks, not a common or breached
 * password and not the user's own name or e-mail address. zxcvbn-ts estimates how many guesses a
 * password takes against lists of leaked passwords, Dutch words and names, keyboard patterns,
 * dates and the user's own details; a password it expects to fall in fewer than MIN_PASSWORD_GUESSES
 * guesses is refused.
 *
 * zxcvbn and its dictionaries (about 900 kB) are imported on the first check only, so the browser
 * loads them as chunks of their own when the reset screen needs them, never with the first page.
 */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * At least 10^8 guesses: zxcvbn's "safely unguessable" (its score 3), which also holds a while
 * against an attacker who has the scrypt-hashed passwords; 10^6 would only hold against one
 * throttled online. zxcvbn's score 3 itself starts 5 guesses higher, and as it rates a character
 * it recognises in no pattern at 10 guesses, that would refuse every password of 8 characters,
 * however random: the minimum length would be 9 in effect. Common passwords with a digit or sign
 * added ('Welkom123!', 10^4.5) and a word with a year ('Januari2026!', 10^7.7) stay below.
 */
export const MIN_PASSWORD_GUESSES = 1e8;

/**
 * Only this many leading characters are judged. zxcvbn's matching grows faster than linearly with
 * the length (a 256-character string of digits and l33t signs takes over a second), and a check may
 * not hold the server's one thread for more than a few milliseconds; 64 is NIST's minimum for the
 * longest password a verifier must accept, and a password whose first 64 characters are
 * unguessable is strong. Longer passwords are accepted; only their head is judged.
 */
const JUDGED_LENGTH = 64;
/** Bounds the l33t variants tried per word (zxcvbn's default of 100 costs a second on hostile input). */
const L33T_MAX_SUBSTITUTIONS = 10;

/** Shown under the password field before the user types. */
export const PASSWORD_RULE = `Minimaal ${MIN_PASSWORD_LENGTH} tekens, niet makkelijk te raden en niet je naam of e-mailadres.`;
export const PASSWORD_TOO_SHORT = `Het wachtwoord moet minimaal ${MIN_PASSWORD_LENGTH} tekens bevatten.`;
const TOO_EASY = 'Dit wachtwoord is te makkelijk te raden';
/** When zxcvbn names no single pattern (two words, or a word with digits added). */
const PREDICTABLE = 'het bestaat uit veelgebruikte woorden, cijfers of patronen';

/** Whose password it is: their name and e-mail address may not make it up, nor their company's name. */
export interface PasswordOwner {
  firstname?: string | null;
  lastname?: string | null;
  email?: string | null;
  company?: string | null;
}

/**
 * The words a guesser tries first with a year and a sign ('Zomer2026!', 'Ajax2026!!'): they count
 * for nothing, as the owner's name does. zxcvbn rates some of them as rare words, so a word with a
 * year and a sign would pass its estimate on its own.
 */
export const PREDICTABLE_WORDS: readonly string[] = [
  // Seasons, Dutch and English.
  'lente', 'voorjaar', 'zomer', 'herfst', 'najaar', 'winter', 'spring', 'summer', 'autumn',
  // Months, Dutch and English.
  'januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december',
  'january', 'february', 'march', 'may', 'june', 'july', 'august', 'october',
  // The larger Dutch cities.
  'amsterdam', 'rotterdam', 'den haag', 'utrecht', 'eindhoven', 'groningen', 'tilburg', 'almere', 'breda', 'nijmegen', 'apeldoorn',
  'haarlem', 'arnhem', 'enschede', 'amersfoort', 'zaanstad', 'den bosch', 'hertogenbosch', 'zwolle', 'zoetermeer', 'leiden',
  'maastricht', 'dordrecht', 'leeuwarden', 'alkmaar', 'delft', 'deventer', 'venlo', 'hilversum', 'emmen', 'heerlen',
  // Football clubs (the city's name covers FC Utrecht, FC Groningen, NAC Breda and the like).
  'ajax', 'psv', 'feyenoord', 'twente', 'vitesse', 'heerenveen', 'sparta', 'heracles', 'excelsior', 'fortuna', 'cambuur',
  'go ahead eagles', 'willem ii', 'volendam', 'waalwijk', 'roda',
  // Greetings, and the words a password is named after.
  'welkom', 'welcome', 'hallo', 'hello', 'hoi', 'hey', 'goedemorgen', 'goedemiddag', 'goedenavond', 'doei', 'groetjes',
  'wachtwoord', 'paswoord', 'password', 'geheim',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A company's legal form says nothing about its name. */
const LEGAL_FORMS = new Set(['bv', 'nv', 'vof', 'cv', 'b', 'v', 'n', 'o', 'f', 'c', 'ltd', 'gmbh']);

/**
 * The company's name as the predictable words of its users' passwords, without its legal form:
 * each run of two or more of its words (written together or apart) and each word of four letters
 * or more ('Van Dijk Elektro B.V.' gives 'van dijk', 'van dijk elektro', 'dijk elektro', 'dijk' and 'elektro').
 */
export const companyWords = (company: string | null | undefined): string[] => {
  const pieces = (company ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((piece) => piece !== '' && !LEGAL_FORMS.has(piece));
  const runs = pieces.flatMap((_, start) => pieces.slice(start + 1).map((__, end) => pieces.slice(start, start + end + 2).join(' ')));
  return [...new Set([...runs, ...pieces.filter((piece) => piece.length >= 4)])];
};

/** Each letter as it is also written in l33t ('Z0m3r' is 'zomer'); spaces between words as any separator or none. */
const L33T: Record<string, string> = { a: 'a4@', b: 'b8', e: 'e3€', g: 'g9', i: 'i1!|', l: 'l1|', o: 'o0', s: 's5$', t: 't7+', z: 'z2' };
const spelledAnyWay = (word: string) =>
  new RegExp(
    [...word].map((char) => (char === ' ' ? '[^\\p{L}\\p{N}]*' : L33T[char] ? `[${escapeRegExp(L33T[char])}]` : escapeRegExp(char))).join(''),
    'giu',
  );

/**
 * zxcvbn's feedback in the portal's Dutch. A warning completes "Dit wachtwoord is te makkelijk te
 * raden: …"; a suggestion is a sentence of its own.
 */
const DUTCH: TranslationKeys = {
  warnings: {
    straightRow: 'het is een rij toetsen naast elkaar op het toetsenbord',
    keyPattern: 'het is een kort patroon op het toetsenbord',
    simpleRepeat: 'herhaalde tekens zoals "aaa" zijn makkelijk te raden',
    extendedRepeat: 'herhaalde reeksen zoals "abcabcabc" zijn makkelijk te raden',
    sequences: 'reeksen zoals "abc" of "1234" zijn makkelijk te raden',
    recentYears: 'recente jaartallen zijn makkelijk te raden',
    dates: 'datums zijn makkelijk te raden',
    topTen: 'het is een van de meest gebruikte wachtwoorden',
    topHundred: 'het is een van de meest gebruikte wachtwoorden',
    common: 'het staat in de lijsten van veelgebruikte en uitgelekte wachtwoorden',
    similarToCommon: 'het lijkt op een veelgebruikt wachtwoord',
    wordByItself: 'een los woord is makkelijk te raden',
    namesByThemselves: 'een losse voor- of achternaam is makkelijk te raden',
    commonNames: 'veelvoorkomende voor- en achternamen zijn makkelijk te raden',
    userInputs: 'het bevat je naam of e-mailadres',
    pwned: 'het is gevonden in een datalek',
  },
  suggestions: {
    l33t: "Voorspelbare vervangingen, zoals '@' voor 'a', maken een wachtwoord niet sterker.",
    reverseWords: 'Een woord achterstevoren maakt het niet sterker.',
    allUppercase: 'Alleen hoofdletters maken het niet sterker.',
    capitalization: 'Een hoofdletter aan het begin maakt het niet sterker.',
    dates: 'Vermijd datums en jaartallen die bij jou horen.',
    recentYears: 'Vermijd recente jaartallen.',
    associatedYears: 'Vermijd jaartallen die bij jou horen.',
    sequences: 'Vermijd voor de hand liggende reeksen.',
    repeated: 'Vermijd herhaalde woorden en tekens.',
    longerKeyboardPattern: 'Vermijd patronen op het toetsenbord.',
    anotherWord: 'Voeg een paar ongewone woorden toe.',
    useWords: 'Gebruik een paar ongewone woorden, geen bekende uitdrukking.',
    noNeed: 'Een paar ongewone woorden achter elkaar is sterk, ook zonder cijfers of tekens.',
    pwned: 'Gebruik je dit wachtwoord ergens anders, verander het daar dan ook.',
  },
  // Not shown by the portal, but zxcvbn wants them.
  timeEstimation: {
    ltSecond: 'minder dan een seconde',
    second: '{base} seconde',
    seconds: '{base} seconden',
    minute: '{base} minuut',
    minutes: '{base} minuten',
    hour: '{base} uur',
    hours: '{base} uur',
    day: '{base} dag',
    days: '{base} dagen',
    month: '{base} maand',
    months: '{base} maanden',
    year: '{base} jaar',
    years: '{base} jaar',
    centuries: 'eeuwen',
  },
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Builds zxcvbn with the common (leaked passwords, keyboards) and Dutch dictionaries, once. */
const loadEstimator = (): Promise<ZxcvbnFactory> => {
  estimator ??= Promise.all([
    import(/* webpackChunkName: "password-estimator" */ '@zxcvbn-ts/core'),
    import(/* webpackChunkName: "password-dictionary-common" */ '@zxcvbn-ts/language-common'),
    import(/* webpackChunkName: "password-dictionary-nl" */ '@zxcvbn-ts/language-nl-be'),
  ]).then(
    ([{ ZxcvbnFactory }, common, dutch]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...dutch.dictionary },
        graphs: common.adjacencyGraphs,
        translations: DUTCH,
        maxLength: JUDGED_LENGTH,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      }),
  );
  // A failed chunk download may be retried on the next check.
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
};

/**
 * The words of the owner's name and address, in lower case, that zxcvbn treats as easy to guess:
 * the names, also without their spaces and in pieces ('de Vries' gives 'devries' and 'vries'), the
 * address, its local part and that part's pieces ('p.jansen' gives 'jansen'), and the domain's name.
 */
export const ownerWords = ({ firstname, lastname, email }: PasswordOwner): string[] => {
  const names = [firstname, lastname].map((name) => name?.trim().toLowerCase() ?? '').filter((name) => name !== '');
  const address = email?.trim().toLowerCase() ?? '';
  const [local = '', domain = ''] = address.split('@');
  const pieces = [
    ...names.flatMap((name) => [name.replace(/[\s-]+/g, ''), ...name.split(/[\s-]+/)]),
    ...local.split(/[._+-]+/),
    domain.split('.')[0] ?? '',
  ].filter((piece) => piece.length >= 3);
  return [...new Set([...names, address, local, ...pieces].filter((word) => word !== ''))];
};

const sentence = (text: string) => `${text}.`;

const PREDICTABLE_WARNING = 'seizoenen, maanden, steden, voetbalclubs, begroetingen en je bedrijfsnaam worden met een jaartal of teken als eerste geraden';

const isOwnerWord = (match: MatchExtended) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs';

/**
 * The judged password without the owner's words: those zxcvbn matched (also in l33t or reversed),
 * and every other spelling of them, which zxcvbn may have rated as random characters instead
 * ('Jansen.Piet.88' is to it 'Jansen' and eight random characters).
 */
const withoutOwnerWords = (sequence: MatchExtended[], words: string[]) =>
  words
    .filter((word) => word.length >= 3)
    .sort((a, b) => b.length - a.length)
    .reduce(
      (rest, word) => rest.replace(new RegExp(escapeRegExp(word), 'giu'), ''),
      sequence.filter((match) => !isOwnerWord(match)).map((match) => match.token).join(''),
    );

/**
 * Null when the password may be used, otherwise why not, in Dutch: "Dit wachtwoord is te makkelijk
 * te raden: het bevat je naam of e-mailadres. …".
 */
export const passwordWeakness = async (password: string, owner: PasswordOwner = {}): Promise<string | null> => {
  // NIST counts each Unicode code point as one character.
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  const zxcvbn = await loadEstimator();
  const words = ownerWords(owner);
  const { guesses, feedback, sequence } = zxcvbn.check(password, words);
  const [suggestion] = feedback.suggestions;
  if (guesses < MIN_PASSWORD_GUESSES) {
    return [sentence(`${TOO_EASY}: ${feedback.warning ?? PREDICTABLE}`), suggestion].filter(Boolean).join(' ');
  }
  // A season, month, city, club, greeting or the company's name counts for nothing: what is left
  // ('2026!' of 'Zomer2026!') must be strong on its own.
  const judged = password.substring(0, JUDGED_LENGTH);
  const unpredictable = [...PREDICTABLE_WORDS, ...companyWords(owner.company)]
    .sort((a, b) => b.length - a.length)
    .reduce((rest, word) => rest.replace(spelledAnyWay(word), ''), judged);
  if (unpredictable !== judged && (unpredictable === '' || zxcvbn.check(unpredictable, words).guesses < MIN_PASSWORD_GUESSES)) {
    return [sentence(`${TOO_EASY}: ${PREDICTABLE_WARNING}`), DUTCH.suggestions.anotherWord].join(' ');
  }
  // Whoever targets this user knows their name and address, so those parts count for nothing: the
  // rest ('2024!' of 'PietJansen2024!') must be strong on its own.
  const rest = withoutOwnerWords(sequence, words);
  if (rest === password.substring(0, JUDGED_LENGTH)) return null;
  if (rest !== '' && zxcvbn.check(rest, words).guesses >= MIN_PASSWORD_GUESSES) return null;
  return [sentence(`${TOO_EASY}: ${DUTCH.warnings.userInputs}`), DUTCH.suggestions.anotherWord].join(' ');
};
