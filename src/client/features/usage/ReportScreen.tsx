import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatBytes, formatDuration, formatEuro } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { paths } from '../../base/paths';
import { evenWindows, useQueryWindows } from '../../base/useQueryWindows';
import { DateField } from '../../components/DateField';
import { PageLoading } from '../../components/PageLoading';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { type Column, VirtualTable } from '../../components/VirtualTable';
import {
  defaultReportRange,
  DIRECTION_OPTIONS,
  endUserName,
  filtersToSearch,
  formatCount,
  rangeErrors,
  readFilters,
  TYPE_OPTIONS,
} from './reportModel';
import { type ReportFilters, type ReportRow, usageApi, useDownloadReportExcelMutation, useDownloadReportMutation, useGetReportSummaryQuery } from './usageApi';

const TABLE_HEADING_ID = 'verbruik-per-nummer';

/** Rows per request while scrolling. */
export const REPORT_WINDOW = 200;

const rowOfWindow = (rows: ReportRow[], index: number): ReportRow | undefined => rows[index];

const columns: Column<ReportRow>[] = [
  { id: 'name', header: 'Naam', cell: endUserName },
  { id: 'number', header: 'Nummer', width: '140px', cell: (row) => row.mobile_number },
  { id: 'product', header: 'Product', cell: (row) => row.product_name },
  { id: 'data', header: 'Data', width: '110px', align: 'right', cell: (row) => formatBytes(row.data) },
  { id: 'sms', header: 'SMS', width: '80px', align: 'right', cell: (row) => formatCount(row.sms) },
  { id: 'calls', header: 'Beltijd', width: '110px', align: 'right', cell: (row) => formatDuration(row.call_seconds) },
  { id: 'total', header: 'Totaal', width: '120px', align: 'right', cell: (row) => formatEuro(String(row.total_price)) },
];

/**
 * /verbruik: usage per number over a period, narrowed by type, direction, out-of-bundle and
 * sender. The filters are the address's query string (reportModel.ts); the report is fetched
 * again whenever they change (docs/screens.md, 'Verbruik'), and not at all while the period is invalid
 * (docs/screens.md, 'Date range').
 */
export function ReportScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = useMemo(() => defaultReportRange(), []);
  const filters = readFilters(searchParams, defaults);
  const errors = rangeErrors(filters);
  const valid = !errors.from && !errors.to;

  const change = (update: Partial<ReportFilters>) =>
    setSearchParams(filtersToSearch({ ...filters, ...update }), { replace: true });

  return (
    <>
      <ScreenTitle>Verbruik</ScreenTitle>
      <Stack spacing={3}>
        <FilterBar filters={filters} errors={errors} onChange={change} />
        {valid && <ReportResults filters={filters} search={searchParams.toString()} />}
      </Stack>
    </>
  );
}

interface FilterBarProps {
  filters: ReportFilters;
  errors: { from?: string; to?: string };
  onChange: (update: Partial<ReportFilters>) => void;
}

function FilterBar({ filters, errors, onChange }: FilterBarProps) {
  return (
    <Paper component="section" aria-label="Filters" variant="outlined" sx={{ p: 2 }}>
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
    </Paper>
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
}

/**
 * The report under the filters: its size and total first (`GET /report/summary`), the rows in
 * windows as the table scrolls (`GET /report?offset&limit`), so a customer with thousands of
 * numbers does not wait for all of them.
 */
function ReportResults({ filters, search }: ReportResultsProps) {
  const { currentData: summary, isFetching, isError } = useGetReportSummaryQuery(filters);
  const { rowAt, onRangeChange } = useQueryWindows(
    usageApi.endpoints.getReportWindow,
    JSON.stringify(filters),
    evenWindows(REPORT_WINDOW, (offset) => ({ ...filters, offset, limit: REPORT_WINDOW })),
    rowOfWindow,
  );

  const [download, { isLoading: downloading }] = useDownloadReportMutation();
  const [downloadExcel, { isLoading: downloadingExcel }] = useDownloadReportExcelMutation();

  // A failed download is reported by a toast (callToasts).
  const saveReport = async () => {
    const text = await download(filters)
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, `verbruik-${filters.from}-${filters.to}.csv`);
  };
  const saveReportExcel = async () => {
    const url = await downloadExcel(filters)
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
          <VirtualTable
            key={JSON.stringify(filters)}
            labelledBy={TABLE_HEADING_ID}
            columns={columns}
            rowCount={summary.count}
            rowAt={rowAt}
            onRangeChange={onRangeChange}
            rowKey={(row) => `${row.id}-${row.mobile_number}`}
            rowHref={(row) => paths.usageDetail(row, search ? `?${search}` : '')}
          />
          <ExclVatNote sx={{ mt: 1 }} />
        </>
      )}
    </Box>
  );
}
