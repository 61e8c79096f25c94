import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading';
import { ScreenTitle } from '../../components/ScreenTitle';
import { paths } from '../../base/paths';

/** What a services screen shows while its data loads, or when the address names nothing of ours. */
export function ScreenState({ notFound, message }: { notFound: boolean; message: string }) {
  if (!notFound) return <PageLoading />;
  return (
    <>
      <ScreenTitle>Niet gevonden</ScreenTitle>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button component={RouterLink} to={paths.dashboard()} variant="contained">
        Naar het dashboard
      </Button>
    </>
  );
}
