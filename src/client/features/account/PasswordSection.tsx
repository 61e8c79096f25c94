import { Alert, Box, Button, Stack } from '@mui/material';
import { Form, Formik, type FormikErrors, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { PasswordFields } from '../../components/PasswordFields';
import { Section } from '../../components/Section';
import { type Account, refusalOf, useChangePasswordMutation } from './accountApi';
import { CURRENT_PASSWORD_REQUIRED } from './EmailSection';

interface PasswordValues {
  current_password: string;
  password: string;
  repeat: string;
}

const EMPTY: PasswordValues = { current_password: '', password: '', repeat: '' };

/**
 * The reset screen's rule (docs/screens.md, 'Password reset': both new fields equal and not empty); the strength rule
 * shows while typing and the server enforces it, as on the reset screen.
 */
const validatePassword = (values: PasswordValues): FormikErrors<PasswordValues> => {
  const errors: FormikErrors<PasswordValues> = {};
  if (!values.current_password) errors.current_password = CURRENT_PASSWORD_REQUIRED;
  if (!values.password) errors.password = 'Vul een nieuw wachtwoord in.';
  else if (values.repeat !== values.password) errors.repeat = 'De wachtwoorden zijn niet gelijk.';
  return errors;
};

const TITLE_ID = 'account-wachtwoord';

/** 'Wachtwoord': the current one, then the new one twice; the other devices are logged out after it. */
export function PasswordSection({ account }: { account: Account }) {
  const [changePassword] = useChangePasswordMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: PasswordValues, { setErrors, resetForm }: FormikHelpers<PasswordValues>) => {
    setRefusal(null);
    try {
      await changePassword({ current_password: values.current_password, password: values.password }).unwrap();
      resetForm();
    } catch (error) {
      const { fields, message } = refusalOf(error);
      if (message === null) setErrors(fields);
      else setRefusal(message);
    }
  };

  return (
    <Section id={TITLE_ID} title="Wachtwoord">
      <Formik<PasswordValues> initialValues={EMPTY} validate={validatePassword} validateOnBlur={false} onSubmit={submit}>
        {({ values, errors, submitCount, isSubmitting, handleChange }) => (
          <Stack component={Form} noValidate spacing={2} sx={{ maxWidth: 480 }}>
            <PasswordFields
              withCurrent
              labels={{ password: 'Nieuw wachtwoord', repeat: 'Herhaal nieuw wachtwoord' }}
              values={values}
              onChange={handleChange}
              owner={account}
              errors={submitCount > 0 ? errors : {}}
            />
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Wachtwoord wijzigen
              </Button>
            </Box>
          </Stack>
        )}
      </Formik>
    </Section>
  );
}
