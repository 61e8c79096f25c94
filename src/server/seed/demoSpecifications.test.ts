import { eq } from 'drizzle-orm';
import { currentMonth, daysInMonth, monthKey, monthStart, shiftMonth } from '../../domain/time';
import { costSpecifications, users } from '../db/schema';
import { auth, createTestApp, type TestApp } from '../testing/testApp';
import { seedDemoSpecifications } from './demoSpecifications';

/** README.md, 'Demo accounts': the demo's final cost specification, as a first start seeds it after the usage. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoSpecifications(t.database.db, '21');
}, 60_000);
afterAll(() => t.close());

const month = shiftMonth(currentMonth(), -2);
const range = `costs_date_from=${monthStart(month)}&costs_date_to=${monthKey(month)}-${daysInMonth(month.year, month.month)}`;

it('marks klant@demo.nl as receiving the cost specification', async () => {
  const [klant] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
  expect(klant.receivesCostSpecification).toBe(true);
});

it('stores version 1 of the month before the last whole month for the customer companies and the group, and mails nobody', async () => {
  const klant = await t.login('klant@demo.nl');
  for (const url of ['/api/costs/specifications', '/api/group/costs/specifications']) {
    const res = await t.app.inject({ method: 'GET', url: `${url}?${range}`, headers: auth(klant) });
    expect(res.json().data).toMatchObject({ month: monthKey(month), final: true, versions: [{ version: 1, reason: null }] });
  }
  const bakery = await t.app.inject({ method: 'GET', url: `/api/costs/specifications?${range}`, headers: auth(await t.login('kees@korenschoof.nl')) });
  expect(bakery.json().data.final).toBe(true);
  const rows = await t.database.db.select().from(costSpecifications);
  expect(rows.every((r) => r.month === monthStart(month) && r.mailedAt === null)).toBe(true);
  expect(t.outbox()).toEqual([]);
});
