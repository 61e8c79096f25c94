import { performance } from 'node:perf_hooks';
import { auth, createTestApp, type TestApp } from '../testing/testApp';

/**
 * Every date range a caller chooses answers under one rule (domain/dateRange.ts, routes/input.ts
 * dateRangeOf): real dates, years 1900-2199, from not after to, at most 24 months; else a
 * Dutch 400 within milliseconds.
 */

let t: TestApp;
let adminToken: string;

/** Each route taking a range, with the names of its two parameters. */
const RANGE_ROUTES = [
  ['/api/report', 'report_date'],
  ['/api/report/summary', 'report_date'],
  ['/api/report/download', 'report_date'],
  ['/api/report/1/0612345678', 'report_date'],
  ['/api/costs', 'costs_date'],
  ['/api/costsbymonth', 'costs_date'],
  ['/api/costslinesmonthly', 'costs_date'],
  ['/api/costslinespartly', 'costs_date'],
  ['/api/costslinessetup', 'costs_date'],
  ['/api/report/export', 'costs_date'],
  ['/api/report/export/all', 'costs_date'],
] as const;

const REFUSED: [string, string, string, RegExp][] = [
  ['a day that does not exist', '2026-02-30', '2026-03-31', /^Ongeldige periode: de begindatum/],
  ['the year 0026 (not 1926)', '0026-01-01', '0026-01-31', /^Ongeldige periode: de begindatum/],
  ['a year after 2199', '2026-01-01', '9999-12-31', /^Ongeldige periode: de einddatum/],
  ['from after to', '2026-03-02', '2026-03-01', /^Ongeldige periode: de begindatum ligt na de einddatum/],
  ['25 months', '2024-01-31', '2026-01-01', /^Ongeldige periode: kies een periode van hoogstens 24 maanden/],
  ['three centuries', '1900-01-01', '2199-12-31', /^Ongeldige periode: kies een periode van hoogstens 24 maanden/],
];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login('admin@demo.nl');
});
afterAll(() => t.close());

describe.each(RANGE_ROUTES)('%s', (path, prefix) => {
  it.each(REFUSED)('refuses %s with a Dutch 400 within milliseconds', async (_, from, to, message) => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'GET',
      url: `${path}?${prefix}_from=${from}&${prefix}_to=${to}`,
      headers: auth(adminToken),
    });
    const ms = performance.now() - started;
    expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 400, message: expect.stringMatching(message) });
    expect(ms).toBeLessThan(250);
  });
});

it('accepts exactly 24 months', async () => {
  for (const [path, prefix] of [
    ['/api/costsbymonth', 'costs_date'],
    ['/api/report/summary', 'report_date'],
  ]) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${path}?${prefix}_from=2024-01-15&${prefix}_to=2025-12-31`,
      headers: auth(adminToken),
    });
    expect(res.statusCode).toBe(200);
  }
});

it('refuses the group bundle month in the year 0026', async () => {
  for (const path of ['/api/groupbundlecosts', '/api/costs/groupbundle/recalculate']) {
    const res = await t.app.inject({ method: 'GET', url: `${path}?costs_date_from=0026-01-01`, headers: auth(adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Ongeldige periode/);
  }
});
