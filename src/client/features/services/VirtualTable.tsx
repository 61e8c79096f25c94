import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { type Key, type MouseEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';

export interface Column<Row> {
  id: string;
  header: string;
  /** CSS width; columns without one share the rest. */
  width?: string;
  align?: 'left' | 'right';
  /** Text of the cell; the first column's text becomes the row's link. */
  cell: (row: Row) => string | number;
}

interface VirtualTableProps<Row> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowHref: (row: Row) => string;
  /** Height of the scroll area at most, in pixels. */
  maxHeight?: number;
}

const ROW_HEIGHT = 48;
const HEADER_HEIGHT = 52;
/** Rows rendered above and below the visible ones, so scrolling and tabbing stay smooth. */
const OVERSCAN = 10;

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', py: 0 } as const;

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
 * A table that renders only the rows in view (plus a margin): a big customer's article has
 * thousands of services. Rows have a fixed height; the header stays in place while scrolling.
 * Screen readers still learn the full size through aria-rowcount and aria-rowindex, and each
 * row's first cell is a link, so the rows are reachable by keyboard (focusing a link scrolls
 * it into view, which moves the window along).
 */
export function VirtualTable<Row>({ labelledBy, columns, rows, rowKey, rowHref, maxHeight = 576 }: VirtualTableProps<Row>) {
  const navigate = useNavigate();
  const [scrollTop, setScrollTop] = useState(0);
  const height = Math.min(maxHeight, HEADER_HEIGHT + rows.length * ROW_HEIGHT + 2);
  const visibleRows = Math.ceil((height - HEADER_HEIGHT) / ROW_HEIGHT);
  const first = Math.min(rows.length, Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(rows.length, first + visibleRows + 2 * OVERSCAN);

  // A click anywhere on a row opens it, like its link does; the link itself navigates on its own.
  const openRow = (event: MouseEvent, row: Row) => {
    if ((event.target as HTMLElement).closest('a')) return;
    navigate(rowHref(row));
  };

  return (
    <TableContainer
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{ maxHeight: height, scrollPaddingTop: HEADER_HEIGHT, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
    >
      <Table stickyHeader aria-labelledby={labelledBy} aria-rowcount={rows.length + 1} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow aria-rowindex={1} sx={{ height: HEADER_HEIGHT }}>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.align} sx={{ ...oneLine, width: column.width, fontWeight: 600 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          <Spacer height={first * ROW_HEIGHT} columns={columns.length} />
          {rows.slice(first, last).map((row, offset) => (
            <TableRow
              key={rowKey(row)}
              hover
              aria-rowindex={first + offset + 2}
              onClick={(event) => openRow(event, row)}
              sx={{ height: ROW_HEIGHT, cursor: 'pointer' }}
            >
              {columns.map((column, index) => {
                const text = String(column.cell(row));
                // Cut-off texts stay readable on hover.
                return (
                  <TableCell key={column.id} align={column.align} sx={oneLine} title={text || undefined}>
                    {index === 0 ? <RowLink to={rowHref(row)}>{text}</RowLink> : text}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
          <Spacer height={(rows.length - last) * ROW_HEIGHT} columns={columns.length} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RowLink({ to, children }: { to: string; children: string }) {
  return (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
      {children}
    </Link>
  );
}
