import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import type { BundleDayChartProps } from './BundleDayChart';
import { BUNDLE_CHART_HEIGHT } from './chartHeight';

/**
 * The day chart loads in its own chunk with Highcharts, after the screen's figures and table: the
 * dashboard itself never downloads the library.
 */
const BundleDayChart = lazy(() =>
  import(/* webpackChunkName: "bundle-charts" */ './BundleDayChart').then((module) => ({ default: module.BundleDayChart })),
);

export function LazyBundleDayChart(props: BundleDayChartProps) {
  return (
    <Suspense
      fallback={
        <Box sx={{ minHeight: BUNDLE_CHART_HEIGHT }}>
          <PageLoading />
        </Box>
      }
    >
      <BundleDayChart {...props} />
    </Suspense>
  );
}
