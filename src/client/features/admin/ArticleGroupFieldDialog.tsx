import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';

export interface FieldDraft {
  name: string;
  used_for_cdr: boolean;
}

interface ArticleGroupFieldDialogProps {
  /** The field being changed, or null for a new one. */
  field: FieldDraft | null;
  onConfirm: (field: FieldDraft) => void;
  onCancel: () => void;
}

/** Adds or changes a category field; docs/screens.md, 'Parent company and article group forms': confirming needs a field name. */
export function ArticleGroupFieldDialog({ field, onConfirm, onCancel }: ArticleGroupFieldDialogProps) {
  const [name, setName] = useState(field?.name ?? '');
  const [usedForCdr, setUsedForCdr] = useState(field?.used_for_cdr ?? false);
  const title = field ? 'Veld wijzigen' : 'Veld toevoegen';
  const complete = name.trim() !== '';

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the article group form.
    event.stopPropagation();
    if (complete) onConfirm({ name: name.trim(), used_for_cdr: usedForCdr });
  };

  return (
    <Dialog open onClose={onCancel} aria-labelledby="veld-dialoog-titel" fullWidth maxWidth="xs">
      <form onSubmit={confirm} noValidate>
        <DialogTitle id="veld-dialoog-titel">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Naam van het veld" value={name} onChange={(event) => setName(event.target.value)} required autoFocus />
            <div>
              <FormControlLabel
                control={<Checkbox checked={usedForCdr} onChange={(_event, checked) => setUsedForCdr(checked)} />}
                label="Gebruikt voor verbruik"
              />
              <FormHelperText sx={{ mt: 0 }}>
                Het nummer waarmee verbruiksgegevens aan een afname worden gekoppeld, zoals een telefoonnummer. Eén veld per
                artikelgroep.
              </FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Annuleren</Button>
          <Button type="submit" variant="contained" disabled={!complete}>
            {field ? 'Opslaan' : 'Toevoegen'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
