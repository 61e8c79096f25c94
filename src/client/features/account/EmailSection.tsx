import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { formatDateTime } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { Section } from '../../components/Section';
import { type Account, refusalOf, useRequestEmailChangeMutation } from './accountApi';

interface EmailValues {
  email: string;
  password: string;
}

export const CURRENT_PASSWORD_REQUIRED = 'Vul je huidige wachtwoord in.';

/** Both are needed; whether the address is valid and free the server says (one rule, routes/users). */
const validateEmail = (values: EmailValues): FormikErrors<EmailValues> => {
  const errors: FormikErrors<EmailValues> = {};
  if (!values.email.trim()) errors.email = MSG.emailRequired;
  if (!values.password) errors.password = CURRENT_PASSWORD_REQUIRED;
  return errors;
};

const TITLE_ID = 'account-e-mailadres';

/**
 * 'E-mailadres': the address changes once the link mailed to the new one is opened, so a typing
 * error locks no one out; until then the current address stays in use.
 */
export function EmailSection({ account }: { account: Account }) {
  const [requestEmailChange] = useRequestEmailChangeMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: EmailValues, { setErrors, resetForm }: FormikHelpers<EmailValues>) => {
    setSent(null);
    setRefusal(null);
    try {
      const answer = await requestEmailChange({ email: values.email.trim(), password: values.password }).unwrap();
      setSent(answer.message);
      resetForm();
    } catch (error) {
      const { fields, message } = refusalOf(error);
      if (message === null) setErrors(fields);
      // The address is taken (409): that is about the address.
      else if ((error as { status?: unknown }).status === 409) setErrors({ email: message });
      else setRefusal(message);
    }
  };

  return (
    <Section id={TITLE_ID} title="E-mailadres">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography>
          Je logt in met <strong>{account.email}</strong>. Een nieuw adres gaat in zodra je de link opent die we ernaartoe sturen.
        </Typography>
        {account.pending_email && !sent && (
          <Alert severity="info">
            Het adres {account.pending_email.email} wacht op bevestiging. De link in de e-mail aan dat adres is geldig tot{' '}
            {formatDateTime(account.pending_email.expires_at)}.
          </Alert>
        )}
        {sent && <Alert severity="success">{sent}</Alert>}
        <Formik<EmailValues> initialValues={{ email: '', password: '' }} validate={validateEmail} validateOnBlur={false} onSubmit={submit}>
          {({ values, errors, submitCount, isSubmitting, handleChange }) => (
            <Stack component={Form} noValidate spacing={2}>
              <TextField
                name="email"
                type="email"
                label="Nieuw e-mailadres"
                autoComplete="email"
                required
                value={values.email}
                onChange={handleChange}
                error={submitCount > 0 && Boolean(errors.email)}
                helperText={submitCount > 0 ? errors.email : undefined}
              />
              <TextField
                name="password"
                type="password"
                label="Huidig wachtwoord"
                autoComplete="current-password"
                required
                value={values.password}
                onChange={handleChange}
                error={submitCount > 0 && Boolean(errors.password)}
                helperText={submitCount > 0 ? errors.password : undefined}
              />
              {refusal && <Alert severity="error">{refusal}</Alert>}
              <Box>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Bevestigingslink sturen
                </Button>
              </Box>
            </Stack>
          )}
        </Formik>
      </Stack>
    </Section>
  );
}
