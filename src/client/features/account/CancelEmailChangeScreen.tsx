import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { answeredMessage } from '../../base/callToasts';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useCancelEmailChangeMutation } from './accountApi';

/** The question, then what the server did (voided, or restored the old address), in its words. */
function Cancel({ token }: { token: string }) {
  const [cancelEmailChange, { data, error, isLoading }] = useCancelEmailChangeMutation();

  if (data) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{data.message}</Alert>
        <Box>
          <Button component={RouterLink} to={paths.login()} variant="contained">
            Naar inloggen
          </Button>
        </Box>
      </Stack>
    );
  }
  if (error) {
    return <Alert severity="error">{'status' in error ? answeredMessage(error) : MSG.initialLoadFailed}</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Typography>
        Er is gevraagd om het e-mailadres van je account te wijzigen. Heb je dat niet zelf gedaan? Annuleer de wijziging dan hier. Is
        de wijziging al doorgevoerd, dan krijg je je oude e-mailadres terug en word je op alle apparaten uitgelogd.
      </Typography>
      <Box>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void cancelEmailChange(token)}>
          Wijziging annuleren
        </Button>
      </Box>
    </Stack>
  );
}

/** /e-mail-annuleren?token=…: the link in the notice to the old address (public: any browser may open it). */
export function CancelEmailChangeScreen() {
  const token = useSearchParams()[0].get('token');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 480, p: 4 }}>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>Mijn Portaal</Typography>
        <ScreenTitle>E-mailwijziging annuleren</ScreenTitle>
        {token ? <Cancel token={token} /> : <Alert severity="error">Deze link is niet compleet. Open de link uit de e-mail opnieuw.</Alert>}
      </Paper>
    </Box>
  );
}
