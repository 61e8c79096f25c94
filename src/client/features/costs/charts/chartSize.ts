
/**
 * The charts' heights (px), for the charts and for their placeholders while Highcharts loads, so
 * nothing below moves when a chart arrives. On a phone the column chart's legend takes a line of
 * 44 px per cost type (CostsCharts.tsx), and the chart grows by that much.
 */
export const CHART_HEIGHT = 320;
const PHONE_LEGEND_HEIGHT = 160;

export const columnChartHeight = (phone: boolean) => (phone ? CHART_HEIGHT + PHONE_LEGEND_HEIGHT : CHART_HEIGHT);

export { PHONE_QUERY } from '../../../base/theme';
