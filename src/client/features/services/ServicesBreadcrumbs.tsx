import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  /** Absent for the current page. */
  to?: string;
}

/** Mijn diensten › group › article › …; the last crumb is the current page. */
export function ServicesBreadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 2 }}>
      <Typography sx={{ color: 'text.secondary' }}>Mijn diensten</Typography>
      {crumbs.map((crumb) =>
        crumb.to ? (
          <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover">
            {crumb.label}
          </Link>
        ) : (
          <Typography key={crumb.label} aria-current="page" sx={{ color: 'text.primary' }}>
            {crumb.label}
          </Typography>
        ),
      )}
    </Breadcrumbs>
  );
}
