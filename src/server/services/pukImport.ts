import { isPukCode, normaliseSimNumber, simNumberProblem, SIM_NUMBER_DIGITS } from '../../domain/simNumbers';
import { cellsOf, decodeUtf8, type ImportLineError } from './endUserImport';

/**
 * The provider's PUK file (docs/requests.md, 'PUK codes'): a header row with `SIM nummer` and
 * `PUK`, `;` or `,` separated, UTF-8 with or without a BOM, one SIM a line; read as the end user
 * import reads its file (services/endUserImport.ts). All lines are checked; the codes only when
 * every line is right (all or nothing). SIM numbers are kept as domain/simNumbers.ts normalises
 * them, so the look-up finds an afname's SIM nummer however it was spaced.
 */

export const MAX_PUK_LINES = 100_000;
/** A file full of mistakes answers the first ones, not thousands. */
const MAX_ERRORS = 100;
const HEADER_NAMES = { sim: ['sim nummer', 'simnummer', 'sim_nummer'], puk: ['puk', 'puk-code', 'pukcode'] };
const HEADER_MISSING = 'de eerste regel moet de kolomnamen "SIM nummer;PUK" bevatten';

export interface PukCode {
  simNumber: string;
  puk: string;
}

export type ParsedPukImport = { ok: true; codes: PukCode[] } | { ok: false; errors: ImportLineError[] };

const fail = (line: number, message: string): ParsedPukImport => ({ ok: false, errors: [{ line, message }] });

const lineProblem = (sim: string, puk: string): string | null => {
  if (!sim && !puk) return 'SIM nummer en PUK ontbreken';
  if (!sim) return 'SIM nummer ontbreekt';
  if (simNumberProblem(sim)) return `SIM nummer '${sim.slice(0, 40)}' heeft geen ${SIM_NUMBER_DIGITS.min} tot ${SIM_NUMBER_DIGITS.max} cijfers`;
  if (!puk) return 'PUK ontbreekt';
  if (!isPukCode(puk)) return 'PUK moet uit 8 cijfers bestaan';
  return null;
};

export const parsePukCsv = (data: Buffer): ParsedPukImport => {
  const decoded = decodeUtf8(data);
  if ('badLine' in decoded) return fail(decoded.badLine, 'het bestand is geen UTF-8-tekst; sla het op als "CSV UTF-8"');
  const lines = decoded.text.split(/\r\n|\n|\r/);
  const header = lines[0] ?? '';
  const delimiter = header.includes(';') || !header.includes(',') ? ';' : ',';
  const columns = (cellsOf(header, delimiter) ?? []).map((c) => c.trim().toLowerCase());
  const simColumn = columns.findIndex((c) => HEADER_NAMES.sim.includes(c));
  const pukColumn = columns.findIndex((c) => HEADER_NAMES.puk.includes(c));
  if (simColumn === -1 || pukColumn === -1) return fail(1, HEADER_MISSING);

  const codes: PukCode[] = [];
  const lineOf = new Map<string, number>();
  const errors: ImportLineError[] = [];
  for (let index = 1; index < lines.length && errors.length < MAX_ERRORS; index += 1) {
    const line = index + 1;
    if (!lines[index].trim()) continue;
    if (codes.length + errors.length >= MAX_PUK_LINES) return fail(line, 'het bestand bevat meer dan 100.000 PUK-codes');
    const cells = cellsOf(lines[index], delimiter);
    if (!cells) {
      errors.push({ line, message: 'een aanhalingsteken is niet afgesloten' });
      continue;
    }
    const sim = (cells[simColumn] ?? '').trim();
    const puk = (cells[pukColumn] ?? '').trim();
    const problem = lineProblem(sim, puk);
    if (problem) {
      errors.push({ line, message: problem });
      continue;
    }
    const simNumber = normaliseSimNumber(sim);
    const earlier = lineOf.get(simNumber);
    if (earlier !== undefined) {
      errors.push({ line, message: `SIM nummer ${simNumber} staat ook op regel ${earlier}` });
      continue;
    }
    lineOf.set(simNumber, line);
    codes.push({ simNumber, puk });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (codes.length === 0) return fail(2, 'het bestand bevat geen PUK-codes');
  return { ok: true, codes };
};
