/** The day chart's height (px), for the chart and its placeholder while Highcharts loads, so nothing below moves. */
export const BUNDLE_CHART_HEIGHT = 300;
