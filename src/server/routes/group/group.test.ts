import { Decimal } from '../../../domain/money';
import { readXlsx } from '../../services/xlsxTestSupport';
import { currentMonth, monthKey, monthRange, previousMonth } from '../../../domain/time';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/group/costs: the month's costs of every branch of the acting company's parent company (docs/rules.md, 'The group view'). */

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

it("counts each branch's services per article group as its dashboard tiles do, and the group's as their sums", async () => {
  const thisMonth = monthRange(currentMonth());
  const res = await get(`/api/group/costs?costs_date_from=${thisMonth.from}&costs_date_to=${thisMonth.to}`);
  const { data } = res.json();
  expect(data.article_groups.length).toBeGreaterThan(0);
  const groupIds = data.article_groups.map((g: { id: number }) => g.id);
  const klantCompany = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  let counted = 0;
  for (const branch of data.branches) {
    expect(branch.services.map((s: { article_group_id: number }) => s.article_group_id)).toEqual(groupIds);
    const managing = branch.company_id === klantCompany ? klant : await t.manage(klant, branch.company_id);
    const tiles: { id: number; services_count: number }[] = (await get('/api/article-groups/count', managing)).json();
    for (const tile of tiles) {
      expect([branch.name, tile.id, branch.services.find((s: { article_group_id: number }) => s.article_group_id === tile.id).count]).toEqual([
        branch.name,
        tile.id,
        tile.services_count,
      ]);
      counted += tile.services_count;
    }
  }
  expect(counted).toBeGreaterThan(0);
  for (const [i, id] of groupIds.entries()) {
    const sum = data.branches.reduce((acc: number, b: { services: { count: number }[] }) => acc + b.services[i].count, 0);
    expect([id, data.group.services[i].count]).toEqual([id, sum]);
  }
});

it("shows each branch's group bundle of the month as its own bundle bar, and none for a branch without one", async () => {
  const { data } = (await get(`/api/group/costs?${query}`)).json();
  const klantCompany = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  let withBundle = 0;
  for (const branch of data.branches) {
    const managing = branch.company_id === klantCompany ? klant : await t.manage(klant, branch.company_id);
    const bar = (await get(`/api/groupbundlecosts?costs_date_from=${range.from}`, managing)).json();
    if (bar.has_group_bundle) {
      withBundle += 1;
      expect(branch.bundle).toEqual({ total_gb: bar.total_gb, gb_used: bar.gb_used });
    } else expect(branch.bundle).toBeNull();
  }
  expect(withBundle).toBeGreaterThan(0);
});

it('downloads the table as CSV and as Excel, with the same rows and the group total last', async () => {
  const { data } = (await get(`/api/group/costs?${query}`)).json();
  const csv = await get(`/api/group/costs/download?${query}`);
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-disposition']).toContain(`groepsoverzicht-${monthKey(month)}.csv`);
  const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const header = lines[0].split(';');
  expect(header.slice(0, 6)).toEqual(['Vestiging', 'Periodiek', 'Nieuwe aansluitingen', 'Set up', 'Verbruik', 'Totale kosten excl. btw']);
  expect(header).toContain(`Afnames ${data.article_groups[0].name}`);
  expect(lines).toHaveLength(data.branches.length + 2);
  const last = lines.at(-1)!.split(';');
  expect(last[0]).toBe(`Totaal ${data.parent.name}`);
  expect(last[5]).toBe(new Decimal(data.group.total).toFixed(2).replace('.', ','));

  const xlsx = await t.app.inject({ method: 'GET', url: `/api/group/costs/download?${query}&format=xlsx`, headers: auth(klant) });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-disposition']).toContain(`groepsoverzicht-${monthKey(month)}.xlsx`);
  const { rows } = readXlsx(xlsx.rawPayload);
  expect(rows).toHaveLength(data.branches.length + 2);
  expect(rows.at(-1)![5]).toMatchObject({ type: 'n', value: data.group.total, format: '#,##0.00' });

  const kees = await t.login('kees@korenschoof.nl');
  expect((await get(`/api/group/costs/download?${query}`, kees)).statusCode).toBe(404);
});
