import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AdminBreadcrumbs } from './AdminBreadcrumbs';
import type { AdminTab } from '../../base/paths';
import { adminPaths } from './adminPaths';

interface AdminNotFoundProps {
  tab: AdminTab;
  /** The screen's own title, shown in the breadcrumbs. */
  screenTitle: string;
  heading: string;
  text: string;
  backLabel: string;
}

/** An edit screen whose object does not exist (any more): say so and lead back to its tab. */
export function AdminNotFound({ tab, screenTitle, heading, text, backLabel }: AdminNotFoundProps) {
  return (
    <>
      <AdminBreadcrumbs tab={tab} current={screenTitle} />
      <ScreenTitle>{heading}</ScreenTitle>
      <Typography sx={{ mb: 3 }}>{text}</Typography>
      <Button component={RouterLink} to={adminPaths.overview(tab)} variant="contained">
        {backLabel}
      </Button>
    </>
  );
}
