import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatBytes, formatDuration, formatEuro } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { paths } from '../../base/paths';
import { PHONE_QUERY } from '../../base/theme';
import { evenWindows, useQueryWindows } from '../../base/useQueryWindows';
import { DIRECTION_PARAM, type Sort, SORT_PARAM, type SortDirection, useSortParam } from '../../base/useSortParam';
import { DateField } from '../../components/DateField';
import { PageLoading } from '../../components/PageLoading';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type Column, VirtualTable } from '../../components/VirtualTable';
import {
  activeFilterCount,
  DEFAULT_REPORT_SORT,
  defaultReportRange,
  DIRECTION_OPTIONS,
  dutchDate,
  endUserName,
  filtersButtonLabel,
  filtersToSearch,
  FIRST_DIRECTION,
  formatCount,
  rangeErrors,
  readFilters,
  REPORT_SORT_KEYS,
  reportOrder,
  type ReportSortKey,
  SORT_CHOICES,
  sortChoiceValue,
  TYPE_OPTIONS,
} from './reportModel';
import {
  type ReportFilters,
  type ReportRow,
  type SortedReport,
  usageApi,
  useDownloadReportExcelMutation,
  useDownloadReportMutation,
  useGetReportSummaryQuery,
} from './usageApi';
import { UsageCards } from './UsageCards';

const TABLE_HEADING_ID = 'verbruik-per-nummer';
const FILTERS_ID = 'verbruik-filters';

/** Rows per request while scrolling. */
export const REPORT_WINDOW = 200;

const rowOfWindow = (rows: ReportRow[], index: number): ReportRow | undefined => rows[index];

/** A sortable column's key and first direction (docs/screens.md, 'Sorting'). */
const sortable = (sortKey: ReportSortKey) => ({ sortKey, firstDirection: FIRST_DIRECTION[sortKey] });

const columns: Column<ReportRow>[] = [
  { id: 'name', header: 'Naam', cell: endUserName, ...sortable('naam') },
  { id: 'number', header: 'Nummer', width: '140px', cell: (row) => row.mobile_number, ...sortable('nummer') },
  { id: 'product', header: 'Product', cell: (row) => row.product_name },
  { id: 'data', header: 'Data', width: '110px', align: 'right', cell: (row) => formatBytes(row.data), ...sortable('data') },
  { id: 'sms', header: 'SMS', width: '80px', align: 'right', cell: (row) => formatCount(row.sms) },
  { id: 'calls', header: 'Beltijd', width: '110px', align: 'right', cell: (row) => formatDuration(row.call_seconds) },
  { id: 'total', header: 'Totaal', width: '120px', align: 'right', cell: (row) => formatEuro(String(row.total_price)), ...sortable('kosten') },
];

/**
 * /verbruik: usage per number over a period, narrowed by type, direction, out-of-bundle and
 * sender. The filters and the order are the address's query string (reportModel.ts,
 * useSortParam); the report is fetched again whenever they change (docs/screens.md, 'Verbruik'),
 * and not at all while the period is invalid (docs/screens.md, 'Date range'). On a phone the
 * numbers are cards and the filters fold behind a button.
 */
export function ReportScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const defaults = useMemo(() => defaultReportRange(), []);
  const filters = readFilters(searchParams, defaults);
  const errors = rangeErrors(filters);
  const valid = !errors.from && !errors.to;
  const sorting = useSortParam(REPORT_SORT_KEYS, DEFAULT_REPORT_SORT);

  // A new filter keeps the order.
  const change = (update: Partial<ReportFilters>) =>
    setSearchParams(
      (current) => {
        const next = filtersToSearch({ ...filters, ...update });
        for (const name of [SORT_PARAM, DIRECTION_PARAM]) {
          const value = current.get(name);
          if (value !== null) next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <ScreenTitle>Verbruik</ScreenTitle>
      <Stack spacing={phone ? 2 : 3}>
        {phone ? (
          <FoldedFilters filters={filters} errors={errors} onChange={change} />
        ) : (
          <FilterBar filters={filters} errors={errors} onChange={change} />
        )}
        {valid && <ReportResults filters={filters} search={searchParams.toString()} phone={phone} {...sorting} />}
      </Stack>
    </>
  );
}

interface FilterBarProps {
  filters: ReportFilters;
  errors: { from?: string; to?: string };
  onChange: (update: Partial<ReportFilters>) => void;
}

/**
 * A phone's filters (docs/screens.md, 'Verbruik'): the period in a line, the filters behind a
 * button 'Filters' that counts those set ('Filters (2)'), so the numbers start on the first
 * screen. A link with a wrong date opens them, to show the error.
 */
function FoldedFilters(props: FilterBarProps) {
  const { filters, errors } = props;
  const [open, setOpen] = useState(() => errors.from !== undefined || errors.to !== undefined);
  return (
    <Box component="section" aria-label="Filters">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: open ? 2 : 0 }}>
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls={FILTERS_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {filtersButtonLabel(activeFilterCount(filters))}
        </Button>
        <Typography variant="body2">{`Periode: ${dutchDate(filters.from)} t/m ${dutchDate(filters.to)}`}</Typography>
      </Stack>
      <div id={FILTERS_ID} hidden={!open}>
        <FilterFields {...props} />
      </div>
    </Box>
  );
}

function FilterBar(props: FilterBarProps) {
  return (
    <Paper component="section" aria-label="Filters" variant="outlined" sx={{ p: 2 }}>
      <FilterFields {...props} />
    </Paper>
  );
}

function FilterFields({ filters, errors, onChange }: FilterBarProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', alignItems: 'start' }}>
      <DateField
        label="Van"
        value={filters.from}
        onChange={(from) => onChange({ from })}
        error={errors.from !== undefined}
        helperText={errors.from}
        max={filters.to}
      />
      <DateField
        label="Tot en met"
        value={filters.to}
        onChange={(to) => onChange({ to })}
        error={errors.to !== undefined}
        helperText={errors.to}
        min={filters.from}
      />
      <TextField
        select
        label="Type"
        value={filters.type}
        onChange={(event) => onChange({ type: event.target.value as ReportFilters['type'] })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Richting"
        value={filters.direction}
        onChange={(event) => onChange({ direction: event.target.value as ReportFilters['direction'] })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {DIRECTION_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </TextField>
      <SenderField key={filters.sender} sender={filters.sender} onApply={(sender) => onChange({ sender })} />
      <FormControlLabel
        control={<Checkbox checked={filters.outOnly} onChange={(event) => onChange({ outOnly: event.target.checked })} />}
        label="Alleen buiten de bundel"
        sx={{ minHeight: 56 }}
      />
    </Box>
  );
}

/** The sender is applied with Enter or on leaving the field, not on every key. */
function SenderField({ sender, onApply }: { sender: string; onApply: (sender: string) => void }) {
  const [text, setText] = useState(sender);
  const apply = () => {
    if (text.trim() !== sender) onApply(text.trim());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply();
  };
  return (
    <Box component="form" onSubmit={submit}>
      <TextField
        fullWidth
        label="Afzender"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        helperText="Enter om te zoeken"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'tel' } }}
      />
    </Box>
  );
}

interface ReportResultsProps {
  filters: ReportFilters;
  /** The report's query string, carried to the detail screens. */
  search: string;
  /** Cards instead of the table, and a select for the order. */
  phone: boolean;
  /** The order (useSortParam): a header's click, or a phone's 'Sorteren op'. */
  sort: Sort<ReportSortKey>;
  sortBy: (key: ReportSortKey, first?: SortDirection) => void;
  setSort: (sort: Sort<ReportSortKey>) => void;
}

/**
 * The report under the filters: its size and total first (`GET /report/summary`), the rows in
 * windows as the table scrolls or the cards grow (`GET /report?offset&limit`), so a customer with
 * thousands of numbers does not wait for all of them. The server sorts the rows (`sort`, `order`):
 * the screen never holds them all.
 */
function ReportResults({ filters, search, phone, sort, sortBy, setSort }: ReportResultsProps) {
  const { currentData: summary, isFetching, isError } = useGetReportSummaryQuery(filters);
  const report: SortedReport = useMemo(() => {
    const order = reportOrder(sort);
    return order ? { ...filters, order } : filters;
  }, [filters, sort]);
  const reportKey = JSON.stringify(report);
  const { rowAt, onRangeChange } = useQueryWindows(
    usageApi.endpoints.getReportWindow,
    reportKey,
    evenWindows(REPORT_WINDOW, (offset) => ({ ...report, offset, limit: REPORT_WINDOW })),
    rowOfWindow,
  );
  const rowHref = (row: ReportRow) => paths.usageDetail(row, search ? `?${search}` : '');
  const tableSorting = useMemo(() => ({ sort, sortBy: (key: string, first?: SortDirection) => sortBy(key as ReportSortKey, first) }), [sort, sortBy]);

  const [download, { isLoading: downloading }] = useDownloadReportMutation();
  const [downloadExcel, { isLoading: downloadingExcel }] = useDownloadReportExcelMutation();

  // A failed download is reported by a toast (callToasts).
  const saveReport = async () => {
    const text = await download(report)
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, `verbruik-${filters.from}-${filters.to}.csv`);
  };
  const saveReportExcel = async () => {
    const url = await downloadExcel(report)
      .unwrap()
      .catch(() => null);
    if (url !== null) saveObjectUrl(url, `verbruik-${filters.from}-${filters.to}.xlsx`);
  };

  return (
    <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1.5 }}>
        <Typography variant="h2" id={TABLE_HEADING_ID}>
          Verbruik per nummer
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveReport} disabled={downloading}>
            CSV downloaden
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveReportExcel} disabled={downloadingExcel}>
            Excel downloaden
          </Button>
        </Stack>
      </Stack>
      {isError && <Alert severity="error">{MSG.initialLoadFailed}</Alert>}
      {!isError && !summary && isFetching && <PageLoading />}
      {summary && summary.count === 0 && <Typography role="status">Geen verbruik gevonden in deze periode.</Typography>}
      {summary && summary.count > 0 && (
        <>
          <Typography role="status" sx={{ color: 'text.secondary', mb: 1 }}>
            {`${formatCount(summary.count)} ${summary.count === 1 ? 'nummer' : 'nummers'}, totaal ${formatEuro(String(summary.total_price))}`}
          </Typography>
          {phone ? (
            <>
              <TextField
                select
                label="Sorteren op"
                value={sortChoiceValue(sort)}
                onChange={(event) => {
                  const choice = SORT_CHOICES.find((option) => option.value === event.target.value);
                  if (choice) setSort(choice.sort);
                }}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ my: 1.5, minWidth: 240 }}
              >
                {SORT_CHOICES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
              <UsageCards
                key={reportKey}
                labelledBy={TABLE_HEADING_ID}
                rowCount={summary.count}
                rowAt={rowAt}
                onRangeChange={onRangeChange}
                rowHref={rowHref}
              />
            </>
          ) : (
            <VirtualTable
              key={reportKey}
              labelledBy={TABLE_HEADING_ID}
              columns={columns}
              rowCount={summary.count}
              rowAt={rowAt}
              onRangeChange={onRangeChange}
              rowKey={(row) => `${row.id}-${row.mobile_number}`}
              rowHref={rowHref}
              sorting={tableSorting}
            />
          )}
          <ExclVatNote sx={{ mt: 1 }} />
        </>
      )}
    </Box>
  );
}
