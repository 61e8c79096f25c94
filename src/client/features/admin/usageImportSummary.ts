import { formatDecimal } from '../../../domain/format';
import { type LineError, lineErrorsOf } from '../../components/CsvUploadForm';
import type { UsageImportRow } from '../../api/usageImportsApi';
import type { UsageImportAnswer } from './adminApi';

/** One figure of an import answer, with the lines it concerns when the server names them. */
export interface SummaryLine {
  label: string;
  count: number;
  lines: number[];
}

export interface UsageImportSummary {
  message: string | null;
  figures: SummaryLine[];
  errors: LineError[];
}

const FIGURES: { key: keyof UsageImportAnswer; label: string }[] = [
  { key: 'imported', label: 'Geïmporteerd' },
  { key: 'duplicates', label: 'Al eerder geïmporteerd' },
  { key: 'unmatched', label: 'Zonder passende afname' },
  // Part of `unmatched`: the number was held by services of two customers at the record's time.
  { key: 'ambiguous', label: 'Waarvan nummer bij meer dan één klant in gebruik' },
  { key: 'refused', label: 'Geweigerd' },
];

const lineOf = (entry: unknown): number | null => {
  if (typeof entry === 'number') return entry;
  const line = (entry as { line?: unknown } | null)?.line;
  return typeof line === 'number' ? line : null;
};

const linesOf = (entries: unknown): number[] =>
  Array.isArray(entries) ? entries.map(lineOf).filter((line): line is number => line !== null) : [];

/** A figure is a count, a list of lines (or records with a line), or `{count, lines}`. */
const figureOf = (value: unknown): Pick<SummaryLine, 'count' | 'lines'> | null => {
  if (typeof value === 'number') return { count: value, lines: [] };
  if (Array.isArray(value)) return { count: value.length, lines: linesOf(value) };
  if (value && typeof value === 'object') {
    const { count, lines } = value as { count?: unknown; lines?: unknown };
    const listed = linesOf(lines);
    return { count: typeof count === 'number' ? count : listed.length, lines: listed };
  }
  return null;
};

/** What the server said about an import, in the parts the screen shows. */
export const summarizeUsageImport = (answer: UsageImportAnswer | null | undefined): UsageImportSummary => ({
  message: typeof answer?.message === 'string' ? answer.message : null,
  figures: FIGURES.flatMap(({ key, label }) => {
    const figure = figureOf(answer?.[key]);
    return figure ? [{ label, ...figure }] : [];
  }),
  errors: lineErrorsOf(answer?.errors),
});

/** "Regels 3, 7 en 12", at most `max` numbers. */
export const linesText = (lines: readonly number[], max = 20): string => {
  const shown = lines.slice(0, max).map((line) => formatDecimal(line, 0));
  const rest = lines.length - shown.length;
  const list = rest > 0 ? [...shown, `nog ${formatDecimal(rest, 0)}`] : shown;
  const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} en ${list[list.length - 1]}` : list[0];
  return `${lines.length === 1 ? 'Regel' : 'Regels'} ${joined}`;
};

/**
 * A finished import job as the screen shows its outcome: done, the message and counts a waiting
 * import answers; failed, why and the refused lines, nothing counted.
 */
export const summarizeUsageImportRow = (row: UsageImportRow): UsageImportSummary =>
  row.status === 'failed'
    ? { message: row.error, figures: [], errors: lineErrorsOf(row.errors) }
    : summarizeUsageImport({ ...row, message: row.message ?? undefined });
