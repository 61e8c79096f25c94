import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteButtonProps {
  /** The confirmation's title and question. */
  title: string;
  text: string;
  /** Deletes; rejects when the server refuses (the error toasts say why). */
  remove: () => Promise<unknown>;
  /** The delete is running: confirming again is disabled. */
  busy: boolean;
  /** Where the user lands after the delete. */
  then: string;
}

/**
 * 'Verwijderen' on an edit screen: asks first; after the delete the user lands on `then`, after a
 * refusal the dialog closes and the screen stays.
 */
export function DeleteButton({ title, text, remove, busy, then }: DeleteButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  const confirm = async () => {
    const removed = await remove().then(
      () => true,
      () => false,
    );
    if (removed) navigate(then);
    else setConfirming(false);
  };

  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
        Verwijderen
      </Button>
      {confirming && (
        <ConfirmDialog title={title} text={text} confirmLabel="Verwijderen" busy={busy} onConfirm={confirm} onCancel={() => setConfirming(false)} />
      )}
    </>
  );
}
