import os from 'node:os';
import { CostCache, costsOfMonth, monthsInRange, monthsTotals, monthTotals, totalsByCycle, type CostInput } from '../src/domain/costs';
import { businessTimeToEpoch } from '../src/domain/time';
import { LARGE } from './largeCustomer';
import { percentile } from './stats';

const DAY = 86_400;

/**
 * The large customer's shape in memory (2,000 articles over the four cycles, 50,000 services over
 * three years with one in ten ended and one in twenty at its own price, 5,000 bulk entries), so the
 * engine is measured without a database.
 */
export const largeCostInput = (): CostInput => {
  const now = businessTimeToEpoch(2026, 6, 15, 12);
  const articles = Array.from({ length: LARGE.articles }, (_, i) => ({
    id: i + 1,
    name: `Artikel ${i + 1}`,
    productgroup: `Groep ${1 + (i % 6)}`,
    billingCycleId: 1 + (i % 4),
    price: `${5 + (i % 50)}.95`,
    setupPrice: `${(i % 3) * 25}`,
    priceHistory: [
      { fromTime: now - 3 * 365 * DAY, price: `${4 + (i % 50)}.95`, setupPrice: `${(i % 3) * 25}` },
      { fromTime: now - 200 * DAY, price: `${5 + (i % 50)}.95`, setupPrice: `${(i % 3) * 25}` },
    ],
  }));
  const services = Array.from({ length: LARGE.services }, (_, i) => ({
    id: i + 1,
    articleId: 1 + (i % LARGE.articles),
    startTime: now - (i % 1000) * DAY - (i % 7) * 3600,
    endTime: i % 10 === 0 ? now - (i % 100) * DAY : null,
    price: i % 20 === 0 ? `${10 + (i % 7)}.50` : null,
    setupPrice: null,
    firstname: i % 17 === 0 ? null : 'Jan',
    lastname: i % 17 === 0 ? null : `de Vries ${i}`,
  }));
  const bulkEntries = Array.from({ length: LARGE.bulkEntries }, (_, i) => ({
    articleId: 1 + ((i * 7) % LARGE.articles),
    amount: i % 5 === 4 ? -1 : 3,
    time: now - (i % 400) * DAY,
  }));
  return { articles, services, bulkEntries };
};

const RUNS = 10;

/** p50/p95 of wall-clock and process CPU milliseconds of `fn` over `runs` runs after two warm-ups. */
const measure = (name: string, fn: () => unknown, runs = RUNS) => {
  for (let i = 0; i < 2; i += 1) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const cpuStart = process.cpuUsage();
    const start = process.hrtime.bigint();
    fn();
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const figures = [percentile(wall, 50), percentile(wall, 95), percentile(cpu, 50), percentile(cpu, 95)];
  return `${name.padEnd(44)} ${figures.map((f) => f.toFixed(1).padStart(8)).join(' ')}`;
};

/**
 * The large customer's twelve months up to June 2026: the line path (`costsOfMonth`, for the detail
 * screens, one month at a time) and the totals path (`monthsTotals`, for `/costsbymonth` and
 * `/costs`; target well under 50 ms CPU for 12 months). CPU time is shown next to wall-clock time:
 * on a shared machine the wall clock mostly measures the neighbours, so the load average is shown.
 * Before measuring, the totals path is checked to equal the totals of the lines for every month.
 * The runs share one CostCache, as the server's requests do (services/costs/index.ts); the last
 * row starts each run with an empty one, as the first request after a start.
 */
export async function benchCostEngine(): Promise<string> {
  const input = largeCostInput();
  const months = monthsInRange({ year: 2025, month: 7 }, { year: 2026, month: 6 });
  const byLines = months.map((m) => {
    const month = costsOfMonth(input, m);
    return { lines: month.costs.length, costs: totalsByCycle(month.costs), invoice: totalsByCycle(month.invoice) };
  });
  const lines = byLines.reduce((n, m) => n + m.lines, 0);
  const same = JSON.stringify(monthsTotals(input, months).map((t) => [[...t.costs], [...t.invoice]])) ===
    JSON.stringify(byLines.map((t) => [[...t.costs], [...t.invoice]]));
  if (!same) throw new Error('monthsTotals differs from totalsByCycle(costsOfMonth(...))');
  const loadBefore = os.loadavg()[0];
  const cache = new CostCache();
  const rows = [
    measure('12 months: costsOfMonth', () => months.map((m) => costsOfMonth(input, m, cache))),
    measure('12 months: costsOfMonth + totalsByCycle x 2', () =>
      months.map((m) => {
        const month = costsOfMonth(input, m, cache);
        return [totalsByCycle(month.costs), totalsByCycle(month.invoice)];
      }),
    ),
    measure('1 month: costsOfMonth (detail screen)', () => costsOfMonth(input, months[11], cache), 4 * RUNS),
    measure('12 months: monthsTotals (/costsbymonth)', () => monthsTotals(input, months, cache), 4 * RUNS),
    measure('1 month: monthTotals (/costs)', () => monthTotals(input, months[11], cache), 4 * RUNS),
    measure('12 months: monthsTotals, empty cache', () => monthsTotals(input, months, new CostCache()), RUNS),
  ];
  return [
    `\nCost engine, in memory: ${LARGE.articles} articles, ${LARGE.services} services, ${LARGE.bulkEntries} bulk entries (${lines} cost lines in 12 months), target 100 ms; totals path equals totals of lines: ${same}`,
    `load average (1 min) ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after, on ${os.cpus().length} cores`,
    `${'run'.padEnd(44)} ${['p50 ms', 'p95 ms', 'cpu p50', 'cpu p95'].map((h) => h.padStart(8)).join(' ')}`,
    ...rows,
  ].join('\n');
}
