import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../base/hooks';
import { paths } from '../../base/paths';
import { logout } from '../../base/session';
import { ScreenTitle } from '../../components/ScreenTitle';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * All a session that may only set up two-factor login sees, whatever the address:
 * provider staff, or users of a company that requires it, without it yet. Once it is on, the
 * section's 'Klaar' brings the session's new token and the portal opens.
 */
export function TwoFactorSetupScreen() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const logOut = async () => {
    await dispatch(logout());
    navigate(paths.login(), { replace: true });
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 4 } }}>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>Mijn Portaal</Typography>
        <ScreenTitle>Tweestapsverificatie instellen</ScreenTitle>
        <Stack spacing={3}>
          <Typography>
            Voor je account is tweestapsverificatie verplicht. Stel het eerst in; daarna kun je het portaal gebruiken.
          </Typography>
          <TwoFactorSection />
          <Button variant="outlined" onClick={() => void logOut()} sx={{ alignSelf: 'flex-start' }}>
            Uitloggen
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
