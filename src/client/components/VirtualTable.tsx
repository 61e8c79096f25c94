import { styled, Table, TableContainer, TableHead, TableRow } from '@mui/material';
import { type Key, type MouseEvent, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { TOUCH, TOUCH_SIZE } from '../base/theme';
import { SortableHeader, type SortableColumn, type TableSorting } from './SortableHeader';

export interface Column<Row> extends SortableColumn {
  id: string;
  header: string;
  /** CSS width; columns without one share the rest. */
  width?: string;
  align?: 'left' | 'right';
  /** Text of the cell; with `rowHref`, the first column's text becomes the row's link. */
  cell: (row: Row) => string | number;
}

interface CommonProps<Row> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => Key;
  /** Where a row leads; without it the rows are plain. */
  rowHref?: (row: Row) => string;
  /** Height of the scroll area at most, in pixels. */
  maxHeight?: number;
  /** The table's order, for the columns with a `sortKey` (useSortParam); the rows come sorted. */
  sorting?: TableSorting;
}

/** Every row is here. */
interface AllRowsProps<Row> extends CommonProps<Row> {
  rows: readonly Row[];
  rowCount?: never;
  rowAt?: never;
  onRangeChange?: never;
}

/**
 * Windowed data: the table knows how many rows there are, and asks for the ones it renders.
 * A row not loaded yet (`rowAt` answers undefined) shows as "Laden..." until it is.
 */
interface WindowedRowsProps<Row> extends CommonProps<Row> {
  rows?: never;
  /** All rows, loaded or not (aria-rowcount counts them). */
  rowCount: number;
  rowAt: (index: number) => Row | undefined;
  /** The rows rendered now, [start, end) with the margin: the ones to load. */
  onRangeChange?: (start: number, end: number) => void;
}

type VirtualTableProps<Row> = AllRowsProps<Row> | WindowedRowsProps<Row>;

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 52;
/** Rows rendered above and below the visible ones, so scrolling and tabbing stay smooth. */
const OVERSCAN = 6;

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', py: 0 } as const;
/**
 * On a phone or tablet a column keeps at least this width: the table scrolls sideways inside its
 * own box (the page does not), with the first column, the row's link, kept in view.
 */
const NARROW_COLUMN_WIDTH = 136;

/**
 * The body's rows and cells are plain `tr`/`td` elements styled once, through their `tbody`, as
 * MUI's TableRow (hover) and TableCell (body2, 16 px padding, the divider line) look: a first render
 * of a long table spent most of its time in MUI's per-cell components (a styled root, theme props
 * and emotion for each of some 130 cells); plain elements cost a fraction of that.
 */
const Body = styled('tbody')(({ theme }) => ({
  '& > tr[aria-rowindex]': { height: ROW_HEIGHT },
  '& > tr.linked': { cursor: 'pointer' },
  '& > tr.linked:hover': { backgroundColor: theme.palette.action.hover },
  '& > tr > td.cell': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    display: 'table-cell',
    verticalAlign: 'inherit',
    textAlign: 'left',
    padding: '0 16px',
    borderBottom: `1px solid ${theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)}`,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& > tr > td.right': { textAlign: 'right' },
  '& > tr > td.loading': { color: theme.palette.text.secondary },
  // As MUI's Link (underline 'always', primary) with the theme's focus ring, bold.
  '& a.row-link': {
    color: theme.palette.primary.main,
    fontWeight: 600,
    textDecoration: 'underline',
    textDecorationColor: theme.alpha(theme.palette.primary.main, 0.4),
    '&:hover': { textDecorationColor: 'inherit' },
    '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    [TOUCH]: { display: 'inline-block', maxWidth: '100%', lineHeight: `${TOUCH_SIZE}px`, verticalAlign: 'middle', overflow: 'hidden', textOverflow: 'ellipsis' },
  },
}));

/** A blank row that stands in for the rows outside the window, keeping the scroll height right. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * A table that renders only the rows in view (plus a margin), for lists of thousands of rows
 * (a big customer's services, usage numbers or usage records). Rows have a fixed height; the
 * header stays in place while scrolling. Screen readers still learn the full size through
 * aria-rowcount and aria-rowindex. With `rowHref` each row's first cell is a link, so the rows
 * are reachable by keyboard (focusing a link scrolls it into view, which moves the window along).
 * The rows are either all given (`rows`) or loaded in windows (`rowCount`, `rowAt`,
 * `onRangeChange`), for lists the screen does not download at once.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { labelledBy, columns, rowKey, rowHref, maxHeight = 576, onRangeChange, sorting } = props;
  const rows = props.rows;
  const rowCount = rows ? rows.length : props.rowCount;
  const rowAt = rows ? (index: number) => rows[index] : props.rowAt;
  const navigate = useNavigate();
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(maxHeight, HEADER_HEIGHT + rowCount * ROW_HEIGHT + 2);
  const visibleRows = Math.ceil((height - HEADER_HEIGHT) / ROW_HEIGHT);
  const first = Math.min(rowCount, Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(rowCount, first + visibleRows + 2 * OVERSCAN);

  useEffect(() => {
    if (last > first) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  // A click anywhere on a row opens it, like its link does; the link itself navigates on its own.
  const openRow = (event: MouseEvent, row: Row) => {
    if (!rowHref || (event.target as HTMLElement).closest('a')) return;
    navigate(rowHref(row));
  };

  return (
    <TableContainer
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      // The scroll area takes focus itself, so the keyboard can scroll it (WCAG 2.1.1) also
      // when no row in view has a link: no row links, or rows still loading.
      tabIndex={0}
      sx={{
        maxHeight: height,
        scrollPaddingTop: HEADER_HEIGHT,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table
        stickyHeader
        aria-labelledby={labelledBy}
        aria-rowcount={rowCount + 1}
        sx={{
          tableLayout: 'fixed',
          [TOUCH]: {
            minWidth: columns.length * NARROW_COLUMN_WIDTH,
            '& th:first-of-type, & td:first-of-type': { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' },
            '& thead th:first-of-type': { zIndex: 3 },
            // The divider's colour: where the columns slide under the first one.
            '& td:first-of-type': { boxShadow: 'inset -1px 0 rgba(0, 0, 0, 0.12)' },
          },
        }}
      >
        <TableHead>
          <TableRow aria-rowindex={1} sx={{ height: HEADER_HEIGHT }}>
            {columns.map((column) => (
              <SortableHeader key={column.id} column={column} sorting={sorting} align={column.align} sx={{ ...oneLine, width: column.width, fontWeight: 600 }}>
                {column.header}
              </SortableHeader>
            ))}
          </TableRow>
        </TableHead>
        <Body>
          <Spacer height={first * ROW_HEIGHT} columns={columns.length} />
          {Array.from({ length: last - first }, (_, offset) => {
            const index = first + offset;
            const row = rowAt(index);
            if (row === undefined) return <LoadingRow key={`laden-${index}`} rowIndex={index + 2} columns={columns.length} />;
            return (
              <tr key={rowKey(row)} className={rowHref ? 'linked' : undefined} aria-rowindex={index + 2} onClick={(event) => openRow(event, row)}>
                {columns.map((column, columnIndex) => {
                  const text = String(column.cell(row));
                  // Cut-off texts stay readable on hover.
                  return (
                    <td key={column.id} className={column.align === 'right' ? 'cell right' : 'cell'} title={text || undefined}>
                      {columnIndex === 0 && rowHref ? (
                        <RouterLink className="row-link" to={rowHref(row)}>
                          {text}
                        </RouterLink>
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          <Spacer height={(rowCount - last) * ROW_HEIGHT} columns={columns.length} />
        </Body>
      </Table>
    </TableContainer>
  );
}

/** A row whose data is still on its way (windowed data). */
function LoadingRow({ rowIndex, columns }: { rowIndex: number; columns: number }) {
  return (
    <tr aria-rowindex={rowIndex} aria-busy="true">
      <td colSpan={columns} className="cell loading">
        Laden...
      </td>
    </tr>
  );
}
