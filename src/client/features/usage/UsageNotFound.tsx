import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../base/paths';
import { ScreenTitle } from '../../components/ScreenTitle';

/** An address below /verbruik that names nothing. */
export function UsageNotFound() {
  return (
    <>
      <ScreenTitle>Niet gevonden</ScreenTitle>
      <Typography sx={{ mb: 3 }}>Deze pagina bestaat niet.</Typography>
      <Button component={RouterLink} to={paths.usage()} variant="contained">
        Naar het verbruik
      </Button>
    </>
  );
}
