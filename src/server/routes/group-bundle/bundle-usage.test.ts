import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { addMonths, businessDateOf, currentMonth, daysInMonth, isoDate, monthStart, previousMonth, todayNoon } from '../../../domain/time';
import { companies, endUsers, services, usageNumberDays } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { bundleUsage } from '../../services/bundleUsage';
import { dutchDate, multipartFile, numberedServices, type NumberedService } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * GET /api/costs/groupbundle/usage (docs/usage.md, 'Where the bundle is going'): the group bundle of a month with its projection,
 * its days and its top numbers. What counts is what gb_used counts (docs/rules.md, 'Bundle size and use'): in-bundle
 * data, both directions, of services whose article is from the group bundle.
 *
 * The worked example imports into klant@demo.nl's company (its demo usage removed first):
 *
 * | month    | day | number       | article from bundle | type  | bundle | bytes            | counts |
 * |----------|-----|--------------|---------------------|-------|--------|------------------|--------|
 * | previous | 3   | bundle svc 1 | yes                 | data  | in     | 1 GiB            | yes    |
 * | previous | 10  | bundle svc 2 | yes                 | data  | in     | 0,5 GiB          | yes    |
 * | previous | 10  | bundle svc 1 | yes                 | data  | out    | 7 GiB            | no     |
 * | previous | 10  | bundle svc 1 | yes                 | voice | in     | 600 s            | no     |
 * | previous | 3   | other svc    | no                  | data  | in     | 9 GiB            | no     |
 * | this     | 1   | bundle svc 1 | yes                 | data  | in     | total_gb / 10 GB | yes    |
 *
 * Previous month: gb_used 1,5 = day 3 (1) + day 10 (0,5); top svc 1 (1 GB), svc 2 (0,5 GB); no
 * projection. This month: the records cover day 1 only, so the projection is
 * total / 10 x days in month > total: the bundle runs out on day 10 (total / 10 x n >= total).
 */

let t: TestApp;
let customerToken: string;
let companyId: number;
let bundle1: NumberedService;
let bundle2: NumberedService;
let other: NumberedService;
let totalGb: Decimal;

const GIB = 1024 ** 3;
const month = currentMonth();
const previous = previousMonth(month);
/** The business day now (Amsterdam), as the server reads it. */
const businessToday = () => isoDate(businessDateOf(todayNoon()));

const get = (url: string, token = customerToken) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const usage = async (first: string, token = customerToken) => {
  const res = await get(`/api/costs/groupbundle/usage?costs_date_from=${first}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** An answer together with the business day it was given on: asked again if midnight passed meanwhile. */
const usageOnOneDay = async (first: string) => {
  for (;;) {
    const before = businessToday();
    const answer = await usage(first);
    if (businessToday() === before) return { answer, today: businessDateOf(todayNoon()) };
  }
};
const figures = async (first: string) => (await get(`/api/groupbundlecosts?costs_date_from=${first}`)).json();

/** Services of the company active since before the previous month, with a number no other service has. */
const steadyServices = (all: NumberedService[]) => {
  const since = new Date(Date.UTC(previous.year, previous.month - 1, 1) - 86_400_000);
  const counts = new Map<string, number>();
  for (const s of all) counts.set(s.number, (counts.get(s.number) ?? 0) + 1);
  return all.filter((s) => s.startTime < since && s.endTime === null && counts.get(s.number) === 1);
};

const endUserName = async (service: NumberedService) => {
  if (service.endUserId === null) return null;
  const [user] = await t.database.db.select().from(endUsers).where(eq(endUsers.id, service.endUserId));
  return { id: user.id, firstname: user.firstname, lastname: user.lastname };
};

const articleOf = async (service: NumberedService) => {
  const [row] = await t.database.db.select({ articleId: services.articleId }).from(services).where(eq(services.id, service.id));
  return { id: row.articleId, name: service.article };
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const table of ['usage_records', 'usage_monthly', 'usage_number_months', 'usage_number_days', 'usage_company_months', 'usage_unmatched', 'group_bundle_months']) {
    await db.execute(sql`delete from ${sql.identifier(table)}`);
  }
  customerToken = await t.login('klant@demo.nl');
  companyId = (await findCompanyByName(db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const steady = steadyServices(await numberedServices(db, companyId));
  [bundle1, bundle2] = steady.filter((s) => s.fromGroupBundle);
  other = steady.find((s) => !s.fromGroupBundle)!;
  expect([bundle1, bundle2, other].every(Boolean)).toBe(true);

  totalGb = new Decimal((await figures(monthStart(month))).total_gb);
  expect(totalGb.gt(0)).toBe(true);
  const thisMonthBytes = totalGb.times(GIB).div(10);
  expect(thisMonthBytes.isInteger()).toBe(true);

  const line = (m: { year: number; month: number }, day: number, number: string, type: string, length: number | string, bundle: string) =>
    `${dutchDate(m, day)};00:00:0${day % 10};${number};0201234567;uitgaand;${type};${length};${bundle};\n`;
  const csv =
    'datum;tijd;afzender;ontvanger;richting;type;lengte;bundel;prijs\n' +
    line(previous, 3, bundle1.number, 'data', GIB, 'in') +
    line(previous, 10, bundle2.number, 'data', GIB / 2, 'in') +
    line(previous, 10, bundle1.number, 'data', 7 * GIB, 'out') +
    line(previous, 10, bundle1.number, 'voice', 600, 'in') +
    line(previous, 3, other.number, 'data', 9 * GIB, 'in') +
    line(month, 1, bundle1.number, 'data', thisMonthBytes.toFixed(0), 'in');
  const { payload, headers } = multipartFile('usage', csv);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/usage/import',
    payload,
    headers: { ...headers, ...auth(await t.login('admin@demo.nl')) },
  });
  expect(imported.statusCode).toBe(200);
  expect(imported.json()).toMatchObject({ imported: 6, unmatched: 0 });
}, 60_000);
afterAll(() => t.close());

describe('GET /api/costs/groupbundle/usage', () => {
  it('answers a month that is over: its figures, every one of its days, its top numbers, no projection', async () => {
    const answer = await usage(monthStart(previous));
    const shown = await figures(monthStart(previous));
    expect(answer).toMatchObject({ has_group_bundle: true, month: isoDate({ ...previous, day: 1 }).slice(0, 7), projection: null });
    // The dashboard's figures, exactly: 1 GiB + 0,5 GiB of in-bundle data of bundle services.
    expect({ total_gb: answer.total_gb, gb_used: answer.gb_used }).toEqual({ total_gb: shown.total_gb, gb_used: shown.gb_used });
    expect(answer.gb_used).toBe(1.5);

    const days = daysInMonth(previous.year, previous.month);
    expect(answer.days).toHaveLength(days);
    expect(answer.days.map((d: { day: string }) => d.day)).toEqual(
      Array.from({ length: days }, (_, i) => isoDate({ ...previous, day: i + 1 })),
    );
    const used = answer.days.filter((d: { bytes: number }) => d.bytes > 0);
    expect(used).toEqual([
      { day: isoDate({ ...previous, day: 3 }), bytes: GIB, gb: 1 },
      { day: isoDate({ ...previous, day: 10 }), bytes: GIB / 2, gb: 0.5 },
    ]);
    // The days add up to gb_used, exactly.
    const sum = answer.days.reduce((total: Decimal, d: { bytes: number }) => total.plus(d.bytes), new Decimal(0));
    expect(sum.div(GIB).toNumber()).toBe(answer.gb_used);

    expect(answer.top).toEqual([
      { number: bundle1.number, service_id: bundle1.id, end_user: await endUserName(bundle1), article: await articleOf(bundle1), bytes: GIB, gb: 1 },
      { number: bundle2.number, service_id: bundle2.id, end_user: await endUserName(bundle2), article: await articleOf(bundle2), bytes: GIB / 2, gb: 0.5 },
    ]);
  });

  it('projects the running month from the days its records cover: day 1 only, so the bundle runs out on day 10', async () => {
    const { answer, today } = await usageOnOneDay(monthStart(month));
    const days = daysInMonth(month.year, month.month);
    const used = totalGb.div(10);
    expect(answer.gb_used).toBe(used.toNumber());
    expect(answer.total_gb).toBe(totalGb.toNumber());
    // used x days / 1 day covered; used x n >= total first on n = 10.
    expect(answer.projection).toEqual({
      basis: days === 1 ? 'complete' : 'projected',
      through: isoDate({ ...month, day: 1 }),
      days_covered: 1,
      days_in_month: days,
      projected_gb: used.times(days).toNumber(),
      runs_out_on: isoDate({ ...month, day: 10 }),
      used_up: false,
      text: `Bij dit verbruik is de bundel op ${dutchDate(month, 10)} op`,
    });
    // Days 1 .. today, the first with the month's usage.
    expect(answer.days.map((d: { day: string }) => d.day)).toEqual(Array.from({ length: today.day }, (_, i) => isoDate({ ...month, day: i + 1 })));
    expect(answer.days[0]).toEqual({ day: isoDate({ ...month, day: 1 }), bytes: used.times(GIB).toNumber(), gb: used.toNumber() });
    expect(answer.top).toHaveLength(1);
    expect(answer.top[0]).toMatchObject({ number: bundle1.number, gb: used.toNumber() });
  });

  it('has no days, top numbers or projection for a month still to come', async () => {
    const next = addMonths(month.year, month.month, 1);
    expect(await usage(isoDate(next))).toMatchObject({ has_group_bundle: true, projection: null, days: [], top: [], gb_used: 0 });
  });

  it("answers has_group_bundle false, and nothing else, for a company without group bundle", async () => {
    const answer = await usage(monthStart(month), await t.login('admin@demo.nl'));
    expect(answer).toEqual({ has_group_bundle: false, month: monthStart(month).slice(0, 7), total_gb: 0, gb_used: 0, projection: null, days: [], top: [] });
  });

  it("never counts another company's usage", async () => {
    const answer = await usage(monthStart(previous), await t.login('kees@korenschoof.nl'));
    expect(answer.gb_used).toBe(0);
    expect(answer.top).toEqual([]);
    expect(answer.days.every((d: { bytes: number }) => d.bytes === 0)).toBe(true);
  });

  it('refuses a missing or impossible month with 400', async () => {
    for (const query of ['', '?costs_date_from=2026-13-01', '?costs_date_from=2026-02-30', '?costs_date_from=juni']) {
      const res = await get(`/api/costs/groupbundle/usage${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('bundleUsage, the daily query on usage_number_days', () => {
  it("takes a day's own use as its month-to-date total less the day before's: in-bundle data of both directions, only of bundle services, only of the company", async () => {
    // Rows written directly, as the import keeps them (month-to-date totals per service on every
    // day from its first day with records to the month's last day), in a month of their own (two
    // years back), and a company of its own.
    const db = t.database.db;
    const old = addMonths(month.year, month.month, -24);
    const last = daysInMonth(old.year, old.month);
    const [copy] = await db.insert(companies).values({ name: 'Bundeldagen B.V.', customerNumber: '900777', sapNumber: '9900777' }).returning();
    const day = (d: number) => isoDate({ ...old, day: d });
    /** A service's month-to-date rows from day `from` on: `toDate(d)` the kind columns of day d. */
    const rows = (company: number, service: NumberedService, from: number, toDate: (d: number) => Record<string, number>) =>
      Array.from({ length: last - from + 1 }, (_, i) => ({
        companyId: company,
        day: day(from + i),
        serviceId: service.id,
        number: service.number,
        ...toDate(from + i),
      }));
    await db.insert(usageNumberDays).values([
      // 120 bytes in bundle on day 2 (100 incoming, 20 outgoing); out-of-bundle data and calls on day 4 do not count.
      ...rows(companyId, bundle1, 2, (d) => ({ data_ink_inLength: 100, data_uit_inLength: 20, ...(d >= 4 ? { data_uit_outLength: 5000, voice_uit_inLength: 60 } : {}) })),
      // 3 bytes on day 4.
      ...rows(companyId, bundle2, 4, () => ({ data_uit_inLength: 3 })),
      // Not from the group bundle.
      ...rows(companyId, other, 4, () => ({ data_uit_inLength: 7000 })),
      // Another company's rows of the same service never count.
      ...rows(copy.id, bundle1, 4, () => ({ data_uit_inLength: 9000 })),
    ]);
    const answer = await bundleUsage(db, companyId, old);
    expect(answer.days).toHaveLength(last);
    expect(answer.days.filter((d) => d.bytes !== 0)).toEqual([
      { day: day(2), bytes: 120, gb: 120 / GIB },
      { day: day(4), bytes: 3, gb: 3 / GIB },
    ]);
    await db.delete(usageNumberDays).where(sql`${usageNumberDays.day} between ${day(1)}::date and ${day(last)}::date`);
  });
});
