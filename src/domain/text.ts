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

/** Why a text is refused, in Dutch, or null when it is fine. Only multi-line fields may hold line breaks and tabs. */
export const textProblemOf = (value: string, multiLine = false): string | null => {
  if (value.includes('\u0000')) return 'mag geen nul-teken (\\u0000) bevatten';
  if (LONE_SURROGATE.test(value)) return 'bevat een ongeldig teken';
  if (CONTROL.test(value)) return 'mag geen stuurtekens bevatten';
  if (!multiLine && LINE_BREAK.test(value)) return 'mag geen regeleinde of tab bevatten';
  return null;
};
