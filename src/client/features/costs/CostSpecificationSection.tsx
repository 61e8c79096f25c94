import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Form, Formik, type FormikErrors } from 'formik';
import { useId, useState } from 'react';
import { formatDate } from '../../../domain/format';
import { type Month, monthKey, monthLabel } from '../../../domain/time';
import { usePermission } from '../../api/currentUserApi';
import { success } from '../../base/callToasts';
import { saveObjectUrl } from '../../base/download';
import { useAppDispatch } from '../../base/hooks';
import { toastQueued } from '../../base/toastsSlice';
import { useMayViewGroup } from '../../components/useMayViewGroup';
import {
  type SpecificationScope,
  type SpecificationVersion,
  type SpecificationVersions,
  useCreateCostSpecificationVersionMutation,
  useDownloadCostSpecificationMutation,
  useGetCostSpecificationsQuery,
} from './specificationApi';

const HEADING_ID = 'kostenspecificatie';
const REASON_REQUIRED = 'Geef een reden op.';

/** The name of a month's PDF on its button: 'Kostenspecificatie oktober 2026 (PDF)', the group's 'Kostenspecificatie groep …'. */
export const specificationLabel = (scope: SpecificationScope, month: Month) =>
  `Kostenspecificatie${scope === 'group' ? ' groep' : ''} ${monthLabel(month)} (PDF)`;

/** Downloads a month's PDF (a version of it, or the latest); a refusal is the call's toast (callToasts). */
const useSpecificationDownload = () => {
  const [download, { isLoading }] = useDownloadCostSpecificationMutation();
  const save = async (scope: SpecificationScope, month: Month, version?: number) => {
    const file = await download({ scope, month, ...(version !== undefined && { version }) })
      .unwrap()
      .catch(() => null);
    if (file) saveObjectUrl(file.url, file.fileName);
  };
  return { save, busy: isLoading };
};

/** 'Kostenspecificatie {maand} (PDF)' of the acting company or of its group. */
export function SpecificationButton({ scope, month, variant = 'outlined' }: { scope: SpecificationScope; month: Month; variant?: 'outlined' | 'contained' }) {
  const { save, busy } = useSpecificationDownload();
  return (
    <Button variant={variant} startIcon={<PictureAsPdfIcon />} onClick={() => save(scope, month)} disabled={busy}>
      {specificationLabel(scope, month)}
    </Button>
  );
}

/**
 * /kosten's cost specification (docs/cost-specification.md): the month's PDF (and the group's, for
 * whoever may view the group), its stored versions once the month is billed, and for provider staff a
 * corrected version with its reason.
 */
export function CostSpecificationSection({ month }: { month: Month }) {
  const mayViewGroup = useMayViewGroup();
  const { data, isError } = useGetCostSpecificationsQuery({ scope: 'company', month });

  return (
    <Box component="section" aria-labelledby={HEADING_ID}>
      <Typography variant="h2" id={HEADING_ID} sx={{ mb: 1.5 }}>
        Kostenspecificatie
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
          <SpecificationButton scope="company" month={month} variant="contained" />
          {mayViewGroup && <SpecificationButton scope="group" month={month} />}
        </Stack>
        {isError && <Alert severity="warning">De versies van de kostenspecificatie konden niet worden geladen.</Alert>}
        {data && <Versions versions={data} month={month} />}
      </Stack>
    </Box>
  );
}

/** The month's stored versions, or the line that it is not final yet; staff's 'Nieuwe versie'. */
function Versions({ versions, month }: { versions: SpecificationVersions; month: Month }) {
  const mayCorrect = usePermission('CREATE_COMPANY');
  const [correcting, setCorrecting] = useState(false);
  const { save, busy } = useSpecificationDownload();
  const headingId = useId();

  if (!versions.final) {
    return <Typography variant="body2">Voorlopig: deze specificatie wordt definitief als de maand is gefactureerd.</Typography>;
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" id={headingId} sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        Versies
      </Typography>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {versions.versions.map((version) => (
          <Box
            component="li"
            key={version.version}
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 0.5 }}
          >
            <Typography component="span">{versionText(version)}</Typography>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={() => save('company', month, version.version)}
              disabled={busy}
              aria-label={`Versie ${version.version} downloaden`}
            >
              Downloaden
            </Button>
          </Box>
        ))}
      </Box>
      {mayCorrect && (
        <Stack spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          {versions.changed_since_final && (
            <Alert severity="info" sx={{ width: '100%' }}>
              De kosten van deze maand zijn gewijzigd sinds de laatste versie.
            </Alert>
          )}
          <Button variant="outlined" onClick={() => setCorrecting(true)}>
            Nieuwe versie
          </Button>
        </Stack>
      )}
      {correcting && <CorrectionDialog month={month} onClose={() => setCorrecting(false)} />}
    </Paper>
  );
}

/** '12-11-2026 · versie 2 · Correctie van de setupkosten': the date it was stored, its number, and for a correction its reason. */
const versionText = (version: SpecificationVersion) =>
  [formatDate(version.created_at), `versie ${version.version}`, ...(version.version >= 2 && version.reason ? [version.reason] : [])].join(' · ');

interface ReasonValues {
  reason: string;
}

const validateReason = ({ reason }: ReasonValues): FormikErrors<ReasonValues> => (reason.trim() ? {} : { reason: REASON_REQUIRED });

/** docs/cost-specification.md, 'Corrections': a new version of the month from today's data, always with a reason. */
function CorrectionDialog({ month, onClose }: { month: Month; onClose: () => void }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [create] = useCreateCostSpecificationVersionMutation();

  const submit = async ({ reason }: ReasonValues) => {
    // A refusal is the call's own toast (callToasts), and the dialog stays.
    const created = await create({ month: monthKey(month), reason: reason.trim() })
      .unwrap()
      .catch(() => null);
    if (!created) return;
    dispatch(toastQueued(success(`Versie ${created.version} van de kostenspecificatie is gemaakt.`)));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`} fullWidth maxWidth="sm">
      <Formik initialValues={{ reason: '' }} validate={validateReason} validateOnBlur={false} onSubmit={submit}>
        {({ values, errors, submitCount, isSubmitting, handleChange }) => (
          <Form noValidate>
            <DialogTitle id={`${id}-titel`}>Nieuwe versie van de kostenspecificatie</DialogTitle>
            <DialogContent>
              <DialogContentText id={`${id}-tekst`} sx={{ mb: 2 }}>
                {`De eerdere versies van ${monthLabel(month)} blijven bestaan. De nieuwe versie toont de kosten van vandaag met de reden hieronder; de contactpersonen die de kostenspecificatie ontvangen, krijgen hem per e-mail.`}
              </DialogContentText>
              <TextField
                name="reason"
                label="Reden van de correctie"
                required
                multiline
                minRows={2}
                fullWidth
                autoFocus
                value={values.reason}
                onChange={handleChange}
                error={submitCount > 0 && Boolean(errors.reason)}
                helperText={submitCount > 0 ? errors.reason : undefined}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Annuleren</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Versie maken
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
