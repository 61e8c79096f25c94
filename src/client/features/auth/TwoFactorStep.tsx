import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { MSG } from '../../../domain/messages';
import { serverMessage } from '../../base/callToasts';
import { useLoginWithCodeMutation } from './authApi';

interface TwoFactorStepProps {
  /** The challenge the password step answered (valid 5 minutes). */
  challenge: string;
  onSession(token: string): void;
  /** The challenge ran out: back to the password, with this message. */
  onExpired(message: string): void;
}

/** What the field asks for: a code of the authenticator app, or one of the recovery codes. */
const FIELDS = {
  app: {
    label: 'Code uit je authenticator-app',
    helper: '6 cijfers uit de app waarin je Mijn Portaal hebt toegevoegd.',
    input: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 },
    switchTo: 'Een herstelcode gebruiken',
  },
  recovery: {
    label: 'Herstelcode',
    helper: 'Een van de tien herstelcodes die je bij het instellen kreeg; elke code werkt één keer.',
    input: { autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, maxLength: 20 },
    switchTo: 'De code uit de app gebruiken',
  },
} as const;

/** The second step of the login: the code after the password. */
export function TwoFactorStep({ challenge, onSession, onExpired }: TwoFactorStepProps) {
  const [loginWithCode] = useLoginWithCodeMutation();
  const [kind, setKind] = useState<keyof typeof FIELDS>('app');
  const field = FIELDS[kind];

  const submit = async (code: string, setFieldError: (field: string, message: string | undefined) => void) => {
    try {
      const { token } = await loginWithCode({ challenge, code: code.trim() }).unwrap();
      onSession(token);
    } catch (error) {
      const message = serverMessage(error);
      if (message === MSG.twoFactorChallengeExpired) onExpired(message);
      else setFieldError('code', message ?? MSG.unknownError);
    }
  };

  return (
    <Formik initialValues={{ code: '' }} onSubmit={({ code }, { setFieldError }) => submit(code, setFieldError)}>
      {({ values, errors, isSubmitting, handleChange, setFieldValue, setFieldError }) => (
        <Stack component={Form} spacing={2}>
          <Typography>Tweestapsverificatie staat aan voor je account.</Typography>
          <TextField
            key={kind}
            name="code"
            label={field.label}
            required
            autoFocus
            value={values.code}
            onChange={handleChange}
            error={Boolean(errors.code)}
            helperText={errors.code ?? field.helper}
            slotProps={{ htmlInput: field.input }}
          />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            Inloggen
          </Button>
          <Link
            component="button"
            type="button"
            onClick={() => {
              setKind(kind === 'app' ? 'recovery' : 'app');
              void setFieldValue('code', '');
              setFieldError('code', undefined);
            }}
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          >
            {field.switchTo}
          </Link>
        </Stack>
      )}
    </Formik>
  );
}
