import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { formatDecimal } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { useImportUsageMutation, type UsageImportAnswer } from './adminApi';
import { TabSection } from './TabSection';
import { linesText, summarizeUsageImport, type UsageImportSummary } from './usageImportSummary';

const HEADING_ID = 'verbruik-importeren-titel';

interface Outcome {
  ok: boolean;
  summary: UsageImportSummary;
}

/** A failed call: the server's answer when it gave one, else nothing came back. */
const failureOutcome = (error: unknown): Outcome => {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const answered = typeof status === 'number' && data && typeof data === 'object';
  const summary = summarizeUsageImport(answered ? (data as UsageImportAnswer) : null);
  return { ok: false, summary: { ...summary, message: summary.message ?? MSG.unknownError } };
};

function Summary({ outcome }: { outcome: Outcome }) {
  const { message, figures, errors } = outcome.summary;
  return (
    <Alert severity={outcome.ok ? 'success' : 'error'} sx={{ mt: 3 }} role={outcome.ok ? 'status' : 'alert'}>
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
      {errors.length > 0 && (
        <List dense disablePadding>
          {errors.map((error) => (
            <ListItem key={`${error.line}-${error.message}`} disableGutters>
              {`Regel ${formatDecimal(error.line, 0)}: ${error.message}`}
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * 'Verbruik importeren' (UPLOAD_CDR): a usage CSV (decisions section 7), idle or importing. The
 * server's answer is shown as it came: counts, refused lines, or its message.
 */
export function UsageImportTab() {
  const [importUsage, { isLoading: importing }] = useImportUsageMutation();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setOutcome(null);
    try {
      const answer = await importUsage(file).unwrap();
      setOutcome({ ok: true, summary: summarizeUsageImport(answer) });
    } catch (error) {
      setOutcome(failureOutcome(error));
    }
  };

  return (
    <TabSection id={HEADING_ID} title="Verbruik importeren">
      <Typography sx={{ mb: 2, maxWidth: 720 }}>
        Importeer verbruiksgegevens (CDR) als CSV-bestand met de kolommen datum, tijd, afzender, ontvanger, richting, type,
        lengte, bundel en prijs. Een bestand met fouten wordt in zijn geheel geweigerd; records die al eerder zijn
        geïmporteerd worden overgeslagen.
      </Typography>
      <Box component="form" onSubmit={submit} aria-labelledby={HEADING_ID} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            type="file"
            label="CSV-bestand met verbruik"
            disabled={importing}
            onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
            sx={{ minWidth: 320 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.csv,text/csv' } }}
          />
          <Button type="submit" variant="contained" startIcon={<UploadFileIcon />} disabled={!file || importing}>
            {importing ? 'Bezig met importeren...' : 'Importeren'}
          </Button>
        </Stack>
      </Box>
      {outcome && <Summary outcome={outcome} />}
    </TabSection>
  );
}
