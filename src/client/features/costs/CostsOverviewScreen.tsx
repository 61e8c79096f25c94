import DownloadIcon from '@mui/icons-material/Download';
import TableChartIcon from '@mui/icons-material/TableChart';
import { Alert, Box, Button, Chip, Link, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { type MouseEvent, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatEuro } from '../../../domain/format';
import { currentMonth, type Month, monthKey, monthLabel, type MonthOption, monthRange } from '../../../domain/time';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { useAppSelector } from '../../base/hooks';
import { type BranchRef, costsPaths } from './costsPaths';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { LazyColumnChart } from './charts/LazyCharts';
import { type CostsForecast, useExportCostsBillingExcelMutation, useExportCostsBillingMutation, useGetCostsByMonthQuery, useGetCostsForecastQuery, useGetCostsQuery } from './costsApi';
import { type Cents, type CostsSummary, forecastBasis } from './costsModel';
import { chartPeriod } from './costsMonths';
import { CostSpecificationSection } from './CostSpecificationSection';
import { LoadState, MonthPicker, STACKED_AMOUNTS, totalCell } from './CostsParts';
import { selectCostsSummary, selectMonthlyChart } from './selectors';
import { useCostsOverviewMonth } from './useCostsMonth';

const CHART_HEADING_ID = 'kosten-per-maand';
const SUMMARY_HEADING_ID = 'kosten-van-de-maand';

/**
 * /kosten: the chosen month's summary with its billing export, then the costs of the last twelve
 * months. The month's figures come first: on a phone they fill the first screen, and the chart
 * below loads when the user scrolls to it (LazyCharts).
 */
export function CostsOverviewScreen() {
  const { options, month, select } = useCostsOverviewMonth();
  const period = useMemo(() => monthRange(month), [month]);
  const chartRange = useMemo(() => chartPeriod(month), [month]);
  const costs = useGetCostsQuery(period);
  const byMonth = useGetCostsByMonthQuery(chartRange);
  const summary = useAppSelector((state) => selectCostsSummary(state, period));
  const chart = useAppSelector((state) => selectMonthlyChart(state, chartRange, month));
  // docs/rules.md, 'Expected costs of the current month': the current month is not over, so its figures are provisional and it has a forecast.
  const provisional = monthKey(month) === monthKey(currentMonth());
  const forecast = useGetCostsForecastQuery(period, { skip: !provisional });

  return (
    <>
      <ScreenTitle>Kosten</ScreenTitle>
      <Stack spacing={4}>
        <MonthBar month={month} options={options} onSelect={select} />
        <Box component="section" aria-labelledby={SUMMARY_HEADING_ID}>
          <MonthSummaryHeading id={SUMMARY_HEADING_ID} month={month} provisional={provisional} />
          {summary ? <SummaryTable summary={summary} month={month} labelledBy={SUMMARY_HEADING_ID} /> : <LoadState isError={costs.isError} />}
          {provisional && forecast.data && <ForecastNote forecast={forecast.data} month={month} />}
          <Button component={RouterLink} to={costsPaths.allocation(month)} variant="outlined" startIcon={<TableChartIcon />} sx={{ mt: 2 }}>
            Per kostenplaats
          </Button>
        </Box>
        <CostSpecificationSection month={month} />
        <Box component="section" aria-labelledby={CHART_HEADING_ID}>
          <Typography variant="h2" id={CHART_HEADING_ID} sx={{ mb: 1.5 }}>
            Kosten per maand
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            {chart ? (
              <LazyColumnChart
                chart={chart}
                description={`Kosten per maand van ${chart.categories[0]} tot en met ${chart.categories.at(-1)}, gestapeld per soort kosten.`}
              />
            ) : (
              <LoadState isError={byMonth.isError} />
            )}
          </Paper>
        </Box>
      </Stack>
    </>
  );
}

/** docs/rules.md, 'Expected costs of the current month': what the current month is expected to cost, and what that rests on. */
function ForecastNote({ forecast, month }: { forecast: CostsForecast; month: Month }) {
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 2, maxWidth: 720 }} role="status">
      <Typography sx={{ fontWeight: 600 }}>{`Verwachte kosten ${monthLabel(month)}: ${formatEuro(forecast.expected_total)}`}</Typography>
      <Typography variant="body2">{forecastBasis(forecast)}</Typography>
    </Alert>
  );
}

interface MonthBarProps {
  month: Month;
  options: MonthOption[];
  /** Called with the chosen option's value. */
  onSelect: (value: string) => void;
}

/** The month picker and the month's billing export. */
function MonthBar({ month, options, onSelect }: MonthBarProps) {
  const [exportBilling, { isLoading }] = useExportCostsBillingMutation();
  const [exportBillingExcel, { isLoading: isLoadingExcel }] = useExportCostsBillingExcelMutation();

  // A failed export is reported by a toast (callToasts).
  const download = async () => {
    const file = await exportBilling(monthRange(month))
      .unwrap()
      .catch(() => null);
    if (file) saveCsv(file.text, file.fileName);
  };
  const downloadExcel = async () => {
    const file = await exportBillingExcel(monthRange(month))
      .unwrap()
      .catch(() => null);
    if (file) saveObjectUrl(file.url, file.fileName);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <MonthPicker month={month} options={options} onSelect={onSelect} />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={download} disabled={isLoading}>
          Export facturatiedetails
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadExcel} disabled={isLoadingExcel}>
          Export facturatiedetails (Excel)
        </Button>
      </Stack>
    </Stack>
  );
}

interface SummaryTableProps {
  summary: CostsSummary;
  month: Month;
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** A branch of the group, read-only: its rows lead to the branch's detail screens. */
  branch?: BranchRef | null;
}

/** The month's summary heading, 'Kosten {maand}', with 'Voorlopig' while the month is still open. */
export function MonthSummaryHeading({ id, month, provisional }: { id: string; month: Month; provisional: boolean }) {
  return (
    <Typography variant="h2" id={id} sx={{ mb: 1.5 }}>
      {`Kosten ${monthLabel(month)}`}
      {provisional && (
        <>
          {' '}
          <Chip label="Voorlopig" size="small" color="warning" variant="outlined" sx={{ ml: 1, verticalAlign: 'middle' }} />
        </>
      )}
    </Typography>
  );
}

/**
 * docs/screens.md, 'Month overview': Periodiek, Nieuwe aansluitingen, Set up, Verbruik and Totale kosten. A row with
 * an amount leads to its detail screen. Where some articles bill otherwise than they cost
 * (quarterly and longer cycles are billed in advance), a second column shows what is billed.
 * The detail screen's address carries the month (`?maand=`). A branch's read-only screen shows the same table.
 */
export function SummaryTable({ summary, month, labelledBy, branch = null }: SummaryTableProps) {
  const navigate = useNavigate();
  const { rows, invoiceDiffers } = summary;
  const open = (event: MouseEvent, href: string | null) => {
    if (href && !(event.target as HTMLElement).closest('a')) navigate(href);
  };

  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 720 }}>
        <Table aria-labelledby={labelledBy} role="table" sx={STACKED_AMOUNTS}>
          <TableHead role="rowgroup">
            <TableRow role="row">
              <TableCell sx={{ fontWeight: 600 }} role="columnheader">
                Soort kosten
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} role="columnheader">
                Bedrag
              </TableCell>
              {invoiceDiffers && (
                <TableCell align="right" sx={{ fontWeight: 600 }} role="columnheader">
                  Gefactureerd
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {rows.map((row) => {
              const href = Number(row.amount) !== 0 ? costsPaths.detail(row.costsType, month, branch) : null;
              return (
                <TableRow
                  key={row.costsType}
                  hover={href !== null}
                  onClick={(event) => open(event, href)}
                  sx={href ? { cursor: 'pointer' } : undefined}
                  role="row"
                >
                  <TableCell component="th" scope="row" role="rowheader" data-label="Soort kosten">
                    {href ? (
                      <Link component={RouterLink} to={href} sx={{ fontWeight: 600 }}>
                        {row.label}
                      </Link>
                    ) : (
                      row.label
                    )}
                  </TableCell>
                  <TableCell align="right" role="cell" data-label="Bedrag">
                    {formatEuro(row.amount)}
                  </TableCell>
                  {invoiceDiffers && (
                    <TableCell align="right" role="cell" data-label="Gefactureerd">
                      {formatEuro(row.invoiced)}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter role="rowgroup">
            <TableRow role="row">
              <TableCell component="th" scope="row" sx={totalCell} role="rowheader">
                Totale kosten
              </TableCell>
              <TableCell align="right" sx={totalCell} role="cell" data-label="Bedrag">
                {formatEuro(summary.total)}
              </TableCell>
              {invoiceDiffers && (
                <TableCell align="right" sx={totalCell} role="cell" data-label="Gefactureerd">
                  {formatEuro(summary.invoicedTotal)}
                </TableCell>
              )}
            </TableRow>
            <VatRow label={`Btw ${summary.vat.rate} %`} amount={summary.vat.vat} invoiceDiffers={invoiceDiffers} />
            <VatRow label="Totaal incl. btw" amount={summary.vat.totalIncludingVat} invoiceDiffers={invoiceDiffers} strong />
          </TableFooter>
        </Table>
      </TableContainer>
      <ExclVatNote sx={{ mt: 1 }} />
      {invoiceDiffers && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, maxWidth: 720 }}>
          Gefactureerd: wat in deze maand gefactureerd wordt. Abonnementen per kwartaal, halfjaar of jaar worden vooraf
          gefactureerd.
        </Typography>
      )}
    </>
  );
}

interface VatRowProps {
  label: string;
  amount: Cents;
  invoiceDiffers: boolean;
  /** The total incl. VAT, in the total's weight. */
  strong?: boolean;
}

/**
 * docs/cost-specification.md, 'VAT': below Totale kosten (the screen's own sum), the server's VAT
 * line and total incl. VAT, in the Bedrag column.
 */
function VatRow({ label, amount, invoiceDiffers, strong = false }: VatRowProps) {
  const sx = strong ? totalCell : { color: 'text.primary', borderBottom: 0, fontSize: '0.95rem' };
  return (
    <TableRow role="row">
      <TableCell component="th" scope="row" sx={sx} role="rowheader">
        {label}
      </TableCell>
      <TableCell align="right" sx={sx} role="cell" data-label="Bedrag">
        {formatEuro(amount)}
      </TableCell>
      {invoiceDiffers && <TableCell sx={sx} role="cell" data-label="Gefactureerd" />}
    </TableRow>
  );
}
