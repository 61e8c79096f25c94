import { Alert, Box, Button, Chip, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../domain/format';
import { detailLines } from '../../../domain/requestDetails';
import { BLOCK_STATE_LABELS, REQUEST_KIND_LABELS, REQUEST_MSG, REQUEST_STATE_LABELS } from '../../../domain/requests';
import { selectActingCompanyId, selectUserId } from '../../base/authSlice';
import { serverMessage } from '../../base/callToasts';
import { useAppSelector } from '../../base/hooks';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { useManageCompany } from '../../components/useManageCompany';
import {
  type QueuedRequest,
  useGetQueuedRequestQuery,
  usePickUpQueuedRequestMutation,
  useSendQueuedRequestMessageMutation,
} from './requestQueueApi';
import { requestQueuePaths, routeId } from './requestQueuePaths';
import { ageOf, mayPickUp } from './requestText';
import { CarryOutDialog, RejectDialog } from './StepDialogs';

type Line = [label: string, value: ReactNode];

/** Label and value lines (a description list), one under the other at phone width. */
function Lines({ lines }: { lines: readonly Line[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: { xs: 0, sm: 1 }, m: 0 }}
    >
      {lines.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** What the customer asked, in Dutch (domain/requestDetails.ts). */
const askedLines = (request: QueuedRequest): Line[] => detailLines(request).map(({ label, value }) => [label, value]);

const afnameLines = (request: QueuedRequest): Line[] => {
  const { service } = request;
  if (!service) return [['Artikelgroep', request.article_group?.name ?? '–']];
  const lines: Line[] = [
    ['Artikelgroep', service.article_group_name],
    ['Artikel', service.article_name],
  ];
  if (service.end_user_name) lines.push(['Eindgebruiker', service.end_user_name]);
  // The category fields hold the number and the SIM nummer.
  for (const input of service.article_group_field_inputs) lines.push([input.article_group_field.name, input.value || '–']);
  if (service.input_field_1) lines.push(['Vrij veld', service.input_field_1]);
  lines.push(['Ingangsdatum', formatDate(service.start_time)]);
  if (service.end_time !== null) lines.push(['Einddatum', formatDate(service.end_time)]);
  lines.push(['Blokkering', service.block_state ? <strong>{BLOCK_STATE_LABELS[service.block_state]}</strong> : 'Niet geblokkeerd']);
  return lines;
};

function CompanySection({ request }: { request: QueuedRequest }) {
  const { manage, dialog } = useManageCompany();
  const managing = useAppSelector(selectActingCompanyId) === request.company.id;
  return (
    <Section
      id="aanvraag-bedrijf"
      title="Bedrijf"
      action={
        !managing && (
          <Button variant="outlined" onClick={() => manage(request.company, requestQueuePaths.request(request.id))}>
            Bedrijf beheren
          </Button>
        )
      }
    >
      <Typography>{managing ? `${request.company.name} (je beheert dit bedrijf nu)` : request.company.name}</Typography>
      {dialog}
    </Section>
  );
}

function Timeline({ request }: { request: QueuedRequest }) {
  if (request.events.length === 0) return <Typography>Nog niets gebeurd.</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {request.events.map((event) => (
        <Paper key={event.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`${formatDateTime(event.created_at)} · ${event.user_name}${event.by_provider ? ' (dienstverlener)' : ''}`}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{event.state ? REQUEST_STATE_LABELS[event.state] : 'Bericht'}</Typography>
          {event.text && <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{event.text}</Typography>}
        </Paper>
      ))}
    </Box>
  );
}

function MessageForm({ request }: { request: QueuedRequest }) {
  const [send, { isLoading }] = useSendQueuedRequestMessageMutation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(REQUEST_MSG.messageRequired);
      return;
    }
    setError(undefined);
    // A refusal is reported by the error toasts; the text stays for another try.
    const sent = await send({ id: request.id, text: text.trim() })
      .unwrap()
      .then(() => true)
      .catch(() => false);
    if (sent) setText('');
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Bericht aan de klant" sx={{ mt: 2 }}>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Bericht"
          required
          multiline
          minRows={2}
          fullWidth
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error !== undefined}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Versturen
        </Button>
      </Stack>
    </Box>
  );
}

function Steps({ request }: { request: QueuedRequest }) {
  const [pickUp, { isLoading: pickingUp }] = usePickUpQueuedRequestMutation();
  const userId = useAppSelector(selectUserId);
  const [open, setOpen] = useState<'carry_out' | 'reject' | null>(null);
  if (request.steps.length === 0) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3 }}>
      {request.steps.includes('pick_up') && mayPickUp(request, userId) && (
        <Button variant="outlined" disabled={pickingUp} onClick={() => void pickUp(request.id).unwrap().catch(() => undefined)}>
          Oppakken
        </Button>
      )}
      {request.steps.includes('carry_out') && (
        <Button variant="contained" onClick={() => setOpen('carry_out')}>
          Uitvoeren
        </Button>
      )}
      {request.steps.includes('reject') && (
        <Button variant="outlined" color="error" onClick={() => setOpen('reject')}>
          Afwijzen
        </Button>
      )}
      {open === 'carry_out' && <CarryOutDialog request={request} onClose={() => setOpen(null)} />}
      {open === 'reject' && <RejectDialog request={request} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function RequestView({ request }: { request: QueuedRequest }) {
  const isBlock = request.kind === 'block';
  return (
    <>
      <ScreenTitle>{`Aanvraag: ${REQUEST_KIND_LABELS[request.kind]}`}</ScreenTitle>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
        <Chip label={REQUEST_STATE_LABELS[request.state]} color={request.state === 'rejected' ? 'error' : request.state === 'done' ? 'success' : 'default'} />
        {isBlock && <Chip label="Spoed" color="error" />}
        <Typography>
          {`Ingediend op ${formatDateTime(request.created_at)} door ${request.requested_by.name} (${ageOf(request.created_at)} geleden)`}
          {` · ${request.handler ? `Behandelaar: ${request.handler.name}` : 'Nog niet opgepakt'}`}
        </Typography>
      </Stack>
      <Steps request={request} />
      {request.outcome?.sim_number && (
        <Alert severity="success" sx={{ mb: 3 }}>{`Nieuw SIM nummer: ${request.outcome.sim_number}`}</Alert>
      )}
      <Stack spacing={4}>
        <CompanySection request={request} />
        <Section id="aanvraag-afname" title="Afname">
          <Lines lines={afnameLines(request)} />
        </Section>
        <Section id="aanvraag-details" title="Wat de klant vraagt">
          <Lines lines={askedLines(request)} />
        </Section>
        <Section id="aanvraag-tijdlijn" title="Tijdlijn">
          <Timeline request={request} />
          <MessageForm request={request} />
        </Section>
      </Stack>
    </>
  );
}

/** /mer-aanvragen/{id}: one request with its afname, details and timeline, and the steps the handler may take (docs/requests.md). */
export function QueuedRequestScreen() {
  const id = routeId(useParams().requestId);
  const { data: request, isLoading, error } = useGetQueuedRequestQuery(id || skipToken);

  const back = (
    <Link component={RouterLink} to={requestQueuePaths.queue()} sx={{ display: 'inline-block', mb: 2 }}>
      Terug naar de aanvragen
    </Link>
  );
  if (isLoading) return <PageLoading />;
  if (!request) {
    return (
      <>
        {back}
        <ScreenTitle>Aanvraag</ScreenTitle>
        <Alert severity="warning">{(id && error && serverMessage(error)) || REQUEST_MSG.notFound}</Alert>
      </>
    );
  }
  return (
    <>
      {back}
      <RequestView request={request} />
    </>
  );
}
