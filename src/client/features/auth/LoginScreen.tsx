import { Alert, Button, Link, Stack } from '@mui/material';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { sessionStarted } from '../../base/authSlice';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { RETURN_PARAM, safeReturnAddress } from '../../base/returnAddress';
import { InputField } from '../../components/InputField';
import { logout } from '../../base/session';
import { AuthFrame } from './AuthFrame';
import { type Credentials, useLoginMutation } from './authApi';
import { authPaths } from './authPaths';

const emptyCredentials: Credentials = { email: '', password: '' };

/**
 * The code step (a form with Formik) loads once the password step asks for it: the login page's
 * first render is two fields and a button, without Formik (docs/performance.md, 'The first
 * render's JavaScript').
 */
const TwoFactorStep = lazy(() => import(/* webpackChunkName: "two-factor-step" */ './TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })));

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
  const [values, setValues] = useState(emptyCredentials);
  const [status, setStatus] = useState<string | undefined>();
  const [isSubmitting, setSubmitting] = useState(false);

  // docs/screens.md, 'Logging in and out': opening /login logs the user out.
  useEffect(() => {
    void dispatch(logout());
  }, [dispatch]);

  const startSession = (token: string) => {
    dispatch(sessionStarted({ token, originalToken: null }));
    navigate(safeReturnAddress(returnParam) ?? paths.dashboard(), { replace: true });
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [event.target.name]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(undefined);
    setExpired(undefined);
    setSubmitting(true);
    try {
      const answer = await login(values).unwrap();
      if ('token' in answer) startSession(answer.token);
      else setChallenge(answer.challenge);
    } catch {
      setStatus(MSG.loginFailed);
    } finally {
      setSubmitting(false);
    }
  };

  if (challenge) {
    return (
      <AuthFrame title="Inloggen">
        <Suspense fallback={null}>
          <TwoFactorStep
            challenge={challenge}
            onSession={startSession}
            onExpired={(message) => {
              setExpired(message);
              setChallenge(null);
            }}
          />
        </Suspense>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Inloggen">
      <Stack component="form" spacing={2} onSubmit={submit}>
        {returnParam !== null && <Alert severity="info">{MSG.sessionExpiredLogin}</Alert>}
        {(status ?? expired) && <Alert severity="error">{status ?? expired}</Alert>}
        <InputField
          name="email"
          type="email"
          label="E-mailadres"
          autoComplete="username"
          required
          value={values.email}
          onChange={handleChange}
        />
        <InputField
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
    </AuthFrame>
  );
}
