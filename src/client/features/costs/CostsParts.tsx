import { Alert, Breadcrumbs, Button, Link, Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { Key, MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatEuro } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { type Month, type MonthOption, monthStart } from '../../../domain/time';
import { paths } from '../../base/paths';
import { PHONE } from '../../base/theme';
import { STACKED } from '../../components/DataTable';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { branchRef, useCostsBranch } from './costsBranch';
import type { Cents } from './costsModel';
import { costsPaths } from './costsPaths';

/** The parts the costs screens share: breadcrumbs, load states and the amounts table. */

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

/**
 * Kosten › …; the last crumb is the current page. 'Kosten' leads back to the screen's month. Below a branch of the
 * group (read-only) the way back is Groepsoverzicht › Kosten {vestiging} › …, the branch's crumb the current page
 * when no other follows.
 */
export function CostsBreadcrumbs({ crumbs, month }: { crumbs: Crumb[]; month: Month }) {
  const branch = useCostsBranch();
  const lead: Crumb[] = branch
    ? [
        { label: 'Groepsoverzicht', to: paths.groupCosts(month) },
        { label: `Kosten ${branch.name}`, to: crumbs.length > 0 ? costsPaths.branch(branchRef(branch)!, month) : undefined },
      ]
    : [];
  return (
    <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={paths.costs(month)} underline="hover">
        Kosten
      </Link>
      {[...lead, ...crumbs].map((crumb) =>
        crumb.to ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} aria-current="page" sx={{ color: 'text.primary' }}>
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}

/** While a figure loads: a spinner, or the general failure text when the call failed. */
export function LoadState({ isError }: { isError: boolean }) {
  return isError ? <Alert severity="error">{MSG.initialLoadFailed}</Alert> : <PageLoading />;
}

/** An address below /kosten that names nothing. */
export function CostsNotFound({ message }: { message: string }) {
  return (
    <>
      <ScreenTitle>Niet gevonden</ScreenTitle>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button component={RouterLink} to={paths.costs()} variant="contained">
        Naar de kosten
      </Button>
    </>
  );
}

export const endUserName = (firstname: string | null, lastname: string | null) =>
  `${firstname ?? ''} ${lastname ?? ''}`.trim() || MSG.noUser;

/** The look of a total row's cells. */
export const totalCell = { fontWeight: 700, fontSize: '0.95rem', color: 'text.primary', borderBottom: 0 } as const;

const stackedLine = STACKED[PHONE]['& tbody > tr > td'];

/**
 * DataTable's stacked rows for the costs tables, whose rows and total row lead with a row header:
 * on a phone that lead (the kind of costs, the article, the end user, 'Totaal') is the block's
 * title line and each amount a line of its own with its column's label before it.
 */
export const STACKED_AMOUNTS = {
  [PHONE]: {
    ...STACKED[PHONE],
    '& tfoot': { display: 'block' },
    '& tfoot > tr > td': stackedLine,
    '& tfoot > tr': { display: 'block', py: 1 },
    '& tbody > tr > th, & tfoot > tr > th': { display: 'block', py: 0.5, border: 0, overflowWrap: 'anywhere' },
  },
} as const;

export interface AmountColumn<Row> {
  header: string;
  align?: 'right';
  /** The first column is the row's header; with `rowHref` its text links to the row's page. */
  cell: (row: Row) => string;
}

interface AmountTableProps<Row> {
  /** Id of the heading that names the table. */
  labelledBy: string;
  columns: AmountColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  rowHref?: (row: Row) => string | null;
  /** The total row: a label (linking to `href` when given) and the amount under the last column. */
  total: { label: string; amount: Cents; href?: string };
}

/**
 * A table of amounts with a total row. Rows with a page are links (the first cell) and open on a
 * click anywhere in the row, like the link does.
 */
export function AmountTable<Row>({ labelledBy, columns, rows, rowKey, rowHref, total }: AmountTableProps<Row>) {
  const navigate = useNavigate();
  const hrefOf = (row: Row) => rowHref?.(row) ?? null;
  const open = (event: MouseEvent, href: string | null) => {
    if (href && !(event.target as HTMLElement).closest('a')) navigate(href);
  };
  const [first, ...rest] = columns;
  const label = (text: string, href: string | null | undefined) =>
    href ? (
      <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }}>
        {text}
      </Link>
    ) : (
      text
    );

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-labelledby={labelledBy} role="table" sx={STACKED_AMOUNTS}>
        <TableHead role="rowgroup">
          <TableRow role="row">
            {columns.map((column) => (
              <TableCell key={column.header} align={column.align} sx={{ fontWeight: 600 }} role="columnheader">
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows.map((row) => {
            const href = hrefOf(row);
            return (
              <TableRow
                key={rowKey(row)}
                hover={href !== null}
                onClick={(event) => open(event, href)}
                sx={href ? { cursor: 'pointer' } : undefined}
                role="row"
              >
                <TableCell component="th" scope="row" role="rowheader" data-label={first.header}>
                  {label(first.cell(row), href)}
                </TableCell>
                {rest.map((column) => (
                  <TableCell key={column.header} align={column.align} role="cell" data-label={column.header}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter role="rowgroup">
          <TableRow role="row">
            <TableCell component="th" scope="row" colSpan={columns.length - 1} sx={totalCell} role="rowheader">
              {label(total.label, total.href)}
            </TableCell>
            <TableCell align="right" sx={totalCell} role="cell" data-label={columns.at(-1)!.header}>
              {formatEuro(total.amount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

interface MonthPickerProps {
  month: Month;
  options: MonthOption[];
  /** Called with the chosen option's value (the month's first day). */
  onSelect: (value: string) => void;
}

/** 'Maand': the month of a costs screen, one of the picker's options (docs/screens.md, 'Month overview'). */
export function MonthPicker({ month, options, onSelect }: MonthPickerProps) {
  return (
    <TextField
      select
      label="Maand"
      value={monthStart(month)}
      onChange={(event) => onSelect(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240, bgcolor: 'background.paper' }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
