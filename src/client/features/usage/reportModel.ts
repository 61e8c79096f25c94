import { formatBytes, formatDecimal, formatDuration } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { type DateRange, lastWholeMonth, monthRange, parseIsoDate } from '../../../domain/time';
import type { Sort, SortDirection } from '../../base/useSortParam';
import type { ReportDirection, ReportFilters, ReportOrder, ReportRow, ReportType, UsageRecord } from './usageApi';

/**
 * The report's filters live in the query string (`from`, `to`, `type`, `direction`, `out_only`,
 * `sender`), so a filtered report can be linked to, and the back button undoes a change. Plain
 * /verbruik is the last whole month, unfiltered; once a filter is set the period is written too.
 */

/**
 * The default period: the month Kosten opens on (the last whole month), from its first to its last
 * day, so the menu's Verbruik explains the bill Kosten shows. Links that mean another month carry
 * it (/kosten/verbruik of a chosen month, the dashboard's bundle of the month in progress).
 */
export const defaultReportRange = (nowMs: number = Date.now()): DateRange => monthRange(lastWholeMonth(nowMs));

export const TYPE_OPTIONS: { value: ReportType; label: string }[] = [
  { value: '', label: 'Alle' },
  { value: 'data', label: 'Data' },
  { value: 'voice', label: 'Bellen' },
  { value: 'sms', label: 'SMS' },
];

export const DIRECTION_OPTIONS: { value: ReportDirection; label: string }[] = [
  { value: '', label: 'Alle' },
  { value: 'inkomend', label: 'Inkomend' },
  { value: 'uitgaand', label: 'Uitgaand' },
];

const oneOf = <T extends string>(options: { value: T }[], value: string | null): T =>
  options.find((option) => option.value === value)?.value ?? options[0].value;

/** The filters of a query string; absent dates are the defaults, present ones are taken as typed. */
export const readFilters = (search: URLSearchParams, defaults: DateRange): ReportFilters => ({
  from: search.get('from') ?? defaults.from,
  to: search.get('to') ?? defaults.to,
  type: oneOf(TYPE_OPTIONS, search.get('type')),
  direction: oneOf(DIRECTION_OPTIONS, search.get('direction')),
  outOnly: search.get('out_only') === '1',
  sender: search.get('sender') ?? '',
});

/**
 * The query string of filters: always the period (so a bookmark or a shared link of a filtered
 * report shows the same month next month too), the other filters when they are set.
 */
export const filtersToSearch = (filters: ReportFilters): URLSearchParams => {
  const search = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.type) search.set('type', filters.type);
  if (filters.direction) search.set('direction', filters.direction);
  if (filters.outOnly) search.set('out_only', '1');
  if (filters.sender.trim()) search.set('sender', filters.sender.trim());
  return search;
};

/**
 * The filters set besides the period, the count on a phone's 'Filters' button (docs/screens.md,
 * 'Verbruik'): type, direction, out of the bundle and sender.
 */
export const activeFilterCount = (filters: ReportFilters): number =>
  [filters.type !== '', filters.direction !== '', filters.outOnly, filters.sender.trim() !== ''].filter(Boolean).length;

/** The phone's button that shows and hides the filters: 'Filters', or 'Filters (2)' with two set. */
export const filtersButtonLabel = (count: number) => (count > 0 ? `Filters (${count})` : 'Filters');

// ---------------------------------------------------------------------------------------------
// The report's order (docs/screens.md, 'Sorting'): in the address as ?sorteer=kosten&volgorde=aflopend.

export const REPORT_SORT_KEYS = ['naam', 'nummer', 'data', 'kosten'] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

/** The usual order, by end user: what the report shows without `sorteer`. */
export const DEFAULT_REPORT_SORT: Sort<ReportSortKey> = { key: 'naam', direction: 'asc' };

/** Each order's first direction: names and numbers A to Z, amounts and data highest first. */
export const FIRST_DIRECTION: Record<ReportSortKey, SortDirection> = { naam: 'asc', nummer: 'asc', data: 'desc', kosten: 'desc' };

const SERVER_SORT: Record<ReportSortKey, ReportOrder['sort']> = { naam: 'name', nummer: 'number', data: 'data', kosten: 'total' };

/**
 * The report's order as GET /report's `sort` and `order` (the server sorts: the rows come in
 * windows); none for the usual order, which the server gives without them.
 */
export const reportOrder = (sort: Sort<ReportSortKey>): ReportOrder | undefined =>
  sort.key === DEFAULT_REPORT_SORT.key && sort.direction === DEFAULT_REPORT_SORT.direction
    ? undefined
    : { sort: SERVER_SORT[sort.key], order: sort.direction };

/** The choices of a phone's 'Sorteren op', each an order: value `{key}-{direction}`. */
export const SORT_CHOICES: { value: string; label: string; sort: Sort<ReportSortKey> }[] = (
  [
    ['naam', 'asc', 'Naam (A-Z)'],
    ['naam', 'desc', 'Naam (Z-A)'],
    ['nummer', 'asc', 'Nummer (oplopend)'],
    ['nummer', 'desc', 'Nummer (aflopend)'],
    ['kosten', 'desc', 'Kosten (hoogste eerst)'],
    ['kosten', 'asc', 'Kosten (laagste eerst)'],
    ['data', 'desc', 'Data (meeste eerst)'],
    ['data', 'asc', 'Data (minste eerst)'],
  ] as const
).map(([key, direction, label]) => ({ value: `${key}-${direction}`, label, sort: { key, direction } }));

export const sortChoiceValue = (sort: Sort<ReportSortKey>) => `${sort.key}-${sort.direction}`;

export const RANGE_MESSAGES = {
  fromMissing: 'Vul een geldige begindatum in.',
  toMissing: 'Vul een geldige einddatum in.',
  fromAfterTo: 'De begindatum mag niet na de einddatum liggen.',
  toBeforeFrom: 'De einddatum mag niet voor de begindatum liggen.',
} as const;

/** docs/screens.md, 'Date range': 'from' cannot be later than 'to' and vice versa. Both dates must be real dates. */
export const rangeErrors = ({ from, to }: DateRange): { from?: string; to?: string } => {
  const fromOk = parseIsoDate(from) !== null;
  const toOk = parseIsoDate(to) !== null;
  if (!fromOk || !toOk) {
    return { ...(fromOk ? {} : { from: RANGE_MESSAGES.fromMissing }), ...(toOk ? {} : { to: RANGE_MESSAGES.toMissing }) };
  }
  // ISO dates compare as text.
  return from > to ? { from: RANGE_MESSAGES.fromAfterTo, to: RANGE_MESSAGES.toBeforeFrom } : {};
};

/** A valid range of a query string, or the defaults. */
export const validRange = (range: DateRange, defaults: DateRange): DateRange =>
  Object.keys(rangeErrors(range)).length === 0 ? { from: range.from, to: range.to } : defaults;

/** YYYY-MM-DD as dd-mm-yyyy. */
export const dutchDate = (iso: string) => iso.split('-').reverse().join('-');

export const endUserName = (row: Pick<ReportRow, 'firstname' | 'lastname'>) =>
  `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() || MSG.noUser;

/** The report's total: the exact sum of its rows. */
export const formatCount = (count: number) => formatDecimal(count, 0);

// ---------------------------------------------------------------------------------------------
// Usage records

const TYPE_LABELS: Record<UsageRecord['type'], string> = { data: 'Data', voice: 'Bellen', sms: 'SMS' };
const DIRECTION_LABELS: Record<UsageRecord['direction'], string> = { inkomend: 'Inkomend', uitgaand: 'Uitgaand' };
const BUNDLE_LABELS: Record<UsageRecord['bundle'], string> = { in: 'In bundel', out: 'Buiten bundel' };

export const recordType = (record: UsageRecord) => TYPE_LABELS[record.type] ?? record.type;
export const recordDirection = (record: UsageRecord) => DIRECTION_LABELS[record.direction] ?? record.direction;
export const recordBundle = (record: UsageRecord) => BUNDLE_LABELS[record.bundle] ?? record.bundle;

/** docs/screens.md, 'Notation of usage': data in B, kB, MB, GB (1024 steps), calls as hh:mm:ss, an sms counts one. */
export const recordLength = (record: UsageRecord) => {
  if (record.type === 'data') return formatBytes(record.length);
  if (record.type === 'voice') return formatDuration(record.length);
  return formatCount(record.length);
};

/** docs/screens.md, 'Notation of usage': dates show as dd-mm-yyyy (an ISO date is turned around). */
export const recordDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? dutchDate(date) : date);
