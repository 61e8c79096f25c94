import { TableCell, TableSortLabel, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { ariaSort, type Sort, type SortDirection } from '../base/useSortParam';

/**
 * How a table is sorted and what a click on a header asks: useSortParam's answer as it is (its `sort`, `sortBy`,
 * and `setSort` for the choice of stacked rows). Methods, so the hook's answer for its own keys fits.
 */
export interface TableSorting {
  sort: Sort<string>;
  sortBy(key: string, first?: SortDirection): void;
  setSort?(sort: Sort<string>): void;
}

/** A column that sorts: its key in the address, and the direction of its first click (amounts start high). */
export interface SortableColumn {
  sortKey?: string;
  firstDirection?: SortDirection;
}

interface SortableHeaderProps {
  column: SortableColumn;
  sorting?: TableSorting;
  align?: 'left' | 'right';
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * A column header: with a sort key and the table's sorting, a button that sorts by the column
 * (docs/screens.md, 'Sorting'), with `aria-sort` on the header so screen readers hear the order.
 */
export function SortableHeader({ column, sorting, align, sx, children }: SortableHeaderProps) {
  const { sortKey, firstDirection } = column;
  if (!sortKey || !sorting) {
    return (
      <TableCell align={align} sx={sx} role="columnheader">
        {children}
      </TableCell>
    );
  }
  const active = sorting.sort.key === sortKey;
  return (
    <TableCell align={align} sx={sx} role="columnheader" aria-sort={ariaSort(sorting.sort, sortKey) ?? 'none'}>
      <TableSortLabel
        active={active}
        direction={active ? sorting.sort.direction : (firstDirection ?? 'asc')}
        onClick={() => sorting.sortBy(sortKey, firstDirection)}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
