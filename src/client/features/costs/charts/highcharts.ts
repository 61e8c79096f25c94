import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { DUTCH_MONTHS } from '../../../../domain/time';

/**
 * Highcharts for the costs screens only: this module is reached through a lazy import (see
 * LazyCharts.tsx), so the library stays out of the first page and out of the other screens.
 * Dutch number notation (spec section 9) and Dutch names; the accessibility module describes
 * the charts to screen readers and makes their points reachable by keyboard.
 */
Highcharts.setOptions({
  lang: {
    locale: 'nl-NL',
    decimalPoint: ',',
    thousandsSep: '.',
    months: [...DUTCH_MONTHS],
    shortMonths: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
    weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
    loading: 'Laden...',
    noData: 'Geen gegevens',
    accessibility: {
      defaultChartTitle: 'Grafiek',
      chartContainerLabel: '{title}. Interactieve grafiek.',
      svgContainerLabel: 'Interactieve grafiek',
    },
  },
  credits: { enabled: false },
  chart: { style: { fontFamily: 'inherit' }, backgroundColor: 'transparent' },
  title: { text: undefined },
});

/** Spec section 9: pie colours cycle through six colours (also the bar chart's first four). */
export const CHART_COLOURS = ['#0b4f8a', '#e07b00', '#2e7d32', '#7b1fa2', '#c62828', '#00838f'];

export { Highcharts };
