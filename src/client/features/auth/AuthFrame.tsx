import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ScreenTitle } from '../../components/ScreenTitle';

/** The centred card the login and password screens share. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper elevation={2} sx={{ width: '100%', maxWidth: 420, p: 4 }}>
        <Typography sx={{ color: 'primary.main', fontWeight: 700, mb: 1 }}>Mijn Portaal</Typography>
        <ScreenTitle>{title}</ScreenTitle>
        {children}
      </Paper>
    </Box>
  );
}
