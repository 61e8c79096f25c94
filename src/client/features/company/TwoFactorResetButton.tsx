import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { IMPERSONATION_REASON_LENGTH, reasonProblemOf } from '../../../domain/impersonation';
import { type ContactPerson, useResetTwoFactorMutation } from './companyApi';

const fullName = (person: ContactPerson) => `${person.firstname} ${person.lastname}`;

/**
 * Provider staff turn off a user's two-factor login (lost phone and recovery codes), with a reason
 * for the change log (docs/rules.md). The user is logged out and mailed; the toast confirms.
 */
export function TwoFactorResetButton({ person }: { person: ContactPerson }) {
  const id = useId();
  const [resetTwoFactor, { isLoading }] = useResetTwoFactorMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const problem = reasonProblemOf(reason);
  const name = fullName(person);

  const close = () => {
    setAsking(false);
    setReason('');
    setTried(false);
  };
  const submit = async () => {
    setTried(true);
    if (problem) return;
    const done = await resetTwoFactor({ person, reason: reason.trim() })
      .unwrap()
      .then(
        () => true,
        () => false,
      );
    if (done) close();
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        onClick={() => setAsking(true)}
        aria-label={`Tweestapsverificatie resetten voor ${name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Tweestapsverificatie resetten
      </Button>
      {asking && (
        <Dialog open onClose={close} aria-labelledby={`${id}-titel`} aria-describedby={`${id}-tekst`}>
          <DialogTitle id={`${id}-titel`}>Tweestapsverificatie resetten</DialogTitle>
          <DialogContent>
            <DialogContentText id={`${id}-tekst`} sx={{ mb: 2 }}>
              De tweestapsverificatie van {name} ({person.email}) gaat uit en {person.firstname} wordt op alle apparaten uitgelogd en krijgt
              een e-mail. Doe dit alleen als je zeker weet dat je met {person.firstname} zelf spreekt.
            </DialogContentText>
            <TextField
              label="Reden"
              required
              fullWidth
              multiline
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              error={tried && problem !== null}
              helperText={tried && problem ? problem : 'Bijvoorbeeld: telefoon en herstelcodes kwijt, gebeld op het bekende nummer.'}
              slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_LENGTH.max } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Annuleren</Button>
            <Button color="error" variant="contained" onClick={() => void submit()} disabled={isLoading}>
              Resetten
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
