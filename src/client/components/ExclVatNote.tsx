import { type SxProps, type Theme, Typography } from '@mui/material';

/** docs/cost-specification.md, 'VAT': every screen that shows amounts says once that they exclude VAT. */
export function ExclVatNote({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Typography variant="body2" sx={[{ color: 'text.secondary' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      Bedragen excl. btw
    </Typography>
  );
}
