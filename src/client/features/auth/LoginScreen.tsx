import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { sessionStarted } from '../../base/authSlice';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { RETURN_PARAM, safeReturnAddress } from '../../base/returnAddress';
import { logout } from '../../base/session';
import { AuthFrame } from './AuthFrame';
import { type Credentials, useLoginMutation } from './authApi';
import { TwoFactorStep } from './TwoFactorStep';
import { authPaths } from './authPaths';

const emptyCredentials: Credentials = { email: '', password: '' };

/** A password reset of an account with two-factor login sends the user here with the code step's challenge. */
const challengeOf = (state: unknown): string | null => {
  const challenge = (state as { challenge?: unknown } | null)?.challenge;
  return typeof challenge === 'string' ? challenge : null;
};

export function LoginScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  // docs/screens.md, 'Logging in and out': sent here from a portal address, whose session had ended or never was.
  const returnParam = useSearchParams()[0].get(RETURN_PARAM);
  const [login] = useLoginMutation();
  const [challenge, setChallenge] = useState(() => challengeOf(location.state));
  const [expired, setExpired] = useState<string | undefined>();

  // docs/screens.md, 'Logging in and out': opening /login logs the user out.
  useEffect(() => {
    void dispatch(logout());
  }, [dispatch]);

  const startSession = (token: string) => {
    dispatch(sessionStarted({ token, originalToken: null }));
    navigate(safeReturnAddress(returnParam) ?? paths.dashboard(), { replace: true });
  };

  const submit = async (credentials: Credentials, setStatus: (status?: string) => void) => {
    setStatus(undefined);
    setExpired(undefined);
    try {
      const answer = await login(credentials).unwrap();
      if ('token' in answer) startSession(answer.token);
      else setChallenge(answer.challenge);
    } catch {
      setStatus(MSG.loginFailed);
    }
  };

  if (challenge) {
    return (
      <AuthFrame title="Inloggen">
        <TwoFactorStep
          challenge={challenge}
          onSession={startSession}
          onExpired={(message) => {
            setExpired(message);
            setChallenge(null);
          }}
        />
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Inloggen">
      <Formik initialValues={emptyCredentials} onSubmit={(values, { setStatus }) => submit(values, setStatus)}>
        {({ values, status, isSubmitting, handleChange }) => (
          <Stack component={Form} spacing={2}>
            {returnParam !== null && <Alert severity="info">{MSG.sessionExpiredLogin}</Alert>}
            {(status ?? expired) && <Alert severity="error">{status ?? expired}</Alert>}
            <TextField
              name="email"
              type="email"
              label="E-mailadres"
              autoComplete="username"
              required
              value={values.email}
              onChange={handleChange}
            />
            <TextField
              name="password"
              type="password"
              label="Wachtwoord"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={handleChange}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Inloggen
            </Button>
            <Link component={RouterLink} to={authPaths.forgotPassword()}>
              Wachtwoord vergeten?
            </Link>
          </Stack>
        )}
      </Formik>
    </AuthFrame>
  );
}
