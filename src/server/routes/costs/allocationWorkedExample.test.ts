import { and, eq } from 'drizzle-orm';
import { Decimal } from '../../../domain/money';
import { ROLE } from '../../../domain/permissions';
import { currentMonth, monthKey, monthRange, previousMonth, type Month } from '../../../domain/time';
import {
  articleGroupFields,
  articleGroups,
  auditLog,
  companies,
  companyArticleGroups,
  rolePermissions,
  serviceFieldInputs,
  services,
  usageMonthly,
} from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { companyMonthsFromMonthly } from '../../services/usage/testSupport';
import { readXlsx } from '../../services/xlsxTestSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';
import { seedWorkedExample, type WorkedExample } from './workedExample';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre') with exact figures: the
 * worked example of ./workedExample.ts (Kostentest B.V., April 2025) with the field values below, the
 * remembered choice in the change log, and the group's rows as the sums of its branches' on the demo
 * data (./allocation.test.ts covers the demo data's months).
 *
 * Kostentest's 'Kostenplaats' (free field 1): s1 'KP-100', s2 ' KP-100 ' (trimmed: the same value),
 * s3 ' \t\n ' (white space only: no value), s4 'kp-100' (another value: case counts), s7 'Éénmalig'; its category field
 * 'Project' (in Mobiele telefonie and in Hosting): s1 'Alpha', s4 'Alpha ', s2 'Beta'.
 */

let t: TestApp;
let ids: WorkedExample;
let token: string;
let klant: string;

const APRIL = 'costs_date_from=2025-04-01&costs_date_to=2025-04-30';
const MAY = 'costs_date_from=2025-05-01&costs_date_to=2025-05-31';

const get = (url: string, bearer = token) => t.app.inject({ method: 'GET', url, headers: auth(bearer) });
const put = (url: string, field: unknown, bearer = token) => t.app.inject({ method: 'PUT', url, headers: auth(bearer), payload: { field } });
const json = async (url: string, bearer = token) => {
  const res = await get(url, bearer);
  expect([url, res.statusCode]).toEqual([url, 200]);
  return res.json();
};

const queryOf = (month: Month) => {
  const range = monthRange(month);
  return `costs_date_from=${range.from}&costs_date_to=${range.to}`;
};

type Amounts = Record<'periodic' | 'full' | 'setup' | 'usage' | 'total', number>;
type Row = Amounts & { value: string | null; afnames: number };
type Afname = Amounts & { service_id: number | null; company_id: number; company_name: string; article_name: string };
const KINDS = ['periodic', 'full', 'setup', 'usage', 'total'] as const;

const sumOf = (items: readonly Amounts[]) =>
  Object.fromEntries(KINDS.map((kind) => [kind, items.reduce((sum, item) => sum.plus(item[kind]), new Decimal(0)).toFixed(2)]));
const cents = (amounts: Amounts) => Object.fromEntries(KINDS.map((kind) => [kind, new Decimal(amounts[kind]).toFixed(2)]));

/** GET /costs of the month as the allocation's total: the cycles' costs per kind, usage, and their sum (`vat.total`). */
const costsOf = async (query: string, bearer = token) => {
  const costs = await json(`/api/costs?${query}`, bearer);
  const kind = (k: 'periodic' | 'full' | 'setup') =>
    costs.billing_cycles.reduce((sum: Decimal, c: { costs: Record<string, number> }) => sum.plus(c.costs[k]), new Decimal(0)).toFixed(2);
  return { periodic: kind('periodic'), full: kind('full'), setup: kind('setup'), usage: new Decimal(costs.usage).toFixed(2), total: new Decimal(costs.vat.total).toFixed(2) };
};

const groupId = async (name: string) => (await t.database.db.select().from(articleGroups).where(eq(articleGroups.name, name)))[0].id;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ids = await seedWorkedExample(db);
  token = await t.tokenFor(ids.userId);
  klant = await t.login('klant@demo.nl');
  await db.delete(services).where(eq(services.id, ids.s6));
  await db
    .update(companies)
    .set({ inputLabel1: 'Kostenplaats', inputLabel2: null, inputLabel3: 'Afdeling', inputLabel4: '   ' })
    .where(eq(companies.id, ids.companyId));
  const free: [number, string][] = [
    [ids.s1, 'KP-100'],
    [ids.s2, ' KP-100 '],
    [ids.s3, ' \t\n '],
    [ids.s4, 'kp-100'],
    [ids.s7, 'Éénmalig'],
  ];
  for (const [id, value] of free) await db.update(services).set({ inputField1: value }).where(eq(services.id, id));
  const [mobiel, hosting, applicaties] = [await groupId('Mobiele telefonie'), await groupId('Hosting'), await groupId('Applicaties')];
  await db.insert(companyArticleGroups).values([mobiel, hosting, applicaties].map((articleGroupId) => ({ companyId: ids.companyId, articleGroupId })));
  const [projectMobiel, projectHosting] = await db
    .insert(articleGroupFields)
    .values([
      { articleGroupId: mobiel, name: 'Project' },
      { articleGroupId: hosting, name: 'Project' },
    ])
    .returning();
  const [phone] = await db
    .select()
    .from(articleGroupFields)
    .where(and(eq(articleGroupFields.articleGroupId, mobiel), eq(articleGroupFields.usedForCdr, true)));
  await db.insert(serviceFieldInputs).values([
    { serviceId: ids.s1, companyId: ids.companyId, articleGroupFieldId: projectMobiel.id, value: 'Alpha' },
    { serviceId: ids.s2, companyId: ids.companyId, articleGroupFieldId: projectMobiel.id, value: 'Beta' },
    { serviceId: ids.s4, companyId: ids.companyId, articleGroupFieldId: projectHosting.id, value: 'Alpha ' },
    { serviceId: ids.s1, companyId: ids.companyId, articleGroupFieldId: phone.id, value: '0612345678' },
  ]);
  // May: s1 uses 0.004 of data and 0.004 of calls: 0.01 for the afname, 0.00 + 0.00 for the month.
  const may = (type: string) => ({
    companyId: ids.companyId,
    month: '2025-05-01',
    serviceId: ids.s1,
    number: '0612345678',
    type,
    direction: 'uitgaand',
    bundle: 'out',
    records: 1,
    length: 1,
    price: '0.004',
  });
  await db.insert(usageMonthly).values([may('data'), may('voice')]);
  await companyMonthsFromMonthly(db, ids.companyId);
}, 60_000);
afterAll(() => t.close());

const APRIL_TOTAL = { periodic: 120, full: 41.66, setup: 25, usage: 19.03, total: 205.69 };

describe('GET /api/costs/allocation/fields', () => {
  it("lists the labelled free fields and the category fields by name, without phone numbers, and the company's choice", async () => {
    expect(await json('/api/costs/allocation/fields')).toEqual({
      data: {
        fields: [
          { key: 'free:1', name: 'Kostenplaats', kind: 'free' },
          { key: 'free:3', name: 'Afdeling', kind: 'free' },
          { key: 'category:Data', name: 'Data', kind: 'category' },
          { key: 'category:Domeinnaam', name: 'Domeinnaam', kind: 'category' },
          { key: 'category:Licentiecode', name: 'Licentiecode', kind: 'category' },
          // In Mobiele telefonie and in Hosting: one field.
          { key: 'category:Project', name: 'Project', kind: 'category' },
          { key: 'category:SIM nummer', name: 'SIM nummer', kind: 'category' },
        ],
        chosen: null,
      },
    });
  });

  it("lists another company's own labels and article groups", async () => {
    const { data } = await json('/api/costs/allocation/fields', klant);
    expect(data.fields.filter((f: { kind: string }) => f.kind === 'free').map((f: { name: string }) => f.name)).toEqual([
      'Kostenplaats',
      'Afdeling',
      'Projectcode',
      'Opmerking',
    ]);
    // Hardware's field: the demo company sees Hardware, Kostentest does not.
    expect(data.fields.map((f: { key: string }) => f.key)).toContain('category:Serienummer');
    expect(data.fields.map((f: { key: string }) => f.key)).not.toContain('category:Telefoonnummer');
  });
});

describe('GET /api/costs/allocation', () => {
  it('answers the rows per value of a free field: trimmed, case-sensitive, in Dutch order, Zonder waarde last', async () => {
    expect(await json(`/api/costs/allocation?${APRIL}&field=free:1`)).toEqual({
      data: {
        month: '2025-04',
        field: { key: 'free:1', name: 'Kostenplaats', kind: 'free' },
        rows: [
          { value: 'Éénmalig', afnames: 1, periodic: 10, full: 0, setup: 0, usage: 0, total: 10 },
          // s1: 30.00 + usage 2.45; s2: 13.33 + setup 25.00 + usage 1.00.
          { value: 'KP-100', afnames: 2, periodic: 30, full: 13.33, setup: 25, usage: 3.45, total: 71.78 },
          { value: 'kp-100', afnames: 1, periodic: 30, full: 0, setup: 0, usage: 0, total: 30 },
          // s3 (20.00 + usage 0.20), the bulk units (50.00 + 8.33), the bundle overage 15.36 and the usage rounding 0.02.
          { value: null, afnames: 1, periodic: 50, full: 28.33, setup: 0, usage: 15.58, total: 93.91 },
        ],
        total: APRIL_TOTAL,
      },
    });
  });

  it('answers the rows per value of a category field of several article groups', async () => {
    const { data } = await json(`/api/costs/allocation?${APRIL}&field=${encodeURIComponent('category:Project')}`);
    expect(data.rows).toEqual([
      { value: 'Alpha', afnames: 2, periodic: 60, full: 0, setup: 0, usage: 2.45, total: 62.45 },
      { value: 'Beta', afnames: 1, periodic: 0, full: 13.33, setup: 25, usage: 1, total: 39.33 },
      { value: null, afnames: 2, periodic: 60, full: 28.33, setup: 0, usage: 15.58, total: 103.91 },
    ]);
    expect(data.total).toEqual(APRIL_TOTAL);
  });

  it('has totals equal to GET /costs to the cent, and rows adding up to them, also with a rounding difference below zero', async () => {
    for (const query of [APRIL, MAY]) {
      for (const field of ['free:1', 'free:3', 'category:Project', 'category:SIM nummer']) {
        const { data } = await json(`/api/costs/allocation?${query}&field=${encodeURIComponent(field)}`);
        expect(cents(data.total)).toEqual(await costsOf(query));
        expect(sumOf(data.rows)).toEqual(cents(data.total));
      }
    }
    // May: the month's usage is 0.00 (each category rounds to 0.00), s1's own 0.01.
    const { data } = await json(`/api/costs/allocation?${MAY}&field=free:1`);
    expect(data.rows.find((r: Row) => r.value === 'KP-100').usage).toBe(0.01);
    expect(data.total.usage).toBe(0);
    const without = (await json(`/api/costs/allocation/afnames?${MAY}&field=free:1`)).data;
    expect(without.find((a: Afname) => a.article_name === 'Afrondingsverschil verbruik')).toMatchObject({ service_id: null, usage: -0.01, total: -0.01 });
  });

  it('refuses an unknown field, a phone number field or more than one month with 400', async () => {
    for (const field of ['free:2', 'free:4', 'free:5', 'free:', 'category:Telefoonnummer', 'category:Onbekend', 'Kostenplaats']) {
      const res = await get(`/api/costs/allocation?${APRIL}&field=${encodeURIComponent(field)}`);
      expect([field, res.statusCode, res.json().message]).toEqual([field, 400, 'Onbekend veld.']);
    }
    expect((await get(`/api/costs/allocation?costs_date_from=2025-04-01&costs_date_to=2025-05-31&field=free:1`)).statusCode).toBe(400);
  });
});

describe('PUT /api/costs/allocation/field', () => {
  afterEach(async () => {
    await t.database.db.update(companies).set({ inputLabel1: 'Kostenplaats', costAllocationField: null }).where(eq(companies.id, ids.companyId));
  });

  const audited = () =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.update'), eq(auditLog.entityId, String(ids.companyId))));

  it('remembers the choice for the company, uses it without `field`, and forgets it with null', async () => {
    const none = await json(`/api/costs/allocation?${APRIL}`);
    expect(none.data).toEqual({ month: '2025-04', field: null, rows: [], total: APRIL_TOTAL });

    const before = (await audited()).length;
    const chosen = await put('/api/costs/allocation/field', 'free:1');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ data: { chosen: 'free:1' } });
    expect((await json('/api/costs/allocation/fields')).data.chosen).toBe('free:1');
    const remembered = await json(`/api/costs/allocation?${APRIL}`);
    expect(remembered).toEqual(await json(`/api/costs/allocation?${APRIL}&field=free:1`));
    // Another user of the company sees the same choice.
    const colleague = await t.tokenFor(ids.userId);
    expect((await json('/api/costs/allocation/fields', colleague)).data.chosen).toBe('free:1');
    // A field given still wins.
    expect((await json(`/api/costs/allocation?${APRIL}&field=category:Project`)).data.field.key).toBe('category:Project');

    // In the change log once; choosing it again changes nothing.
    expect((await put('/api/costs/allocation/field', 'free:1')).statusCode).toBe(200);
    const entries = (await audited()).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0].changes).toEqual({ name: 'Kostentest B.V.', cost_allocation_field: 'free:1' });

    expect((await put('/api/costs/allocation/field', null)).json()).toEqual({ data: { chosen: null } });
    expect((await json('/api/costs/allocation/fields')).data.chosen).toBeNull();
    expect((await json(`/api/costs/allocation?${APRIL}`)).data.field).toBeNull();
  });

  it('treats a remembered field whose label was removed as none', async () => {
    expect((await put('/api/costs/allocation/field', 'free:1')).statusCode).toBe(200);
    await t.database.db.update(companies).set({ inputLabel1: ' ' }).where(eq(companies.id, ids.companyId));
    expect((await json('/api/costs/allocation/fields')).data.chosen).toBeNull();
    expect((await json(`/api/costs/allocation?${APRIL}`)).data).toEqual({ month: '2025-04', field: null, rows: [], total: APRIL_TOTAL });
    expect((await get(`/api/costs/allocation/download?${APRIL}`)).statusCode).toBe(400);
  });

  it("refuses a key that is not one of the company's fields with 400, and keeps the choice", async () => {
    expect((await put('/api/costs/allocation/field', 'category:Project')).statusCode).toBe(200);
    for (const field of ['free:2', 'category:Telefoonnummer', 'category:Onbekend', '']) {
      const res = await put('/api/costs/allocation/field', field);
      expect([field, res.statusCode, res.json().message]).toEqual([field, 400, 'Onbekend veld.']);
    }
    // Kostentest does not see the demo company's article groups: nor their field names.
    expect((await put('/api/costs/allocation/field', 'category:Serienummer')).statusCode).toBe(400);
    expect((await put('/api/costs/allocation/field', 12)).statusCode).toBe(400);
    expect((await json('/api/costs/allocation/fields')).data.chosen).toBe('category:Project');
  });

  it('needs a drill-down or download field: 400 without one given or remembered', async () => {
    for (const path of ['afnames', 'download']) {
      const res = await get(`/api/costs/allocation/${path}?${APRIL}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Kies een veld om de kosten over te verdelen.');
    }
  });
});

describe('GET /api/costs/allocation/afnames', () => {
  it('answers the afnames behind a value, highest total first, with their article, end user and phone number', async () => {
    const base = {
      company_id: ids.companyId,
      company_name: 'Kostentest B.V.',
      article_id: ids.mobiel,
      article_group_id: await groupId('Mobiele telefonie'),
      article_name: 'Mobiel Onbeperkt',
      productgroup: 'Mobiele telefonie',
    };
    const expected = [
      { ...base, service_id: ids.s2, firstname: 'Piet', lastname: 'de Vries', number: null, periodic: 0, full: 13.33, setup: 25, usage: 1, total: 39.33 },
      { ...base, service_id: ids.s1, firstname: 'Jan', lastname: 'Jansen', number: '0612345678', periodic: 30, full: 0, setup: 0, usage: 2.45, total: 32.45 },
    ];
    expect((await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1&value=KP-100`)).data).toEqual(expected);
    expect((await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1&value=${encodeURIComponent(' KP-100 ')}`)).data).toEqual(expected);
    expect((await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1&value=kp-100`)).data.map((a: Afname) => a.service_id)).toEqual([ids.s4]);
    expect((await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1&value=Onbekend`)).data).toEqual([]);
  });

  it("answers Zonder waarde's afnames, bulk units, bundle overage and rounding difference without `value`", async () => {
    const lines = (await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1`)).data;
    const none = { company_id: ids.companyId, company_name: 'Kostentest B.V.', firstname: null, lastname: null, number: null };
    const loose = { ...none, service_id: null, article_id: null, article_group_id: null };
    expect(lines).toEqual([
      // The bulk units: a line per kind, as on /kosten.
      { ...loose, article_name: 'Licentie', productgroup: 'Applicaties', periodic: 50, full: 0, setup: 0, usage: 0, total: 50 },
      {
        ...none,
        service_id: ids.s3,
        article_id: ids.mobiel,
        article_group_id: await groupId('Mobiele telefonie'),
        article_name: 'Mobiel Onbeperkt',
        productgroup: 'Mobiele telefonie',
        periodic: 0,
        full: 20,
        setup: 0,
        usage: 0.2,
        total: 20.2,
      },
      { ...loose, article_name: 'Data buiten groepsbundel', productgroup: '', periodic: 0, full: 0, setup: 0, usage: 15.36, total: 15.36 },
      { ...loose, article_name: 'Licentie', productgroup: 'Applicaties', periodic: 0, full: 8.33, setup: 0, usage: 0, total: 8.33 },
      { ...loose, article_name: 'Afrondingsverschil verbruik', productgroup: '', periodic: 0, full: 0, setup: 0, usage: 0.02, total: 0.02 },
    ]);
    expect((await json(`/api/costs/allocation/afnames?${APRIL}&field=free:1&value=%20`)).data).toEqual(lines);
  });

  it('adds up to its row for every value', async () => {
    for (const field of ['free:1', 'category:Project']) {
      const { data } = await json(`/api/costs/allocation?${APRIL}&field=${encodeURIComponent(field)}`);
      for (const row of data.rows as Row[]) {
        const value = row.value === null ? '' : `&value=${encodeURIComponent(row.value)}`;
        const afnames: Afname[] = (await json(`/api/costs/allocation/afnames?${APRIL}&field=${encodeURIComponent(field)}${value}`)).data;
        expect([row.value, sumOf(afnames)]).toEqual([row.value, cents(row)]);
        expect(afnames.filter((a) => a.service_id !== null)).toHaveLength(row.afnames);
      }
    }
  });
});

describe('GET /api/costs/allocation/download', () => {
  it('downloads the rows as CSV with a decimal comma and a last row Totaal, and as Excel', async () => {
    const csv = await get(`/api/costs/allocation/download?${APRIL}&field=free:1`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="kosten-per-kostenplaats-2025-04.csv"');
    expect(csv.body).toBe(
      '\uFEFF' +
        [
          'Kostenplaats;Afnames;Periodiek;Nieuwe aansluitingen;Set up;Verbruik;Totaal excl. btw',
          'Éénmalig;1;10,00;0,00;0,00;0,00;10,00',
          'KP-100;2;30,00;13,33;25,00;3,45;71,78',
          'kp-100;1;30,00;0,00;0,00;0,00;30,00',
          'Zonder waarde;1;50,00;28,33;0,00;15,58;93,91',
          'Totaal;5;120,00;41,66;25,00;19,03;205,69',
        ]
          .map((line) => `${line}\r\n`)
          .join(''),
    );

    const xlsx = await get(`/api/costs/allocation/download?${APRIL}&field=${encodeURIComponent('category:SIM nummer')}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="kosten-per-sim-nummer-2025-04.xlsx"');
    const { rows } = readXlsx(xlsx.rawPayload);
    expect(rows.map((row) => row[0]?.value)).toEqual(['SIM nummer', 'Zonder waarde', 'Totaal']);
    // s1, s2, s3, s4 and s7: nobody filled in a SIM nummer.
    expect(rows[2][1]).toMatchObject({ type: 'n', value: 5 });
    expect(rows[2][6]).toMatchObject({ type: 'n', value: 205.69, format: '#,##0.00' });
  });

  it('uses the remembered field', async () => {
    expect((await put('/api/costs/allocation/field', 'category:Project')).statusCode).toBe(200);
    try {
      const csv = await get(`/api/costs/allocation/download?${APRIL}`);
      expect(csv.headers['content-disposition']).toContain('kosten-per-project-2025-04.csv');
      expect(csv.body.split('\r\n')[1]).toBe('Alpha;2;60,00;0,00;0,00;2,45;62,45');
    } finally {
      await put('/api/costs/allocation/field', null);
    }
  });
});

describe('the group: /api/group/costs/allocation…', () => {
  const month = previousMonth(currentMonth());
  const query = queryOf(month);

  it("lists the branches' category fields and the acting company's free field labels", async () => {
    const { data } = await json('/api/group/costs/allocation/fields', klant);
    expect(data.fields.slice(0, 4).map((f: { key: string; name: string }) => `${f.key} ${f.name}`)).toEqual([
      'free:1 Kostenplaats',
      'free:2 Afdeling',
      'free:3 Projectcode',
      'free:4 Opmerking',
    ]);
    expect(data.fields.map((f: { key: string }) => f.key)).toContain('category:Data');
    expect(data.fields.map((f: { key: string }) => f.key)).not.toContain('category:Telefoonnummer');
  });

  it("sums the branches' rows per value; its totals are the group view's, and a value's afnames carry their branch", async () => {
    const field = 'category:Data';
    const { data } = await json(`/api/group/costs/allocation?${query}&field=${field}`, klant);
    const groupCosts = (await json(`/api/group/costs?${query}`, klant)).data;
    expect(cents(data.total)).toEqual(cents(groupCosts.group));

    const installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
    const perValue = new Map<string | null, { afnames: number; rows: Amounts[] }>();
    for (const branch of groupCosts.branches as { company_id: number }[]) {
      const managing = branch.company_id === installatie ? klant : await t.manage(klant, branch.company_id);
      const own = (await json(`/api/costs/allocation?${query}&field=${field}`, managing)).data;
      for (const row of own.rows as Row[]) {
        const sum = perValue.get(row.value) ?? { afnames: 0, rows: [] };
        sum.afnames += row.afnames;
        sum.rows.push(row);
        perValue.set(row.value, sum);
      }
    }
    expect(data.rows.length).toBeGreaterThan(1);
    expect(data.rows.map((r: Row) => [r.value, r.afnames, cents(r)])).toEqual(
      data.rows.map((r: Row) => [r.value, perValue.get(r.value)!.afnames, sumOf(perValue.get(r.value)!.rows)]),
    );
    expect(data.rows.length).toBe(perValue.size);

    const value = data.rows[0].value as string;
    const lines: Afname[] = (await json(`/api/group/costs/allocation/afnames?${query}&field=${field}&value=${encodeURIComponent(value)}`, klant)).data;
    expect(sumOf(lines)).toEqual(cents(data.rows[0]));
    expect(new Set(lines.map((l) => l.company_name)).size).toBeGreaterThan(1);
    expect(lines.map((l) => l.total)).toEqual(lines.map((l) => l.total).sort((a, b) => b - a));
  });

  it('remembers the choice on the acting company and downloads the summed rows', async () => {
    expect((await put('/api/group/costs/allocation/field', 'free:1', klant)).json()).toEqual({ data: { chosen: 'free:1' } });
    try {
      expect((await json('/api/group/costs/allocation/fields', klant)).data.chosen).toBe('free:1');
      expect((await json('/api/costs/allocation/fields', klant)).data.chosen).toBe('free:1');
      const { data } = await json(`/api/group/costs/allocation?${query}`, klant);
      expect(data.field).toEqual({ key: 'free:1', name: 'Kostenplaats', kind: 'free' });
      const csv = await get(`/api/group/costs/allocation/download?${query}`, klant);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toContain(`groep-kosten-per-kostenplaats-${monthKey(month)}.csv`);
      const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines).toHaveLength(data.rows.length + 2);
      expect(lines.at(-2)!.startsWith('Zonder waarde;')).toBe(true);
      expect(lines.at(-1)!.split(';').at(-1)).toBe(new Decimal(data.total.total).toFixed(2).replace('.', ','));
      const xlsx = await get(`/api/group/costs/allocation/download?${query}&format=xlsx`, klant);
      expect(readXlsx(xlsx.rawPayload).rows).toHaveLength(data.rows.length + 2);
      expect((await put('/api/group/costs/allocation/field', 'category:Onbekend', klant)).statusCode).toBe(400);
    } finally {
      await put('/api/costs/allocation/field', null, klant);
    }
  });

  it('answers 404 for a company without a parent company', async () => {
    for (const path of ['/fields', `?${APRIL}`, `/afnames?${APRIL}&field=free:1`, `/download?${APRIL}&field=free:1`]) {
      const res = await get(`/api/group/costs/allocation${path}`);
      expect([path, res.statusCode, res.json().message]).toEqual([path, 404, 'Dit bedrijf hoort niet bij een hoofdbedrijf.']);
    }
    const res = await put('/api/group/costs/allocation/field', null);
    expect(res.statusCode).toBe(404);
  });

  it('answers 403 without EDIT_PARENT_COMPANY', async () => {
    const grant = and(eq(rolePermissions.roleId, ROLE.endUser), eq(rolePermissions.permissionName, 'EDIT_PARENT_COMPANY'));
    await t.database.db.delete(rolePermissions).where(grant);
    try {
      for (const path of ['/fields', `?${query}`, `/afnames?${query}&field=free:1`, `/download?${query}&field=free:1`]) {
        expect([path, (await get(`/api/group/costs/allocation${path}`, klant)).statusCode]).toEqual([path, 403]);
      }
      expect((await put('/api/group/costs/allocation/field', null, klant)).statusCode).toBe(403);
      // The company's own view needs no permission.
      expect((await get(`/api/costs/allocation?${query}`, klant)).statusCode).toBe(200);
    } finally {
      await t.database.db.insert(rolePermissions).values({ roleId: ROLE.endUser, permissionName: 'EDIT_PARENT_COMPANY' });
    }
  });
});
