import { Decimal } from '../../../domain/money';
import { currentMonth, monthKey, monthRange, previousMonth } from '../../../domain/time';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/group/costs: the month's costs of every branch of the acting company's parent company (issue 20). */

let t: TestApp;
let klant: string;
const month = previousMonth(currentMonth());
const range = monthRange(month);
const query = `costs_date_from=${range.from}&costs_date_to=${range.to}`;

const get = (url: string, token = klant) => t.app.inject({ method: 'GET', url, headers: auth(token) });

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
});
afterAll(() => t.close());

it("answers each branch's figures as its own costs screen has them, and the group's as their exact sums", async () => {
  const klantCompany = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const res = await get(`/api/group/costs?${query}`);
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  expect(data.parent.name).toBe('Van Dijk Groep');
  expect(data.month).toBe(monthKey(month));
  const names = data.branches.map((b: { name: string }) => b.name);
  expect(names).toContain('Van Dijk Installatietechniek B.V.');
  expect(names).toContain('Van Dijk Elektrotechniek B.V.');
  expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'nl')));

  type Figures = Record<'periodic' | 'full' | 'setup' | 'usage' | 'total', number>;
  for (const branch of data.branches as (Figures & { company_id: number })[]) {
    // The branch's own /costsbymonth, as its own users or someone managing it see it.
    const managing = branch.company_id === klantCompany ? klant : await t.manage(klant, branch.company_id);
    const [byMonth] = (await get(`/api/costsbymonth?${query}`, managing)).json();
    expect(branch).toMatchObject({ periodic: byMonth.periodic, full: byMonth.full, setup: byMonth.setup, usage: byMonth.usage });
    const total = new Decimal(byMonth.periodic).plus(byMonth.full).plus(byMonth.setup).plus(byMonth.usage);
    expect(new Decimal(branch.total).equals(total)).toBe(true);
  }
  for (const kind of ['periodic', 'full', 'setup', 'usage', 'total'] as const) {
    const sum = (data.branches as Figures[]).reduce((acc, b) => acc.plus(b[kind]), new Decimal(0));
    expect([kind, new Decimal(data.group[kind]).toFixed(2)]).toEqual([kind, sum.toFixed(2)]);
  }
  expect(data.group.total).toBeGreaterThan(0);
});

it('answers 404 for a company without a parent company, and 400 for more than one month', async () => {
  const kees = await t.login('kees@korenschoof.nl');
  const res = await get(`/api/group/costs?${query}`, kees);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'Dit bedrijf hoort niet bij een hoofdbedrijf.' });
  const twoMonths = `costs_date_from=${monthRange(previousMonth(month)).from}&costs_date_to=${range.to}`;
  expect((await get(`/api/group/costs?${twoMonths}`)).statusCode).toBe(400);
});

it("shows provider staff managing a branch that branch's group, and nothing of another group", async () => {
  const admin = await t.login('admin@demo.nl');
  const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  const managing = await t.manage(admin, installatie);
  expect((await get(`/api/group/costs?${query}`, managing)).json().data.parent.name).toBe('Van Dijk Groep');
  const bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
  expect((await get(`/api/group/costs?${query}`, await t.manage(admin, bakkerij))).statusCode).toBe(404);
});
