/**
 * Characters no text the portal stores may hold. PostgreSQL refuses NUL (U+0000) in text and
 * a lone UTF-16 surrogate cannot be written as UTF-8; other control characters (C0 except tab
 * and line breaks, DEL, C1) have no meaning in a name or a field and would travel on into CSV
 * exports and mails.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Tabs and line breaks (also Unicode's line and paragraph separators): one-line fields refuse them. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/**
 * Characters that change what a reader sees without being seen themselves (docs/security.md,
 * input): bidi controls reorder the text around them ('gebruiker\u202Eeloc.exe'), zero-width
 * characters, word joiners and the soft hyphen hide inside a word, and filler characters (Hangul
 * fillers, the blank braille pattern) look like nothing but count as letters.
 */
const INVISIBLE = /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2800\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5/;
/** The zero-width joiner inside an emoji sequence (👨‍👩‍👧, 🏳️‍🌈) is part of the emoji, not hidden text. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;

const hasInvisible = (value: string): boolean => INVISIBLE.test(value.replace(EMOJI_JOINER, ''));

/**
 * How a field's text is checked: one line (names, addresses, reasons), several lines (a
 * description), or a secret (a password: never shown, exported or mailed, and any character
 * an existing password holds must keep working).
 */
export type TextKind = 'line' | 'multi-line' | 'secret';

/** Why a text is refused, in Dutch, or null when it is fine. */
export const textProblemOf = (value: string, kind: TextKind = 'line'): string | null => {
  if (value.includes('\u0000')) return 'mag geen nul-teken (\\u0000) bevatten';
  if (LONE_SURROGATE.test(value)) return 'bevat een ongeldig teken';
  if (CONTROL.test(value)) return 'mag geen stuurtekens bevatten';
  if (kind === 'line' && LINE_BREAK.test(value)) return 'mag geen regeleinde of tab bevatten';
  if (kind !== 'secret' && hasInvisible(value)) return 'mag geen onzichtbare tekens of tekens voor de leesrichting bevatten';
  return null;
};

/** Letters and digits a reader sees: the filler characters count as letters in Unicode but show nothing. */
export const visibleLetterCount = (value: string): number =>
  Array.from(value.matchAll(/[\p{L}\p{N}]/gu)).filter(([char]) => !INVISIBLE.test(char)).length;
