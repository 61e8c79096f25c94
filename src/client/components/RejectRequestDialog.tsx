import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { REQUEST_MSG } from '../../domain/requests';

interface RejectRequestDialogProps {
  /** Who reads the reason, said above the field. */
  intro: string;
  /** Rejects with the reason; true once done (a refusal is the call's own toast, and the dialog stays). */
  reject: (reason: string) => Promise<boolean>;
  busy: boolean;
  onClose: () => void;
}

/** 'Aanvraag afwijzen': by an approver or by the provider, always with a reason (docs/requests.md, 'States'). */
export function RejectRequestDialog({ intro, reject, busy, onClose }: RejectRequestDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setProblem(REQUEST_MSG.reasonRequired);
      return;
    }
    setProblem(null);
    if (await reject(reason.trim())) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-titel`}>Aanvraag afwijzen</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-tekst`} sx={{ mb: 2 }}>
            {intro}
          </DialogContentText>
          <TextField
            label="Reden"
            required
            multiline
            minRows={2}
            fullWidth
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={problem !== null}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Annuleren</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            Afwijzen
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
