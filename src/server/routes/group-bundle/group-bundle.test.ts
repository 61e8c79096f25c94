import { and, eq } from 'drizzle-orm';
import { addMonths, businessDateOf, businessTimeToEpoch, isoDate, todayNoon } from '../../../domain/time';
import { articleGroups, articles, bulkServices, companies, groupBundleMonths, services, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * The group bundle (docs/rules.md, 'Bundle size and use'): total_gb = sum over articles from the group bundle of
 * gigabyte x active count (services plus bulk units); "Herberekenen" stores a month's figures.
 */

let t: TestApp;
let companyId: number;
let customerToken: string;
let articleA: number;

const today = businessDateOf(todayNoon());
const thisMonth = addMonths(today.year, today.month, 0);
const previousMonth = addMonths(today.year, today.month, -1);
const THIS_MONTH = isoDate(thisMonth);
const PREVIOUS_MONTH = isoDate(previousMonth);
const monthStart = new Date(businessTimeToEpoch(thisMonth.year, thisMonth.month, 1) * 1000);
const tomorrowNoon = new Date((todayNoon() + 24 * 3600) * 1000);
const longAgo = new Date(monthStart.getTime() - 90 * 24 * 3600 * 1000);

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const figures = async (month: string, token = customerToken) => {
  const res = await get(`/api/groupbundlecosts?costs_date_from=${month}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
};

/**
 * The worked example, in a company of its own:
 *
 * | article | GB   | bundle | services (start .. end)                                   | bulk                         |
 * |---------|------|--------|-----------------------------------------------------------|------------------------------|
 * | A       | 10   | yes    | s1 long ago; s2 long ago .. month start; s3 month start;   | +2 long ago; -1 month start; |
 * |         |      |        | s4 tomorrow noon                                           | +5 tomorrow noon             |
 * | B       | 2.5  | yes    | s5 long ago                                                |                              |
 * | C       | 100  | no     | s6 long ago                                                |                              |
 * | D       | none | yes    | s7 long ago                                                |                              |
 *
 * This month (services now, bulk at today 12:00): A = s1 + s3 + (2 - 1) = 3, B = 1, D counts 0 GB:
 *   total_gb = 10 x 3 + 2.5 x 1 = 32.5.
 * Previous month (its last day at 12:00): A = s1 + s2 + 2 = 4, B = 1: total_gb = 10 x 4 + 2.5 = 42.5.
 */
const seedWorkedExample = async () => {
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Bundeltest B.V.', customerNumber: '900001', sapNumber: '9900001' }).returning();
  const [user] = await db
    .insert(users)
    .values({ email: 'bundel@bundeltest.nl', firstname: 'Bo', lastname: 'Bundel', companyId: company.id, roleId: 3 })
    .returning();
  const [mobiel] = await db.select().from(articleGroups).where(eq(articleGroups.name, 'Mobiele telefonie'));
  const article = async (name: string, gigabyte: string | null, fromGroupBundle: boolean) =>
    (
      await db
        .insert(articles)
        .values({ companyId: company.id, articleGroupId: mobiel.id, name, gigabyte, fromGroupBundle, price: '10', setupPrice: '0' })
        .returning()
    )[0].id;
  const a = await article('A', '10', true);
  const b = await article('B', '2.5', true);
  const c = await article('C', '100', false);
  const d = await article('D', null, true);
  const service = (articleId: number, startTime: Date, endTime: Date | null = null) => ({ companyId: company.id, articleId, startTime, endTime });
  await db.insert(services).values([
    service(a, longAgo),
    service(a, longAgo, monthStart),
    service(a, monthStart),
    service(a, tomorrowNoon),
    service(b, longAgo),
    service(c, longAgo),
    service(d, longAgo),
  ]);
  const bulk = (amount: number, time: Date) => ({ companyId: company.id, articleId: a, amount, time });
  await db.insert(bulkServices).values([bulk(2, longAgo), bulk(-1, monthStart), bulk(5, tomorrowNoon)]);
  return { companyId: company.id, userId: user.id, articleA: a };
};

const actAs = async (email: string, target: number) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${target}`, headers: auth(await t.login(email)), payload: { reason: 'Test' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

beforeAll(async () => {
  t = await createTestApp();
  const example = await seedWorkedExample();
  companyId = example.companyId;
  articleA = example.articleA;
  customerToken = await t.tokenFor(example.userId);
}, 60_000);
afterAll(() => t.close());

describe('GET /api/costs/hasgroupbundle', () => {
  it('is true for a company with an article from the group bundle, false otherwise', async () => {
    const has = async (token: string) => (await get('/api/costs/hasgroupbundle', token)).json();
    expect(await has(customerToken)).toEqual({ has_group_bundle: true });
    expect(await has(await t.login('klant@demo.nl'))).toEqual({ has_group_bundle: true });
    expect(await has(await t.login('admin@demo.nl'))).toEqual({ has_group_bundle: false });

    const bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
    await t.database.db.update(articles).set({ fromGroupBundle: false }).where(eq(articles.companyId, bakkerij));
    expect(await has(await t.login('kees@korenschoof.nl'))).toEqual({ has_group_bundle: false });
  });
});

describe('GET /api/groupbundlecosts', () => {
  it('answers the worked example for this month: 10 x 3 + 2.5 x 1 = 32.5 GB, nothing used yet', async () => {
    expect(await figures(THIS_MONTH)).toEqual({ total_gb: 10 * 3 + 2.5 * 1, gb_used: 0, has_group_bundle: true });
  });

  it('answers the previous month at its last day: 10 x 4 + 2.5 x 1 = 42.5 GB', async () => {
    expect(await figures(PREVIOUS_MONTH)).toEqual({ total_gb: 10 * 4 + 2.5 * 1, gb_used: 0, has_group_bundle: true });
  });

  it('takes any day of the month', async () => {
    expect((await figures(isoDate({ ...thisMonth, day: 15 }))).total_gb).toBe(32.5);
  });

  it('is the acting company’s: another company sees its own bundle', async () => {
    const klant = await figures(THIS_MONTH, await t.login('klant@demo.nl'));
    expect(klant.total_gb).not.toBe(32.5);
    expect(klant.total_gb).toBeGreaterThan(0);
  });

  it('refuses a missing or impossible month with 400', async () => {
    for (const query of ['', '?costs_date_from=2026-13-01', '?costs_date_from=2026-02-30', '?costs_date_from=juni']) {
      const res = await get(`/api/groupbundlecosts${query}`, customerToken);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('GET /api/costs/groupbundle/recalculate', () => {
  const recalculate = (token: string, month = THIS_MONTH) => get(`/api/costs/groupbundle/recalculate?costs_date_from=${month}`, token);

  it('is refused to customer staff with 403 and stores nothing', async () => {
    for (const token of [customerToken, await t.login('klant@demo.nl')]) {
      const res = await recalculate(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect(await t.database.db.select().from(groupBundleMonths)).toEqual([]);
  });

  it('stores the figures: a later change shows only after the next recalculation', async () => {
    const admin = await actAs('admin@demo.nl', companyId);
    const first = await recalculate(admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ total_gb: 32.5, gb_used: 0, has_group_bundle: true });

    await t.database.db.update(articles).set({ gigabyte: '20' }).where(eq(articles.id, articleA));
    // This month is stored: still 32.5. The previous month is not: computed now, 20 x 4 + 2.5.
    expect((await figures(THIS_MONTH)).total_gb).toBe(32.5);
    expect((await figures(PREVIOUS_MONTH)).total_gb).toBe(82.5);

    const second = await recalculate(admin);
    expect(second.json()).toEqual({ total_gb: 20 * 3 + 2.5, gb_used: 0, has_group_bundle: true });
    expect((await figures(THIS_MONTH)).total_gb).toBe(62.5);

    const stored = await t.database.db
      .select()
      .from(groupBundleMonths)
      .where(and(eq(groupBundleMonths.companyId, companyId), eq(groupBundleMonths.month, THIS_MONTH)));
    expect(stored).toHaveLength(1);
    expect(Number(stored[0].totalGb)).toBe(62.5);
  });

  it("recalculates the acting company's month only", async () => {
    const superadmin = await t.login('superadmin@demo.nl');
    const res = await recalculate(superadmin, PREVIOUS_MONTH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total_gb: 0, gb_used: 0, has_group_bundle: false });
    // The worked example's previous month is still computed live, not stored.
    const rows = await t.database.db.select().from(groupBundleMonths).where(eq(groupBundleMonths.companyId, companyId));
    expect(rows.map((r) => r.month)).toEqual([THIS_MONTH]);
  });
});
