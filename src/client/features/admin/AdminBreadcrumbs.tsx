import { Breadcrumbs, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminTab } from '../../base/paths';
import { adminPaths, TAB_LABELS } from './adminPaths';

/** Admin › {tab} › {current screen}. */
export function AdminBreadcrumbs({ tab, current }: { tab: AdminTab; current: string }) {
  return (
    <Breadcrumbs aria-label="Kruimelpad" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={adminPaths.overview()} underline="hover">
        Admin
      </Link>
      <Link component={RouterLink} to={adminPaths.overview(tab)} underline="hover">
        {TAB_LABELS[tab]}
      </Link>
      <Typography aria-current="page" sx={{ color: 'text.primary' }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
