import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Breadcrumbs, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { formatEuro } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { saveCsv, saveObjectUrl } from '../../base/download';
import { paths } from '../../base/paths';
import { PageLoading } from '../../components/PageLoading';
import { ExclVatNote } from '../../components/ExclVatNote';
import { ScreenTitle } from '../../components/ScreenTitle';
import { UsageNotFound } from './UsageNotFound';
import { type Column, VirtualTable } from '../../components/VirtualTable';
import {
  defaultReportRange,
  dutchDate,
  endUserName,
  formatCount,
  readFilters,
  recordBundle,
  recordDate,
  recordDirection,
  recordLength,
  recordType,
  validRange,
} from './reportModel';
import {
  type RecordsQuery,
  type ReportRow,
  type UsageRecord,
  useDownloadRecordsExcelMutation,
  useDownloadRecordsMutation,
  useGetReportRecordsInfiniteQuery,
  useGetReportWindowQuery,
} from './usageApi';

const TABLE_HEADING_ID = 'verbruiksregels';

/** Report rows whose number contains this one (the number itself among them) read at most. */
const NUMBER_ROWS = 50;

const columns: Column<UsageRecord>[] = [
  { id: 'date', header: 'Datum', width: '120px', cell: (record) => recordDate(record.date) },
  { id: 'time', header: 'Tijd', width: '100px', cell: (record) => record.time },
  { id: 'direction', header: 'Richting', width: '110px', cell: recordDirection },
  { id: 'type', header: 'Type', width: '90px', cell: recordType },
  { id: 'sender', header: 'Afzender', cell: (record) => record.sender },
  { id: 'receiver', header: 'Ontvanger', cell: (record) => record.receiver },
  { id: 'length', header: 'Lengte', width: '120px', align: 'right', cell: recordLength },
  { id: 'bundle', header: 'Bundel', width: '130px', cell: recordBundle },
  { id: 'price', header: 'Prijs', width: '110px', align: 'right', cell: (record) => formatEuro(String(record.total_price)) },
];

/**
 * /verbruik/{userId}/{userName}/{userPhoneNumber}: the usage records of one number over the
 * report's period (its query string, carried along). The report's row of the number names the
 * end user and product; it is usually cached already.
 */
export function ReportDetailScreen() {
  const { userId } = useParams();
  const id = Number(userId);
  if (!Number.isInteger(id) || id < 0) return <UsageNotFound />;
  return <NumberUsage userId={id} />;
}

function NumberUsage({ userId: id }: { userId: number }) {
  const { userPhoneNumber = '' } = useParams();
  const [searchParams] = useSearchParams();
  const defaults = useMemo(() => defaultReportRange(), []);
  const filters = readFilters(searchParams, defaults);
  const { from, to } = validRange(filters, defaults);
  const query = { userId: id, phoneNumber: userPhoneNumber, from, to };
  const records = useGetReportRecordsInfiniteQuery(query);
  const loaded = useMemo(() => records.currentData?.pages.flatMap((page) => page.records), [records.currentData]);
  // The number's report row names the end user and product: the report narrowed to the number.
  const { data: report } = useGetReportWindowQuery({
    from,
    to,
    type: '',
    direction: '',
    outOnly: false,
    sender: userPhoneNumber,
    offset: 0,
    limit: NUMBER_ROWS,
  });
  const row = report?.find((entry) => entry.mobile_number === userPhoneNumber && entry.id === id);
  const search = searchParams.toString();

  return (
    <>
      <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={`${paths.usage()}${search ? `?${search}` : ''}`} underline="hover">
          Verbruik
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary' }}>
          {userPhoneNumber}
        </Typography>
      </Breadcrumbs>
      <ScreenTitle>{`Verbruik ${userPhoneNumber}`}</ScreenTitle>
      <Stack spacing={3}>
        <NumberDetails row={row} phoneNumber={userPhoneNumber} from={from} to={to} />
        <Box component="section" aria-labelledby={TABLE_HEADING_ID}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1.5 }}>
            <Typography variant="h2" id={TABLE_HEADING_ID}>
              {loaded ? `Verbruiksregels (${formatCount(loaded.length)}${records.hasNextPage ? '+' : ''})` : 'Verbruiksregels'}
            </Typography>
            {loaded && loaded.length > 0 && <DownloadRecords query={query} />}
          </Stack>
          <Records
            records={loaded}
            isError={records.isError}
            error={records.error}
            more={records.hasNextPage ? { loading: records.isFetchingNextPage, load: () => records.fetchNextPage() } : null}
          />
          <ExclVatNote sx={{ mt: 1 }} />
        </Box>
      </Stack>
    </>
  );
}

/** All the number's records of the period as CSV or .xlsx (the server's, in the import's columns). */
function DownloadRecords({ query }: { query: RecordsQuery }) {
  const [download, { isLoading }] = useDownloadRecordsMutation();
  const [downloadExcel, { isLoading: isLoadingExcel }] = useDownloadRecordsExcelMutation();
  const fileName = `verbruik-${query.phoneNumber}-${query.from}-${query.to}`;
  // A failed download is reported by a toast (callToasts).
  const save = async () => {
    const text = await download(query)
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, `${fileName}.csv`);
  };
  const saveExcel = async () => {
    const url = await downloadExcel(query)
      .unwrap()
      .catch(() => null);
    if (url !== null) saveObjectUrl(url, `${fileName}.xlsx`);
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={save} disabled={isLoading}>
        CSV downloaden
      </Button>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={saveExcel} disabled={isLoadingExcel}>
        Excel downloaden
      </Button>
    </Stack>
  );
}

function NumberDetails({ row, phoneNumber, from, to }: { row?: ReportRow; phoneNumber: string; from: string; to: string }) {
  const details = [
    { label: 'Eindgebruiker', value: row ? endUserName(row) : '' },
    { label: 'Nummer', value: phoneNumber },
    { label: 'Product', value: row?.product_name ?? '' },
    { label: 'Periode', value: `${dutchDate(from)} t/m ${dutchDate(to)}` },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
      >
        {details.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {value || '–'}
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The server's own message (e.g. 'Nummer niet gevonden.'), or the general failure text. */
const failureText = (error: unknown) => {
  const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  return typeof message === 'string' ? message : MSG.initialLoadFailed;
};

interface RecordsProps {
  records?: UsageRecord[];
  isError: boolean;
  error?: unknown;
  /** More records than loaded: the button that loads the next page. */
  more: { loading: boolean; load: () => unknown } | null;
}

function Records({ records, isError, error, more }: RecordsProps) {
  if (isError) return <Alert severity="error">{failureText(error)}</Alert>;
  if (!records) return <PageLoading />;
  if (records.length === 0) return <Typography role="status">Geen verbruik gevonden in deze periode.</Typography>;
  return (
    <>
      <VirtualTable labelledBy={TABLE_HEADING_ID} columns={columns} rows={records} rowKey={(record) => record.id} />
      {more && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Typography role="status">{`De eerste ${formatCount(records.length)} regels worden getoond; er zijn er meer.`}</Typography>
          <Button variant="outlined" onClick={more.load} disabled={more.loading}>
            {more.loading ? 'Laden...' : 'Meer regels laden'}
          </Button>
        </Stack>
      )}
    </>
  );
}
