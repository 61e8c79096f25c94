import type { SortDirection } from './useSortParam';

/** Texts the Dutch way, numbers in them by value ('Vestiging 9' before 'Vestiging 10'), case and accents aside. */
const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/** A column's value to sort on: a text, a number, or nothing (an empty cell). */
export type SortValue = string | number | null | undefined;

const isEmpty = (value: SortValue): value is null | undefined | '' => value === null || value === undefined || value === '';

/**
 * The rows of a table the browser holds in full, sorted on one column (docs/screens.md,
 * 'Sorting'): texts by the Dutch collation, numbers by value, empty cells last whichever way,
 * and rows with equal values in the order they came (Array.prototype.sort is stable).
 */
export const sortRows = <Row,>(rows: readonly Row[], valueOf: (row: Row) => SortValue, direction: SortDirection): Row[] => {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const [x, y] = [valueOf(a), valueOf(b)];
    if (isEmpty(x) || isEmpty(y)) return Number(isEmpty(x)) - Number(isEmpty(y));
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * order;
  });
};
