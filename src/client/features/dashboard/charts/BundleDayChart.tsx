import HighchartsReact from 'highcharts-react-official';
import { useMemo } from 'react';
import { formatDecimal, formatGb } from '../../../../domain/format';
import { CHART_COLOURS, Highcharts } from '../../../components/charts/dutchHighcharts';
import { BUNDLE_CHART_HEIGHT } from './chartHeight';

export interface BundleDayChartProps {
  /** Every day of the month so far: ISO date and GB of in-bundle data. */
  days: { day: string; gb: number }[];
  /** What the chart shows, for screen readers. */
  description: string;
}

/** dd-mm-jjjj of an ISO date. */
const dutchDay = (iso: string) => iso.split('-').reverse().join('-');

/**
 * 'Verbruik per dag' (docs/usage.md, 'Where the bundle is going'): a column per day of the month with its in-bundle data in GB, in
 * Dutch notation. The accessibility module reads each column as its date and GB, and its points
 * are reachable by keyboard.
 */
export function BundleDayChart({ days, description }: BundleDayChartProps) {
  const options = useMemo(
    (): Highcharts.Options => ({
      chart: { type: 'column', height: BUNDLE_CHART_HEIGHT },
      colors: CHART_COLOURS,
      accessibility: { description, point: { valueDescriptionFormat: '{point.custom.label}.' } },
      legend: { enabled: false },
      xAxis: { categories: days.map((d) => String(Number(d.day.slice(8, 10)))), title: { text: 'Dag' } },
      yAxis: { min: 0, title: { text: 'GB' }, labels: { formatter: ({ value }) => formatDecimal(Number(value), 2) } },
      tooltip: {
        formatter: function (this: Highcharts.Point) {
          return (this.options.custom as { label: string }).label;
        },
      },
      series: [
        {
          type: 'column',
          name: 'Verbruik',
          data: days.map((d) => ({ y: d.gb, custom: { label: `${dutchDay(d.day)}: ${formatGb(d.gb)}` } })),
        },
      ],
    }),
    [days, description],
  );
  return <HighchartsReact highcharts={Highcharts} options={options} />;
}
