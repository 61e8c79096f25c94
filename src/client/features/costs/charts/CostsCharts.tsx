import { useMediaQuery } from '@mui/material';
import HighchartsReact from 'highcharts-react-official';
import { useMemo } from 'react';
import { formatEuro } from '../../../../domain/format';
import type { Cents, MonthlyChart } from '../costsModel';
import { CHART_HEIGHT, columnChartHeight, PHONE_QUERY } from './chartSize';
import { CHART_COLOURS, Highcharts } from '../../../components/charts/dutchHighcharts';


const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * On a phone the legend items are touch targets (they show and hide a series): each is an HTML
 * label (the series names are the portal's own) whose padding below its text makes it 44 px high
 * (theme's TOUCH_SIZE) and keeps the text level with the symbol, one per line. The chart grows by
 * the legend's extra height, so the columns keep theirs. Chosen before the chart is drawn (not a
 * Highcharts responsive rule, which draws the chart twice: 200-300 ms more blocking time on
 * Lighthouse's phone).
 */
const PHONE_LEGEND: Highcharts.LegendOptions = {
  reversed: true,
  useHTML: true,
  layout: 'vertical',
  itemStyle: { display: 'inline-block', padding: '0 0 24px', lineHeight: '20px' },
  itemMarginBottom: 0,
};

const swatch = (color: unknown) => `<span style="color:${String(color)}">\u25CF</span>`;

export interface ColumnChartProps {
  chart: MonthlyChart;
  /** What the chart shows, for screen readers. */
  description: string;
}

/** docs/screens.md, 'Month overview': the last twelve months with the four cost types stacked. */
export function CostsColumnChart({ chart, description }: ColumnChartProps) {
  const phone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const options = useMemo(
    (): Highcharts.Options => ({
      chart: { type: 'column', height: columnChartHeight(phone) },
      colors: CHART_COLOURS,
      accessibility: { description },
      xAxis: { categories: chart.categories, title: { text: undefined } },
      yAxis: {
        min: 0,
        title: { text: 'Kosten' },
        labels: { formatter: ({ value }) => `€ ${Highcharts.numberFormat(Number(value), 0)}` },
      },
      legend: phone ? PHONE_LEGEND : { reversed: true },
      plotOptions: { column: { stacking: 'normal' } },
      tooltip: {
        shared: true,
        // The month's total is the exact sum of its shown amounts, not the sum of the floats drawn.
        formatter: function (this: Highcharts.Point) {
          const index = this.index;
          const lines = (this.points ?? [this]).map(
            (point) => `${swatch(point.color)} ${escapeHtml(point.series.name)}: <b>${formatEuro(String(point.y ?? 0))}</b>`,
          );
          return [`<b>${chart.categories[index]}</b>`, ...lines, `Totaal: <b>${formatEuro(chart.totals[index])}</b>`].join('<br/>');
        },
      },
      series: chart.series.map((series) => ({ type: 'column', name: series.name, data: series.data })),
    }),
    [chart, description, phone],
  );
  return <HighchartsReact highcharts={Highcharts} options={options} />;
}

export interface PieSlice {
  name: string;
  amount: Cents;
}

export interface PieChartProps {
  slices: PieSlice[];
  /** The series name in tooltips and descriptions, e.g. "Periodiek". */
  name: string;
  description: string;
}

/** docs/screens.md, 'Detail screens': the shares of a detail screen's rows, colours cycling through six. */
export function CostsPieChart({ slices, name, description }: PieChartProps) {
  const options = useMemo(
    (): Highcharts.Options => ({
      chart: { type: 'pie', height: CHART_HEIGHT },
      colors: CHART_COLOURS,
      accessibility: { description, point: { valueDescriptionFormat: '{point.name}: {point.custom.euro}.' } },
      tooltip: {
        formatter: function (this: Highcharts.Point) {
          const share = Highcharts.numberFormat(this.percentage ?? 0, 1);
          const euro = (this.options.custom as { euro: string }).euro;
          return `${swatch(this.color)} ${escapeHtml(this.name)}: <b>${euro}</b> (${share}%)`;
        },
      },
      plotOptions: { pie: { dataLabels: { enabled: true, format: '{point.name}' } } },
      series: [
        {
          type: 'pie',
          name,
          data: slices.map((slice) => ({ name: slice.name, y: Number(slice.amount), custom: { euro: formatEuro(slice.amount) } })),
        },
      ],
    }),
    [slices, name, description],
  );
  return <HighchartsReact highcharts={Highcharts} options={options} />;
}
