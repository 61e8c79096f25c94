import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';

/** Spec section 2: any unknown path. */
export function NotFoundScreen() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 3, py: 8 }}>
      <ScreenTitle>Pagina niet gevonden</ScreenTitle>
      <Typography sx={{ mb: 1 }}>Er is iets misgegaan: de pagina die je zoekt bestaat niet.</Typography>
      <Typography sx={{ mb: 4 }}>
        Neem contact op met onze support: bereikbaar op werkdagen van 09:00 tot 17:00.
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained">
        Naar het dashboard
      </Button>
    </Box>
  );
}
