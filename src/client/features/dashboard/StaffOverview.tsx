import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatAge, formatDateTime, formatDecimal } from '../../../domain/format';
import { currentMonth, monthLabel, previousMonth } from '../../../domain/time';
import { usePermission } from '../../api/currentUserApi';
import { paths } from '../../base/paths';
import { useGetCompanyCountsQuery, useGetLastUsageImportsQuery, useGetRequestQueueSummaryQuery } from './staffApi';

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

/** The newest imports of the import history (UPLOAD_CDR, as the history itself). */
function UsageImportsCard() {
  const { data: imports, isError } = useGetLastUsageImportsQuery();
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
      {imports?.length === 0 && <Typography>Er is nog geen verbruik geïmporteerd.</Typography>}
      {imports && imports.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {imports.map((record) => (
            <li key={record.id}>
              {`${formatDateTime(record.created_at)} · ${record.file_name} · ${formatDecimal(record.imported, 0)} geïmporteerd`}
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
