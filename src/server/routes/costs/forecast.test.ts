import { sql } from 'drizzle-orm';
import { businessTimeToEpoch, currentMonth, daysInMonth, monthRange, previousMonth } from '../../../domain/time';
import { findCompanyByName } from '../../seed/demo';
import { dutchDate, multipartFile, numberedServices } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/costs/forecast (docs/rules.md, 'Expected costs of the current month'): the expected costs of the current month. */

let t: TestApp;
let customerToken: string;

const month = currentMonth();
const days = daysInMonth(month.year, month.month);
const range = monthRange(month);
const THIS_MONTH = `costs_date_from=${range.from}&costs_date_to=${range.to}`;

const get = (url: string, bearer = customerToken) => t.app.inject({ method: 'GET', url, headers: auth(bearer) });
const json = async (url: string, bearer = customerToken) => {
  const res = await get(url, bearer);
  expect(res.statusCode).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // Only the usage this test imports: the demo's own usage would make the figures depend on the seed.
  for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'group_bundle_months']) {
    await db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  customerToken = await t.login('klant@demo.nl');
  const companyId = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const monthStart = new Date(businessTimeToEpoch(month.year, month.month, 1) * 1000);
  const svc = (await numberedServices(db, companyId)).find((s) => s.startTime < monthStart && s.endTime === null && s.number.startsWith('06'))!;
  expect(svc).toBeTruthy();
  // Usage on the 1st only (always in the past): 0,15 voice + 0,10 sms, covering 1 day of the month.
  const day1 = dutchDate(month, 1);
  const csv =
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
    `${day1};00:00:01;${svc.number};0201234567;uitgaand;voice;125;out;0,15\n` +
    `${day1};00:00:02;${svc.number};0612345678;uitgaand;sms;1;out;0,10\n`;
  const { payload, headers } = multipartFile('usage', csv);
  const imported = await t.app.inject({ method: 'POST', url: '/api/usage/import', payload, headers: { ...headers, ...auth(await t.login('admin@demo.nl')) } });
  expect(imported.statusCode).toBe(200);
  expect(imported.json().imported).toBe(2);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/costs/forecast', () => {
  it('projects the usage so far over the current month, on top of the certain costs of /costsbymonth', async () => {
    const [figures] = await json(`/api/costsbymonth?${THIS_MONTH}`);
    const certainCents = Math.round(figures.periodic * 100) + Math.round(figures.full * 100) + Math.round(figures.setup * 100);
    // 0,25 over 1 of n days: 0,25 x n, exact.
    expect(await json(`/api/costs/forecast?${THIS_MONTH}`)).toEqual({
      data: {
        provisional: true,
        through: dutchDate(month, 1),
        days_covered: 1,
        days_in_month: days,
        certain: certainCents / 100,
        usage_so_far: 0.25,
        expected_usage: (25 * days) / 100,
        expected_total: (certainCents + 25 * days) / 100,
      },
    });
    expect(figures.usage).toBe(0.25);
  });

  it('covers any date range inside the month as the whole month', async () => {
    const inside = `costs_date_from=${range.from}&costs_date_to=${range.from}`;
    expect(await json(`/api/costs/forecast?${inside}`)).toEqual(await json(`/api/costs/forecast?${THIS_MONTH}`));
  });

  it("never counts another company's usage", async () => {
    const other = await json(`/api/costs/forecast?${THIS_MONTH}`, await t.login('kees@korenschoof.nl'));
    expect(other.data).toMatchObject({ provisional: true, through: null, days_covered: 0, usage_so_far: 0, expected_usage: 0 });
    expect(other.data.expected_total).toBe(other.data.certain);
  });

  it('answers a month that is over as it is: not provisional, wholly covered', async () => {
    const last = previousMonth(month);
    const lastRange = monthRange(last);
    const lastDays = daysInMonth(last.year, last.month);
    const [figures] = await json(`/api/costsbymonth?costs_date_from=${lastRange.from}&costs_date_to=${lastRange.to}`);
    const forecast = (await json(`/api/costs/forecast?costs_date_from=${lastRange.from}&costs_date_to=${lastRange.to}`)).data;
    expect(forecast).toMatchObject({
      provisional: false,
      through: dutchDate(last, lastDays),
      days_covered: lastDays,
      days_in_month: lastDays,
      usage_so_far: figures.usage,
      expected_usage: figures.usage,
    });
  });

  it('refuses bad dates and ranges of more than one month with 400 and a Dutch message', async () => {
    for (const query of ['', `costs_date_from=${range.from}`, 'costs_date_from=2025-02-30&costs_date_to=2025-03-31', 'costs_date_from=2025-05-01&costs_date_to=2025-04-30']) {
      const res = await get(`/api/costs/forecast?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const twoMonths = await get('/api/costs/forecast?costs_date_from=2025-04-01&costs_date_to=2025-05-31');
    expect(twoMonths.statusCode).toBe(400);
    expect(twoMonths.json().message).toBe('Ongeldige periode: de verwachte kosten gaan over één maand.');
  });

  it('refuses a caller without a token with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/costs/forecast?${THIS_MONTH}` })).statusCode).toBe(401);
  });
});
