import type { Db } from '../../db';
import { companyMonthsFromMonthly } from '../../services/usage/testSupport';
import { businessTimeToEpoch } from '../../../domain/time';
import {
  articleGroups,
  articlePriceHistory,
  articles,
  bulkServices,
  companies,
  endUsers,
  groupBundleMonths,
  services,
  usageMonthly,
  users,
} from '../../db/schema';

/**
 * The worked example of the costs tests (docs/costs.md; docs/api.md, 'Answers'), a company of its own, in
 * April-June 2025 (April has 30 days and starts the second quarter). Times are Amsterdam time.
 *
 * Articles (price per billing period / setup price; price history):
 * | article          | group             | cycle     | history                                          |
 * |------------------|-------------------|-----------|--------------------------------------------------|
 * | Mobiel Onbeperkt | Mobiele telefonie | monthly   | 30 / 25 from 2024-01-01; 36 / 25 from 2025-03-15 |
 * | Hosting Pakket   | Hosting           | quarterly | 90 / 0 from 2024-01-01                           |
 * | Licentie         | Applicaties       | monthly   | 5 / 0 from 2024-01-01 (bulk units)               |
 * | =SUM(1)          | Diensten          | monthly   | 10 / 0 from 2024-01-01                           |
 *
 * The price of month M is the entry valid at the start of the period before M's: for April the
 * 1st of March (30), for May the 1st of April (36). The quarter's price is the one of 1 January.
 *
 * Services:
 * - s1 Mobiel, Jan Jansen, since 2024-06-01: April periodic 30.00; May and June 36.00.
 * - s2 Mobiel with its own price 20, Piet de Vries, from 2025-04-11 12:00: April full
 *   20 x 20/30 = 13.33 and setup 25.00 (the article's); May and June periodic 20.00.
 * - s3 Mobiel, no end user, 2024-01-10 .. 2025-04-21 (active through the 20th): April full
 *   30 x 20/30 = 20.00.
 * - s4 Hosting, Jan Jansen, since 2024-02-01: periodic 90/3 = 30.00 every month; invoiced
 *   90.00 in April, the quarter's first month.
 * - s5 Hosting from 2025-05-06 12:00: May full 90/3 x 26/31 = 25.16, June periodic 30.00;
 *   invoiced in May: 30 x 26/31 + 30 = 55.16.
 * - s6 Mobiel since 2024-01-01, hard-deleted: in no month.
 * - s7 '=SUM(1)' since 2024-01-01: periodic 10.00 every month.
 * Bulk units of Licentie: +10 on 2024-12-01, +4 on 2025-04-16, -2 on 2025-04-26: April
 *   periodic 10 x 5 = 50.00 and full 5 x (10 days x 4 + 5 days x 2)/30 = 8.33 (quantity 4);
 *   May and June periodic 12 x 5 = 60.00.
 *
 * April usage (usage_monthly, unrounded): s1 data 0.004, voice 2.345, sms 0.105; s2 data 1.00451;
 * s3 sms 0.2 => data 1.00851 -> 1.01, voice 2.35, sms 0.305 -> 0.31. Group bundle (stored
 * figures) 3.5 GB used of 2 GB at 0.01 per MB: 1.5 x 1024 x 0.01 = 15.36. Usage 19.03.
 *
 * April per kind: periodic 30 + 10 + 50 + 30 = 120.00, full 13.33 + 20.00 + 8.33 = 41.66,
 * setup 25.00. May: periodic 36 + 20 + 30 + 10 + 60 = 156.00, full 25.16. June: periodic
 * 36 + 20 + 30 + 30 + 10 + 60 = 186.00.
 */

export const at = (year: number, month: number, day: number, hour = 0) => new Date(businessTimeToEpoch(year, month, day, hour) * 1000);

export type WorkedExample = Awaited<ReturnType<typeof seedWorkedExample>>;

/** Seeds the worked example; s6 still exists (the tests hard-delete it through the API). */
export const seedWorkedExample = async (db: Db) => {
  const [company] = await db
    .insert(companies)
    .values({ name: 'Kostentest B.V.', customerNumber: 'KT-001', sapNumber: '55001', priceMb: '0.01' })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: 'kosten@kostentest.nl', firstname: 'Karin', lastname: 'Kosten', companyId: company.id, roleId: 3 })
    .returning();
  const groups = new Map((await db.select().from(articleGroups)).map((g) => [g.name, g.id]));
  const article = async (name: string, group: string, billingCycleId: number, history: [Date, string, string][], extra = {}) => {
    const [row] = await db
      .insert(articles)
      .values({
        companyId: company.id,
        articleGroupId: groups.get(group)!,
        name,
        billingCycleId,
        price: history[history.length - 1][1],
        setupPrice: history[history.length - 1][2],
        ...extra,
      })
      .returning();
    await db
      .insert(articlePriceHistory)
      .values(history.map(([fromTime, price, setupPrice]) => ({ articleId: row.id, companyId: company.id, fromTime, price, setupPrice })));
    return row.id;
  };
  const mobiel = await article(
    'Mobiel Onbeperkt',
    'Mobiele telefonie',
    1,
    [
      [at(2024, 1, 1), '30', '25'],
      [at(2025, 3, 15), '36', '25'],
    ],
    { fromGroupBundle: true, gigabyte: '1' },
  );
  const hosting = await article('Hosting Pakket', 'Hosting', 2, [[at(2024, 1, 1), '90', '0']]);
  const licentie = await article('Licentie', 'Applicaties', 1, [[at(2024, 1, 1), '5', '0']]);
  const formula = await article('=SUM(1)', 'Diensten', 1, [[at(2024, 1, 1), '10', '0']]);
  const [jan, piet] = await db
    .insert(endUsers)
    .values([
      { companyId: company.id, firstname: 'Jan', lastname: 'Jansen' },
      { companyId: company.id, firstname: 'Piet', lastname: 'de Vries' },
    ])
    .returning();
  const service = async (values: Partial<typeof services.$inferInsert> & { articleId: number; startTime: Date }) =>
    (await db.insert(services).values({ companyId: company.id, ...values }).returning())[0].id;
  const s1 = await service({ articleId: mobiel, startTime: at(2024, 6, 1), endUserId: jan.id });
  const s2 = await service({ articleId: mobiel, startTime: at(2025, 4, 11, 12), endUserId: piet.id, price: '20' });
  const s3 = await service({ articleId: mobiel, startTime: at(2024, 1, 10), endTime: at(2025, 4, 21) });
  const s4 = await service({ articleId: hosting, startTime: at(2024, 2, 1), endUserId: jan.id });
  const s5 = await service({ articleId: hosting, startTime: at(2025, 5, 6, 12) });
  const s6 = await service({ articleId: mobiel, startTime: at(2024, 1, 1), endUserId: jan.id });
  const s7 = await service({ articleId: formula, startTime: at(2024, 1, 1) });
  await db.insert(bulkServices).values([
    { companyId: company.id, articleId: licentie, amount: 10, time: at(2024, 12, 1, 12) },
    { companyId: company.id, articleId: licentie, amount: 4, time: at(2025, 4, 16, 12) },
    { companyId: company.id, articleId: licentie, amount: -2, time: at(2025, 4, 26, 12) },
  ]);
  const usage = (serviceId: number, type: string, bundle: string, price: string, length = 1) => ({
    companyId: company.id,
    month: '2025-04-01',
    serviceId,
    number: `06${serviceId}`,
    type,
    direction: 'uitgaand',
    bundle,
    records: 1,
    length,
    price,
  });
  await db
    .insert(usageMonthly)
    .values([
      usage(s1, 'data', 'out', '0.004'),
      usage(s1, 'data', 'in', '0', 3 * 1024 ** 3),
      usage(s1, 'voice', 'out', '2.345'),
      usage(s1, 'sms', 'out', '0.105'),
      usage(s2, 'data', 'out', '1.00451'),
      usage(s3, 'sms', 'out', '0.2'),
    ]);
  await companyMonthsFromMonthly(db, company.id);
  await db.insert(groupBundleMonths).values({ companyId: company.id, month: '2025-04-01', totalGb: '2', gbUsed: '3.5' });
  return { companyId: company.id, userId: user.id, mobiel, hosting, licentie, formula, s1, s2, s3, s4, s5, s6, s7 };
};

