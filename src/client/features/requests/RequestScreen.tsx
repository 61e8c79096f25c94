import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Chip,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format';
import { parseId } from '../../../domain/ids';
import { REQUEST_MSG, REQUEST_STATE_LABELS } from '../../../domain/requests';
import {
  type Request,
  useApproveRequestMutation,
  useGetRequestQuery,
  useRejectRequestMutation,
  useSendRequestMessageMutation,
  useWithdrawRequestMutation,
} from '../../api/requestsApi';
import { paths } from '../../base/paths';
import { BlockStateChip } from '../../components/BlockStateChip';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { RejectRequestDialog } from '../../components/RejectRequestDialog';
import { RequestStateChip } from '../../components/RequestStateChip';
import { ScreenTitle } from '../../components/ScreenTitle';
import { Section } from '../../components/Section';
import { detailLines } from '../../../domain/requestDetails';
import { requestTitle } from './requestText';

/** A label and value list, as the afname screen has it. */
function Details({ lines }: { lines: { label: string; value: string }[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}>
      {lines.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The afname the request is about, linked to its screen. */
function AfnameLine({ request }: { request: Request }) {
  const { service } = request;
  if (!service) {
    return request.article_group ? (
      <Typography>
        {'Artikelgroep: '}
        <Link component={RouterLink} to={paths.articleGroup(request.article_group)}>
          {request.article_group.name}
        </Link>
      </Typography>
    ) : null;
  }
  const group = { id: service.article_group_id, name: service.article_group_name };
  const article = { id: service.article_id, name: service.article_name };
  const endUserName = service.end_user_name;
  // The afname's address names its end user; the link's slug is only for reading, the id decides.
  const [firstname, ...rest] = (endUserName ?? '').split(' ');
  const to = paths.service(group, article, { id: service.id, end_user: endUserName ? { firstname, lastname: rest.join(' ') } : null });
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography>
        {'Afname: '}
        <Link component={RouterLink} to={to}>
          {[service.number ?? service.sim_number ?? service.input_field_1, service.article_name].filter(Boolean).join(' – ')}
        </Link>
        {endUserName ? ` (${endUserName})` : ''}
      </Typography>
      <BlockStateChip blockState={service.block_state} />
    </Stack>
  );
}

/** The timeline: every change of state with its reason, and the messages (docs/requests.md, 'States'). */
function Timeline({ request }: { request: Request }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {request.events.map((event) => (
        <Box component="li" key={event.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{event.state ? REQUEST_STATE_LABELS[event.state] : 'Bericht'}</Typography>
            {event.by_provider && <Chip size="small" color="primary" label="Van de aanbieder" />}
          </Stack>
          {event.text && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', my: 0.5 }}>{event.text}</Typography>}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`${event.user_name}, ${formatDateTime(event.created_at)}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function MessageForm({ request }: { request: Request }) {
  const [send, { isLoading }] = useSendRequestMessageMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(REQUEST_MSG.messageRequired);
      return;
    }
    setProblem(null);
    const result = await send({ id: request.id, text: text.trim() });
    if ('data' in result) setText('');
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
      <TextField
        label="Bericht"
        multiline
        minRows={3}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem !== null}
        helperText={problem ?? undefined}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <Button type="submit" variant="contained" disabled={isLoading}>
        Versturen
      </Button>
    </Stack>
  );
}

/** 'Afwijzen': an approver's rejection needs a reason (docs/requests.md, 'Approval'). */
function RejectDialog({ request, onClose }: { request: Request; onClose: () => void }) {
  const [reject, { isLoading }] = useRejectRequestMutation();
  const rejectWith = async (reason: string) => 'data' in (await reject({ id: request.id, reason }));
  return <RejectRequestDialog intro="De aanvrager ziet de reden in de aanvraag en krijgt er een e-mail over." reject={rejectWith} busy={isLoading} onClose={onClose} />;
}

/** The steps the caller may take now, as the server answered them. */
function Steps({ request }: { request: Request }) {
  const [withdraw, { isLoading: withdrawing }] = useWithdrawRequestMutation();
  const [approve, { isLoading: approving }] = useApproveRequestMutation();
  const [open, setOpen] = useState<'withdraw' | 'reject' | null>(null);
  const { steps } = request;
  if (!steps.includes('withdraw') && !steps.includes('approve') && !steps.includes('reject_approval')) return null;
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {steps.includes('approve') && (
        <Button variant="contained" color="success" disabled={approving} onClick={() => void approve({ id: request.id })}>
          Goedkeuren
        </Button>
      )}
      {steps.includes('reject_approval') && (
        <Button variant="outlined" color="error" onClick={() => setOpen('reject')}>
          Afwijzen
        </Button>
      )}
      {steps.includes('withdraw') && (
        <Button variant="outlined" onClick={() => setOpen('withdraw')}>
          Intrekken
        </Button>
      )}
      {open === 'withdraw' && (
        <ConfirmDialog
          title="Aanvraag intrekken"
          text="Wil je deze aanvraag intrekken? Wij voeren haar dan niet uit."
          confirmLabel="Intrekken"
          busy={withdrawing}
          onCancel={() => setOpen(null)}
          onConfirm={() => void withdraw({ id: request.id }).then(() => setOpen(null))}
        />
      )}
      {open === 'reject' && <RejectDialog request={request} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

/** /aanvragen/{id}: a request with its afname, its details, its timeline and the steps open to the caller. */
export function RequestScreen() {
  const id = parseId(useParams().requestId);
  const { data: request, isError, isLoading } = useGetRequestQuery(id ?? skipToken);

  const crumbs = (
    <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 2 }}>
      <Link component={RouterLink} to={paths.requests()}>
        Aanvragen
      </Link>
      <Typography>{request ? `Aanvraag ${request.id}` : 'Aanvraag'}</Typography>
    </Breadcrumbs>
  );

  if (!request) {
    if (isLoading) return <PageLoading />;
    return (
      <>
        {crumbs}
        <ScreenTitle>Aanvraag</ScreenTitle>
        <Alert severity={id === null || isError ? 'warning' : 'info'}>{REQUEST_MSG.notFound}</Alert>
      </>
    );
  }

  const details = detailLines(request);
  return (
    <>
      {crumbs}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2 }}>
        <ScreenTitle>{requestTitle(request)}</ScreenTitle>
        <Steps request={request} />
      </Stack>
      <Stack spacing={3} sx={{ maxWidth: 800 }}>
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <RequestStateChip state={request.state} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {`Aangevraagd door ${request.requested_by.name} op ${formatDateTime(request.created_at)}`}
              </Typography>
            </Stack>
            <AfnameLine request={request} />
            {details.length > 0 && <Details lines={details} />}
          </Stack>
        </Paper>
        <Section id="aanvraag-verloop-titel" title="Verloop">
          <Timeline request={request} />
          <MessageForm request={request} />
        </Section>
      </Stack>
    </>
  );
}
