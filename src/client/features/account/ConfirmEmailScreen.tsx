import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { MSG } from '../../../domain/messages';
import { answeredMessage } from '../../base/callToasts';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';
import { useConfirmEmailChangeMutation } from './accountApi';

/** What the link's answer says: done, refused (in the server's words), or still under way. */
function Outcome({ token }: { token: string }) {
  const [confirmEmailChange, { data, error }] = useConfirmEmailChangeMutation();
  // Once per link: a second call would find it used (React runs effects twice in development).
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void confirmEmailChange(token);
  }, [confirmEmailChange, token]);

  if (data) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{data.message}</Alert>
        <Typography>Voortaan log je in met dit adres.</Typography>
        <Box>
          <Button component={RouterLink} to={paths.dashboard()} variant="contained">
            Naar Mijn Portaal
          </Button>
        </Box>
      </Stack>
    );
  }
  if (error) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{'status' in error ? answeredMessage(error) : MSG.initialLoadFailed}</Alert>
        <Box>
          <Button component={RouterLink} to={paths.account()} variant="contained">
            Naar Mijn account
          </Button>
        </Box>
      </Stack>
    );
  }
  return <Typography role="status">Je nieuwe e-mailadres wordt bevestigd…</Typography>;
}

/** /e-mail-bevestigen?token=…: the link of an e-mail change (public: any browser may open it). */
export function ConfirmEmailScreen() {
  const token = useSearchParams()[0].get('token');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 480, p: 4 }}>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>Mijn Portaal</Typography>
        <ScreenTitle>E-mailadres bevestigen</ScreenTitle>
        {token ? <Outcome token={token} /> : <Alert severity="error">Deze link is niet compleet. Open de link uit de e-mail opnieuw.</Alert>}
      </Paper>
    </Box>
  );
}
