import {
  Box,
  Pagination,
  PaginationItem,
  type PaginationRenderItemParams,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { STACKED } from '../../components/DataTable';

/** docs/screens.md, 'Search': search result tables paginate at 10 rows per page. */
export const ROWS_PER_PAGE = 10;

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface ResultsSectionProps<Row> {
  /** Names the heading, so that the section and its table are labelled by it. */
  id: string;
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: Column<Row>[];
  /** The page of the query string, 1-based. */
  page: number;
}

const ITEM_LABELS: Record<string, string> = {
  first: 'Ga naar de eerste pagina',
  last: 'Ga naar de laatste pagina',
  next: 'Ga naar de volgende pagina',
  previous: 'Ga naar de vorige pagina',
};

const itemLabel = (type: string, page: number | null, selected: boolean) =>
  type === 'page' ? `${selected ? 'Pagina' : 'Ga naar pagina'} ${page}` : ITEM_LABELS[type];

/**
 * Page links only change `page`, so they can be opened in a new tab and the back button pages
 * back. The disabled arrows at either end still point at an existing page.
 */
const pageLinks = (pageCount: number) => (item: PaginationRenderItemParams) => (
  <PaginationItem
    {...item}
    component={RouterLink}
    to={{ search: `?page=${Math.min(Math.max(item.page ?? 1, 1), pageCount)}` }}
  />
);

/**
 * One section of the search results: a heading and a table of one page of its rows. A page
 * beyond this section's last shows its last page, so a short section never looks empty.
 */
export function ResultsSection<Row>({ id, title, rows, rowKey, columns, page }: ResultsSectionProps<Row>) {
  const pageCount = Math.ceil(rows.length / ROWS_PER_PAGE);
  const shownPage = Math.min(page, pageCount);
  const first = (shownPage - 1) * ROWS_PER_PAGE;
  const pageRows = rows.slice(first, first + ROWS_PER_PAGE);

  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 5 }}>
      <Typography variant="h2" id={id} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        {/* Stacked on a phone, as DataTable's (its roles and data-label make that work). */}
        <Table size="small" aria-labelledby={id} role="table" sx={STACKED}>
          <TableHead role="rowgroup">
            <TableRow role="row">
              {columns.map((column) => (
                <TableCell key={column.header} sx={{ fontWeight: 600 }} role="columnheader">
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {pageRows.map((row) => (
              <TableRow key={rowKey(row)} role="row">
                {columns.map((column) => (
                  <TableCell key={column.header} role="cell" data-label={column.header}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pageCount > 1 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {`${first + 1}-${first + pageRows.length} van ${rows.length}`}
          </Typography>
          <Pagination
            aria-label={`Pagina's ${title}`}
            count={pageCount}
            page={shownPage}
            showFirstButton
            showLastButton
            getItemAriaLabel={itemLabel}
            renderItem={pageLinks(pageCount)}
          />
        </Box>
      )}
    </Box>
  );
}
