/**
 * Every worked example of docs/costs.md, with the doc's own numbers. A section name here matches
 * a section of the doc.
 */
import { businessTimeToEpoch } from '../time';
import {
  billingCycleMonths,
  bundleOverage,
  costsOfMonth,
  monthsInRange,
  monthsTotals,
  monthTotals,
  priceAt,
  proRata,
  sumLines,
  totalsByCycle,
  type CostArticle,
  type CostBulkEntry,
  type CostInput,
  type CostLine,
  type CostService,
} from '.';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  businessTimeToEpoch(year, month, day, hour, minute);

const article = (fields: Partial<CostArticle> = {}): CostArticle => ({
  id: 1,
  name: 'Zakelijk Mobiel',
  productgroup: 'Mobiele telefonie',
  billingCycleId: 1,
  price: '31.00',
  setupPrice: '0.00',
  priceHistory: [],
  ...fields,
});

const service = (fields: Partial<CostService> = {}): CostService => ({
  id: 1,
  articleId: 1,
  startTime: at(2024, 1, 1, 12),
  endTime: null,
  price: null,
  setupPrice: null,
  firstname: 'Anna',
  lastname: 'de Vries',
  ...fields,
});

const input = (articles: CostArticle[], services: CostService[], bulkEntries: CostBulkEntry[] = []): CostInput => ({
  articles,
  services,
  bulkEntries,
});

/** Lines as [kind, service id (null for bulk), quantity, total] for compact expectations. */
const brief = (lines: readonly CostLine[]) => lines.map((l) => [l.kind, l.service_id, l.quantity, l.total_price]);

const costsIn = (data: CostInput, year: number, month: number) => costsOfMonth(data, { year, month });

describe('1. Active days', () => {
  it('started on the 11th, ended on the 20th: active 11-19, 9 of 31 days: 31.00 x 9 / 31 = 9.00', () => {
    const data = input([article()], [service({ startTime: at(2025, 3, 11, 9), endTime: at(2025, 3, 20, 15) })]);
    expect(brief(costsIn(data, 2025, 3).costs)).toEqual([['full', 1, 1, '9.00']]);
  });

  it('counts days in Amsterdam: 10 January 23:30 UTC is 11 January 00:30, 21 days: 21.00', () => {
    const startTime = Date.UTC(2025, 0, 10, 23, 30) / 1000;
    expect(startTime).toBe(at(2025, 1, 11, 0, 30));
    const data = input([article()], [service({ startTime })]);
    expect(brief(costsIn(data, 2025, 1).costs)).toEqual([['full', 1, 1, '21.00']]);
  });

  it('the 23-hour day of the daylight-saving switch is one day: started 30 March, 2 days: 2.00', () => {
    const data = input([article()], [service({ startTime: at(2025, 3, 30, 12) })]);
    expect(brief(costsIn(data, 2025, 3).costs)).toEqual([['full', 1, 1, '2.00']]);
  });

  it('ended on 27 October (after the 25-hour day): active 1-26, 26 days: 26.00', () => {
    const data = input([article()], [service({ endTime: at(2025, 10, 27, 10) })]);
    expect(brief(costsIn(data, 2025, 10).costs)).toEqual([['full', 1, 1, '26.00']]);
  });

  it('started and ended on the same day: no active day, so no periodic or full line', () => {
    const data = input([article()], [service({ startTime: at(2025, 3, 11, 9), endTime: at(2025, 3, 11, 17) })]);
    expect(costsIn(data, 2025, 3).costs).toEqual([]);
  });
});

describe('2. Billing periods', () => {
  it('maps cycle ids to months', () => {
    expect([1, 2, 3, 4].map(billingCycleMonths)).toEqual([1, 3, 6, 12]);
    expect(() => billingCycleMonths(5)).toThrow(RangeError);
  });

  it('lists months inclusive and ascending, across a year end; empty when from is after to', () => {
    expect(monthsInRange({ year: 2024, month: 11 }, { year: 2025, month: 2 })).toEqual([
      { year: 2024, month: 11 },
      { year: 2024, month: 12 },
      { year: 2025, month: 1 },
      { year: 2025, month: 2 },
    ]);
    expect(monthsInRange({ year: 2025, month: 3 }, { year: 2025, month: 2 })).toEqual([]);
  });
});

describe('3. Price for a month', () => {
  const history = [
    { fromTime: at(2024, 10, 1), price: '90.00', setupPrice: '30.00' },
    { fromTime: at(2025, 2, 15), price: '120.00', setupPrice: '45.00' },
    { fromTime: at(2025, 4, 1), price: '150.00', setupPrice: '60.00' },
  ];
  const quarterly = article({ billingCycleId: 2, price: '150.00', setupPrice: '60.00', priceHistory: history });
  const monthly = article({ billingCycleId: 1, price: '150.00', setupPrice: '60.00', priceHistory: history });

  it('quarterly, May 2025: valid on 1 January 2025 00:00 (start of Q1): 90.00, setup 30.00', () => {
    expect(priceAt(quarterly, { year: 2025, month: 5 })).toEqual({ price: '90.00', setupPrice: '30.00' });
  });

  it('quarterly, August 2025: valid on 1 April 2025 00:00, an entry from that very instant: 150.00', () => {
    expect(priceAt(quarterly, { year: 2025, month: 8 })).toEqual({ price: '150.00', setupPrice: '60.00' });
  });

  it('monthly, March 2025: valid on 1 February: 90.00; April 2025: valid on 1 March: 120.00', () => {
    expect(priceAt(monthly, { year: 2025, month: 3 }).price).toBe('90.00');
    expect(priceAt(monthly, { year: 2025, month: 4 }).price).toBe('120.00');
  });

  it('half-yearly, May 2025: valid on 1 July 2024 (start of H2 2024): none yet, so the earliest: 90.00', () => {
    expect(priceAt({ ...quarterly, billingCycleId: 3 }, { year: 2025, month: 5 }).price).toBe('90.00');
  });

  it('no entry valid yet: the earliest entry; empty history: the article price', () => {
    const late = article({ priceHistory: [{ fromTime: at(2025, 6, 1), price: '40.00', setupPrice: '10.00' }] });
    expect(priceAt(late, { year: 2025, month: 6 })).toEqual({ price: '40.00', setupPrice: '10.00' });
    expect(priceAt(article({ price: '31.00', setupPrice: '5.00' }), { year: 2025, month: 6 })).toEqual({
      price: '31.00',
      setupPrice: '5.00',
    });
  });

  it('entries with the same from time: the later one in the list wins', () => {
    const twice = article({
      priceHistory: [
        { fromTime: at(2025, 1, 1), price: '10.00', setupPrice: '0.00' },
        { fromTime: at(2025, 1, 1), price: '11.00', setupPrice: '0.00' },
      ],
    });
    expect(priceAt(twice, { year: 2025, month: 3 }).price).toBe('11.00');
  });

  it('a quarterly service in May 2025 costs 90.00 / 3 = 30.00; its own price 75.00 gives 25.00', () => {
    const data = input([quarterly], [service(), service({ id: 2, price: '75.00' })]);
    expect(brief(costsIn(data, 2025, 5).costs)).toEqual([
      ['periodic', 1, 1, '30.00'],
      ['periodic', 2, 1, '25.00'],
    ]);
    expect(costsIn(data, 2025, 5).costs[0].price).toBe('90.00');
  });

  it('the setup price follows the same rule: a quarterly service started 12 May 2025 pays 30.00', () => {
    const data = input([quarterly], [service({ startTime: at(2025, 5, 12, 12) })]);
    const setup = costsIn(data, 2025, 5).costs.find((l) => l.kind === 'setup');
    expect(setup).toMatchObject({ price: '30.00', total_price: '30.00' });
  });

  it("the service's own setup price overrides the article's", () => {
    const data = input([quarterly], [service({ startTime: at(2025, 5, 12, 12), setupPrice: '0.50' })]);
    const setup = costsIn(data, 2025, 5).costs.find((l) => l.kind === 'setup');
    expect(setup).toMatchObject({ price: '0.50', total_price: '0.50' });
  });
});

describe('4. Monthly rate', () => {
  it('quarterly 100.00: 33.333... -> 33.33; yearly 120.00: 10.00; half-yearly 59.97: 9.995 -> 10.00 (half-up)', () => {
    const data = input(
      [
        article({ id: 1, billingCycleId: 2, price: '100.00' }),
        article({ id: 2, billingCycleId: 4, price: '120.00' }),
        article({ id: 3, billingCycleId: 3, price: '59.97' }),
      ],
      [service({ id: 1, articleId: 1 }), service({ id: 2, articleId: 2 }), service({ id: 3, articleId: 3 })],
    );
    expect(brief(costsIn(data, 2025, 2).costs).map((l) => l[3])).toEqual(['33.33', '10.00', '10.00']);
  });
});

/** The February 2025 example of the doc (28 days). */
const february = () =>
  input(
    [
      article({ id: 1, name: 'Zakelijk Mobiel', price: '20.00' }),
      article({ id: 2, name: 'Vast Internet', productgroup: 'Connectiviteit', billingCycleId: 2, price: '100.00' }),
      article({ id: 3, name: 'Cloud Werkplek', productgroup: 'Applicaties', price: '15.00', setupPrice: '25.00' }),
      article({ id: 4, name: 'Microsoft 365', productgroup: 'Applicaties', price: '5.00' }),
    ],
    [
      service({ id: 1, articleId: 1 }),
      service({ id: 2, articleId: 2 }),
      service({ id: 3, articleId: 3, startTime: at(2025, 2, 11, 12) }),
      service({ id: 4, articleId: 1, endTime: at(2025, 2, 20, 12) }),
    ],
    [{ articleId: 4, amount: 4, time: at(2025, 1, 1, 12) }],
  );

describe('5. Costs of a month (February 2025)', () => {
  it('gives periodic, full and setup lines per service and the bulk line', () => {
    expect(brief(costsIn(february(), 2025, 2).costs)).toEqual([
      ['periodic', 1, 1, '20.00'],
      ['periodic', 2, 1, '33.33'],
      ['full', 3, 1, '9.64'],
      ['setup', 3, 1, '25.00'],
      ['full', 4, 1, '13.57'],
      ['periodic', null, 4, '20.00'],
    ]);
  });

  it('adds up to the cent: periodic 73.33 + full 23.21 + setup 25.00 = 121.54 (not 121.55)', () => {
    const { costs } = costsIn(february(), 2025, 2);
    const totals = totalsByCycle(costs);
    expect(totals.get(1)).toEqual({ periodic: '40.00', full: '23.21', setup: '25.00' });
    expect(totals.get(2)).toEqual({ periodic: '33.33', full: '0.00', setup: '0.00' });
    expect(totals.get(3)).toEqual({ periodic: '0.00', full: '0.00', setup: '0.00' });
    expect(sumLines(costs.filter((l) => l.kind === 'periodic'))).toBe('73.33');
    expect(sumLines(costs)).toBe('121.54');
  });

  it('fills the line fields from the article and the service', () => {
    const line = costsIn(february(), 2025, 2).costs.find((l) => l.service_id === 3 && l.kind === 'full');
    expect(line).toEqual({
      kind: 'full',
      article_id: 3,
      article_name: 'Cloud Werkplek',
      productgroup: 'Applicaties',
      billing_cycle_id: 1,
      service_id: 3,
      firstname: 'Anna',
      lastname: 'de Vries',
      quantity: 1,
      price: '15.00',
      total_price: '9.64',
    });
  });

  it('pro-rata parts of one month add up: ended on the 20th 13.571428... + started on the 20th 6.428571... = 20', () => {
    expect(proRata('20.00', 1, 19, 28).plus(proRata('20.00', 1, 9, 28)).toFixed()).toBe('20');
    const data = input(
      [article({ price: '20.00' })],
      [service({ id: 1, endTime: at(2025, 2, 20, 12) }), service({ id: 2, startTime: at(2025, 2, 20, 12) })],
    );
    expect(brief(costsIn(data, 2025, 2).costs)).toEqual([
      ['full', 1, 1, '13.57'],
      ['full', 2, 1, '6.43'],
    ]);
  });
});

describe('6. Bulk units (April 2025)', () => {
  const entries = [
    { articleId: 1, amount: 5, time: at(2025, 3, 1, 12) },
    { articleId: 1, amount: 3, time: at(2025, 4, 11, 10) },
    { articleId: 1, amount: -2, time: at(2025, 4, 21, 16) },
  ];

  it('5 units every day: periodic 50.00; 40 extra unit-days: 10.00 x 40 / 30 = 13.33, quantity 3', () => {
    const lines = costsIn(input([article({ price: '10.00', setupPrice: '99.00' })], [], entries), 2025, 4).costs;
    expect(brief(lines)).toEqual([
      ['periodic', null, 5, '50.00'],
      ['full', null, 3, '13.33'],
    ]);
    expect(lines[0]).toMatchObject({ article_name: 'Zakelijk Mobiel', firstname: null, lastname: null, price: '10.00' });
  });

  it('entries count in time order whatever their order in the input, and never below 0', () => {
    const shuffled = [entries[2], entries[0], entries[1], { articleId: 1, amount: -9, time: at(2025, 4, 26, 9) }];
    const lines = costsIn(input([article({ price: '10.00' })], [], shuffled), 2025, 4).costs;
    // Days 1-10: 5, 11-20: 8, 21-25: 6, 26-30: 0 (6 - 9 counts as 0): 5x10 + 8x10 + 6x5 = 160 unit-days.
    expect(brief(lines)).toEqual([['full', null, 8, '53.33']]);
  });
});

describe('7. Invoice (Q2 2025, quarterly 90.00, rate 30.00)', () => {
  const quarterly = article({ billingCycleId: 2, price: '90.00', setupPrice: '12.00' });
  const q2 = () =>
    input(
      [quarterly],
      [
        service({ id: 1 }),
        service({ id: 2, startTime: at(2025, 5, 11, 12) }),
        service({ id: 3, startTime: at(2025, 6, 1, 9) }),
        service({ id: 4, endTime: at(2025, 5, 16, 12) }),
        service({ id: 5, endTime: at(2025, 4, 11, 12) }),
      ],
    );

  it('April: A the whole period 90.00; D 30.00 + 30.00 x 15 / 31 = 44.52; E 30.00 x 10 / 30 = 10.00', () => {
    expect(brief(costsIn(q2(), 2025, 4).invoice)).toEqual([
      ['periodic', 1, 1, '90.00'],
      ['full', 4, 1, '44.52'],
      ['full', 5, 1, '10.00'],
    ]);
  });

  it('May: B 30.00 x 21 / 31 + 30.00 = 50.32 and its setup; June: C 30.00 (full) and its setup', () => {
    expect(brief(costsIn(q2(), 2025, 5).invoice)).toEqual([
      ['full', 2, 1, '50.32'],
      ['setup', 2, 1, '12.00'],
    ]);
    expect(brief(costsIn(q2(), 2025, 6).invoice)).toEqual([
      ['full', 3, 1, '30.00'],
      ['setup', 3, 1, '12.00'],
    ]);
  });

  it('the costs of the same services month by month add up to the same per service', () => {
    const [april, may, june] = [4, 5, 6].map((m) => costsIn(q2(), 2025, m).costs);
    expect(brief(april)).toEqual([
      ['periodic', 1, 1, '30.00'],
      ['periodic', 4, 1, '30.00'],
      ['full', 5, 1, '10.00'],
    ]);
    expect(brief(may)).toEqual([
      ['periodic', 1, 1, '30.00'],
      ['full', 2, 1, '20.32'],
      ['setup', 2, 1, '12.00'],
      ['full', 4, 1, '14.52'],
    ]);
    expect(brief(june)).toEqual([
      ['periodic', 1, 1, '30.00'],
      ['periodic', 2, 1, '30.00'],
      ['periodic', 3, 1, '30.00'],
      ['setup', 3, 1, '12.00'],
    ]);
  });

  it('an end date registered after April was billed changes the recomputed April line: 90.00 -> 44.52', () => {
    const before = input([quarterly], [service({ id: 4 })]);
    const after = input([quarterly], [service({ id: 4, endTime: at(2025, 5, 16, 12) })]);
    expect(brief(costsIn(before, 2025, 4).invoice)).toEqual([['periodic', 4, 1, '90.00']]);
    expect(brief(costsIn(after, 2025, 4).invoice)).toEqual([['full', 4, 1, '44.52']]);
  });

  it('yearly 120.00 active all year: invoiced 120.00 in January only, costs 10.00 every month', () => {
    const data = input([article({ billingCycleId: 4, price: '120.00' })], [service()]);
    const year = monthsInRange({ year: 2025, month: 1 }, { year: 2025, month: 12 }).map((m) => costsOfMonth(data, m));
    expect(year.map((m) => sumLines(m.invoice))).toEqual(['120.00', ...Array(11).fill('0.00')]);
    expect(year.map((m) => sumLines(m.costs))).toEqual(Array(12).fill('10.00'));
  });

  it('monthly articles: the invoice is the costs, line for line', () => {
    const { costs, invoice } = costsIn(february(), 2025, 2);
    expect(invoice.filter((l) => l.billing_cycle_id === 1)).toEqual(costs.filter((l) => l.billing_cycle_id === 1));
  });

  it('bulk: 2 units all quarter 180.00 in April; the unit of 11 May-15 June 30.00 x 21 / 31 + 15.00 = 35.32 in May', () => {
    const entries = [
      { articleId: 1, amount: 2, time: at(2025, 1, 1, 12) },
      { articleId: 1, amount: 1, time: at(2025, 5, 11, 12) },
      { articleId: 1, amount: -1, time: at(2025, 6, 16, 12) },
    ];
    const data = input([quarterly], [], entries);
    expect(brief(costsIn(data, 2025, 4).invoice)).toEqual([['periodic', null, 2, '180.00']]);
    expect(brief(costsIn(data, 2025, 5).invoice)).toEqual([['full', null, 1, '35.32']]);
    expect(costsIn(data, 2025, 6).invoice).toEqual([]);
    expect(brief(costsIn(data, 2025, 5).costs)).toEqual([
      ['periodic', null, 2, '60.00'],
      ['full', null, 1, '20.32'],
    ]);
    expect(brief(costsIn(data, 2025, 6).costs)).toEqual([
      ['periodic', null, 2, '60.00'],
      ['full', null, 1, '15.00'],
    ]);
  });
});

describe('Totals without lines (For developers: how it is computed fast)', () => {
  it('February 2025: the same totals as the lines, cycle 1 periodic 40.00, full 23.21, setup 25.00; cycle 2 periodic 33.33', () => {
    const totals = monthTotals(february(), { year: 2025, month: 2 });
    expect(totals.costs).toEqual(totalsByCycle(costsIn(february(), 2025, 2).costs));
    expect(totals.invoice).toEqual(totalsByCycle(costsIn(february(), 2025, 2).invoice));
    expect(totals.costs.get(1)).toEqual({ periodic: '40.00', full: '23.21', setup: '25.00' });
    expect(totals.costs.get(2)).toEqual({ periodic: '33.33', full: '0.00', setup: '0.00' });
    expect([...totals.costs.keys()]).toEqual([1, 2, 3, 4]);
  });

  it('Q2 2025 invoices (section 7): April periodic 90.00, full 44.52 + 10.00; May full 50.32 + bulk 35.32; June full 30.00', () => {
    const quarterly = article({ billingCycleId: 2, price: '90.00', setupPrice: '12.00' });
    const data = input(
      [quarterly],
      [
        service({ id: 1 }),
        service({ id: 2, startTime: at(2025, 5, 11, 12) }),
        service({ id: 3, startTime: at(2025, 6, 1, 9) }),
        service({ id: 4, endTime: at(2025, 5, 16, 12) }),
        service({ id: 5, endTime: at(2025, 4, 11, 12) }),
      ],
      [
        { articleId: 1, amount: 1, time: at(2025, 5, 11, 12) },
        { articleId: 1, amount: -1, time: at(2025, 6, 16, 12) },
      ],
    );
    const [april, may, june] = monthsTotals(data, monthsInRange({ year: 2025, month: 4 }, { year: 2025, month: 6 }));
    expect(april.invoice.get(2)).toEqual({ periodic: '90.00', full: '54.52', setup: '0.00' });
    expect(may.invoice.get(2)).toEqual({ periodic: '0.00', full: '85.64', setup: '12.00' });
    expect(june.invoice.get(2)).toEqual({ periodic: '0.00', full: '30.00', setup: '12.00' });
    expect(may.costs.get(2)).toEqual({ periodic: '30.00', full: '55.16', setup: '12.00' });
    expect(may.invoice.get(1)).toEqual({ periodic: '0.00', full: '0.00', setup: '0.00' });
  });

  it('refuses a month that is not one, and answers nothing for no months', () => {
    expect(() => monthTotals(february(), { year: 2025, month: 13 })).toThrow(RangeError);
    expect(monthsTotals(february(), [])).toEqual([]);
  });
});

describe('8. Lines of 0.00 are left out', () => {
  it('a setup price of 0 gives no setup line; a free article no lines at all', () => {
    const data = input(
      [article({ id: 1, setupPrice: '0.00' }), article({ id: 2, price: '0.00', setupPrice: '0.00' })],
      [service({ id: 1, startTime: at(2025, 2, 1, 12) }), service({ id: 2, articleId: 2, startTime: at(2025, 2, 1, 12) })],
    );
    expect(brief(costsIn(data, 2025, 2).costs)).toEqual([['periodic', 1, 1, '31.00']]);
  });
});

describe('9. Removed services and missing articles', () => {
  it('a hard-deleted service is gone from past months too: February drops from 121.54 to 86.90', () => {
    const data = february();
    const without = { ...data, services: data.services.filter((s) => s.id !== 3) };
    expect(sumLines(costsIn(data, 2025, 2).costs)).toBe('121.54');
    expect(sumLines(costsIn(without, 2025, 2).costs)).toBe('86.90');
  });

  it('ignores services and bulk entries whose article is not in the input', () => {
    const data = input([article({ id: 1 })], [service({ articleId: 9 })], [{ articleId: 9, amount: 3, time: at(2024, 1, 1) }]);
    expect(costsIn(data, 2025, 2)).toEqual({ month: { year: 2025, month: 2 }, costs: [], invoice: [] });
  });

  it('refuses a month that is not one', () => {
    expect(() => costsOfMonth(february(), { year: 2025, month: 13 })).toThrow(RangeError);
  });
});

describe('10. Usage: group bundle overage', () => {
  it('52.5 GB used of 50 GB at 0.01 per MB: 2.5 x 1024 x 0.01 = 25.60; within the bundle: 0', () => {
    expect(bundleOverage('52.5', '50', '0.01').toFixed()).toBe('25.6');
    expect(bundleOverage('40', '50', '0.01').toFixed()).toBe('0');
    expect(bundleOverage('50.000001', '50', '0.012345').toFixed()).toBe('0.00001264128');
  });
});
