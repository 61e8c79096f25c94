import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import { DUTCH_MONTHS } from '../../../domain/time';

/*
 * Highcharts for the screens with charts (costs, group bundle): this module is reached only
 * through lazy imports (each feature's chart chunk), so the library stays out of the first page
 * and out of the other screens. Dutch number notation (docs/screens.md, 'Dutch notation') and Dutch names; the
 * accessibility module (the only module loaded) describes the charts to screen readers and makes
 * their points reachable by keyboard.
 */
/** `{#eq n 1}one{else}more{/eq}`: Highcharts' own template for a singular and a plural. */
const plural = (count: string, one: string, more: string) => `{#eq ${count} 1}${one}{else}${more}{/eq}`;
const points = plural('series.points.length', 'gegevenspunt', 'gegevenspunten');
const seriesOf = 'reeks {seriesNumber} van {chart.series.length}';

/**
 * Every text Highcharts can put on the screen or read to a screen reader, in Dutch: the core's
 * (axis and series names when a chart names none, zoom), the accessibility module's (the chart's
 * region and its description, the legend's buttons, the series and points, the end marker), and
 * the menu, range and navigator texts of modules the portal does not load today, so that loading
 * one later brings no English with it. Numbers read as on the screen: decimal comma, thousands dot.
 */
const DUTCH_CHART_TEXTS = {
  locale: 'nl-NL',
  decimalPoint: ',',
  thousandsSep: '.',
  months: [...DUTCH_MONTHS],
  shortMonths: ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'],
  weekdays: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  shortWeekdays: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
  loading: 'Laden...',
  noData: 'Geen gegevens',
  invalidDate: 'Ongeldige datum',
  chartTitle: 'Grafiek',
  seriesName: 'Reeks {add index 1}',
  pieSliceName: 'Segment',
  yAxisTitle: 'Waarden',
  resetZoom: 'Zoom herstellen',
  resetZoomTitle: 'Zoom herstellen naar 1:1',
  // The exporting module's menu (not loaded).
  contextButtonTitle: 'Menu van de grafiek',
  viewFullscreen: 'Op volledig scherm bekijken',
  exitFullscreen: 'Volledig scherm sluiten',
  printChart: 'Grafiek afdrukken',
  downloadPNG: 'PNG-afbeelding downloaden',
  downloadJPEG: 'JPEG-afbeelding downloaden',
  downloadPDF: 'PDF-document downloaden',
  downloadSVG: 'SVG-afbeelding downloaden',
  downloadCSV: 'CSV downloaden',
  downloadXLS: 'Excel downloaden',
  viewData: 'Gegevenstabel bekijken',
  hideData: 'Gegevenstabel verbergen',
  // The range selector (stock charts, not loaded).
  rangeSelectorZoom: 'Zoom',
  rangeSelectorFrom: 'Van',
  rangeSelectorTo: 'Tot',
  accessibility: {
    defaultChartTitle: 'Grafiek',
    chartContainerLabel: '{title}. Interactieve grafiek.',
    svgContainerLabel: 'Interactieve grafiek',
    drillUpButton: '{buttonText}',
    credits: 'Bron van de grafiek: {creditsStr}',
    thousandsSep: '.',
    svgContainerTitle: '',
    graphicContainerLabel: '',
    screenReaderSection: {
      beforeRegionLabel: '',
      afterRegionLabel: '',
      annotations: {
        heading: 'Samenvatting van de aantekeningen',
        descriptionSinglePoint: '{annotationText}. Hoort bij {annotationPoint}',
        descriptionMultiplePoints: '{annotationText}. Hoort bij {annotationPoint}{#each additionalAnnotationPoints}, en bij {this}{/each}',
        descriptionNoPoints: '{annotationText}',
      },
      endOfChartMarker: 'Einde van interactieve grafiek.',
    },
    sonification: { playAsSoundButtonText: 'Als geluid afspelen, {chartTitle}', playAsSoundClickAnnouncement: 'Afspelen' },
    legend: {
      legendLabelNoTitle: 'Reeksen tonen of verbergen, {chartTitle}',
      legendLabel: 'Legenda: {legendTitle}',
      legendItem: 'Toon {itemName}',
    },
    zoom: { mapZoomIn: 'Inzoomen', mapZoomOut: 'Uitzoomen', resetZoomButton: 'Zoom herstellen' },
    rangeSelector: {
      dropdownLabel: '{rangeTitle}',
      minInputLabel: 'Kies de begindatum.',
      maxInputLabel: 'Kies de einddatum.',
      clickButtonAnnouncement: 'Je bekijkt {axisRangeDescription}',
    },
    navigator: {
      handleLabel: '{#eq handleIx 0}Begin, procent{else}Einde, procent{/eq}',
      groupLabel: 'Zoom op de as',
      changeAnnouncement: '{axisRangeDescription}',
    },
    stockTools: { groupLabel: 'Hulpmiddelen voor koersgrafieken', arrowLabel: 'Submenu tonen of verbergen' },
    table: { viewAsDataTableButtonText: 'Als tabel bekijken, {chartTitle}', tableSummary: 'De grafiek als tabel.' },
    announceNewData: {
      newDataAnnounce: 'Nieuwe gegevens in grafiek {chartTitle}',
      newSeriesAnnounceSingle: 'Nieuwe reeks: {seriesDesc}',
      newPointAnnounceSingle: 'Nieuw gegevenspunt: {pointDesc}',
      newSeriesAnnounceMultiple: 'Nieuwe reeks in grafiek {chartTitle}: {seriesDesc}',
      newPointAnnounceMultiple: 'Nieuw gegevenspunt in grafiek {chartTitle}: {pointDesc}',
    },
    // What a screen reader hears before the chart, for every kind of chart.
    chartTypes: {
      emptyChart: 'Lege grafiek',
      mapTypeDescription: 'Kaart van {mapTitle} met {numSeries} reeksen.',
      unknownMap: 'Kaart van een onbekend gebied met {numSeries} reeksen.',
      combinationChart: 'Gecombineerde grafiek met {numSeries} reeksen.',
      defaultSingle: `Grafiek met {numPoints} ${plural('numPoints', 'gegevenspunt', 'gegevenspunten')}.`,
      defaultMultiple: 'Grafiek met {numSeries} reeksen.',
      splineSingle: `Lijndiagram met {numPoints} ${plural('numPoints', 'gegevenspunt', 'gegevenspunten')}.`,
      splineMultiple: 'Lijndiagram met {numSeries} lijnen.',
      lineSingle: `Lijndiagram met {numPoints} ${plural('numPoints', 'gegevenspunt', 'gegevenspunten')}.`,
      lineMultiple: 'Lijndiagram met {numSeries} lijnen.',
      columnSingle: `Staafdiagram met {numPoints} ${plural('numPoints', 'staaf', 'staven')}.`,
      columnMultiple: 'Staafdiagram met {numSeries} reeksen.',
      barSingle: `Staafdiagram met {numPoints} ${plural('numPoints', 'staaf', 'staven')}.`,
      barMultiple: 'Staafdiagram met {numSeries} reeksen.',
      pieSingle: `Cirkeldiagram met {numPoints} ${plural('numPoints', 'segment', 'segmenten')}.`,
      pieMultiple: 'Cirkeldiagram met {numSeries} cirkels.',
      scatterSingle: `Spreidingsdiagram met {numPoints} ${plural('numPoints', 'punt', 'punten')}.`,
      scatterMultiple: 'Spreidingsdiagram met {numSeries} reeksen.',
      boxplotSingle: `Boxplot met {numPoints} ${plural('numPoints', 'box', 'boxen')}.`,
      boxplotMultiple: 'Boxplot met {numSeries} reeksen.',
      bubbleSingle: `Bellendiagram met {numPoints} ${plural('numPoints', 'bel', 'bellen')}.`,
      bubbleMultiple: 'Bellendiagram met {numSeries} reeksen.',
    },
    seriesTypeDescriptions: {
      boxplot: 'Een boxplot toont groepen statistische gegevens: per punt minimum, eerste kwartiel, mediaan, derde kwartiel en maximum.',
      arearange: 'Een bereikdiagram toont per punt een bereik tussen een lage en een hoge waarde.',
      areasplinerange: 'Een bereikdiagram toont per punt een bereik tussen een lage en een hoge waarde.',
      bubble: 'Een bellendiagram is een spreidingsdiagram waarin elk punt ook een grootte heeft.',
      columnrange: 'Een staafbereikdiagram toont per punt een bereik tussen een lage en een hoge waarde.',
      errorbar: 'Foutbalken tonen de spreiding van de gegevens.',
      funnel: 'Een trechterdiagram toont hoe gegevens per stap afnemen.',
      pyramid: 'Een piramidediagram is één piramide met lagen naar de waarde van elk punt.',
      waterfall: 'Een watervaldiagram is een staafdiagram waarin elke staaf bijdraagt aan een eindtotaal.',
    },
    axis: {
      xAxisDescriptionSingular: 'De X-as toont {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural: 'De grafiek heeft {numAxes} X-assen: {#each names}{#unless @first},{/unless}{#if @last} en{/if} {this}{/each}.',
      yAxisDescriptionSingular: 'De Y-as toont {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural: 'De grafiek heeft {numAxes} Y-assen: {#each names}{#unless @first},{/unless}{#if @last} en{/if} {this}{/each}.',
      timeRangeDays: 'Periode: {range} dagen.',
      timeRangeHours: 'Periode: {range} uur.',
      timeRangeMinutes: 'Periode: {range} minuten.',
      timeRangeSeconds: 'Periode: {range} seconden.',
      rangeFromTo: 'De gegevens lopen van {rangeFrom} tot {rangeTo}.',
      rangeCategories: 'Gegevensbereik: {numCategories} categorieën.',
      defaultAxisNames: { categories: 'categorieën', time: 'tijd', values: 'waarden' },
    },
    exporting: { chartMenuLabel: 'Menu van de grafiek', menuButtonLabel: 'Menu van de grafiek openen, {chartTitle}' },
    series: {
      summary: {
        default: `{series.name}, ${seriesOf} met {series.points.length} ${points}.`,
        defaultCombination: `{series.name}, ${seriesOf} met {series.points.length} ${points}.`,
        line: `{series.name}, lijn {seriesNumber} van {chart.series.length} met {series.points.length} ${points}.`,
        lineCombination: `{series.name}, ${seriesOf}. Lijn met {series.points.length} ${points}.`,
        spline: `{series.name}, lijn {seriesNumber} van {chart.series.length} met {series.points.length} ${points}.`,
        splineCombination: `{series.name}, ${seriesOf}. Lijn met {series.points.length} ${points}.`,
        column: `{series.name}, staafreeks {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'staaf', 'staven')}.`,
        columnCombination: `{series.name}, ${seriesOf}. Staafreeks met {series.points.length} ${plural('series.points.length', 'staaf', 'staven')}.`,
        bar: `{series.name}, staafreeks {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'staaf', 'staven')}.`,
        barCombination: `{series.name}, ${seriesOf}. Staafreeks met {series.points.length} ${plural('series.points.length', 'staaf', 'staven')}.`,
        pie: `{series.name}, cirkel {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'segment', 'segmenten')}.`,
        pieCombination: `{series.name}, ${seriesOf}. Cirkel met {series.points.length} ${plural('series.points.length', 'segment', 'segmenten')}.`,
        scatter: `{series.name}, spreiding {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'punt', 'punten')}.`,
        scatterCombination: `{series.name}, ${seriesOf}, spreiding met {series.points.length} ${plural('series.points.length', 'punt', 'punten')}.`,
        boxplot: `{series.name}, boxplot {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'box', 'boxen')}.`,
        boxplotCombination: `{series.name}, ${seriesOf}. Boxplot met {series.points.length} ${plural('series.points.length', 'box', 'boxen')}.`,
        bubble: `{series.name}, bellenreeks {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'bel', 'bellen')}.`,
        bubbleCombination: `{series.name}, ${seriesOf}. Bellenreeks met {series.points.length} ${plural('series.points.length', 'bel', 'bellen')}.`,
        map: `{series.name}, kaart {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'gebied', 'gebieden')}.`,
        mapCombination: `{series.name}, ${seriesOf}. Kaart met {series.points.length} ${plural('series.points.length', 'gebied', 'gebieden')}.`,
        mapline: `{series.name}, lijn {seriesNumber} van {chart.series.length} met {series.points.length} ${points}.`,
        maplineCombination: `{series.name}, ${seriesOf}. Lijn met {series.points.length} ${points}.`,
        mapbubble: `{series.name}, bellenreeks {seriesNumber} van {chart.series.length} met {series.points.length} ${plural('series.points.length', 'bel', 'bellen')}.`,
        mapbubbleCombination: `{series.name}, ${seriesOf}. Bellenreeks met {series.points.length} ${plural('series.points.length', 'bel', 'bellen')}.`,
      },
      description: '{description}',
      xAxisDescription: 'X-as, {name}',
      yAxisDescription: 'Y-as, {name}',
      nullPointValue: 'Geen waarde',
      pointAnnotationsDescription: '{#each annotations}Aantekening: {this}{/each}',
    },
  },
} satisfies Highcharts.LangOptions;

/** Once, for every chart of the portal (docs/screens.md, 'Dutch notation'). */
Highcharts.setOptions({
  lang: DUTCH_CHART_TEXTS,
  credits: { enabled: false },
  chart: { style: { fontFamily: 'inherit' }, backgroundColor: 'transparent' },
  title: { text: undefined },
});

/** docs/screens.md, 'Detail screens': pie colours cycle through six colours (also the bar chart's first four). */
export const CHART_COLOURS = ['#0b4f8a', '#e07b00', '#2e7d32', '#7b1fa2', '#c62828', '#00838f'];

export { Highcharts };
