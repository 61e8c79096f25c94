import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Link, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { type ImportLineError, useGetEndUserTemplateMutation, useImportEndUsersMutation } from './companyApi';
import { saveCsv } from '../../base/download';
import { Section } from './Section';

const HEADING_ID = 'eindgebruikers-importeren-titel';
const FILE_INPUT_ID = 'eindgebruikers-bestand';

/** The refused lines of a 400 answer (contract: `errors: [{line, message}]`). */
const lineErrorsOf = (error: unknown): ImportLineError[] => {
  const errors = (error as { data?: { errors?: unknown } } | undefined)?.data?.errors;
  return Array.isArray(errors) ? errors.filter((entry): entry is ImportLineError => typeof entry?.line === 'number') : [];
};

function TemplateLink() {
  const [getTemplate, { isLoading }] = useGetEndUserTemplateMutation();

  // A failure is reported by the error toasts; the file itself never stays in the store.
  const download = async () => {
    const text = await getTemplate()
      .unwrap()
      .catch(() => null);
    if (text !== null) saveCsv(text, 'template.csv');
  };

  return (
    <Link component="button" type="button" onClick={download} disabled={isLoading} sx={{ verticalAlign: 'baseline', fontWeight: 600 }}>
      template.csv
    </Link>
  );
}

/**
 * CSV import of end users (spec sections 2, 4, 8): idle or importing; the outcome is a toast.
 * The import is all or nothing, so refused lines are listed for the user to correct.
 */
export function EndUserImportSection() {
  const [importEndUsers, { isLoading: importing }] = useImportEndUsersMutation();
  const [file, setFile] = useState<File | null>(null);
  const [lineErrors, setLineErrors] = useState<ImportLineError[]>([]);
  // A new key empties the file input after a successful import.
  const [inputKey, setInputKey] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setLineErrors([]);
    try {
      await importEndUsers(file).unwrap();
      setFile(null);
      setInputKey((key) => key + 1);
    } catch (error) {
      setLineErrors(lineErrorsOf(error));
    }
  };

  return (
    <Section id={HEADING_ID} title="Eindgebruikers importeren">
      <Typography sx={{ mb: 2 }}>
        Voeg eindgebruikers in één keer toe met een CSV-bestand met de kolommen voornaam en achternaam, gescheiden door een
        puntkomma. Gebruik het voorbeeldbestand <TemplateLink /> als begin.
      </Typography>
      <Box component="form" onSubmit={submit} aria-labelledby={HEADING_ID} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            key={inputKey}
            id={FILE_INPUT_ID}
            type="file"
            label="CSV-bestand met eindgebruikers"
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
      {lineErrors.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }}>
          Er is niets geïmporteerd. Pas deze regels aan en importeer het bestand opnieuw:
          <List dense disablePadding>
            {lineErrors.map((lineError) => (
              <ListItem key={`${lineError.line}-${lineError.message}`} disableGutters>
                {`Regel ${lineError.line}: ${lineError.message}`}
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </Section>
  );
}
