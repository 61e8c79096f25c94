import { Paper, type SxProps, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, type Theme } from '@mui/material';
import type { Key, ReactNode } from 'react';
import { PHONE, TOUCH } from '../base/theme';
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
  /** Rows as blocks below 900 px (a tablet too), not only on a phone: for a table whose actions a tablet would cut off. */
  stackOnTablet?: boolean;
}

const HEAD = { fontWeight: 600 } as const;

/**
 * On a phone each row is a block of label and value lines (the label from the cell's
 * `data-label`), so no column is cut off or scrolled out of view. The explicit roles keep the
 * table a table for screen readers once its elements no longer display as one.
 */
const stackedLayout = {
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
} as const;

export const STACKED = { [PHONE]: stackedLayout } as const;

/** The same blocks on a tablet too, for a table too wide for one (a row of buttons). */
const STACKED_ON_TOUCH = { [TOUCH]: stackedLayout } as const;

/** A small table with a header row, named by its section's heading. */
export function DataTable<Row>({ labelledBy, columns, rows, rowKey, busy, footer, sorting, stackOnTablet }: DataTableProps<Row>) {
  return (
    <TableContainer component={Paper} variant="outlined" aria-busy={busy}>
      <Table size="small" aria-labelledby={labelledBy} role="table" sx={stackOnTablet ? STACKED_ON_TOUCH : STACKED}>
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
