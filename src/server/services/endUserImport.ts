import { textProblemOf } from '../../domain/text';

/**
 * The end user CSV of "Mijn bedrijf" (docs/api-company-admin.md): a header row with `voornaam`
 * and `achternaam` (`firstname`, `lastname` also), `;` or `,` separated, UTF-8 with or without
 * a BOM, one end user a line. Pure: the route reads the upload and writes the rows.
 */

export const MAX_IMPORT_LINES = 20_000;
/** Room for 20,000 lines of two 100-character names, quoted. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
const MAX_NAME_LENGTH = 100;
/** A file full of mistakes answers the first ones, not thousands. */
const MAX_ERRORS = 100;

export interface ImportLineError {
  line: number;
  message: string;
}

export type ParsedImport =
  | { ok: true; endUsers: { firstname: string; lastname: string }[] }
  | { ok: false; errors: ImportLineError[] };

const fail = (line: number, message: string): ParsedImport => ({ ok: false, errors: [{ line, message }] });

/** The text of the file (a BOM dropped), or the first line (1-based) that is not valid UTF-8. */
export const decodeUtf8 = (data: Buffer): { text: string } | { badLine: number } => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return { text: decoder.decode(data) };
  } catch {
    let start = 0;
    for (let line = 1; ; line += 1) {
      const end = data.indexOf(0x0a, start);
      try {
        decoder.decode(data.subarray(start, end === -1 ? data.length : end));
      } catch {
        return { badLine: line };
      }
      start = end + 1;
    }
  }
};

/**
 * The cells of one line; a cell may be quoted ("van der Berg; Jan"), with "" for a quote
 * inside. Null when a quote is not closed.
 */
export const cellsOf = (line: string, delimiter: string): string[] | null => {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    let cell = '';
    // Spaces before an opening quote are not part of the cell (`Jan; "de Jong"`).
    let start = i;
    while (line[start] === ' ' || line[start] === '\t') start += 1;
    if (line[start] === '"') {
      i = start + 1;
      for (;;) {
        if (i >= line.length) return null;
        if (line[i] === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else {
          cell += line[i];
          i += 1;
        }
      }
      // Anything between the closing quote and the delimiter belongs to the cell as typed.
      while (i < line.length && line[i] !== delimiter) cell += line[i++];
    } else {
      while (i < line.length && line[i] !== delimiter) cell += line[i++];
    }
    cells.push(cell);
    if (i >= line.length) return cells;
    i += 1;
  }
};

const HEADER_NAMES = { firstname: ['voornaam', 'firstname'], lastname: ['achternaam', 'lastname'] };

/** All lines checked; the end users only when every line is right (all or nothing). */
export const parseEndUserCsv = (data: Buffer): ParsedImport => {
  const decoded = decodeUtf8(data);
  if ('badLine' in decoded) return fail(decoded.badLine, 'het bestand is geen UTF-8-tekst; sla het op als "CSV UTF-8"');
  const lines = decoded.text.split(/\r\n|\n|\r/);
  const header = lines[0] ?? '';
  if (!header.trim()) return fail(1, 'de eerste regel moet de kolomnamen "voornaam;achternaam" bevatten');
  const delimiter = header.includes(';') || !header.includes(',') ? ';' : ',';
  const columns = (cellsOf(header, delimiter) ?? []).map((c) => c.trim().toLowerCase());
  const firstnameColumn = columns.findIndex((c) => HEADER_NAMES.firstname.includes(c));
  const lastnameColumn = columns.findIndex((c) => HEADER_NAMES.lastname.includes(c));
  if (firstnameColumn === -1 || lastnameColumn === -1) {
    return fail(1, 'de eerste regel moet de kolomnamen "voornaam;achternaam" bevatten');
  }

  const endUsers: { firstname: string; lastname: string }[] = [];
  const errors: ImportLineError[] = [];
  for (let index = 1; index < lines.length && errors.length < MAX_ERRORS; index += 1) {
    const line = index + 1;
    if (!lines[index].trim()) continue;
    if (endUsers.length + errors.length >= MAX_IMPORT_LINES) {
      return fail(line, 'het bestand bevat meer dan 20.000 eindgebruikers');
    }
    const cells = cellsOf(lines[index], delimiter);
    if (!cells) {
      errors.push({ line, message: 'een aanhalingsteken is niet afgesloten' });
      continue;
    }
    const firstname = (cells[firstnameColumn] ?? '').trim();
    const lastname = (cells[lastnameColumn] ?? '').trim();
    const message = lineProblem(firstname, lastname);
    if (message) errors.push({ line, message });
    else endUsers.push({ firstname, lastname });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (endUsers.length === 0) return fail(2, 'het bestand bevat geen eindgebruikers');
  return { ok: true, endUsers };
};

const lineProblem = (firstname: string, lastname: string): string | null => {
  if (!firstname && !lastname) return 'voornaam en achternaam ontbreken';
  if (!firstname) return 'voornaam ontbreekt';
  if (!lastname) return 'achternaam ontbreekt';
  if (firstname.length > MAX_NAME_LENGTH) return `voornaam is langer dan ${MAX_NAME_LENGTH} tekens`;
  if (lastname.length > MAX_NAME_LENGTH) return `achternaam is langer dan ${MAX_NAME_LENGTH} tekens`;
  // Names travel on into exports and mails: no NUL, control characters or tabs (the rule of every request).
  const firstnameProblem = textProblemOf(firstname);
  if (firstnameProblem) return `voornaam ${firstnameProblem}`;
  const lastnameProblem = textProblemOf(lastname);
  if (lastnameProblem) return `achternaam ${lastnameProblem}`;
  return null;
};
