import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isSimField, REQUEST_KIND_LABELS, REQUEST_STATE_LABELS, requestKindsFor } from '../../../domain/requests';
import type { ArticleGroup } from '../../api/catalogApi';
import { usePermission } from '../../api/currentUserApi';
import { type Request, submittedText } from '../../api/requestsApi';
import { success } from '../../base/callToasts';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { toastQueued } from '../../base/toastsSlice';
import { endsTodayOrEarlier } from './dates';
import type { AfnameRequestKind } from './RequestDialogs';
import type { Service } from './servicesApi';

// The dialogs use formik and the date field: they come with the forms' chunk (routes.tsx).
const loadForms = () => import(/* webpackChunkName: "services-forms" */ './servicesForms');
const RequestDialog = lazy(() => loadForms().then((module) => ({ default: module.RequestDialog })));
const PukDialog = lazy(() => loadForms().then((module) => ({ default: module.PukDialog })));

const HEADING_ID = 'aanvragen-afname-titel';

/** Whether the group is a mobile group: it has a SIM nummer field (docs/requests.md, 'Kinds'). */
export const hasSimField = (group: ArticleGroup) => group.fields.some((field) => isSimField(field.name));

/** After submitting: where the request is now followed. */
export function SubmittedNotice({ request }: { request: Request }) {
  return (
    <Alert severity="success">
      {`Je aanvraag '${REQUEST_KIND_LABELS[request.kind]}' is ${REQUEST_STATE_LABELS[request.state].toLowerCase()}. `}
      <Link component={RouterLink} to={paths.request(request.id)}>
        Bekijk de aanvraag
      </Link>
    </Alert>
  );
}

/** The toast after a submitted request, and the notice that leads to it. */
export const useSubmitted = () => {
  const dispatch = useAppDispatch();
  const [submitted, setSubmitted] = useState<Request | null>(null);
  const onSubmitted = (request: Request) => {
    setSubmitted(request);
    dispatch(toastQueued(success(submittedText(request))));
  };
  return { submitted, onSubmitted };
};

/**
 * 'Aanvragen' on an afname (docs/requests.md, 'Kinds'): the requests it offers, and its PUK code
 * on a SIM afname; only with REQUEST_CHANGES.
 */
export function RequestActions({ group, service }: { group: ArticleGroup; service: Service }) {
  const mayRequest = usePermission('REQUEST_CHANGES');
  const [open, setOpen] = useState<AfnameRequestKind | 'puk' | null>(null);
  const { submitted, onSubmitted } = useSubmitted();
  if (!mayRequest) return null;

  const hasSim = hasSimField(group);
  const ended = service.end_time !== null && endsTodayOrEarlier(service.end_time);
  const kinds = requestKindsFor({ hasSim, blockState: service.block_state, ended }) as AfnameRequestKind[];
  if (kinds.length === 0 && !hasSim) return null;

  const close = () => setOpen(null);
  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <Typography variant="h2" id={HEADING_ID} sx={{ mb: 2 }}>
        Aanvragen
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: submitted ? 2 : 0 }}>
        {kinds.map((kind) => (
          <Button key={kind} variant="outlined" color={kind === 'block' ? 'error' : 'primary'} onClick={() => setOpen(kind)}>
            {REQUEST_KIND_LABELS[kind]}
          </Button>
        ))}
        {hasSim && (
          <Button variant="outlined" onClick={() => setOpen('puk')}>
            PUK-code tonen
          </Button>
        )}
      </Stack>
      {submitted && <SubmittedNotice request={submitted} />}
      <Suspense fallback={null}>
        {open === 'puk' && <PukDialog serviceId={service.id} onClose={close} />}
        {open !== null && open !== 'puk' && (
          <RequestDialog
            kind={open}
            serviceId={service.id}
            groupId={group.id}
            articleId={service.article.id}
            onClose={close}
            onSubmitted={(request) => {
              close();
              onSubmitted(request);
            }}
          />
        )}
      </Suspense>
    </Box>
  );
}
