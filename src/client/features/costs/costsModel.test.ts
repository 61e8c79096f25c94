import { Highcharts } from '../../components/charts/dutchHighcharts';
import { fileNameFromDisposition } from './costsApi';
import { chartPeriod } from './costsMonths';
import { compareAmounts, costsPerArticle, monthlyChart, serviceCostsOf, sortBranches, summarizeCosts, usageCategories } from './costsModel';
import { costLine, monthCosts } from './testData';

describe('summarizeCosts', () => {
  it('sums the cycles per kind exactly and totals the shown cents (€ 1,95, where floats make € 1,94)', () => {
    expect(0 + 0.6 + (0.1 + 0.2) + 1.045).toBeLessThan(1.945);
    const summary = summarizeCosts(monthCosts());
    expect(summary.rows.map((row) => [row.label, row.amount])).toEqual([
      ['Periodiek', '0.30'],
      ['Nieuwe aansluitingen', '0.60'],
      ['Set up', '0.00'],
      ['Verbruik', '1.05'],
    ]);
    expect(summary.total).toBe('1.95');
    expect(summary.invoiceDiffers).toBe(false);
  });
});

describe('months', () => {
  // A whole month's range (2024-02-01 .. 2024-02-29) is domain/time's monthRange, tested there.
  it('spans the twelve months of the chart ending at the chosen month', () => {
    expect(chartPeriod({ year: 2026, month: 3 })).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('draws twelve months with Dutch labels, zero for a month without an answer, exact totals', () => {
    const chart = monthlyChart(
      [
        { month: '2026-03', periodic: 0.1, full: 0.2, setup: 0, usage: 0.005 },
        { month: '2025-04', periodic: 1, full: 0, setup: 0, usage: 0 },
      ],
      { year: 2026, month: 3 },
    );
    expect(chart.categories).toEqual([
      'apr 2025', 'mei 2025', 'jun 2025', 'jul 2025', 'aug 2025', 'sep 2025',
      'okt 2025', 'nov 2025', 'dec 2025', 'jan 2026', 'feb 2026', 'mrt 2026',
    ]);
    expect(chart.series.map((series) => series.name)).toEqual(['Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik']);
    expect(chart.series[0].data).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1]);
    expect(chart.totals.at(-1)).toBe('0.31');
    expect(chart.totals[1]).toBe('0.00');
  });
});

describe('detail rows', () => {
  it('groups lines per article, counting bulk units, leaving out lines at or below zero', () => {
    const rows = costsPerArticle([
      costLine({ service_id: null, quantity: 20, total_price: 100 }),
      costLine({ service_id: 1, total_price: 0.1 }),
      costLine({ service_id: 2, article_id: 2, article_name: 'B', total_price: 0 }),
    ]);
    expect(rows).toEqual([
      { articleId: 12, articleName: 'Zakelijk Onbeperkt 10GB', productgroup: 'Mobiele telefonie', services: 21, amount: '100.10' },
    ]);
  });

  it("lists an article's services highest first, then by surname the Dutch way ('de Boer' under B)", () => {
    const rows = serviceCostsOf(
      [
        costLine({ service_id: 1, firstname: 'Piet', lastname: 'de Boer', total_price: 10 }),
        costLine({ service_id: 2, firstname: 'Émile', lastname: 'Zwart', total_price: 20 }),
        costLine({ service_id: 3, firstname: 'Anna', lastname: 'Bakker', total_price: 10 }),
        costLine({ service_id: 4, firstname: 'Zoë', lastname: 'van der Aa', total_price: 10 }),
        costLine({ service_id: 5, firstname: 'Kees', lastname: 'Claessen', total_price: 10 }),
      ],
      12,
    );
    expect(rows.map((row) => row.lastname)).toEqual(['Zwart', 'van der Aa', 'Bakker', 'de Boer', 'Claessen']);
  });

  it('names the usage categories, highest first', () => {
    expect(usageCategories({ sms: 0.5, data: 2, voice: 0, bundle: 3, roaming: 1 }).map((row) => row.label)).toEqual([
      'Groepsbundel',
      'Data',
      'Roaming',
      'SMS',
    ]);
  });
});

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="2026-04-facturatie-input.csv"', '2026-04-facturatie-input.csv'],
    ['attachment; filename=2026-04-facturatie-input.csv', '2026-04-facturatie-input.csv'],
    ["attachment; filename=\"x.csv\"; filename*=UTF-8''2026-04%20factuur.csv", '2026-04 factuur.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s gives %s', (header, name) => {
    expect(fileNameFromDisposition(header)).toBe(name);
  });
});

describe('Highcharts for the costs screens', () => {
  it('writes numbers in Dutch notation', () => {
    expect(Highcharts.numberFormat(1234.5, 2)).toBe('1.234,50');
  });
});

describe("Groepsoverzicht's order", () => {
  const branch = (name: string, total: number) => ({ name, periodic: 0, full: 0, setup: 0, usage: 0, total });

  it('compares amounts to the cent, not as floats', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as a float: the same 30 cents as 0.3.
    expect(compareAmounts(0.1 + 0.2, 0.3)).toBe(0);
    expect(compareAmounts(1245, 148.6)).toBe(1);
    expect(compareAmounts(-0.01, 0)).toBe(-1);
    expect(compareAmounts(9007199254740.99, 9007199254740.98)).toBe(1);
  });

  it('sorts by an amount, equal amounts by name A-Z either way, and by name the Dutch way', () => {
    const rows = [branch('Zuid', 10), branch('Oost', 0.1 + 0.2), branch('Noord', 0.3), branch('ijmond', 5)];
    expect(sortBranches(rows, 'totaal', 'desc').map((b) => b.name)).toEqual(['Zuid', 'ijmond', 'Noord', 'Oost']);
    expect(sortBranches(rows, 'totaal', 'asc').map((b) => b.name)).toEqual(['Noord', 'Oost', 'ijmond', 'Zuid']);
    expect(sortBranches(rows, 'vestiging', 'asc').map((b) => b.name)).toEqual(['ijmond', 'Noord', 'Oost', 'Zuid']);
  });
});
