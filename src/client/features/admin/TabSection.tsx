import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The heading of a tab's content, with its main action beside it. */
export function TabSection({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h2" id={id}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
