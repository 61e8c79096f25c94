import { Button, Stack, TextField } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStarted } from '../../app/authSlice';
import { useAppDispatch } from '../../app/hooks';
import { AuthFrame } from './AuthFrame';
import { useResetPasswordMutation } from './authApi';

interface NewPassword {
  password: string;
  repeat: string;
}

/** Spec section 5: both fields equal and not empty; no other rule. */
const canSave = ({ password, repeat }: NewPassword) => password !== '' && password === repeat;

/** Sets a new password from a reset link; success logs in (errors are toasts, spec section 8). */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();

  const save = async ({ password }: NewPassword) => {
    const result = await resetPassword({ token: searchParams.get('token') ?? '', password });
    if (!result.data) return;
    dispatch(sessionStarted({ token: result.data.token, originalToken: null }));
    navigate('/dashboard', { replace: true });
  };

  return (
    <AuthFrame title="Nieuw wachtwoord">
      <Formik<NewPassword> initialValues={{ password: '', repeat: '' }} onSubmit={save}>
        {({ values, isSubmitting, handleChange }) => (
          <Stack component={Form} spacing={2}>
            <TextField
              name="password"
              type="password"
              label="Wachtwoord"
              autoComplete="new-password"
              value={values.password}
              onChange={handleChange}
            />
            <TextField
              name="repeat"
              type="password"
              label="Herhaal wachtwoord"
              autoComplete="new-password"
              value={values.repeat}
              onChange={handleChange}
            />
            <Button type="submit" variant="contained" size="large" disabled={!canSave(values) || isSubmitting}>
              Opslaan
            </Button>
          </Stack>
        )}
      </Formik>
    </AuthFrame>
  );
}
