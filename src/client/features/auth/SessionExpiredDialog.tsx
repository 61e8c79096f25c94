import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useId, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { api, TAG_TYPES } from '../../api/api';
import { useCurrentUser } from '../../api/currentUserApi';
import { useAppDispatch } from '../../base/hooks';
import { logout, resumeSession } from '../../base/session';
import { useLoginMutation } from './authApi';
import { TwoFactorStep } from './TwoFactorStep';

/**
 * docs/screens.md, 'Logging in and out': the session has ended (a 401, an expired token, ended
 * elsewhere, idle too long), and the user logs in again over the page, which stays as it was
 * underneath. The calls that met the ended session wait and go out after the login
 * (api/baseQuery.ts); every other query is read again. Someone else logs out here.
 */
export function SessionExpiredDialog() {
  const dispatch = useAppDispatch();
  const titleId = useId();
  // The same user: the e-mail address comes from the cached user and cannot be changed here.
  const knownEmail = useCurrentUser().data?.email;
  const [login] = useLoginMutation();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [expiredChallenge, setExpiredChallenge] = useState<string | undefined>();

  const resume = (token: string) => {
    dispatch(resumeSession(token));
    dispatch(api.util.invalidateTags([...TAG_TYPES]));
  };

  const submit = async (values: { email: string; password: string }, setStatus: (status?: string) => void) => {
    setStatus(undefined);
    setExpiredChallenge(undefined);
    try {
      const answer = await login({ email: knownEmail ?? values.email, password: values.password }).unwrap();
      if ('token' in answer) resume(answer.token);
      else setChallenge(answer.challenge);
    } catch {
      setStatus(MSG.loginFailed);
    }
  };

  return (
    <Dialog open role="alertdialog" aria-labelledby={titleId} aria-describedby={`${titleId}-tekst`} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{MSG.sessionExpiredTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${titleId}-tekst`} sx={{ mb: 2 }}>
          Log opnieuw in om verder te gaan. Wat je hebt ingevuld blijft staan.
        </DialogContentText>
        {challenge ? (
          <TwoFactorStep
            challenge={challenge}
            onSession={resume}
            onExpired={(message) => {
              setExpiredChallenge(message);
              setChallenge(null);
            }}
          />
        ) : (
          <Formik initialValues={{ email: '', password: '' }} onSubmit={(values, { setStatus }) => submit(values, setStatus)}>
            {({ values, status, isSubmitting, handleChange }) => (
              <Stack component={Form} spacing={2} sx={{ pt: 1 }}>
                {(status ?? expiredChallenge) && <Alert severity="error">{status ?? expiredChallenge}</Alert>}
                <TextField
                  name="email"
                  type="email"
                  label="E-mailadres"
                  autoComplete="username"
                  required
                  value={knownEmail ?? values.email}
                  onChange={handleChange}
                  slotProps={{ htmlInput: { readOnly: knownEmail !== undefined } }}
                />
                <TextField
                  name="password"
                  type="password"
                  label="Wachtwoord"
                  autoComplete="current-password"
                  required
                  autoFocus
                  value={values.password}
                  onChange={handleChange}
                />
                <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                  Inloggen
                </Button>
              </Stack>
            )}
          </Formik>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void dispatch(logout())}>Uitloggen</Button>
      </DialogActions>
    </Dialog>
  );
}
