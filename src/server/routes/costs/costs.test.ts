import { eq } from 'drizzle-orm';
import { companies, usageMonthly } from '../../db/schema';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { seedWorkedExample, type WorkedExample } from './workedExample';
import { companyMonthsFromMonthly } from '../../services/usage/testSupport';

/** The costs calls on the worked example of ./workedExample.ts (April-June 2025). */

let t: TestApp;
let ids: WorkedExample;
let token: string;

const APRIL = 'costs_date_from=2025-04-01&costs_date_to=2025-04-30';
const SPRING = 'costs_date_from=2025-04-01&costs_date_to=2025-06-30';

const get = (url: string, bearer = token) => t.app.inject({ method: 'GET', url, headers: auth(bearer) });
const json = async (url: string, bearer = token) => {
  const res = await get(url, bearer);
  expect(res.statusCode).toBe(200);
  return res.json();
};

const actAs = async (email: string, target: number) => {
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${target}`, headers: auth(await t.login(email)), payload: { reason: 'Test' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedWorkedExample(t.database.db);
  token = await t.tokenFor(ids.userId);
  // The hard delete goes through the API, as the portal does it; by provider staff, as s6 has costs
  // in billed months (docs/rules.md, 'Billed months are closed').
  const deleted = await t.app.inject({ method: 'DELETE', url: `/api/services/${ids.s6}/hard`, headers: auth(await actAs('admin@demo.nl', ids.companyId)) });
  expect(deleted.statusCode).toBe(200);
}, 60_000);
afterAll(() => t.close());

const APRIL_COSTS = {
  billing_cycles: [
    { id: 1, name: 'Maandelijks', costs: { setup: 25, full: 41.66, periodic: 90 }, invoice: { setup: 25, full: 41.66, periodic: 90 } },
    { id: 2, name: 'Per kwartaal', costs: { setup: 0, full: 0, periodic: 30 }, invoice: { setup: 0, full: 0, periodic: 90 } },
    { id: 3, name: 'Per halfjaar', costs: { setup: 0, full: 0, periodic: 0 }, invoice: { setup: 0, full: 0, periodic: 0 } },
    { id: 4, name: 'Jaarlijks', costs: { setup: 0, full: 0, periodic: 0 }, invoice: { setup: 0, full: 0, periodic: 0 } },
  ],
  usage: 19.03,
  usagedetail: { costs: { data: 1.01, voice: 2.35, sms: 0.31, bundle: 15.36 } },
  start: { date: '2025-04-01' },
  end: { date: '2025-04-30' },
  // docs/cost-specification.md, 'VAT': 25 + 41,66 + 90 + 30 + 19,03 = 205,69; x 0,21 = 43,1949, so 43,19; 248,88 incl. VAT.
  vat: { rate: 21, vat: 43.19, total: 205.69, total_including_vat: 248.88 },
};

describe('GET /api/costs', () => {
  it('answers the worked example for April 2025', async () => {
    expect(await json(`/api/costs?${APRIL}`)).toEqual(APRIL_COSTS);
  });

  it('covers the whole months the dates touch', async () => {
    expect(await json('/api/costs?costs_date_from=2025-04-15&costs_date_to=2025-04-16')).toEqual(APRIL_COSTS);
  });

  it('sums the months of a longer range: the sum of /costsbymonth', async () => {
    const spring = await json(`/api/costs?${SPRING}`);
    expect(spring.billing_cycles[0].costs).toEqual({ setup: 25, full: 41.66, periodic: 90 + 126 + 126 });
    expect(spring.billing_cycles[1].costs).toEqual({ setup: 0, full: 25.16, periodic: 30 + 30 + 60 });
    expect(spring.billing_cycles[1].invoice).toEqual({ setup: 0, full: 55.16, periodic: 90 });
    expect(spring.usage).toBe(19.03);
    expect(spring.start).toEqual({ date: '2025-04-01' });
    expect(spring.end).toEqual({ date: '2025-06-30' });
  });

  it('answers zeros for a month before the company had anything', async () => {
    const empty = await json('/api/costs?costs_date_from=2020-01-01&costs_date_to=2020-01-31');
    expect(empty.billing_cycles.map((c: { costs: unknown }) => c.costs)).toEqual(Array(4).fill({ setup: 0, full: 0, periodic: 0 }));
    expect(empty.usage).toBe(0);
    expect(empty.usagedetail.costs).toEqual({ data: 0, voice: 0, sms: 0, bundle: 0 });
  });

  it('leaves out the bundle category for a company without a group bundle', async () => {
    // The provider's own company has no article from the group bundle.
    const provider = await json(`/api/costs?${APRIL}`, await t.login('admin@demo.nl'));
    expect(Object.keys(provider.usagedetail.costs).sort()).toEqual(['data', 'sms', 'voice']);
  });

  it('refuses missing, impossible or reversed dates and too long ranges with 400', async () => {
    for (const query of [
      '',
      'costs_date_from=2025-04-01',
      'costs_date_to=2025-04-30',
      'costs_date_from=2025-02-30&costs_date_to=2025-03-31',
      'costs_date_from=april&costs_date_to=2025-04-30',
      'costs_date_from=2025-05-01&costs_date_to=2025-04-30',
      'costs_date_from=2023-01-01&costs_date_to=2025-01-01',
    ]) {
      for (const path of ['/api/costs', '/api/costsbymonth', '/api/costslinesmonthly', '/api/report/export']) {
        const res = await get(`${path}?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    }
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/costs?${APRIL}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/costsbymonth', () => {
  it('answers every month of the range with the costs per kind and usage', async () => {
    expect(await json(`/api/costsbymonth?${SPRING}`)).toEqual([
      { month: '2025-04', periodic: 120, full: 41.66, setup: 25, usage: 19.03 },
      { month: '2025-05', periodic: 156, full: 25.16, setup: 0, usage: 0 },
      { month: '2025-06', periodic: 186, full: 0, setup: 0, usage: 0 },
    ]);
  });

  it('agrees with /costs month by month', async () => {
    const byMonth = await json(`/api/costsbymonth?${SPRING}`);
    for (const month of byMonth) {
      const [year, m] = month.month.split('-');
      const last = new Date(Date.UTC(Number(year), Number(m), 0)).getUTCDate();
      const costs = await json(`/api/costs?costs_date_from=${month.month}-01&costs_date_to=${month.month}-${last}`);
      const sumOf = (kind: 'setup' | 'full' | 'periodic') =>
        Math.round(costs.billing_cycles.reduce((sum: number, c: { costs: Record<string, number> }) => sum + c.costs[kind] * 100, 0)) / 100;
      expect({ periodic: sumOf('periodic'), full: sumOf('full'), setup: sumOf('setup'), usage: costs.usage }).toEqual({
        periodic: month.periodic,
        full: month.full,
        setup: month.setup,
        usage: month.usage,
      });
    }
  });
});

describe('GET /api/costslines*', () => {
  const line = (
    article_id: number,
    article_name: string,
    productgroup: string,
    service_id: number | null,
    names: [string, string] | null,
    price: number,
    total_price: number,
    extra: { billing_cycle_id?: number; quantity?: number } = {},
  ) => ({
    month: '2025-04',
    article_id,
    article_name,
    productgroup,
    billing_cycle_id: extra.billing_cycle_id ?? 1,
    service_id,
    firstname: names?.[0] ?? null,
    lastname: names?.[1] ?? null,
    quantity: extra.quantity ?? 1,
    price,
    total_price,
  });

  it('answers the periodic lines of April, highest first', async () => {
    expect(await json(`/api/costslinesmonthly?${APRIL}`)).toEqual([
      line(ids.licentie, 'Licentie', 'Applicaties', null, null, 5, 50, { quantity: 10 }),
      line(ids.mobiel, 'Mobiel Onbeperkt', 'Mobiele telefonie', ids.s1, ['Jan', 'Jansen'], 30, 30),
      line(ids.hosting, 'Hosting Pakket', 'Hosting', ids.s4, ['Jan', 'Jansen'], 90, 30, { billing_cycle_id: 2 }),
      line(ids.formula, '=SUM(1)', 'Diensten', ids.s7, null, 10, 10),
    ]);
  });

  it('answers the pro-rata lines of April (Nieuwe aansluitingen)', async () => {
    expect(await json(`/api/costslinespartly?${APRIL}`)).toEqual([
      line(ids.mobiel, 'Mobiel Onbeperkt', 'Mobiele telefonie', ids.s3, null, 30, 20),
      line(ids.mobiel, 'Mobiel Onbeperkt', 'Mobiele telefonie', ids.s2, ['Piet', 'de Vries'], 20, 13.33),
      line(ids.licentie, 'Licentie', 'Applicaties', null, null, 5, 8.33, { quantity: 4 }),
    ]);
  });

  it('answers the setup lines of April', async () => {
    expect(await json(`/api/costslinessetup?${APRIL}`)).toEqual([
      line(ids.mobiel, 'Mobiel Onbeperkt', 'Mobiele telefonie', ids.s2, ['Piet', 'de Vries'], 25, 25),
    ]);
  });

  it('adds up to /costs to the cent, kind by kind', async () => {
    const cents = (lines: { total_price: number }[]) => lines.reduce((sum, l) => sum + Math.round(l.total_price * 100), 0);
    const costs = await json(`/api/costs?${SPRING}`);
    const total = (kind: string) => costs.billing_cycles.reduce((sum: number, c: { costs: Record<string, number> }) => sum + Math.round(c.costs[kind] * 100), 0);
    expect(cents(await json(`/api/costslinesmonthly?${SPRING}`))).toBe(total('periodic'));
    expect(cents(await json(`/api/costslinespartly?${SPRING}`))).toBe(total('full'));
    expect(cents(await json(`/api/costslinessetup?${SPRING}`))).toBe(total('setup'));
  });

  it('uses the price history: s1 costs 36 from May', async () => {
    const may = await json('/api/costslinesmonthly?costs_date_from=2025-05-01&costs_date_to=2025-05-31');
    expect(may.find((l: { service_id: number }) => l.service_id === ids.s1)).toMatchObject({ month: '2025-05', price: 36, total_price: 36 });
    expect(may.find((l: { service_id: number }) => l.service_id === ids.s2)).toMatchObject({ price: 20, total_price: 20 });
  });

  it('never shows a hard-deleted service', async () => {
    for (const path of ['costslinesmonthly', 'costslinespartly', 'costslinessetup']) {
      const lines = await json(`/api/${path}?costs_date_from=2024-01-01&costs_date_to=2025-06-30`);
      expect(lines.some((l: { service_id: number }) => l.service_id === ids.s6)).toBe(false);
    }
  });
});

describe('tenancy', () => {
  const ourArticles = () => new Set([ids.mobiel, ids.hosting, ids.licentie, ids.formula]);

  it("never shows another company's lines", async () => {
    const klant = await t.login('klant@demo.nl');
    for (const path of ['costslinesmonthly', 'costslinespartly', 'costslinessetup']) {
      const lines = await json(`/api/${path}?${SPRING}`, klant);
      expect(lines.some((l: { article_id: number }) => ourArticles().has(l.article_id))).toBe(false);
    }
    const costs = await json(`/api/costs?${APRIL}`, klant);
    expect(costs).not.toEqual(APRIL_COSTS);
    expect(costs.usage).toBe(0);
  });

  it('answers only the acting company’s lines: every line is one of its articles', async () => {
    const lines = await json(`/api/costslinesmonthly?${SPRING}`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l: { article_id: number }) => ourArticles().has(l.article_id))).toBe(true);
  });

  it('impersonation acts for the target company', async () => {
    const admin = await actAs('admin@demo.nl', ids.companyId);
    expect(await json(`/api/costs?${APRIL}`, admin)).toEqual(APRIL_COSTS);
    expect(await json(`/api/costsbymonth?${SPRING}`, admin)).toEqual(await json(`/api/costsbymonth?${SPRING}`));
  });

  it("does not count another company's usage", async () => {
    const db = t.database.db;
    const [other] = await db.select().from(companies).where(eq(companies.name, 'Bakkerij De Korenschoof'));
    await db.insert(usageMonthly).values({
      companyId: other.id,
      month: '2025-04-01',
      serviceId: ids.s1,
      number: '0600000000',
      type: 'voice',
      direction: 'uitgaand',
      bundle: 'out',
      records: 1,
      length: 60,
      price: '100',
    });
    await companyMonthsFromMonthly(db, other.id);
    expect((await json(`/api/costs?${APRIL}`)).usage).toBe(19.03);
    expect((await json(`/api/costs?${APRIL}`, await t.login('kees@korenschoof.nl'))).usagedetail.costs.voice).toBe(100);
  });
});
