import { Box, Paper, type SxProps, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, type Theme } from '@mui/material';
import { type Key, type ReactNode, type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import { PHONE } from '../base/theme';
import { SortableHeader, type SortableColumn, type TableSorting } from './SortableHeader';

export interface DataColumn<Row> extends SortableColumn {
  header: string;
  align?: 'left' | 'right';
  /** Style of the column's body cells. */
  sx?: SxProps<Theme>;
  cell: (row: Row) => ReactNode;
}

interface DataTableProps<Row> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Another page of rows is on its way. */
  busy?: boolean;
  /** Below the table, e.g. its DataTablePagination. */
  footer?: ReactNode;
  /** The table's order, for the columns with a `sortKey` (useSortParam). */
  sorting?: TableSorting;
  /**
   * Where its columns do not fit beside each other (the table would scroll or cut a column off), its rows stack as
   * on a phone, whatever the width of the screen and the menu beside it (useStackedWhenCramped).
   */
  stackWhenCramped?: boolean;
}

const HEAD = { fontWeight: 600 } as const;

/**
 * On a phone each row is a block of label and value lines (the label from the cell's
 * `data-label`), so no column is cut off or scrolled out of view. The explicit roles keep the
 * table a table for screen readers once its elements no longer display as one.
 */
export const STACKED = {
  [PHONE]: {
    display: 'block',
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody': { display: 'block' },
    '& tbody > tr': { display: 'block', py: 1, borderBottom: 1, borderColor: 'divider' },
    '& tbody > tr > td': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'center',
      gap: 2,
      minHeight: 32,
      py: 0.5,
      border: 0,
      textAlign: 'right',
      overflowWrap: 'anywhere',
      '&::before': { content: 'attr(data-label)', fontWeight: 600, textAlign: 'left', flexShrink: 0, maxWidth: '45%' },
    },
  },
} as const;

/** The container's width, and the width the table's columns need once they did not fit (null until then). */
interface Fit {
  width: number;
  needed: number | null;
}

const isStacked = (fit: Fit) => fit.needed !== null && fit.width < fit.needed;

/**
 * Whether the table's rows stack because its columns do not fit its container. Whenever the container or the table
 * changes size (the window, the menu beside it, other rows or amounts), the columns are checked in table layout: when
 * they overflow, the width they need (the table's scrollWidth) is kept and the rows stack until the container is that
 * wide again.
 */
const useStackedWhenCramped = (on: boolean, container: RefObject<HTMLDivElement | null>, table: RefObject<HTMLTableElement | null>) => {
  const [fit, setFit] = useState<Fit>({ width: 0, needed: null });

  useLayoutEffect(() => {
    const element = container.current;
    const grid = table.current;
    if (!on || !element || !grid || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = element.clientWidth;
      const columns = grid.scrollWidth;
      setFit((current) => {
        const needed = !isStacked(current) && columns > width + 1 ? columns : current.needed;
        return current.width === width && current.needed === needed ? current : { width, needed };
      });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(grid);
    return () => observer.disconnect();
  }, [on, container, table]);

  return on && isStacked(fit);
};

const DIRECTIONS = [
  ['asc', 'oplopend'],
  ['desc', 'aflopend'],
] as const;

/**
 * Stacked rows hide the header row, and with it the sorting headers: in their place 'Sorteren op' chooses the column
 * and the direction (useSortParam's `setSort`, docs/screens.md, 'Sorting'). Shown only while the rows are stacked.
 */
function StackedSortSelect<Row>({ columns, sorting, stacked }: { columns: readonly DataColumn<Row>[]; sorting: TableSorting; stacked: boolean }) {
  const id = useId();
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0 || !sorting.setSort) return null;
  const shown = { display: 'block', mb: 1.5 };
  return (
    <Box sx={stacked ? shown : { display: 'none', [PHONE]: shown }}>
      <TextField
        select
        id={id}
        label="Sorteren op"
        size="small"
        value={`${sorting.sort.key}:${sorting.sort.direction}`}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':');
          sorting.setSort?.({ key, direction: direction === 'desc' ? 'desc' : 'asc' });
        }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 240, bgcolor: 'background.paper' }}
      >
        {sortable.flatMap((column) =>
          DIRECTIONS.map(([direction, word]) => (
            <option key={`${column.sortKey}:${direction}`} value={`${column.sortKey}:${direction}`}>
              {`${column.header} (${word})`}
            </option>
          )),
        )}
      </TextField>
    </Box>
  );
}

/** A small table with a header row, named by its section's heading. */
export function DataTable<Row>({ labelledBy, columns, rows, rowKey, busy, footer, sorting, stackWhenCramped = false }: DataTableProps<Row>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const stacked = useStackedWhenCramped(stackWhenCramped, containerRef, tableRef);
  const table = (
    <TableContainer component={Paper} variant="outlined" aria-busy={busy} ref={containerRef}>
      <Table size="small" aria-labelledby={labelledBy} role="table" ref={tableRef} sx={stacked ? { ...STACKED, ...STACKED[PHONE] } : STACKED}>
        <TableHead role="rowgroup">
          <TableRow role="row">
            {columns.map((column) => (
              <SortableHeader key={column.header} column={column} sorting={sorting} align={column.align} sx={HEAD}>
                {column.header}
              </SortableHeader>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows.map((row) => (
            <TableRow key={rowKey(row)} role="row">
              {columns.map((column) => (
                <TableCell key={column.header} align={column.align} sx={column.sx} role="cell" data-label={column.header}>
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {footer}
    </TableContainer>
  );
  if (!sorting) return table;
  return (
    <Box>
      <StackedSortSelect columns={columns} sorting={sorting} stacked={stacked} />
      {table}
    </Box>
  );
}

const pageLabel = (type: 'first' | 'last' | 'next' | 'previous') =>
  ({ first: 'Ga naar de eerste pagina', last: 'Ga naar de laatste pagina', next: 'Ga naar de volgende pagina', previous: 'Ga naar de vorige pagina' })[type];

interface DataTablePaginationProps {
  count: number;
  /** Zero-based, as MUI counts. */
  page: number;
  onPageChange: (page: number) => void;
  rowsPerPage: number;
  /** The page sizes to choose from; without them the size is fixed. */
  rowsPerPageOptions?: number[];
  onRowsPerPageChange?: (rowsPerPage: number) => void;
}

/** The pages of a DataTable, in Dutch, with first and last page buttons. */
export function DataTablePagination({ count, page, onPageChange, rowsPerPage, rowsPerPageOptions = [], onRowsPerPageChange }: DataTablePaginationProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={rowsPerPageOptions}
      onRowsPerPageChange={(event) => onRowsPerPageChange?.(Number(event.target.value))}
      labelRowsPerPage="Rijen per pagina"
      labelDisplayedRows={({ from, to, count: total }) => `${from}-${to} van ${total}`}
      getItemAriaLabel={pageLabel}
      showFirstButton
      showLastButton
    />
  );
}
