import { configure } from '@testing-library/react';
import { json, type Routes, type SeenRequest } from '../../test/http';
import { mockPortal } from '../../test/portalServer';
import type { CostLine, MonthCosts, PeriodCosts } from './costsApi';

/** API answers of the costs screens, for the integration tests next to them. */

// The first test of a file also loads the screens' lazy chunks (and Highcharts); a busy machine needs time.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(60000);

const figures = (periodic: number, full: number, setup: number) => ({ periodic, full, setup });

/**
 * Amounts whose float sum is wrong to the cent: setup + full + periodic + usage as floats is
 * 0 + 0.6 + (0.1 + 0.2) + 1.045 = 1.9449999999999998 (€ 1,94); exactly it is 1.945, and the shown
 * € 0,30 + € 0,60 + € 0,00 + € 1,05 make € 1,95.
 */
export const monthCosts = (overrides: Partial<PeriodCosts> = {}): PeriodCosts => ({
  billing_cycles: [
    { id: 1, name: 'Maandelijks', costs: figures(0.1, 0.6, 0), invoice: figures(0.1, 0.6, 0) },
    { id: 2, name: 'Per kwartaal', costs: figures(0.2, 0, 0), invoice: figures(0.2, 0, 0) },
  ],
  usage: 1.045,
  usagedetail: { costs: { data: 0.745, voice: 0.3, sms: 0, bundle: 0 } },
  start: { date: '2026-04-01' },
  end: { date: '2026-04-30' },
  // docs/cost-specification.md, 'VAT': the server's, of the total excl. VAT 1.945 (€ 1,95 as the screen sums it).
  vat: { rate: 21, vat: 0.41, total: 1.95, total_including_vat: 2.36 },
  ...overrides,
});

export const costsByMonth: MonthCosts[] = [
  { month: '2026-03', periodic: 120.5, full: 10, setup: 25, usage: 3.2 },
  { month: '2026-04', periodic: 130.25, full: 0, setup: 0, usage: 4.75 },
];

export const costLine = (overrides: Partial<CostLine>): CostLine => ({
  article_id: 12,
  article_name: 'Zakelijk Onbeperkt 10GB',
  total_price: 25,
  productgroup: 'Mobiele telefonie',
  price: 25,
  service_id: 1,
  firstname: 'Jan',
  lastname: 'Jansen',
  ...overrides,
});

/** GET /costs/specifications of a month that is not billed yet: no version stored. */
export const draftSpecification = (month: string) => ({ data: { month, final: false, versions: [], changed_since_final: false } });

/** The portal with the costs calls answered; override per test. */
export const mockCosts = (overrides: Routes = {}) =>
  mockPortal({
    'GET /api/costs': () => json(200, monthCosts()),
    'GET /api/costsbymonth': () => json(200, costsByMonth),
    'GET /api/costs/specifications': (request) =>
      json(200, draftSpecification(new URL(request.url, 'http://portal').searchParams.get('costs_date_from')!.slice(0, 7))),
    ...overrides,
  });

/** The query of the requests to `path` (e.g. `/api/costs`), in order. */
export const queriesOf = (requests: SeenRequest[], path: string) =>
  requests
    .filter((request) => request.url.split('?')[0] === path)
    .map((request) => Object.fromEntries(new URL(request.url, 'http://portal').searchParams));
