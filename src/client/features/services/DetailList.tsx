import { Box } from '@mui/material';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list. */
export function DetailList({ details }: { details: Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, max-content) 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {details.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '–' : value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
