import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { DUTCH_MONTHS } from '../../../domain/time';

/**
 * Highcharts for the screens with charts (costs, group bundle): this module is reached only
 * through lazy imports (each feature's chart chunk), so the library stays out of the first page
 * and out of the other screens. Dutch number notation (docs/screens.md, 'Dutch notation') and Dutch names; the
 * accessibility module describes the charts to screen readers and makes their points reachable
 * by keyboard.
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
      // What a screen reader hears before the chart, for the kinds of chart the portal draws.
      chartTypes: {
        columnSingle: 'Staafdiagram met {numPoints} {#eq numPoints 1}staaf{else}staven{/eq}.',
        columnMultiple: 'Staafdiagram met {numSeries} reeksen.',
        pieSingle: 'Cirkeldiagram met {numPoints} {#eq numPoints 1}segment{else}segmenten{/eq}.',
      },
      axis: {
        xAxisDescriptionSingular: 'De X-as toont {names[0]}. {ranges[0]}',
        yAxisDescriptionSingular: 'De Y-as toont {names[0]}. {ranges[0]}',
        rangeFromTo: 'De gegevens lopen van {rangeFrom} tot {rangeTo}.',
        rangeCategories: 'Gegevensbereik: {numCategories} categorieën.',
      },
    },
  },
  credits: { enabled: false },
  chart: { style: { fontFamily: 'inherit' }, backgroundColor: 'transparent' },
  title: { text: undefined },
});

/** docs/screens.md, 'Detail screens': pie colours cycle through six colours (also the bar chart's first four). */
export const CHART_COLOURS = ['#0b4f8a', '#e07b00', '#2e7d32', '#7b1fa2', '#c62828', '#00838f'];

export { Highcharts };
