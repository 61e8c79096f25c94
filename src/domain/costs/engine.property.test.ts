/**
 * Properties of the cost engine over generated catalogues, services and bulk entries
 * (docs/costs.md). Tolerances are stated where rounding each line to cents makes sums differ
 * from the exact amounts: a line is off by at most half a cent.
 */
import fc from 'fast-check';
import { Decimal } from '../money';
import { businessTimeToEpoch } from '../time';
import {
  billingCycleMonths,
  CostCache,
  costsOfMonth,
  monthsInRange,
  monthsTotals,
  monthTotals,
  proRata,
  sumLines,
  totalsByCycle,
  type CostArticle,
  type CostInput,
  type CostLine,
  type CostMonth,
  type CostService,
  type KindTotals,
} from '.';

const FROM = businessTimeToEpoch(2024, 1, 1);
const TO = businessTimeToEpoch(2026, 12, 31);
const YEAR_2025 = monthsInRange({ year: 2025, month: 1 }, { year: 2025, month: 12 });

/** A non-negative amount with up to 6 decimals, below 1,000 euros. */
const amount = fc.integer({ min: 0, max: 999_999_999 }).map((n) => new Decimal(n).div(1e6).toFixed());
const time = fc.integer({ min: FROM, max: TO });
const month: fc.Arbitrary<CostMonth> = fc.record({ year: fc.constant(2025), month: fc.integer({ min: 1, max: 12 }) });

const articleArb = (id: number): fc.Arbitrary<CostArticle> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constant(`Artikel ${id}`),
    productgroup: fc.constant('Mobiele telefonie'),
    billingCycleId: fc.integer({ min: 1, max: 4 }),
    price: amount,
    setupPrice: amount,
    priceHistory: fc.array(fc.record({ fromTime: time, price: amount, setupPrice: amount }), { maxLength: 3 }),
  });

const serviceArb = (articles: number) =>
  fc
    .record({
      articleId: fc.integer({ min: 1, max: articles }),
      startTime: time,
      length: fc.option(fc.integer({ min: 0, max: 500 * 86_400 }), { nil: null }),
      price: fc.option(amount, { nil: null }),
      setupPrice: fc.option(amount, { nil: null }),
    })
    .map(({ length, ...s }) => ({ ...s, endTime: length === null ? null : s.startTime + length }));

const inputArb: fc.Arbitrary<CostInput> = fc
  .integer({ min: 1, max: 3 })
  .chain((articles) =>
    fc.record({
      articles: fc.tuple(...Array.from({ length: articles }, (_, i) => articleArb(i + 1))),
      services: fc.array(serviceArb(articles), { maxLength: 8 }),
      bulkEntries: fc.array(
        fc.record({ articleId: fc.integer({ min: 1, max: articles }), amount: fc.integer({ min: -5, max: 10 }), time }),
        { maxLength: 6 },
      ),
    }),
  )
  .map(({ articles, services, bulkEntries }) => ({
    articles,
    services: services.map(
      (s, i): CostService => ({ ...s, id: i + 1, firstname: 'Sem', lastname: `Visser ${i + 1}` }),
    ),
    bulkEntries,
  }));

const cents = (value: Decimal.Value) => new Decimal(value).times(100);

describe('cost engine properties', () => {
  it('totals are the sums of their lines, per cycle and kind and overall', () => {
    fc.assert(
      fc.property(inputArb, month, (input, m) => {
        const { costs, invoice } = costsOfMonth(input, m);
        for (const lines of [costs, invoice]) {
          let overall = new Decimal(0);
          for (const [cycle, totals] of totalsByCycle(lines)) {
            for (const kind of ['setup', 'full', 'periodic'] as const) {
              const own = lines.filter((l) => l.billing_cycle_id === cycle && l.kind === kind);
              expect(totals[kind]).toBe(sumLines(own));
              overall = overall.plus(totals[kind]);
            }
          }
          expect(overall.toFixed(2)).toBe(sumLines(lines));
        }
      }),
    );
  });

  it('pro-rata parts split on day d add up to the monthly rate: unrounded within 1e-20, rounded lines within 1 cent', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 4 }), month, fc.integer({ min: 2, max: 28 }), (price, cycle, m, d) => {
        const cycleMonths = billingCycleMonths(cycle);
        const days = new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
        const rate = new Decimal(price).div(cycleMonths);
        const parts = proRata(price, cycleMonths, d - 1, days).plus(proRata(price, cycleMonths, days - d + 1, days));
        expect(parts.minus(rate).abs().lte('1e-20')).toBe(true);

        const split = businessTimeToEpoch(m.year, m.month, d, 12);
        const article: CostArticle = {
          id: 1,
          name: 'A',
          productgroup: 'G',
          billingCycleId: cycle,
          price,
          setupPrice: '0',
          priceHistory: [],
        };
        const service = { articleId: 1, price: null, setupPrice: null, firstname: null, lastname: null };
        const { costs } = costsOfMonth(
          {
            articles: [article],
            services: [
              { ...service, id: 1, startTime: FROM, endTime: split },
              { ...service, id: 2, startTime: split, endTime: null },
            ],
            bulkEntries: [],
          },
          m,
        );
        const shown = costs.filter((l) => l.kind === 'full');
        expect(cents(sumLines(shown)).minus(cents(rate)).abs().lte(1)).toBe(true);
      }),
    );
  });

  it('a service active all year is invoiced 12 / L times the period price, and costs 12 monthly rates', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 4 }), (price, cycle) => {
        const cycleMonths = billingCycleMonths(cycle);
        const input: CostInput = {
          articles: [{ id: 1, name: 'A', productgroup: 'G', billingCycleId: cycle, price, setupPrice: '0', priceHistory: [] }],
          services: [
            { id: 1, articleId: 1, startTime: FROM, endTime: null, price: null, setupPrice: null, firstname: null, lastname: null },
          ],
          bulkEntries: [],
        };
        const year = YEAR_2025.map((m) => costsOfMonth(input, m));
        const invoiced = year.flatMap((m) => m.invoice);
        const periods = 12 / cycleMonths;
        // Each period is one periodic line of the period price rounded once, in the period's first month.
        const billed = new Decimal(price).toDecimalPlaces(2).isZero() ? 0 : periods;
        expect(invoiced.map((l) => l.kind)).toEqual(Array(billed).fill('periodic'));
        expect(year.map((m) => m.invoice.length > 0)).toEqual(YEAR_2025.map((m) => billed > 0 && (m.month - 1) % cycleMonths === 0));
        expect(sumLines(invoiced)).toBe(new Decimal(price).toDecimalPlaces(2).times(periods).toFixed(2));
        // Twelve periodic cost lines of the monthly rate: within half a cent per line of 12 x rate.
        const exactYear = new Decimal(price).times(periods);
        expect(cents(sumLines(year.flatMap((m) => m.costs))).minus(cents(exactYear)).abs().lte(6)).toBe(true);
        expect(cents(sumLines(invoiced)).minus(cents(exactYear)).abs().lte(periods / 2)).toBe(true);
      }),
    );
  });

  it("a period's invoice equals its costs, per service and for bulk, within half a cent per line", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const year = YEAR_2025.map((m) => costsOfMonth(input, m));
        for (const article of input.articles) {
          const cycleMonths = billingCycleMonths(article.billingCycleId);
          for (let first = 0; first < 12; first += cycleMonths) {
            const period = year.slice(first, first + cycleMonths);
            const own = (lines: CostLine[]) => lines.filter((l) => l.article_id === article.id && l.kind !== 'setup');
            const costs = period.flatMap((m) => own(m.costs));
            const invoice = period.flatMap((m) => own(m.invoice));
            const difference = cents(sumLines(costs)).minus(cents(sumLines(invoice))).abs();
            expect(difference.lte((costs.length + invoice.length) / 2)).toBe(true);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('is deterministic and leaves its input untouched', () => {
    fc.assert(
      fc.property(inputArb, month, (input, m) => {
        const copy = structuredClone(input);
        const first = costsOfMonth(input, m);
        const second = costsOfMonth(input, m);
        expect(second).toEqual(first);
        expect(input).toEqual(copy);
      }),
    );
  });

  it('never gives a negative or zero line, nor a quantity below 1', () => {
    fc.assert(
      fc.property(inputArb, month, (input, m) => {
        const { costs, invoice } = costsOfMonth(input, m);
        for (const line of [...costs, ...invoice]) {
          expect(new Decimal(line.total_price).gt(0)).toBe(true);
          expect(line.total_price).toMatch(/^\d+\.\d\d$/);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });
});

/** A time near the months checked below, often in the middle of a day and of a month. */
const nearTime = fc.oneof(
  time,
  fc
    .record({ month: fc.integer({ min: 0, max: 15 }), day: fc.integer({ min: 1, max: 28 }), hour: fc.integer({ min: 0, max: 23 }) })
    .map(({ month: n, day, hour }) => businessTimeToEpoch(2024 + Math.floor((10 + n) / 12), ((10 + n) % 12) + 1, day, hour)),
);

/**
 * Inputs for comparing the totals path with the lines: all four cycles, own prices and setup
 * prices (often shared, so services group), price history, bulk entries, starts and ends in the
 * middle of months, services and bulk entries of an article that is not in the input, and now and
 * then two articles with one id.
 */
const mixedInputArb: fc.Arbitrary<CostInput> = fc
  .integer({ min: 1, max: 5 })
  .chain((articles) =>
    fc.record({
      articles: fc.tuple(...Array.from({ length: articles }, (_, i) => articleArb(i + 1))),
      services: fc.array(
        fc.record({
          articleId: fc.integer({ min: 1, max: articles + 1 }),
          startTime: nearTime,
          endTime: fc.option(nearTime, { nil: null }),
          price: fc.option(fc.oneof(fc.constantFrom('10', '59.97', '0.005'), amount), { nil: null }),
          setupPrice: fc.option(fc.oneof(fc.constantFrom('0', '25'), amount), { nil: null }),
          // Copies a few minutes later: services that count alike, so totals multiply counts.
          copies: fc.integer({ min: 0, max: 3 }),
        }),
        { maxLength: 16 },
      ),
      bulkEntries: fc.array(
        fc.record({ articleId: fc.integer({ min: 1, max: articles + 1 }), amount: fc.integer({ min: -5, max: 10 }), time: nearTime }),
        { maxLength: 12 },
      ),
      // Now and then two articles with one id: the later one's plan counts, in both paths.
      duplicateId: fc.boolean(),
    }),
  )
  .map(({ articles, services, bulkEntries, duplicateId }) => ({
    articles: duplicateId && articles.length > 1 ? [...articles.slice(0, -1), { ...articles[articles.length - 1], id: 1 }] : articles,
    services: services
      .flatMap(({ copies, ...s }) =>
        Array.from({ length: copies + 1 }, (_, k) => ({ ...s, startTime: s.startTime + k * 60, endTime: s.endTime === null ? null : s.endTime + k * 60 })),
      )
      .map((s, i): CostService => ({ ...s, id: i + 1, firstname: null, lastname: null })),
    bulkEntries,
  }));

const CHECKED_MONTHS = monthsInRange({ year: 2024, month: 11 }, { year: 2026, month: 2 });

/** Per billing cycle 1-4 and kind, the exact sum of the lines' `total_price`, added here in decimals. */
const sumsOfLines = (lines: readonly CostLine[]) =>
  [1, 2, 3, 4].map((cycle) =>
    (['setup', 'full', 'periodic'] as const).map((kind) =>
      lines
        .filter((l) => l.billing_cycle_id === cycle && l.kind === kind)
        .reduce((sum, l) => sum.plus(l.total_price), new Decimal(0))
        .toFixed(2),
    ),
  );

const sumsOfTotals = (totals: Map<number, KindTotals>) =>
  [1, 2, 3, 4].map((cycle) => (['setup', 'full', 'periodic'] as const).map((kind) => totals.get(cycle)![kind]));

/**
 * The contract between the engine's two paths: the totals path (`monthsTotals`, `monthTotals`)
 * answers, for any input and months, exactly what the line path's lines add up to.
 */
describe('totals equal the sum of the lines (monthsTotals against costsOfMonth)', () => {
  it('for any input and months, monthsTotals is totalsByCycle of costsOfMonth, costs and invoice, to the cent', () => {
    fc.assert(
      fc.property(mixedInputArb, fc.array(fc.constantFrom(...CHECKED_MONTHS), { minLength: 1, maxLength: 6 }), (input, months) => {
        const copy = structuredClone(input);
        const totals = monthsTotals(input, months);
        expect(totals).toHaveLength(months.length);
        months.forEach((m, i) => {
          const { costs, invoice } = costsOfMonth(input, m);
          expect(totals[i].costs).toEqual(totalsByCycle(costs));
          expect(totals[i].invoice).toEqual(totalsByCycle(invoice));
          expect([...totals[i].costs.keys()]).toEqual([1, 2, 3, 4]);
          // The same figures added up from the lines here, apart from the engine's own summing.
          expect(sumsOfTotals(totals[i].costs)).toEqual(sumsOfLines(costs));
          expect(sumsOfTotals(totals[i].invoice)).toEqual(sumsOfLines(invoice));
        });
        expect(monthTotals(input, months[0])).toEqual(totals[0]);
        expect(input).toEqual(copy);
      }),
      { numRuns: 300 },
    );
  });
});

describe('collapsed services (CostService.count)', () => {
  it('N identical services and one with count N give the same totals, month by month', () => {
    fc.assert(
      fc.property(
        mixedInputArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 16 }),
        fc.array(fc.constantFrom(...CHECKED_MONTHS), { minLength: 1, maxLength: 6 }),
        (input, counts, months) => {
          // Service i stands for counts[i] identical services (with their own ids) or is one row with that count.
          const countOf = (i: number) => counts[i % counts.length];
          const copies = input.services.flatMap((s, i) =>
            Array.from({ length: countOf(i) }, (_, k): CostService => ({ ...s, id: s.id * 100 + k })),
          );
          const collapsed = input.services.map((s, i): CostService => ({ ...s, count: countOf(i) }));
          const expected = monthsTotals({ ...input, services: copies }, months);
          expect(monthsTotals({ ...input, services: collapsed }, months)).toEqual(expected);
          // And they are the totals of the lines of the copies.
          months.forEach((m, i) => {
            const lines = costsOfMonth({ ...input, services: copies }, m);
            expect(expected[i].costs).toEqual(totalsByCycle(lines.costs));
            expect(expected[i].invoice).toEqual(totalsByCycle(lines.invoice));
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('count 1 is the default; lines take only count 1, and a count must be a positive integer', () => {
    const article: CostArticle = { id: 1, name: 'A', productgroup: 'G', billingCycleId: 1, price: '10', setupPrice: '0', priceHistory: [] };
    const service: CostService = { id: 1, articleId: 1, startTime: FROM, endTime: null, price: null, setupPrice: null, firstname: null, lastname: null };
    const m = { year: 2025, month: 5 };
    const input = (s: CostService): CostInput => ({ articles: [article], services: [s], bulkEntries: [] });
    expect(monthTotals(input({ ...service, count: 1 }), m)).toEqual(monthTotals(input(service), m));
    expect(costsOfMonth(input({ ...service, count: 1 }), m)).toEqual(costsOfMonth(input(service), m));
    expect(monthTotals(input({ ...service, count: 3 }), m).costs.get(1)!.periodic).toBe('30.00');
    expect(() => costsOfMonth(input({ ...service, count: 2 }), m)).toThrow(RangeError);
    for (const count of [0, -1, 1.5, NaN]) expect(() => monthTotals(input({ ...service, count }), m)).toThrow(RangeError);
  });
});

describe('a cache shared by calls (CostCache)', () => {
  it('never changes an answer: lines and totals with a cache full of other inputs equal those of a fresh call', () => {
    fc.assert(
      fc.property(
        mixedInputArb,
        mixedInputArb,
        fc.array(fc.constantFrom(...CHECKED_MONTHS), { minLength: 1, maxLength: 4 }),
        (earlier, input, months) => {
          const cache = new CostCache();
          monthsTotals(earlier, months, cache);
          for (const m of months) costsOfMonth(earlier, m, cache);
          expect(monthsTotals(input, months, cache)).toEqual(monthsTotals(input, months));
          for (const m of months) expect(costsOfMonth(input, m, cache)).toEqual(costsOfMonth(input, m));
        },
      ),
      { numRuns: 150 },
    );
  });
});
