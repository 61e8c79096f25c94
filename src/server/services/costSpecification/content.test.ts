import { eq } from 'drizzle-orm';
import { Decimal } from '../../../domain/money';
import { services } from '../../db/schema';
import { seedWorkedExample, type WorkedExample } from '../../routes/costs/workedExample';
import { seedDemoUsage } from '../../seed/demoUsage';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { previousMonth } from '../usage/testSupport';
import { companySpecification, groupSpecification, specificationOf } from './content';
import type { CompanySpecification } from './types';

/**
 * The content of the cost specification (docs/cost-specification.md, 'What it shows') against the
 * costs calls: the worked example of routes/costs/workedExample.ts (April 2025 has every kind and a
 * group bundle overage) and the demo's Van Dijk group with its imported usage.
 */

let t: TestApp;
let ids: WorkedExample;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => seedDemoUsage(tx));
  ids = await seedWorkedExample(t.database.db);
  // As in the costs tests: s6 is hard-deleted (gone from the table).
  await t.database.db.delete(services).where(eq(services.id, ids.s6));
}, 120_000);
afterAll(() => t.close());

const APRIL = { year: 2025, month: 4 };

/** GET /costs of one month for the token's company, per kind in euros (2 decimals): the sums of the billing cycles. */
const costsOf = async (token: string, month: { year: number; month: number }) => {
  const last = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
  const from = `${month.year}-${String(month.month).padStart(2, '0')}`;
  const res = await t.app.inject({ method: 'GET', url: `/api/costs?costs_date_from=${from}-01&costs_date_to=${from}-${last}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { billing_cycles: { costs: Record<'periodic' | 'full' | 'setup', number> }[]; usage: number };
  const kind = (k: 'periodic' | 'full' | 'setup') => body.billing_cycles.reduce((sum, c) => sum.plus(c.costs[k]), new Decimal(0)).toFixed(2);
  return { periodic: kind('periodic'), full: kind('full'), setup: kind('setup'), usage: new Decimal(body.usage).toFixed(2) };
};

/** Every subtotal is the exact sum of what is under it, and the kinds' totals are the first page's. */
const expectSubtotalsAddUp = (spec: CompanySpecification) => {
  const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);
  for (const kind of spec.kinds) {
    for (const group of kind.groups) {
      for (const article of group.articles) expect(article.total).toBe(sum(article.lines.map((l) => l.amount)));
      expect(group.total).toBe(sum(group.articles.map((a) => a.total)));
    }
    expect(kind.total).toBe(sum(kind.groups.map((g) => g.total)));
    expect(spec.totals[kind.kind]).toBe(kind.total);
  }
  const { categories } = spec.usage;
  expect(spec.usage.total).toBe(sum([categories.data, categories.voice, categories.sms, categories.bundle ?? '0']));
  expect(spec.totals.total).toBe(sum([spec.totals.periodic, spec.totals.full, spec.totals.setup, spec.totals.usage]));
};

describe('companySpecification', () => {
  it('gives the worked example of April 2025: every kind as GET /costs, the VAT on the total', async () => {
    const spec = (await companySpecification(t.database.db, ids.companyId, APRIL, '21'))!;
    expect(spec).toMatchObject({ companyName: 'Kostentest B.V.', customerNumber: 'KT-001' });
    // 120.00 + 41.66 + 25.00 + 19.03 = 205.69; VAT 205.69 x 0.21 = 43.1949 -> 43.19.
    expect(spec.totals).toEqual({
      periodic: '120.00',
      full: '41.66',
      setup: '25.00',
      usage: '19.03',
      total: '205.69',
      vatRate: '21',
      vat: '43.19',
      totalIncludingVat: '248.88',
    });
    const costs = await costsOf(await t.tokenFor(ids.userId), APRIL);
    expect({ periodic: spec.totals.periodic, full: spec.totals.full, setup: spec.totals.setup, usage: spec.totals.usage }).toEqual(costs);
    expectSubtotalsAddUp(spec);
  });

  it('lists the lines per kind, article group, article and afname, with the end user', async () => {
    const spec = (await companySpecification(t.database.db, ids.companyId, APRIL, '21'))!;
    const kind = (k: string) => spec.kinds.find((x) => x.kind === k)!;
    expect(spec.kinds.map((k) => [k.label, k.total])).toEqual([
      ['Periodiek', '120.00'],
      ['Nieuwe aansluitingen', '41.66'],
      ['Set up', '25.00'],
    ]);
    // Periodic: s1 30.00 (Mobiel), s4 30.00 (Hosting, 90 a quarter), 10 Licentie units x 5, s7 10.00.
    const periodic = kind('periodic');
    expect(periodic.groups.map((g) => [g.name, g.total])).toEqual(
      expect.arrayContaining([
        ['Mobiele telefonie', '30.00'],
        ['Hosting', '30.00'],
        ['Applicaties', '50.00'],
        ['Diensten', '10.00'],
      ]),
    );
    const mobiel = periodic.groups.find((g) => g.name === 'Mobiele telefonie')!.articles[0];
    expect(mobiel).toMatchObject({ name: 'Mobiel Onbeperkt', billingCycle: 'Maandelijks', total: '30.00' });
    expect(mobiel.lines).toEqual([{ serviceId: ids.s1, number: null, endUser: 'Jan Jansen', quantity: 1, price: '30.00', amount: '30.00' }]);
    const hosting = periodic.groups.find((g) => g.name === 'Hosting')!.articles[0];
    expect(hosting).toMatchObject({ name: 'Hosting Pakket', billingCycle: 'Per kwartaal' });
    // Nieuwe aansluitingen: s3 20.00 (no end user) above s2 13.33 (Piet de Vries), and the bulk units' 8.33 for 4 units.
    const full = kind('full');
    const newMobiel = full.groups.find((g) => g.name === 'Mobiele telefonie')!.articles[0];
    expect(newMobiel.lines.map((l) => [l.serviceId, l.endUser, l.amount])).toEqual([
      [ids.s3, '', '20.00'],
      [ids.s2, 'Piet de Vries', '13.33'],
    ]);
    expect(full.groups.find((g) => g.name === 'Applicaties')!.articles[0].lines).toEqual([
      { serviceId: null, number: null, endUser: '', quantity: 4, price: '5.00', amount: '8.33' },
    ]);
    expect(kind('setup').groups[0].articles[0].lines).toEqual([
      { serviceId: ids.s2, number: null, endUser: 'Piet de Vries', quantity: 1, price: '25.00', amount: '25.00' },
    ]);
  });

  it('gives Verbruik per category and the group bundle overage (3.5 GB of 2 GB at € 0,01 per MB)', async () => {
    const spec = (await companySpecification(t.database.db, ids.companyId, APRIL, '21'))!;
    expect(spec.usage.categories).toEqual({ data: '1.01', voice: '2.35', sms: '0.31', bundle: '15.36' });
    expect(spec.bundle).toEqual({ totalGb: '2', usedGb: '3.5', overageMb: '1536.000', priceMb: '0.01', amount: '15.36' });
  });

  it('gives the demo company its numbers, usage per number as Verbruik shows it, and every month as GET /costs', async () => {
    const company = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!;
    const token = await t.login('klant@demo.nl');
    const month = previousMonth();
    const spec = (await companySpecification(t.database.db, company.id, month, '21'))!;
    expectSubtotalsAddUp(spec);
    const lines = spec.kinds.flatMap((k) => k.groups.flatMap((g) => g.articles.flatMap((a) => a.lines)));
    expect(lines.filter((l) => l.number !== null).length).toBeGreaterThan(5);
    expect(lines.some((l) => l.number?.startsWith('061'))).toBe(true);

    const from = `${month.year}-${String(month.month).padStart(2, '0')}-01`;
    const to = `${month.year}-${String(month.month).padStart(2, '0')}-${new Date(Date.UTC(month.year, month.month, 0)).getUTCDate()}`;
    const report = (await t.app.inject({ method: 'GET', url: `/api/report?report_date_from=${from}&report_date_to=${to}`, headers: auth(token) })).json() as {
      mobile_number: string;
      firstname: string;
      lastname: string;
      product_name: string;
      data: number;
      sms: number;
      call_seconds: number;
      total_price: number;
    }[];
    expect(spec.usage.numbers).toHaveLength(report.length);
    expect(report.length).toBeGreaterThan(5);
    const amounts = spec.usage.numbers.map((n) => Number(n.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const row of report) {
      expect(spec.usage.numbers).toContainEqual({
        number: row.mobile_number,
        endUser: `${row.firstname} ${row.lastname}`.trim(),
        article: row.product_name,
        dataBytes: row.data,
        callSeconds: row.call_seconds,
        sms: row.sms,
        amount: new Decimal(row.total_price).toFixed(2),
      });
    }
    // The months with usage, each to the cent as /costs.
    for (const delta of [-1, 0, 1]) {
      const m = { year: month.year, month: month.month + delta };
      if (m.month === 0) Object.assign(m, { year: m.year - 1, month: 12 });
      if (m.month === 13) Object.assign(m, { year: m.year + 1, month: 1 });
      const s = (await companySpecification(t.database.db, company.id, m, '21'))!;
      expect({ periodic: s.totals.periodic, full: s.totals.full, setup: s.totals.setup, usage: s.totals.usage }).toEqual(await costsOf(token, m));
    }
  });

  it('answers null for a company that does not exist', async () => {
    expect(await companySpecification(t.database.db, 999_999, APRIL, '21')).toBeNull();
  });
});

describe('groupSpecification', () => {
  it("gives every branch of the demo's Van Dijk Groep by name, the group's totals their exact sums and the VAT on the group's total", async () => {
    const branch = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!;
    const month = previousMonth();
    const group = (await groupSpecification(t.database.db, branch.parentCompanyId!, month, '21'))!;
    expect(group.name).toBe('Van Dijk Groep');
    expect(group.companies.map((c) => c.companyName)).toEqual([
      'Van Dijk Elektrotechniek B.V.',
      'Van Dijk Installatietechniek B.V.',
      'Van Dijk Service & Onderhoud B.V.',
    ]);
    const staff = await t.login('admin@demo.nl');
    for (const company of group.companies) {
      const costs = await costsOf(await t.manage(staff, company.companyId), month);
      expect({ periodic: company.totals.periodic, full: company.totals.full, setup: company.totals.setup, usage: company.totals.usage }).toEqual(costs);
    }
    const sum = (pick: (c: CompanySpecification) => string) => group.companies.reduce((s, c) => s.plus(pick(c)), new Decimal(0)).toFixed(2);
    for (const key of ['periodic', 'full', 'setup', 'usage', 'total'] as const) expect(group.totals[key]).toBe(sum((c) => c.totals[key]));
    const vat = new Decimal(group.totals.total).times(21).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(group.totals.vat).toBe(vat.toFixed(2));
    expect(group.totals.totalIncludingVat).toBe(vat.plus(group.totals.total).toFixed(2));
    expect(Number(group.totals.total)).toBeGreaterThan(0);
  });

  it('answers null for a parent company that does not exist', async () => {
    expect(await groupSpecification(t.database.db, 999_999, APRIL, '21')).toBeNull();
  });
});

describe('specificationOf', () => {
  it('names the month in Dutch, gives the period and marks a draft or a version', async () => {
    const content = (await companySpecification(t.database.db, ids.companyId, APRIL, '21'))!;
    const draft = specificationOf(APRIL, content, { draft: true, version: null, reason: null, madeAt: new Date('2025-04-20T22:30:00Z') });
    expect(draft).toMatchObject({
      title: 'Kostenspecificatie april 2025',
      month: '2025-04',
      period: { from: '01-04-2025', to: '30-04-2025' },
      draft: true,
      version: null,
      // 22:30 UTC is past midnight in Amsterdam.
      madeOn: '21-04-2025',
      group: null,
      totals: content.totals,
    });
    expect(draft.companies).toEqual([content]);
    const correction = specificationOf(APRIL, content, { draft: false, version: 2, reason: 'Prijs gecorrigeerd', madeAt: new Date('2025-05-02T10:00:00Z') });
    expect(correction).toMatchObject({ draft: false, version: 2, reason: 'Prijs gecorrigeerd', madeOn: '02-05-2025' });
  });
});
