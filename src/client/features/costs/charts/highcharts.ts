/** The portal's Highcharts set-up (Dutch notation and names, accessibility) is shared: components/charts/highcharts.ts. */
export { CHART_COLOURS, Highcharts } from '../../../components/charts/highcharts';
