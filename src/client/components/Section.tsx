import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface SectionProps {
  /** Id of the heading; the section and its table or form are labelled by it. */
  id: string;
  title: string;
  /** The section's main action, beside the heading. */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled part of a screen; its heading names it for screen readers (a region landmark). */
export function Section({ id, title, action, children }: SectionProps) {
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
