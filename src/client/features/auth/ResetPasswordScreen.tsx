import { Button, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { sessionStarted } from '../../base/authSlice';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { PasswordFields } from '../../components/PasswordFields';
import { AuthFrame } from './AuthFrame';
import { useResetPasswordMutation } from './authApi';

interface NewPassword {
  password: string;
  repeat: string;
}

/**
 * docs/screens.md, 'Password reset': both fields equal and not empty; no other rule. The strength rule is only shown:
 * the server refuses a weak password with its reason (a toast, docs/screens.md, 'Password reset').
 */
const canSave = ({ password, repeat }: NewPassword) => password !== '' && password === repeat;

/** Why Opslaan is disabled, said next to it; null when it is not. */
const saveBlocker = ({ password, repeat }: NewPassword): string | null => {
  if (password === '') return 'Vul een nieuw wachtwoord in en herhaal het om op te slaan.';
  if (repeat === '') return 'Herhaal het wachtwoord om op te slaan.';
  return repeat === password ? null : 'Opslaan kan zodra beide wachtwoorden gelijk zijn.';
};

/** The repeat can no longer become the password by typing on: say so at the field. */
const repeatMismatch = ({ password, repeat }: NewPassword) => repeat !== '' && !password.startsWith(repeat);

const SAVE_HINT_ID = 'opslaan-uitleg';

/** Sets a new password from a reset link; success logs in (errors are toasts, docs/screens.md, 'Password reset'). */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();

  const save = async ({ password }: NewPassword) => {
    const result = await resetPassword({ token: searchParams.get('token') ?? '', password });
    if (!result.data) return;
    if ('token' in result.data) {
      dispatch(sessionStarted({ token: result.data.token, originalToken: null }));
      navigate(paths.dashboard(), { replace: true });
    } else {
      // Two-factor login is on: the login screen asks for the code next (the challenge goes along).
      navigate(paths.login(), { replace: true, state: { challenge: result.data.challenge } });
    }
  };

  return (
    <AuthFrame title="Nieuw wachtwoord">
      <Formik<NewPassword> initialValues={{ password: '', repeat: '' }} onSubmit={save}>
        {({ values, isSubmitting, handleChange }) => {
          const blocker = saveBlocker(values);
          return (
            <Stack component={Form} noValidate spacing={2}>
              <PasswordFields
                labels={{ repeat: 'Herhaal wachtwoord' }}
                values={values}
                onChange={handleChange}
                errors={{ repeat: repeatMismatch(values) ? 'De wachtwoorden zijn niet gelijk.' : undefined }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={!canSave(values) || isSubmitting}
                aria-describedby={blocker ? SAVE_HINT_ID : undefined}
              >
                Opslaan
              </Button>
              {blocker && (
                <Typography id={SAVE_HINT_ID} variant="body2" color="text.secondary">
                  {blocker}
                </Typography>
              )}
            </Stack>
          );
        }}
      </Formik>
    </AuthFrame>
  );
}
