import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { companyPaths } from './companyPaths';

/** Mijn bedrijf › {current screen}. */
export function CompanyBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={companyPaths.overview()} underline="hover">
        Mijn bedrijf
      </Link>
      <Typography aria-current="page" sx={{ color: 'text.primary' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
