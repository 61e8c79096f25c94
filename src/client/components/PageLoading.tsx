import { Box, CircularProgress } from '@mui/material';
import { MSG } from '../../domain/messages';

/** Shown while a screen's code or the session is still loading. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label={MSG.loading} />
    </Box>
  );
}
