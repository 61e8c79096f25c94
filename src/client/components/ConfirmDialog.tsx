import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** 'error' (the default) for a change that removes or ends something. */
  confirmColor?: 'error' | 'primary';
  /** Disables confirming while the change runs. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a change that cannot be undone; named by its title, described by its text. */
export function ConfirmDialog({ title, text, confirmLabel, confirmColor = 'error', busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`}>
      <DialogTitle id={`${id}-titel`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-tekst`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Annuleren</Button>
        <Button color={confirmColor} variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
