import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import type { ColumnChartProps, PieChartProps } from './CostsCharts';

/**
 * The charts load in their own chunk with Highcharts, after the screen's tables: nothing but
 * the costs screens ever downloads the library.
 */
const loadCharts = () => import(/* webpackChunkName: "costs-charts" */ './CostsCharts');

const ColumnChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsColumnChart })));
const PieChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsPieChart })));

function ChartPlaceholder() {
  return (
    <Box sx={{ minHeight: 320 }}>
      <PageLoading />
    </Box>
  );
}

export function LazyColumnChart(props: ColumnChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <ColumnChart {...props} />
    </Suspense>
  );
}

export function LazyPieChart(props: PieChartProps) {
  return (
    <Suspense fallback={<ChartPlaceholder />}>
      <PieChart {...props} />
    </Suspense>
  );
}
