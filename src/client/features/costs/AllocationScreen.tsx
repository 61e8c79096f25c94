import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { type MouseEvent, type ReactNode, useMemo } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { sumToCents } from '../../../domain/costs/sums';
import { formatDecimal, formatEuro } from '../../../domain/format';
import { type Month, monthKey, monthLabel, monthOf, parseMonthKey } from '../../../domain/time';
import { success } from '../../base/callToasts';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { useAppDispatch } from '../../base/hooks';
import { COSTS_MONTH_PARAM, paths } from '../../base/paths';
import { PHONE } from '../../base/theme';
import { toastQueued } from '../../base/toastsSlice';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import {
  type Allocation,
  type AllocationAfname,
  type AllocationFields,
  type AllocationRow,
  type AllocationScope,
  useChooseAllocationFieldMutation,
  useDownloadAllocationMutation,
  useGetAllocationAfnamesQuery,
  useGetAllocationFieldsQuery,
  useGetAllocationQuery,
} from './allocationApi';
import { costsMonthOptions } from './costsMonths';
import { ALLOCATION_FIELD_PARAM, ALLOCATION_VALUE_PARAM, costsPaths } from './costsPaths';
import { type Crumb, CostsBreadcrumbs, endUserName, LoadState, MonthPicker, STACKED_AMOUNTS, totalCell } from './CostsParts';
import { costsOverviewMonth } from './useCostsMonth';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre'): the month's costs per
 * value of a field the company chooses, with a row 'Zonder waarde' and the month's total, CSV and
 * Excel downloads, and a drill-down to the afnames behind a value. The same screens serve the
 * group (below /kosten/groep), fed by the group's calls, its afnames naming their branch.
 */

const TITLE = 'Per kostenplaats';
const TABLE_HEADING_ID = 'kosten-per-waarde';
const AFNAMES_HEADING_ID = 'afnames-van-de-waarde';
/** The row of the afnames without a value (`value` null). */
export const NO_VALUE = 'Zonder waarde';

const valueLabel = (value: string | null) => value ?? NO_VALUE;

/** The month (`?maand=`, /kosten's default without one), the field (`?veld=`) and the value (`?waarde=`) of the address. */
const useAllocationAddress = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const options = useMemo(() => costsMonthOptions(), []);
  const key = searchParams.get(COSTS_MONTH_PARAM);
  const month = useMemo(() => costsOverviewMonth(parseMonthKey(key), options), [key, options]);
  /** Writes `changes` into the address, keeping the rest (null removes a parameter). */
  const update = (changes: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    options,
    month,
    /** The month the address names, or null (the drill-down then goes back to the table). */
    addressMonth: parseMonthKey(key),
    field: searchParams.get(ALLOCATION_FIELD_PARAM),
    value: searchParams.get(ALLOCATION_VALUE_PARAM),
    hasValue: searchParams.has(ALLOCATION_VALUE_PARAM),
    update,
  };
};

/** Kosten › (Groepsoverzicht ›) Per kostenplaats › …; `current` names the page when it is not the table itself. */
const crumbsOf = (scope: AllocationScope, month: Month, field: string | null, current?: string): Crumb[] => [
  ...(scope === 'group' ? [{ label: 'Groepsoverzicht', to: paths.groupCosts() }] : []),
  current ? { label: TITLE, to: costsPaths.allocation(month, scope, field) } : { label: TITLE },
  ...(current ? [{ label: current }] : []),
];

export function AllocationScreen() {
  return <AllocationView scope="company" />;
}

export function GroupAllocationScreen() {
  return <AllocationView scope="group" />;
}

export function AllocationValueScreen() {
  return <AllocationValueView scope="company" />;
}

export function GroupAllocationValueScreen() {
  return <AllocationValueView scope="group" />;
}

/** /kosten/per-kostenplaats (and /kosten/groep/per-kostenplaats): the field chooser and the month's table. */
function AllocationView({ scope }: { scope: AllocationScope }) {
  const { options, month, field: addressField, update } = useAllocationAddress();
  const fields = useGetAllocationFieldsQuery(scope);
  const dispatch = useAppDispatch();
  const [choose, { isLoading: choosing }] = useChooseAllocationFieldMutation();
  const fieldKey = addressField ?? fields.data?.chosen ?? null;
  const field = fields.data?.fields.find((candidate) => candidate.key === fieldKey) ?? null;

  /** The choice shows at once (the address) and is remembered for the company (PUT); a refusal is the call's toast. */
  const chooseField = async (key: string) => {
    const chosen = fields.data?.fields.find((candidate) => candidate.key === key);
    if (!chosen) return;
    update({ [ALLOCATION_FIELD_PARAM]: key });
    const saved = await choose({ scope, field: key })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (saved) dispatch(toastQueued(success(`De kosten worden verdeeld naar ${chosen.name}.`)));
  };

  return (
    <>
      <CostsBreadcrumbs month={month} crumbs={crumbsOf(scope, month, fieldKey)} />
      <ScreenTitle>{scope === 'group' ? `${TITLE} (groep)` : TITLE}</ScreenTitle>
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <MonthPicker
            month={month}
            options={options}
            onSelect={(value) => {
              const chosen = monthOf(value);
              if (chosen) update({ [COSTS_MONTH_PARAM]: monthKey(chosen) });
            }}
          />
          {fields.data && fields.data.fields.length > 0 && (
            <FieldChooser fields={fields.data} value={field?.key ?? ''} onChoose={chooseField} disabled={choosing} />
          )}
        </Stack>
        {!fields.data ? (
          <LoadState isError={fields.isError} />
        ) : fields.data.fields.length === 0 ? (
          <Typography sx={{ maxWidth: 720 }}>
            Je bedrijf heeft nog geen vrije velden of categorievelden om de kosten naar te verdelen. Geef een vrij veld een naam bij
            Mijn bedrijf, bijvoorbeeld &lsquo;Kostenplaats&rsquo;, en vul het in bij je afnames.
          </Typography>
        ) : !field ? (
          <Typography sx={{ maxWidth: 720 }}>
            Kies bij &lsquo;Verdelen naar&rsquo; een veld van je afnames, bijvoorbeeld je kostenplaats. Je ziet dan de kosten van de maand
            per waarde van dat veld, met de afnames zonder waarde apart. Je keuze wordt voor je bedrijf onthouden.
          </Typography>
        ) : (
          <AllocationTableSection scope={scope} month={month} fieldKey={field.key} fieldName={field.name} />
        )}
      </Stack>
    </>
  );
}

/** 'Verdelen naar': the company's free fields and the category fields. */
function FieldChooser({ fields, value, onChoose, disabled }: { fields: AllocationFields; value: string; onChoose: (key: string) => void; disabled: boolean }) {
  return (
    <TextField
      select
      label="Verdelen naar"
      value={value}
      onChange={(event) => onChoose(event.target.value)}
      disabled={disabled}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240, bgcolor: 'background.paper' }}
    >
      {value === '' && (
        <option value="" disabled>
          Kies een veld
        </option>
      )}
      {fields.fields.map((field) => (
        <option key={field.key} value={field.key}>
          {field.name}
        </option>
      ))}
    </TextField>
  );
}

interface AllocationTableSectionProps {
  scope: AllocationScope;
  month: Month;
  fieldKey: string;
  fieldName: string;
}

function AllocationTableSection({ scope, month, fieldKey, fieldName }: AllocationTableSectionProps) {
  const query = useMemo(() => ({ scope, month, field: fieldKey }), [scope, month, fieldKey]);
  const { data, isError, isFetching } = useGetAllocationQuery(query);
  const [download, { isLoading: downloading }] = useDownloadAllocationMutation();

  // A failed download is reported by a toast (callToasts).
  const save = async (format: 'csv' | 'xlsx') => {
    const file = await download({ ...query, format })
      .unwrap()
      .catch(() => null);
    if (!file) return;
    if (format === 'csv') saveCsv(file.content, file.fileName);
    else saveObjectUrl(file.content, file.fileName);
  };

  return (
    <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography variant="h2" id={TABLE_HEADING_ID}>
          {`Kosten ${monthLabel(month)} per ${fieldName}`}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => save('csv')} disabled={downloading || !data}>
            CSV downloaden
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => save('xlsx')} disabled={downloading || !data}>
            Excel downloaden
          </Button>
        </Stack>
      </Stack>
      {data ? (
        data.rows.length === 0 ? (
          <Typography>Er zijn in deze maand geen kosten.</Typography>
        ) : (
          <AllocationTable allocation={data} scope={scope} month={month} fieldKey={fieldKey} fieldName={fieldName} busy={isFetching} />
        )
      ) : (
        <LoadState isError={isError} />
      )}
      <ExclVatNote sx={{ mt: 1 }} />
    </Box>
  );
}

type Amounts = Allocation['total'];

/** The kinds of costs, as /kosten names them. */
const AMOUNT_COLUMNS = [
  { header: 'Periodiek', amount: (row: Amounts) => row.periodic },
  { header: 'Nieuwe aansluitingen', amount: (row: Amounts) => row.full },
  { header: 'Set up', amount: (row: Amounts) => row.setup },
  { header: 'Verbruik', amount: (row: Amounts) => row.usage },
] as const;

/** STACKED_AMOUNTS, and on a phone the total row leaves out the columns it has no total of. */
const STACKED_WITH_TOTALS = { [PHONE]: { ...STACKED_AMOUNTS[PHONE], '& tfoot > tr > td:empty': { display: 'none' } } } as const;

interface TextColumn<Row> {
  header: string;
  align?: 'right';
  cell: (row: Row) => ReactNode;
}

interface AmountsTableProps<Row> {
  labelledBy: string;
  /** The first is the row's header; the amounts and 'Totaal' follow the others. */
  columns: TextColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  rowHref?: (row: Row) => string;
  /** The total row's cells below the columns after the first (its header is 'Totaal'). */
  totals: string[];
  busy?: boolean;
}

/**
 * A table of amounts with a total row below every column. On a phone each row is a block
 * (STACKED_AMOUNTS): its header as the title line, each amount on a line with its column's label.
 */
function AmountsTable<Row>({ labelledBy, columns, rows, rowKey, rowHref, totals, busy = false }: AmountsTableProps<Row>) {
  const navigate = useNavigate();
  const open = (event: MouseEvent, href: string | undefined) => {
    if (href && !(event.target as HTMLElement).closest('a')) navigate(href);
  };
  const [first, ...rest] = columns;
  return (
    <TableContainer component={Paper} variant="outlined" aria-busy={busy}>
      <Table aria-labelledby={labelledBy} role="table" sx={STACKED_WITH_TOTALS}>
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
          {rows.map((row, index) => {
            const href = rowHref?.(row);
            return (
              <TableRow key={rowKey(row, index)} hover={Boolean(href)} onClick={(event) => open(event, href)} sx={href ? { cursor: 'pointer' } : undefined} role="row">
                <TableCell component="th" scope="row" role="rowheader" data-label={first.header}>
                  {href ? (
                    <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }}>
                      {first.cell(row)}
                    </Link>
                  ) : (
                    first.cell(row)
                  )}
                </TableCell>
                {rest.map((column) => (
                  <TableCell key={column.header} align={column.align} role="cell" data-label={column.header} sx={{ whiteSpace: { sm: 'nowrap' } }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
        <TableFooter role="rowgroup">
          <TableRow role="row">
            <TableCell component="th" scope="row" sx={totalCell} role="rowheader">
              Totaal
            </TableCell>
            {rest.map((column, i) => (
              <TableCell key={column.header} align={column.align} sx={{ ...totalCell, whiteSpace: { sm: 'nowrap' } }} role="cell" data-label={column.header}>
                {totals[i]}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

interface AllocationTableProps {
  allocation: Allocation;
  scope: AllocationScope;
  month: Month;
  fieldKey: string;
  fieldName: string;
  busy: boolean;
}

/** Value, Afnames, Periodiek, Nieuwe aansluitingen, Set up, Verbruik, Totaal; the total row is the month's (equal to /kosten to the cent). */
function AllocationTable({ allocation, scope, month, fieldKey, fieldName, busy }: AllocationTableProps) {
  const { rows, total } = allocation;
  const afnames = rows.reduce((sum, row) => sum + row.afnames, 0);
  return (
    <AmountsTable<AllocationRow>
      labelledBy={TABLE_HEADING_ID}
      columns={[
        { header: fieldName, cell: (row) => valueLabel(row.value) },
        { header: 'Afnames', align: 'right', cell: (row) => formatDecimal(row.afnames, 0) },
        ...AMOUNT_COLUMNS.map(({ header, amount }) => ({ header, align: 'right' as const, cell: (row: AllocationRow) => formatEuro(amount(row)) })),
        { header: 'Totaal', align: 'right', cell: (row) => formatEuro(row.total) },
      ]}
      rows={rows}
      rowKey={(row) => row.value ?? '\u0000'}
      rowHref={(row) => costsPaths.allocationValue(month, scope, fieldKey, row.value)}
      totals={[formatDecimal(afnames, 0), ...AMOUNT_COLUMNS.map(({ amount }) => formatEuro(amount(total))), formatEuro(total.total)]}
      busy={busy}
    />
  );
}

/** /kosten/per-kostenplaats/waarde?maand&veld[&waarde]: the afnames behind one value (no `waarde`: 'Zonder waarde'). */
function AllocationValueView({ scope }: { scope: AllocationScope }) {
  const { addressMonth, field, value } = useAllocationAddress();
  if (!addressMonth || !field) return <Navigate to={addressMonth ? costsPaths.allocation(addressMonth, scope) : paths.costs()} replace />;
  return <AfnamesOfValue scope={scope} month={addressMonth} fieldKey={field} value={value} />;
}

/**
 * The article of a drill-down row, a link to the afname's page where the user can open it: the
 * acting company's own afnames (a branch's afname in the group's view is not the acting company's).
 */
function AfnameLink({ row, linked }: { row: AllocationAfname; linked: boolean }) {
  if (!linked || row.service_id === null || row.article_id === null || row.article_group_id === null) return <>{row.article_name}</>;
  const endUser = row.firstname !== null || row.lastname !== null ? { firstname: row.firstname ?? '', lastname: row.lastname ?? '' } : null;
  const href = paths.service(
    { id: row.article_group_id, name: row.productgroup },
    { id: row.article_id, name: row.article_name },
    { id: row.service_id, end_user: endUser },
  );
  return (
    <Link component={RouterLink} to={href}>
      {row.article_name}
    </Link>
  );
}

interface AfnamesOfValueProps {
  scope: AllocationScope;
  month: Month;
  fieldKey: string;
  value: string | null;
}

function AfnamesOfValue({ scope, month, fieldKey, value }: AfnamesOfValueProps) {
  const fields = useGetAllocationFieldsQuery(scope);
  const query = useMemo(() => ({ scope, month, field: fieldKey, value }), [scope, month, fieldKey, value]);
  const { data, isError, isFetching } = useGetAllocationAfnamesQuery(query);
  const fieldName = fields.data?.fields.find((candidate) => candidate.key === fieldKey)?.name ?? '';
  const title = valueLabel(value);

  const columns: TextColumn<AllocationAfname>[] = [
    { header: 'Artikel', cell: (row) => <AfnameLink row={row} linked={scope === 'company'} /> },
    ...(scope === 'group' ? [{ header: 'Vestiging', cell: (row: AllocationAfname) => row.company_name }] : []),
    { header: 'Eindgebruiker', cell: (row) => (row.service_id === null ? '–' : endUserName(row.firstname, row.lastname)) },
    { header: 'Nummer', cell: (row) => row.number ?? '–' },
    ...AMOUNT_COLUMNS.map(({ header, amount }) => ({ header, align: 'right' as const, cell: (row: AllocationAfname) => formatEuro(amount(row)) })),
    { header: 'Totaal', align: 'right', cell: (row) => formatEuro(row.total) },
  ];
  const textColumns = columns.length - AMOUNT_COLUMNS.length - 2;

  return (
    <>
      <CostsBreadcrumbs month={month} crumbs={crumbsOf(scope, month, fieldKey, title)} />
      <ScreenTitle>{title}</ScreenTitle>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{[fieldName, monthLabel(month)].filter(Boolean).join(' · ')}</Typography>
      <Box component="section" aria-labelledby={AFNAMES_HEADING_ID}>
        <Typography variant="h2" id={AFNAMES_HEADING_ID} sx={{ mb: 1.5 }}>
          Afnames
        </Typography>
        {!data ? (
          <LoadState isError={isError} />
        ) : data.length === 0 ? (
          <Alert severity="info">Er zijn in deze maand geen afnames met deze waarde.</Alert>
        ) : (
          <AmountsTable<AllocationAfname>
            labelledBy={AFNAMES_HEADING_ID}
            columns={columns}
            rows={data}
            rowKey={(row, index) => (row.service_id === null ? `regel-${index}` : `${row.company_id}-${row.service_id}`)}
            totals={[
              ...Array.from({ length: textColumns }, () => ''),
              ...AMOUNT_COLUMNS.map(({ amount }) => formatEuro(sumToCents(data.map(amount)))),
              formatEuro(sumToCents(data.map((row) => row.total))),
            ]}
            busy={isFetching}
          />
        )}
        <ExclVatNote sx={{ mt: 1 }} />
      </Box>
    </>
  );
}
