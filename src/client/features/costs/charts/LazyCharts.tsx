import { Box, useMediaQuery } from '@mui/material';
import { lazy, Suspense } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { CHART_HEIGHT, columnChartHeight, PHONE_QUERY } from './chartSize';
import type { ColumnChartProps, PieChartProps } from './CostsCharts';

/**
 * The charts load in their own chunk with Highcharts, after the screen's tables: nothing but
 * the costs screens ever downloads the library.
 */
const loadCharts = () => import(/* webpackChunkName: "costs-charts" */ './CostsCharts');

const ColumnChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsColumnChart })));
const PieChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsPieChart })));

function ChartPlaceholder({ height = CHART_HEIGHT }: { height?: number }) {
  return (
    <Box sx={{ minHeight: height }}>
      <PageLoading />
    </Box>
  );
}

export function LazyColumnChart(props: ColumnChartProps) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return (
    <Suspense fallback={<ChartPlaceholder height={columnChartHeight(phone)} />}>
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
