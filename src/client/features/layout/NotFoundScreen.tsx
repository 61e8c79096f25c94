import { Box, Button, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { paths } from '../../base/paths';
import { useGetSupportContactQuery } from './supportApi';

/** Support's phone and e-mail (server configuration); while they load, or when they cannot, the hours alone. */
function SupportContact() {
  const { data: contact } = useGetSupportContactQuery();
  if (!contact) return null;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mt: 0, mb: 4, '& dd': { m: 0 } }}>
      <dt>Telefoon</dt>
      <dd>
        <Link href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</Link>
      </dd>
      <dt>E-mail</dt>
      <dd>
        <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
      </dd>
    </Box>
  );
}

/** docs/screens.md, 'Unknown addresses': any unknown path; inside the frame (header and menu) when logged in. */
export function NotFoundScreen() {
  return (
    <Box sx={{ maxWidth: 640 }}>
      <ScreenTitle>Pagina niet gevonden</ScreenTitle>
      <Typography sx={{ mb: 1 }}>Er is iets misgegaan: de pagina die je zoekt bestaat niet.</Typography>
      <Typography sx={{ mb: 2 }}>
        Neem contact op met onze support: bereikbaar op werkdagen van 09:00 tot 17:00.
      </Typography>
      <SupportContact />
      <Button component={RouterLink} to={paths.dashboard()} variant="contained">
        Naar het dashboard
      </Button>
    </Box>
  );
}

/** The 404 page of a visitor who is not logged in: no frame around it. */
export function NotFoundPage() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 3, py: 8 }}>
      <NotFoundScreen />
    </Box>
  );
}
