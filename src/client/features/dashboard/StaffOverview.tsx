import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatAge, formatDateTime, formatDecimal } from '../../../domain/format';
import { currentMonth, monthLabel, previousMonth } from '../../../domain/time';
import { usePermission } from '../../api/currentUserApi';
import { useUsageImportJob } from '../../api/usageImportsApi';
import { paths } from '../../base/paths';
import { ImportProgress, importStep, percentText } from '../../components/ImportProgress';
import { type UsageImportRecord, useGetCompanyCountsQuery, useGetLastUsageImportsQuery, useGetRequestQueueSummaryQuery } from './staffApi';

const HEADING_ID = 'dashboard-beheer';


function OverviewCard({ title, id, children, action }: { title: string; id: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h3" id={id} sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
      <CardActions>{action}</CardActions>
    </Card>
  );
}

function CompaniesCard() {
  const mayList = usePermission('LIST_COMPANIES');
  const { data: counts, isError } = useGetCompanyCountsQuery(mayList ? undefined : skipToken);
  let summary = 'Laden...';
  if (!mayList || isError) summary = 'Beheer de klanten en hun gegevens.';
  else if (counts) {
    summary = `${formatDecimal(counts.customers, 0)} ${counts.customers === 1 ? 'klant' : 'klanten'}`;
    if (counts.ended > 0) summary += `, waarvan ${formatDecimal(counts.ended, 0)} beëindigd`;
  }
  return (
    <OverviewCard
      title="Bedrijven"
      id="dashboard-bedrijven"
      action={
        <Button component={RouterLink} to={paths.admin('bedrijven')}>
          Naar de bedrijven
        </Button>
      }
    >
      <Typography>{summary}</Typography>
    </OverviewCard>
  );
}

/**
 * The newest import while it runs: 'Import bezig: 45 %' on a bar, asked every second until it is
 * done (then the list is read again and shows it).
 */
function RunningImport({ record }: { record: UsageImportRecord }) {
  const { job } = useUsageImportJob(record.id);
  const { percent } = importStep(job ?? record);
  const text = percent === null ? 'Import bezig: opslaan in de database…' : `Import bezig: ${percentText(percent)}`;
  return <ImportProgress label={`Voortgang van de import van ${record.file_name}`} step={{ percent, text }} sx={{ mb: 1 }} />;
}

/** '1.234 geïmporteerd', 'mislukt' or 'bezig'. */
const recordOutcome = (record: UsageImportRecord) => {
  if (record.status === 'running') return 'bezig';
  return record.status === 'failed' ? 'mislukt' : `${formatDecimal(record.imported, 0)} geïmporteerd`;
};

/** The newest imports of the import history (UPLOAD_CDR, as the history itself); a running one with its progress. */
function UsageImportsCard() {
  const { data, isError } = useGetLastUsageImportsQuery();
  const running = data?.[0]?.status === 'running' ? data[0] : null;
  const imports = running ? data?.slice(1) : data;
  return (
    <OverviewCard
      title="Laatste verbruiksimports"
      id="dashboard-imports"
      action={
        <Button component={RouterLink} to={paths.admin('verbruik-importeren')}>
          Verbruik importeren
        </Button>
      }
    >
      {isError && <Typography>De imports konden niet worden geladen.</Typography>}
      {!imports && !isError && <Typography>Laden...</Typography>}
      {running && <RunningImport record={running} />}
      {data?.length === 0 && <Typography>Er is nog geen verbruik geïmporteerd.</Typography>}
      {imports && imports.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {imports.map((record) => (
            <li key={record.id}>
              {`${formatDateTime(record.created_at)} · ${record.file_name} · ${recordOutcome(record)}`}
            </li>
          ))}
        </Box>
      )}
    </OverviewCard>
  );
}

function BillingExportCard() {
  return (
    <OverviewCard
      title="Facturatie-export"
      id="dashboard-facturatie"
      action={
        <Button component={RouterLink} to={paths.admin('facturatie-export')}>
          Naar de facturatie-export
        </Button>
      }
    >
      <Typography>{`De facturatie-input per maand, bijvoorbeeld van ${monthLabel(previousMonth(currentMonth()))}.`}</Typography>
    </OverviewCard>
  );
}

/** The provider's queue (docs/requests.md, 'The queue'): how many wait, the oldest block, and how many wait longer than a working day. */
function RequestQueueCard() {
  const { data: summary, isError } = useGetRequestQueueSummaryQuery();
  return (
    <OverviewCard
      title="Aanvragen"
      id="dashboard-aanvragen"
      action={
        <Button component={RouterLink} to={paths.requestQueue()}>
          Naar de aanvragen
        </Button>
      }
    >
      {isError && <Typography>De aanvragen konden niet worden geladen.</Typography>}
      {!summary && !isError && <Typography>Laden...</Typography>}
      {summary && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
          <dt>Open aanvragen</dt>
          <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatDecimal(summary.open, 0)}
          </Box>
          <dt>Oudste blokkering</dt>
          <Box component="dd" sx={{ m: 0, fontWeight: 600, color: summary.oldest_block_seconds === null ? undefined : 'error.main' }}>
            {summary.oldest_block_seconds === null ? '–' : formatAge(summary.oldest_block_seconds)}
          </Box>
          <dt>Ouder dan een werkdag</dt>
          <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatDecimal(summary.older_than_working_day, 0)}
          </Box>
        </Box>
      )}
    </OverviewCard>
  );
}

/** What provider staff open the portal for: the queue, the companies, the last usage imports and the billing export. */
export function StaffOverview() {
  const mayHandleRequests = usePermission('HANDLE_REQUESTS');
  const mayImportUsage = usePermission('UPLOAD_CDR');
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <Typography variant="h2" id={HEADING_ID} sx={{ mb: 2 }}>
        Beheer
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {mayHandleRequests && <RequestQueueCard />}
        <CompaniesCard />
        {mayImportUsage && <UsageImportsCard />}
        <BillingExportCard />
      </Box>
    </Box>
  );
}
