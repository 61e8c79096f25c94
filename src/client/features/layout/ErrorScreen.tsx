import { Box, Button, Typography } from '@mui/material';
import { useEffect } from 'react';
import { MSG } from '../../../domain/messages';
import { ScreenTitle } from '../../components/ScreenTitle';

/** A screen that failed to load or render, e.g. its code changed with a new release. */
export function ErrorScreen({ error }: { error: unknown }) {
  useEffect(() => console.error('Screen failed', error), [error]);

  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 3, py: 8 }}>
      <ScreenTitle>Er is iets misgegaan</ScreenTitle>
      <Typography sx={{ mb: 4 }}>{MSG.initialLoadFailed}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Opnieuw laden
      </Button>
    </Box>
  );
}
