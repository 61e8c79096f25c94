import { Box, useMediaQuery } from '@mui/material';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import { useNearViewport } from '../../../components/useNearViewport';
import { CHART_HEIGHT, columnChartHeight, PHONE_QUERY } from './chartSize';
import type { ColumnChartProps, PieChartProps } from './CostsCharts';

/**
 * The charts load in their own chunk with Highcharts, after the screen's tables, and only once
 * the chart's place comes near the screen: nothing but the costs screens ever downloads the
 * library, and a phone that never scrolls to a chart never evaluates or draws it.
 */
const loadCharts = () => import(/* webpackChunkName: "costs-charts" */ './CostsCharts');

const ColumnChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsColumnChart })));
const PieChart = lazy(() => loadCharts().then((module) => ({ default: module.CostsPieChart })));

/** The chart's place, of its height so nothing below moves: empty until near the screen, then a spinner while it loads. */
function ChartPlace({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  if (!near) return <Box ref={place} sx={{ minHeight: height }} />;
  return (
    <Suspense
      fallback={
        <Box sx={{ minHeight: height }}>
          <PageLoading />
        </Box>
      }
    >
      {children}
    </Suspense>
  );
}

export function LazyColumnChart(props: ColumnChartProps) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return (
    <ChartPlace height={columnChartHeight(phone)}>
      <ColumnChart {...props} />
    </ChartPlace>
  );
}

export function LazyPieChart(props: PieChartProps) {
  return (
    <ChartPlace height={CHART_HEIGHT}>
      <PieChart {...props} />
    </ChartPlace>
  );
}
