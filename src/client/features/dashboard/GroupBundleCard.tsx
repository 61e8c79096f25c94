import { Card, CardActionArea, CardContent, LinearProgress, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatGb } from '../../../domain/format';
import { type Month, monthStart } from '../../../domain/time';
import { useAppSelector } from '../../base/hooks';
import { paths } from '../../base/paths';
import { selectBundlePercentage, useGetGroupBundleQuery, useGetGroupBundleStatusQuery } from './dashboardApi';

/** The group data bundle of the month, only for companies that have one; opens the month's usage report. */
export function GroupBundleCard({ month }: { month: Month }) {
  const { data: status } = useGetGroupBundleStatusQuery();
  const hasGroupBundle = status?.has_group_bundle === true;
  const firstDay = monthStart(month);
  const { data: bundle } = useGetGroupBundleQuery(hasGroupBundle ? firstDay : skipToken);
  const percentage = useAppSelector((state) => selectBundlePercentage(state, firstDay));

  if (!hasGroupBundle || !bundle) return null;
  const report = paths.usageOfMonth(month);
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
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
