import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format';
import { REQUEST_KIND_LABELS } from '../../../domain/requests';
import { usePermission } from '../../api/currentUserApi';
import { type RequestSummary, useGetRequestsQuery } from '../../api/requestsApi';
import { paths } from '../../base/paths';
import { RequestStateChip } from '../../components/RequestStateChip';
import { APPROVAL_CARD_QUERY, OPEN_REQUESTS_CARD_QUERY } from './requestsCardQueries';

const about = (request: RequestSummary) => request.service_label ?? request.article_name ?? request.article_group_name ?? '';

function RequestList({ requests }: { requests: RequestSummary[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {requests.map((request) => (
        <Box component="li" key={request.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to={paths.request(request.id)} sx={{ overflowWrap: 'anywhere' }}>
              {`${REQUEST_KIND_LABELS[request.kind]}${about(request) ? `: ${about(request)}` : ''}`}
            </Link>
            <RequestStateChip state={request.state} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {`${request.requested_by.name}, ${formatDateTime(request.created_at)}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function RequestsCard({ id, title, requests, total }: { id: string; title: string; requests: RequestSummary[]; total: number }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h2" id={id}>
            {title}
          </Typography>
          <Link component={RouterLink} to={paths.requests()}>
            {total > requests.length ? `Alle aanvragen (${total})` : 'Alle aanvragen'}
          </Link>
        </Stack>
        <RequestList requests={requests} />
      </CardContent>
    </Card>
  );
}

/** 'Wacht op jouw goedkeuring' (docs/requests.md, 'Approval'): first on the dashboard of who may approve, while any wait. */
export function ApprovalCard() {
  const mayApprove = usePermission('APPROVE_REQUESTS');
  const { data } = useGetRequestsQuery(APPROVAL_CARD_QUERY, { skip: !mayApprove });
  if (!mayApprove || !data || data.total === 0) return null;
  return <RequestsCard id="dashboard-goedkeuring" title="Wacht op jouw goedkeuring" requests={data.items} total={data.total} />;
}

/** 'Aanvragen': the company's open requests, newest first, blocks with their state (docs/requests.md, 'Blocking'). */
export function OpenRequestsCard() {
  const mayRequest = usePermission('REQUEST_CHANGES');
  const { data } = useGetRequestsQuery(OPEN_REQUESTS_CARD_QUERY, { skip: !mayRequest });
  if (!mayRequest || !data || data.total === 0) return null;
  return <RequestsCard id="dashboard-aanvragen" title="Aanvragen" requests={data.items} total={data.total} />;
}
