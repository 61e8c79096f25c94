import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import type { ChangeEvent } from 'react';
import { reasonProblemOf } from '../../../domain/impersonation';
import { downloadFile } from '../../base/download';
import { useAppDispatch, useAppStore } from '../../base/hooks';
import { createSnapshot, loadSnapshot } from '../../base/snapshot';
import { useImpersonation } from '../../base/useImpersonation';

const SNAPSHOT_INPUT_ID = 'snapshot-bestand';

interface ImpersonationValues {
  companyId: string;
  reason: string;
}

const validateImpersonation = ({ companyId, reason }: ImpersonationValues) => {
  const reasonProblem = reasonProblemOf(reason);
  return {
    ...(!/^[1-9]\d*$/.test(companyId.trim()) && { companyId: 'Vul een geldig bedrijf-ID in.' }),
    ...(reasonProblem && { reason: reasonProblem }),
  };
};

function SnapshotTools() {
  const store = useAppStore();
  const dispatch = useAppDispatch();

  const download = () => {
    const snapshot = createSnapshot(store.getState());
    const stamp = snapshot.savedAt.replace(/[:.]/g, '-');
    downloadFile(JSON.stringify(snapshot, null, 2), `portaal-snapshot-${stamp}.json`, 'application/json');
  };

  const load = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) await dispatch(loadSnapshot(await file.text()));
  };

  return (
    <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button variant="outlined" onClick={download}>
        Download snapshot
      </Button>
      <Box>
        <Typography component="label" htmlFor={SNAPSHOT_INPUT_ID} sx={{ display: 'block', fontWeight: 600 }}>
          Snapshot laden
        </Typography>
        <input id={SNAPSHOT_INPUT_ID} type="file" accept="application/json,.json" onChange={load} />
      </Box>
    </Stack>
  );
}

function ImpersonationTool() {
  const { startImpersonation } = useImpersonation();

  return (
    <Formik
      initialValues={{ companyId: '', reason: '' }}
      validate={validateImpersonation}
      onSubmit={({ companyId, reason }) => startImpersonation(Number(companyId.trim()), reason.trim())}
    >
      {({ values, errors, touched, isSubmitting, handleChange, handleBlur }) => (
        <Stack component={Form} noValidate direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            name="companyId"
            label="Bedrijf-ID"
            size="small"
            value={values.companyId}
            onChange={handleChange}
            onBlur={handleBlur}
            error={touched.companyId === true && errors.companyId !== undefined}
            helperText={touched.companyId ? errors.companyId : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            name="reason"
            label="Reden"
            size="small"
            required
            value={values.reason}
            onChange={handleChange}
            onBlur={handleBlur}
            error={touched.reason === true && errors.reason !== undefined}
            helperText={touched.reason ? errors.reason : undefined}
          />
          <Button type="submit" variant="outlined" disabled={isSubmitting}>
            Beheren
          </Button>
        </Stack>
      )}
    </Formik>
  );
}

/** Tools for testing the portal, for superadmins only (DashboardScreen.tsx loads it for them alone). */
export function QaToolsPanel() {
  return (
    <Paper component="section" aria-labelledby="qa-hulpmiddelen" sx={{ p: 3 }}>
      <Typography variant="h2" id="qa-hulpmiddelen" sx={{ mb: 2 }}>
        QA-hulpmiddelen
      </Typography>
      <Stack spacing={3}>
        <SnapshotTools />
        <ImpersonationTool />
      </Stack>
    </Paper>
  );
}
