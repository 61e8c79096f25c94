import { Highcharts } from './dutchHighcharts';

/** Every text of an options tree, with its path. */
const textsOf = (value: unknown, path = 'lang'): [string, string][] => {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${path}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${path}.${key}`));
  return [];
};

/** Words of Highcharts' English defaults that no Dutch text has. */
const ENGLISH = /\b(?:Chart|chart|Show|End of|Toggle|series \{|with|data points?|bars?|slices?|axis|axes|View|Play|Select|Zoom chart|Reset|values|categories|Values|Series|Slice|Annotation|Empty|Line|Map|Download|Print|Exit)\b/;

describe("Highcharts' texts (components/charts/dutchHighcharts.ts)", () => {
  const lang = Highcharts.getOptions().lang!;

  it('write numbers and dates the Dutch way', () => {
    expect(lang.decimalPoint).toBe(',');
    expect(lang.thousandsSep).toBe('.');
    expect(lang.accessibility?.thousandsSep).toBe('.');
    expect(lang.months?.[2]).toBe('maart');
    expect(lang.shortMonths?.[2]).toBe('mrt');
    expect(lang.weekdays?.[1]).toBe('maandag');
    expect(Highcharts.numberFormat(1234567.891, 2)).toBe('1.234.567,89');
  });

  it('read the charts to a screen reader in Dutch: the region, the legend, the series, the end', () => {
    const a11y = lang.accessibility!;
    expect(a11y.chartContainerLabel).toBe('{title}. Interactieve grafiek.');
    expect(a11y.svgContainerLabel).toBe('Interactieve grafiek');
    expect(a11y.screenReaderSection?.endOfChartMarker).toBe('Einde van interactieve grafiek.');
    expect(a11y.legend?.legendItem).toBe('Toon {itemName}');
    expect(a11y.legend?.legendLabel).toBe('Legenda: {legendTitle}');
    expect(a11y.zoom?.resetZoomButton).toBe('Zoom herstellen');
    expect(a11y.exporting?.chartMenuLabel).toBe('Menu van de grafiek');
    expect(a11y.series?.nullPointValue).toBe('Geen waarde');
    expect(lang.resetZoom).toBe('Zoom herstellen');
    expect(lang.yAxisTitle).toBe('Waarden');
  });

  it('leave no English text of Highcharts or its accessibility module', () => {
    const english = textsOf(lang).filter(([, text]) => ENGLISH.test(text.replace(/\{[^}]*\}/g, '')));
    expect(english).toEqual([]);
  });

  it("format a chart type's description with Dutch singular and plural", () => {
    const format = (Highcharts as unknown as { i18nFormat(text: string, context: object): string }).i18nFormat;
    const columns = lang.accessibility!.chartTypes!.columnSingle!;
    expect(format(columns, { numPoints: 1 })).toBe('Staafdiagram met 1 staaf.');
    expect(format(columns, { numPoints: 12 })).toBe('Staafdiagram met 12 staven.');
  });
});
