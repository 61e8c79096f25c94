import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { sessionStarted } from '../../base/authSlice';
import { useAppDispatch } from '../../base/hooks';
import { logout } from '../../base/session';
import { AuthFrame } from './AuthFrame';
import { type Credentials, useLoginMutation } from './authApi';

const emptyCredentials: Credentials = { email: '', password: '' };

export function LoginScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login] = useLoginMutation();

  // Spec section 2: opening /login logs the user out.
  useEffect(() => {
    void dispatch(logout());
  }, [dispatch]);

  const submit = async (credentials: Credentials, setStatus: (status?: string) => void) => {
    setStatus(undefined);
    try {
      const { token } = await login(credentials).unwrap();
      dispatch(sessionStarted({ token, originalToken: null }));
      navigate('/dashboard', { replace: true });
    } catch {
      setStatus(MSG.loginFailed);
    }
  };

  return (
    <AuthFrame title="Inloggen">
      <Formik initialValues={emptyCredentials} onSubmit={(values, { setStatus }) => submit(values, setStatus)}>
        {({ values, status, isSubmitting, handleChange }) => (
          <Stack component={Form} spacing={2}>
            {status && <Alert severity="error">{status}</Alert>}
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
            <Link component={RouterLink} to="/forgot-password">
              Wachtwoord vergeten?
            </Link>
          </Stack>
        )}
      </Formik>
    </AuthFrame>
  );
}
