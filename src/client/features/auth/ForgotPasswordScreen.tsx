import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { paths } from '../../base/paths';
import { AuthFrame } from './AuthFrame';
import { useRequestPasswordResetMutation } from './authApi';

interface ResetRequest {
  email: string;
}

/** docs/screens.md, 'Password reset': the e-mail address is required. */
const validate = ({ email }: ResetRequest) => (email.trim() ? {} : { email: MSG.emailRequired });

/** Asks for a reset link; the answer is a toast (docs/screens.md, 'Password reset'). */
export function ForgotPasswordScreen() {
  const [requestPasswordReset] = useRequestPasswordResetMutation();

  return (
    <AuthFrame title="Wachtwoord vergeten">
      <Typography sx={{ mb: 3 }}>Vul je e-mailadres in. Je ontvangt een link om een nieuw wachtwoord in te stellen.</Typography>
      <Formik<ResetRequest>
        initialValues={{ email: '' }}
        validate={validate}
        onSubmit={async ({ email }) => {
          await requestPasswordReset({ email: email.trim() });
        }}
      >
        {({ values, errors, touched, isSubmitting, handleChange, handleBlur }) => (
          <Stack component={Form} noValidate spacing={2}>
            <TextField
              name="email"
              type="email"
              label="E-mailadres"
              autoComplete="email"
              required
              value={values.email}
              onChange={handleChange}
              onBlur={handleBlur}
              error={touched.email === true && errors.email !== undefined}
              helperText={touched.email ? errors.email : undefined}
            />
            <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
              Verstuur link
            </Button>
            <Link component={RouterLink} to={paths.login()}>
              Terug naar inloggen
            </Link>
          </Stack>
        )}
      </Formik>
    </AuthFrame>
  );
}
