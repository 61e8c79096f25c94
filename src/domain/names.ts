/**
 * Names the Dutch way: ordered by the Dutch collation (case and accents do not decide the order,
 * 'Émile' sits with the E's), people by surname without its particles ('de Boer' under B, as a
 * Dutch phone book lists him), and found without typing the accents ('zoe' finds 'Zoë').
 */

const collator = new Intl.Collator('nl', { sensitivity: 'base' });

/** Orders two names the Dutch way (a comparator for Array.prototype.sort). */
export const compareNames = (a: string, b: string): number => collator.compare(a, b);

/**
 * The particles a Dutch surname may start with. The database's name_sort_key (migration
 * 0008_dutch_names) strips the same ones; the server's search test checks they agree.
 */
export const SURNAME_PARTICLES = ['van', 'de', 'der', 'den', 'het', "'t", 'ter', 'ten', 'in', 'op'] as const;

const LEADING_PARTICLES = new RegExp(`^(?:(?:${SURNAME_PARTICLES.join('|')})\\s+)+`, 'i');

/** The part of a surname it is sorted by: 'van der Berg' -> 'Berg', "van 't Hof" -> 'Hof'. */
export const surnameSortKey = (lastname: string): string => {
  const trimmed = lastname.trim().replace(/[’‘]/g, "'");
  return trimmed.replace(LEADING_PARTICLES, '') || trimmed;
};

export interface PersonName {
  firstname: string | null;
  lastname: string | null;
}

/**
 * Orders people by surname without particles, then first name, then the whole surname
 * ('de Boer' before 'Boer' only when the first names tie). People without a name come last.
 */
export const comparePeople = (a: PersonName, b: PersonName): number => {
  const aNameless = !a.firstname && !a.lastname;
  const bNameless = !b.firstname && !b.lastname;
  if (aNameless !== bNameless) return aNameless ? 1 : -1;
  return (
    compareNames(surnameSortKey(a.lastname ?? ''), surnameSortKey(b.lastname ?? '')) ||
    compareNames(a.firstname ?? '', b.firstname ?? '') ||
    compareNames(a.lastname ?? '', b.lastname ?? '')
  );
};

/** A text as search compares it: lower case, without accents ('Zoë' -> 'zoe', 'Ángel' -> 'angel'). */
export const searchText = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether `text` holds every word of `term`, ignoring case and accents. */
export const matchesWords = (text: string, term: string): boolean => {
  const haystack = searchText(text);
  return searchText(term)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
};
