import { Button, Card, CardActionArea, CardActions, CardContent, LinearProgress, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatGb } from '../../../domain/format';
import { type Month, monthStart } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { isRunningMonth } from './useDashboardMonth';
import { useGetGroupBundleStatusQuery } from '../../api/currentUserApi';
import { selectBundlePercentage, useGetGroupBundleQuery, useGetGroupBundleUsageQuery } from './dashboardApi';

/**
 * The group data bundle of the month, only for companies that have one; opens the month's usage
 * report (docs/screens.md, 'Dashboard'). For the running month it says where the bundle is going (docs/usage.md, 'Where the bundle is going'),
 * and 'Bundeldetails' opens the bundle's own screen.
 */
export function GroupBundleCard({ month }: { month: Month }) {
  const { data: status } = useGetGroupBundleStatusQuery();
  const hasGroupBundle = status?.has_group_bundle === true;
  const firstDay = monthStart(month);
  const { data: bundle } = useGetGroupBundleQuery(hasGroupBundle ? firstDay : skipToken);
  const { data: usage } = useGetGroupBundleUsageQuery(hasGroupBundle && isRunningMonth(month) ? firstDay : skipToken);
  const percentage = useAppSelector((state) => selectBundlePercentage(state, firstDay));

  if (!hasGroupBundle || !bundle) return null;
  const report = paths.usageOfMonth(month);
  const projection = isRunningMonth(month) ? usage?.projection : null;
  return (
    <Card>
      <CardActionArea component={RouterLink} to={report}>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Groepsbundel
          </Typography>
          <Typography sx={{ mb: 1.5 }}>
            {formatGb(bundle.gb_used)} van {formatGb(bundle.total_gb)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percentage}
            aria-label="Verbruik groepsbundel"
            sx={{ height: 12, borderRadius: 6 }}
          />
          {projection && <Typography sx={{ mt: 1.5 }}>{projection.text}</Typography>}
        </CardContent>
      </CardActionArea>
      <CardActions>
        <Button component={RouterLink} to={paths.groupBundle(month)}>
          Bundeldetails
        </Button>
      </CardActions>
    </Card>
  );
}
