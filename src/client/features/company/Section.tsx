import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of the overview; its heading names it for screen readers. */
export function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography variant="h2" id={id}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
