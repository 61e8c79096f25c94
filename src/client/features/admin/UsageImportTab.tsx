import { Alert, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime, formatDecimal } from '../../../domain/format';
import { monthLabel, parseMonthKey } from '../../../domain/time';
import { MSG } from '../../../domain/messages';
import { success } from '../../base/callToasts';
import { useAppDispatch } from '../../base/hooks';
import { toastQueued } from '../../base/toastsSlice';
import type { UploadProgress } from '../../api/upload';
import {
  USAGE_HISTORY_PAGE,
  type UsageImportRow,
  useGetUsageImportsQuery,
  useStartUsageImportMutation,
  useUsageImportJob,
} from '../../api/usageImportsApi';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CsvUploadForm, LineErrorList } from '../../components/CsvUploadForm';
import { type DataColumn, DataTable, DataTablePagination } from '../../components/DataTable';
import { ImportProgress, importStep, uploadStep } from '../../components/ImportProgress';
import { Section } from '../../components/Section';
import { TableStates } from '../../components/TableStates';
import { type UnmatchedNumber, type UsageImportAnswer, useAttachUnmatchedNumberMutation, useGetUnmatchedNumbersQuery } from './adminApi';
import { linesText, summarizeUsageImport, summarizeUsageImportRow, type UsageImportSummary } from './usageImportSummary';

const HEADING_ID = 'verbruik-importeren-titel';
const HISTORY_HEADING_ID = 'importgeschiedenis-titel';
const UNMATCHED_HEADING_ID = 'niet-gekoppeld-titel';

/** A refused upload in the server's words (400, 413); a failed call without an answer says that something went wrong. */
const refusalOf = (error: unknown): UsageImportSummary => {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const answered = typeof status === 'number' && data && typeof data === 'object';
  const summary = summarizeUsageImport(answered ? (data as UsageImportAnswer) : null);
  return { ...summary, message: summary.message ?? MSG.unknownError };
};

/** How an import ended: its message, its counts with the lines they concern, and the refused lines. */
function Summary({ ok, summary: { message, figures, errors } }: { ok: boolean; summary: UsageImportSummary }) {
  return (
    <Alert severity={ok ? 'success' : 'error'} sx={{ mt: 3 }} role={ok ? 'status' : 'alert'}>
      {message && <Typography sx={{ fontWeight: 600 }}>{message}</Typography>}
      {figures.length > 0 && (
        <List dense disablePadding>
          {figures.map((figure) => (
            <ListItem key={figure.label} disableGutters sx={{ display: 'block' }}>
              {`${figure.label}: ${formatDecimal(figure.count, 0)}`}
              {figure.lines.length > 0 && ` (${linesText(figure.lines)})`}
            </ListItem>
          ))}
        </List>
      )}
      {errors.length > 0 && <LineErrorList errors={errors} />}
    </Alert>
  );
}

/**
 * 'Verbruik importeren' (UPLOAD_CDR): a usage CSV (docs/usage.md, 'Import'), uploaded, then imported
 * on the server as a job the tab watches. Its outcome is shown as the server has it: counts,
 * refused lines, or its message.
 */
export function UsageImportTab() {
  return (
    <Stack spacing={5}>
      <UsageImportForm />
      <ImportHistory />
      <UnmatchedNumbers />
    </Stack>
  );
}

const LEAVING_NOTE = 'Je kunt deze pagina verlaten: de import loopt door op de server.';

/** A job being watched: its progress while it runs, then its outcome. */
function UsageImportJob({ id }: { id: number }) {
  const { job, isError } = useUsageImportJob(id);
  if (isError) return <Alert severity="error" sx={{ mt: 3 }}>De voortgang van de import kon niet worden geladen.</Alert>;
  if (!job) return null;
  if (job.status === 'running') return <ImportProgress label="Voortgang van de import" step={importStep(job)} note={LEAVING_NOTE} />;
  return <Summary ok={job.status === 'done'} summary={summarizeUsageImportRow(job)} />;
}

/**
 * The upload (its progress), then the import it started; an import that was already running when
 * the tab opened (also one started elsewhere, or before leaving the page) is watched the same way.
 */
function UsageImportForm() {
  const [startImport] = useStartUsageImportMutation();
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const { data: history } = useGetUsageImportsQuery(0);
  const runningId = history?.data.find((row) => row.status === 'running')?.id ?? null;
  // Kept once seen (set while rendering, React's way of state that follows other state), so that
  // its outcome stays when the history no longer lists it as running.
  if (jobId === null && runningId !== null) setJobId(runningId);

  const send = async (file: File) => {
    setJobId(null);
    setUpload({ loaded: 0, total: file.size });
    try {
      const started = await startImport({ file, onProgress: setUpload }).unwrap();
      setJobId(started.import_id);
      return started;
    } finally {
      setUpload(null);
    }
  };

  return (
    <Section id={HEADING_ID} title="Verbruik importeren">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Importeer verbruiksgegevens (CDR) als CSV-bestand met de kolommen datum, tijd, afzender, ontvanger, richting, type,
        lengte, bundel en prijs. Een bestand met fouten wordt in zijn geheel geweigerd; records die al eerder zijn
        geïmporteerd worden overgeslagen.
      </Typography>
      <CsvUploadForm
        labelledBy={HEADING_ID}
        fileLabel="CSV-bestand met verbruik"
        upload={send}
        busyLabel="Bezig met uploaden..."
        progress={
          upload && (
            <ImportProgress label="Voortgang van de upload" step={uploadStep(upload)} note="Blijf op deze pagina tot het bestand is ontvangen." />
          )
        }
        outcome={(outcome) => (outcome.ok ? null : <Summary ok={false} summary={refusalOf(outcome.error)} />)}
      />
      {jobId !== null && <UsageImportJob id={jobId} />}
    </Section>
  );
}

/** 'januari 2026, februari 2026' for ['2026-01', '2026-02']; a dash for none. */
const monthsText = (months: string[]) => months.map((key) => monthLabel(parseMonthKey(key)!)).join(', ') || '–';

const count = (value: number) => formatDecimal(value, 0);

const importColumns: DataColumn<UsageImportRow>[] = [
  { header: 'Datum', cell: (row) => formatDateTime(row.created_at) },
  { header: 'Bestand', cell: (row) => row.file_name, sx: { overflowWrap: 'anywhere' } },
  { header: 'Door', cell: (row) => row.uploaded_by ?? '–' },
  { header: 'Regels', align: 'right', cell: (row) => count(row.records) },
  { header: 'Geïmporteerd', align: 'right', cell: (row) => count(row.imported) },
  { header: 'Dubbel', align: 'right', cell: (row) => count(row.duplicates) },
  {
    header: 'Niet gekoppeld',
    align: 'right',
    // The records matched later (by a later import) no longer count as kept aside.
    cell: (row) => (row.still_unmatched === row.unmatched ? count(row.unmatched) : `${count(row.unmatched)} (nu ${count(row.still_unmatched)})`),
  },
  { header: 'Maanden', cell: (row) => monthsText(row.months) },
  { header: 'Status', cell: (row) => statusText(row), sx: { overflowWrap: 'anywhere', minWidth: { sm: 160 } } },
];

/** 'Bezig: 120.000 regels verwerkt', 'Geïmporteerd', 'Mislukt: Regel 3: …'. */
const statusText = (row: UsageImportRow) => {
  if (row.status === 'running') return `Bezig: ${count(row.records_processed)} regels verwerkt`;
  if (row.status === 'done') return 'Geïmporteerd';
  return row.error ? `Mislukt: ${row.error}` : 'Mislukt';
};

/** 'Importgeschiedenis': every usage import, newest first: who, when, which file, what became of its records. */
function ImportHistory() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isFetching, isError } = useGetUsageImportsQuery(page);
  return (
    <Section id={HISTORY_HEADING_ID} title="Importgeschiedenis">
      <TableStates
        isLoading={isLoading}
        isError={isError}
        errorText="De importgeschiedenis kon niet worden geladen. Probeer het later opnieuw."
        isEmpty={data?.total === 0}
        emptyText="Er is nog geen verbruik geïmporteerd."
      >
        <DataTable
          labelledBy={HISTORY_HEADING_ID}
          columns={importColumns}
          rows={data?.data ?? []}
          rowKey={(row) => row.id}
          busy={isFetching}
          footer={data && data.total > USAGE_HISTORY_PAGE && (
            <DataTablePagination count={data.total} page={page} onPageChange={setPage} rowsPerPage={USAGE_HISTORY_PAGE} />
          )}
        />
      </TableStates>
    </Section>
  );
}

/**
 * 'Koppelen': attaches the number's kept records, after a confirmation, to the service that held
 * the number at each record's time (whichever company's); the toast says how many.
 */
function AttachButton({ row }: { row: UnmatchedNumber }) {
  const dispatch = useAppDispatch();
  const [attach, { isLoading }] = useAttachUnmatchedNumberMutation();
  const [confirming, setConfirming] = useState(false);

  const attachRecords = async () => {
    const result = await attach(row.number);
    setConfirming(false);
    if ('data' in result && result.data) dispatch(toastQueued(success(result.data.message)));
  };

  return (
    <>
      <Button size="small" onClick={() => setConfirming(true)} disabled={isLoading} aria-label={`Koppelen: ${row.number}`}>
        Koppelen
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Verbruik van ${row.number} koppelen?`}
          text={`De ${count(row.records)} apart gezette ${row.records === 1 ? 'regel' : 'regels'} van dit nummer gaan naar de afname die het nummer op het moment van elke regel had, bij welke klant ook. Regels van een moment zonder afname blijven apart staan.`}
          confirmLabel="Koppelen"
          confirmColor="primary"
          busy={isLoading}
          onConfirm={attachRecords}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

const unmatchedColumns: DataColumn<UnmatchedNumber>[] = [
  { header: 'Nummer', cell: (row) => row.number },
  { header: 'Regels', align: 'right', cell: (row) => count(row.records) },
  { header: 'Maanden', cell: (row) => monthsText(row.months) },
  { header: 'Import', cell: (row) => row.imports.map((id) => `#${id}`).join(', ') || '–' },
  { header: 'Actie', cell: (row) => <AttachButton row={row} /> },
];

/**
 * 'Niet gekoppelde nummers': the numbers whose records matched no service, kept aside (decisions
 * section 14: they belong to nobody until provider staff attach them). Staff attach them by
 * registering or correcting a service with the number, or here with 'Koppelen'.
 */
function UnmatchedNumbers() {
  const [page, setPage] = useState(0);
  const { data, isLoading, isFetching, isError } = useGetUnmatchedNumbersQuery(page);
  return (
    <Section id={UNMATCHED_HEADING_ID} title="Niet gekoppelde nummers">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Verbruik van nummers waarvoor op het moment van het verbruik geen afname actief was, of waarvan de afname is
        verwijderd. De regels worden bewaard en niet in rekening gebracht. Ze worden alleen door jullie gekoppeld: bij het
        vastleggen of corrigeren van een afname met het nummer, of hier met 'Koppelen'. Een klant die zelf een afname met
        het nummer vastlegt, krijgt ze niet.
      </Typography>
      <TableStates
        isLoading={isLoading}
        isError={isError}
        errorText="De niet gekoppelde nummers konden niet worden geladen. Probeer het later opnieuw."
        isEmpty={data?.total === 0}
        emptyText="Alle geïmporteerde regels zijn aan een afname gekoppeld."
      >
        <DataTable
          labelledBy={UNMATCHED_HEADING_ID}
          columns={unmatchedColumns}
          rows={data?.data ?? []}
          rowKey={(row) => row.number}
          busy={isFetching}
          footer={data && data.total > USAGE_HISTORY_PAGE && (
            <DataTablePagination count={data.total} page={page} onPageChange={setPage} rowsPerPage={USAGE_HISTORY_PAGE} />
          )}
        />
      </TableStates>
    </Section>
  );
}
