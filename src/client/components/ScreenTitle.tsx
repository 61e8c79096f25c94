import { Typography } from '@mui/material';
import { useEffect } from 'react';

/** The one h1 of a screen; also names the browser tab after it. */
export function ScreenTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} | Mijn Portaal`;
  }, [children]);

  return (
    <Typography variant="h1" sx={{ mb: 3 }}>
      {children}
    </Typography>
  );
}
