import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, List, ListItem, Stack, TextField } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { formatDecimal } from '../../domain/format';

/** How an upload ended: the server's answer, or what the failed call threw. */
export type UploadOutcome<Answer> = { ok: true; answer: Answer } | { ok: false; error: unknown };

interface CsvUploadFormProps<Answer> {
  /** Id of the heading that names the form. */
  labelledBy: string;
  /** Label of the file input, e.g. 'CSV-bestand met verbruik'. */
  fileLabel: string;
  /** Sends the file; rejects when the import failed (e.g. a mutation's `unwrap()`). */
  upload: (file: File) => Promise<Answer>;
  /** What the last upload's outcome shows below the form, if anything. */
  outcome: (outcome: UploadOutcome<Answer>) => ReactNode;
  /** What shows below the form while the file goes, e.g. the upload's progress. */
  progress?: ReactNode;
  /** The button's text while the file goes. */
  busyLabel?: string;
}

/**
 * A CSV file, uploaded: idle until a file is chosen, 'Bezig met importeren...' while it goes, then
 * its outcome. An imported file leaves the input, so it is not sent twice by accident.
 */
export function CsvUploadForm<Answer>({
  labelledBy,
  fileLabel,
  upload,
  outcome,
  progress,
  busyLabel = 'Bezig met importeren...',
}: CsvUploadFormProps<Answer>) {
  const [file, setFile] = useState<File | null>(null);
  const [importing, setImporting] = useState(false);
  const [last, setLast] = useState<UploadOutcome<Answer> | null>(null);
  // A new key empties the file input.
  const [inputKey, setInputKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setLast(null);
    setImporting(true);
    try {
      setLast({ ok: true, answer: await upload(file) });
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (error) {
      setLast({ ok: false, error });
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      <Box component="form" onSubmit={submit} aria-labelledby={labelledBy} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            key={inputKey}
            type="file"
            label={fileLabel}
            disabled={importing}
            onChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
            sx={{ minWidth: 320 }}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { accept: '.csv,text/csv' } }}
          />
          <Button type="submit" variant="contained" startIcon={<UploadFileIcon />} disabled={!file || importing}>
            {importing ? busyLabel : 'Importeren'}
          </Button>
        </Stack>
      </Box>
      {importing && progress}
      {last && outcome(last)}
    </>
  );
}

export interface LineError {
  line: number;
  message: string;
}

/** The refused lines of an answer's `errors: [{line, message}]`; anything else is passed over. */
export const lineErrorsOf = (errors: unknown): LineError[] =>
  Array.isArray(errors)
    ? errors.filter((entry): entry is LineError => typeof entry?.line === 'number' && typeof entry?.message === 'string')
    : [];

/** The lines of a file the server refused, each with its reason. */
export function LineErrorList({ errors }: { errors: readonly LineError[] }) {
  return (
    <List dense disablePadding>
      {errors.map((error) => (
        <ListItem key={`${error.line}-${error.message}`} disableGutters>
          {`Regel ${formatDecimal(error.line, 0)}: ${error.message}`}
        </ListItem>
      ))}
    </List>
  );
}

/**
 * An all-or-nothing import refused: nothing came in, and the lines to correct (a 400 answer's
 * `errors: [{line, message}]`). Nothing when the outcome is no such refusal.
 */
export function RefusedLines({ outcome }: { outcome: UploadOutcome<unknown> }) {
  const lineErrors = outcome.ok ? [] : lineErrorsOf((outcome.error as { data?: { errors?: unknown } } | undefined)?.data?.errors);
  if (lineErrors.length === 0) return null;
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      Er is niets geïmporteerd. Pas deze regels aan en importeer het bestand opnieuw:
      <LineErrorList errors={lineErrors} />
    </Alert>
  );
}
