/**
 * Phone numbers in one canonical form (docs/rules.md, "Phone numbers are global"): digits only, in
 * the Dutch national form; numbers of other countries as `00` and the country code. Service
 * numbers (`used_for_cdr` values) and the numbers of usage records are stored in it, so the
 * uniqueness of a number, the matching of usage and the masking compare equal strings.
 *
 * | written                     | canonical        |
 * |-----------------------------|------------------|
 * | `0612345678`                | `0612345678`     |
 * | `06-12345678`, `06 1234 5678` | `0612345678`   |
 * | `+31 6 1234 5678`           | `0612345678`     |
 * | `0031612345678`             | `0612345678`     |
 * | `+31(0)612345678`           | `0612345678`     |
 * | `(020) 1234567`             | `0201234567`     |
 * | `+32 470 12 34 56`          | `0032470123456`  |
 * | `1200`                      | `1200`           |
 * | `internet`, `06\x`, `０６…` | not a number (null) |
 *
 * A number is written with digits (0–9), spaces, `-`, `.`, `(` and `)`, and a `+` only in front;
 * anything else is not a number. International: a leading `+` or `00`; a `(0)` in it (the Dutch
 * habit `+31(0)6…`) is left out; the Netherlands (31) becomes the national form (`0` and the
 * number without a leading 0), every other country `00` and its digits.
 */

const isDigit = (c: number) => c >= 48 && c <= 57;
/** Space, `-`, `.`, `(`, `)`: separators a number may be written with. */
const isSeparator = (c: number) => c === 32 || c === 45 || c === 46 || c === 40 || c === 41;
const PLUS = 43;
const ZERO = 48;

/**
 * The canonical form of a phone number, or null when the value is not one. Char-code loops, no
 * regular expression: it runs for both numbers of every imported record. A value that is
 * canonical already (digits only, not starting with `00`: nearly every record) is answered as it is.
 */
export const canonicalNumber = (value: string): string | null => {
  const n = value.length;
  let digits = 0;
  let plain = true;
  // The first two digits: international when they are 00.
  let firstTwo = 0;
  for (let i = 0; i < n; i += 1) {
    const c = value.charCodeAt(i);
    if (isDigit(c)) {
      if (digits < 2) firstTwo = firstTwo * 10 + (c - ZERO);
      digits += 1;
    } else if (isSeparator(c) || (c === PLUS && i === 0)) plain = false;
    else return null;
  }
  if (digits === 0) return null;
  const plus = value.charCodeAt(0) === PLUS;
  const international = plus || (digits > 1 && firstTwo === 0);
  if (plain && !international) return value;
  // The runs of digits as slices (a `(0)` of an international number left out): a few per number.
  let all = '';
  let run = -1;
  for (let i = 0; i <= n; i += 1) {
    const c = i < n ? value.charCodeAt(i) : -1;
    if (isDigit(c)) {
      if (run < 0) run = i;
      continue;
    }
    if (run >= 0) all += value.slice(run, i);
    run = -1;
    if (international && c === 40 && value.charCodeAt(i + 1) === ZERO && value.charCodeAt(i + 2) === 41) i += 2;
  }
  if (!international) return all;
  const country = plus ? all : all.slice(2);
  if (!country.startsWith('31')) return `00${country}`;
  return country.charCodeAt(2) === ZERO ? country.slice(2) : `0${country.slice(2)}`;
};

/** A decimal digit of any script (full-width `０`, Arabic-Indic `٣`, …). */
const UNICODE_DIGIT = /^\p{Nd}$/u;

/** True when the character (one code point) is a decimal digit of any script. */
export const isAnyDigit = (char: string) => {
  const c = char.charCodeAt(0);
  return c < 128 ? char.length === 1 && isDigit(c) : UNICODE_DIGIT.test(char);
};

/** True when the value holds a digit of any script: then it is a number, to be masked or refused. */
export const holdsDigit = (value: string): boolean => {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c < 128 ? isDigit(c) : UNICODE_DIGIT.test(String.fromCodePoint(value.codePointAt(i)!))) return true;
  }
  return false;
};
