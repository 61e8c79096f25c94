import { Alert, Box, Button, GlobalStyles, Stack, TextField, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { formatDate } from '../../../domain/format';
import { MSG } from '../../../domain/messages';
import { sessionStarted } from '../../base/authSlice';
import { downloadFile } from '../../base/download';
import { serverMessage } from '../../base/callToasts';
import { useAppDispatch } from '../../base/hooks';
import { refusalOf } from './accountApi';
import { Section } from '../../components/Section';
import { type TwoFactorStatus, useGetTwoFactorQuery } from '../../api/currentUserApi';
import {
  type RecoveryCodes,
  type TwoFactorSetup,
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useRenewRecoveryCodesMutation,
  useStartTwoFactorSetupMutation,
} from './twoFactorApi';

const HEADING_ID = 'tweestapsverificatie-titel';
const CODES_FILE = 'mijn-portaal-herstelcodes.txt';
const PRINT_ID = 'herstelcodes-afdruk';
const CODES_FONT = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';

/**
 * On paper only the heading and the codes (docs/screens.md, 'Recovery codes'): everything else
 * of the page is hidden, and the codes' block starts at the top of the sheet.
 */
const printOnlyCodes = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${PRINT_ID}, #${PRINT_ID} *`]: { visibility: 'visible' },
        [`#${PRINT_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

/** What the section shows: the status, a step of turning it on, the new codes, or a password question. */
type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: RecoveryCodes }
  | { kind: 'password'; purpose: 'disable' | 'renew' };

/** A failed call's message next to its field; the server's Dutch text, or the general one. */
const fieldMessage = (error: unknown) => serverMessage(error) ?? MSG.unknownError;

/** 'Tweestapsverificatie': turn on with an authenticator app, recovery codes, turn off. */
export function TwoFactorSection() {
  const { data: status, isError } = useGetTwoFactorQuery();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [startSetup, { isLoading: starting }] = useStartTwoFactorSetupMutation();
  const toStatus = () => setView({ kind: 'status' });
  const showCodes = (codes: RecoveryCodes) => setView({ kind: 'codes', codes });

  const begin = async () => {
    const result = await startSetup();
    if (result.data) setView({ kind: 'setup', setup: result.data });
  };

  const body = () => {
    if (!status) return <Typography>{isError ? MSG.initialLoadFailed : MSG.loading}</Typography>;
    switch (view.kind) {
      case 'setup':
        return <SetupStep setup={view.setup} onEnabled={showCodes} onCancel={toStatus} />;
      case 'codes':
        return <RecoveryCodesView codes={view.codes} onDone={toStatus} />;
      case 'password':
        return <PasswordStep purpose={view.purpose} onDone={(codes) => (codes ? showCodes(codes) : toStatus())} onCancel={toStatus} />;
      case 'status':
        return (
          <StatusView
            status={status}
            starting={starting}
            onSetup={() => void begin()}
            onDisable={() => setView({ kind: 'password', purpose: 'disable' })}
            onRenew={() => setView({ kind: 'password', purpose: 'renew' })}
          />
        );
    }
  };

  return (
    <Section id={HEADING_ID} title="Tweestapsverificatie">
      {body()}
    </Section>
  );
}

interface StatusViewProps {
  status: TwoFactorStatus;
  starting: boolean;
  onSetup(): void;
  onDisable(): void;
  onRenew(): void;
}

function StatusView({ status, starting, onSetup, onDisable, onRenew }: StatusViewProps) {
  if (!status.enabled) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Tweestapsverificatie staat uit. Met een authenticator-app op je telefoon vraagt het inloggen dan na je wachtwoord ook om
          een code, zodat je wachtwoord alleen niet genoeg is.
        </Typography>
        {status.required && <Alert severity="info">Tweestapsverificatie is verplicht voor je account.</Alert>}
        <Button variant="contained" onClick={onSetup} disabled={starting}>
          Instellen
        </Button>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        Tweestapsverificatie staat aan sinds {formatDate(status.enabled_at ?? 0)}. Je hebt nog {status.recovery_codes_left}{' '}
        {status.recovery_codes_left === 1 ? 'ongebruikte herstelcode' : 'ongebruikte herstelcodes'}.
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={onRenew}>
          Nieuwe herstelcodes
        </Button>
        {!status.required && (
          <Button variant="outlined" color="error" onClick={onDisable}>
            Uitzetten
          </Button>
        )}
      </Stack>
      {status.required && <Typography variant="body2">Tweestapsverificatie is verplicht voor je account en kan niet uit.</Typography>}
    </Stack>
  );
}

/** The secret in groups of four, easier to read and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface SetupStepProps {
  setup: TwoFactorSetup;
  onEnabled(codes: RecoveryCodes): void;
  onCancel(): void;
}

function SetupStep({ setup, onEnabled, onCancel }: SetupStepProps) {
  const [enable] = useEnableTwoFactorMutation();

  const submit = async (code: string, setFieldError: (field: string, message: string) => void) => {
    try {
      onEnabled(await enable({ code: code.replace(/\s/g, '') }).unwrap());
    } catch (error) {
      setFieldError('code', fieldMessage(error));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>
        1. Scan de QR-code met je authenticator-app (bijvoorbeeld Google Authenticator, Microsoft Authenticator of FreeOTP).
      </Typography>
      <Box
        component="img"
        src={setup.qr_code}
        alt="QR-code om Mijn Portaal aan je authenticator-app toe te voegen"
        sx={{ width: 200, height: 200, border: 1, borderColor: 'divider' }}
      />
      <Typography>
        Kun je niet scannen? Voer dan deze sleutel in de app in:{' '}
        <Box component="code" sx={{ fontSize: '1rem', wordBreak: 'break-all' }}>
          {grouped(setup.secret)}
        </Box>
      </Typography>
      <Formik initialValues={{ code: '' }} onSubmit={({ code }, { setFieldError }) => submit(code, setFieldError)}>
        {({ values, errors, isSubmitting, handleChange }) => (
          <Stack component={Form} spacing={2} sx={{ maxWidth: 360 }}>
            <Typography>2. Vul de code in die de app nu toont.</Typography>
            <TextField
              name="code"
              label="Code uit je authenticator-app"
              required
              value={values.code}
              onChange={handleChange}
              error={Boolean(errors.code)}
              helperText={errors.code ?? '6 cijfers'}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', pattern: '[0-9 ]*', maxLength: 7 } }}
            />
            <Stack direction="row" sx={{ gap: 1 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Aanzetten
              </Button>
              <Button onClick={onCancel}>Annuleren</Button>
            </Stack>
          </Stack>
        )}
      </Formik>
    </Stack>
  );
}

interface RecoveryCodesViewProps {
  codes: RecoveryCodes;
  onDone(): void;
}

/** The new recovery codes, shown this once; a setup-only session goes on as a full one after 'Klaar'. */
function RecoveryCodesView({ codes, onDone }: RecoveryCodesViewProps) {
  const dispatch = useAppDispatch();
  const [copied, setCopied] = useState(false);
  const text = codes.recovery_codes.join('\n');

  // The clipboard answers only on https or localhost, where the portal runs.
  const copy = () => navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false));
  const download = () => downloadFile(`Herstelcodes Mijn Portaal\n\n${text}\n`, CODES_FILE, 'text/plain;charset=utf-8');
  const done = () => {
    if (codes.token) dispatch(sessionStarted({ token: codes.token, originalToken: null }));
    onDone();
  };

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="warning">
        Bewaar deze herstelcodes op een veilige plek, bijvoorbeeld in je wachtwoordmanager. Ben je je telefoon kwijt, dan log je
        in met een van deze codes; elke code werkt één keer. Je ziet ze alleen nu.
      </Alert>
      {printOnlyCodes}
      <Box id={PRINT_ID}>
        <Typography variant="h3" component="p" sx={{ display: 'none', mb: 2, '@media print': { display: 'block' } }}>
          Herstelcodes Mijn Portaal
        </Typography>
        {/* One code a line, in a fixed-width font: nothing wraps or overlaps, on screen or on paper. */}
        <Box component="ol" aria-label="Herstelcodes" sx={{ fontFamily: CODES_FONT, fontSize: '1.1rem', lineHeight: 1.8, m: 0, pl: 4 }}>
          {codes.recovery_codes.map((code) => (
            <Box component="li" key={code} sx={{ display: 'list-item', whiteSpace: 'nowrap' }}>
              {code}
            </Box>
          ))}
        </Box>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {copied ? 'Gekopieerd' : 'Kopiëren'}
        </Button>
        <Button variant="outlined" onClick={download}>
          Downloaden
        </Button>
        <Button variant="outlined" onClick={() => window.print()}>
          Afdrukken
        </Button>
        <Button variant="contained" onClick={done}>
          Klaar
        </Button>
      </Stack>
    </Stack>
  );
}

interface PasswordStepProps {
  purpose: 'disable' | 'renew';
  /** With the new codes after a renewal; without after turning it off. */
  onDone(codes?: RecoveryCodes): void;
  onCancel(): void;
}

/** Turning it off, or new recovery codes: the password and a current code (or a recovery code). */
function PasswordStep({ purpose, onDone, onCancel }: PasswordStepProps) {
  const [disable] = useDisableTwoFactorMutation();
  const [renew] = useRenewRecoveryCodesMutation();

  const submit = async (answer: { password: string; code: string }, setFieldError: (field: string, message: string) => void) => {
    const body = { password: answer.password, code: answer.code.trim() };
    try {
      if (purpose === 'disable') {
        await disable(body).unwrap();
        onDone();
      } else {
        onDone(await renew(body).unwrap());
      }
    } catch (error) {
      // The server names the field (the password or the code); anything else shows under the password.
      const { fields, message } = refusalOf(error);
      setFieldError('password', fields.password ?? (fields.code ? '' : (message ?? MSG.unknownError)));
      setFieldError('code', fields.code ?? '');
    }
  };

  return (
    <Formik initialValues={{ password: '', code: '' }} onSubmit={(values, { setFieldError }) => submit(values, setFieldError)}>
      {({ values, errors, isSubmitting, handleChange }) => (
        <Stack component={Form} spacing={2} sx={{ maxWidth: 360 }}>
          <Typography>
            {purpose === 'disable'
              ? 'Vul je wachtwoord en een code uit je authenticator-app in om tweestapsverificatie uit te zetten.'
              : 'Vul je wachtwoord en een code uit je authenticator-app in voor tien nieuwe herstelcodes. Je oude herstelcodes werken daarna niet meer.'}
          </Typography>
          <TextField
            name="password"
            type="password"
            label="Wachtwoord"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={handleChange}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <TextField
            name="code"
            label="Code"
            autoComplete="one-time-code"
            required
            value={values.code}
            onChange={handleChange}
            error={Boolean(errors.code)}
            helperText={errors.code || 'De code van 6 cijfers uit je app, of een herstelcode.'}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
          <Stack direction="row" sx={{ gap: 1 }}>
            <Button type="submit" variant="contained" color={purpose === 'disable' ? 'error' : 'primary'} disabled={isSubmitting}>
              {purpose === 'disable' ? 'Uitzetten' : 'Nieuwe herstelcodes'}
            </Button>
            <Button onClick={onCancel}>Annuleren</Button>
          </Stack>
        </Stack>
      )}
    </Formik>
  );
}
