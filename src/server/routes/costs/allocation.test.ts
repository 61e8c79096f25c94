import { sql } from 'drizzle-orm';
import { daysInMonth, monthKey, monthStart, shiftMonth, type Month } from '../../../domain/time';
import { findCompanyByName } from '../../seed/demo';
import { seedDemoUsage } from '../../seed/demoUsage';
import { companyMonthsFromMonthly, numberedServices, previousMonth } from '../../services/usage/testSupport';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * 'Per kostenplaats' (docs/cost-specification.md, 'Costs per cost centre') on the demo data with its
 * usage: the fields, the rows per value adding up to GET /costs of the month to the cent, the
 * afnames behind a value, the remembered choice, the group's rows across branches, the downloads,
 * and the rounding difference of the usage as a line of its own.
 */

let t: TestApp;
let klant: string;
let kees: string;
let installatie: number;
const month: Month = previousMonth();
const rangeOf = (m: Month) => `costs_date_from=${monthStart(m)}&costs_date_to=${monthKey(m)}-${daysInMonth(m.year, m.month)}`;
const RANGE = rangeOf(month);

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const choose = (token: string, field: string | null, group = false) =>
  t.app.inject({ method: 'PUT', url: `/api/${group ? 'group/' : ''}costs/allocation/field`, headers: auth(token), payload: { field } });

type Amounts = { periodic: number; full: number; setup: number; usage: number; total: number };
type Row = Amounts & { value: string | null; afnames: number };
type Entry = Amounts & { service_id: number | null; company_name: string; article_name: string; number: string | null };

const cents = (amount: number) => Math.round(amount * 100);
const sumCents = (rows: readonly Amounts[], kind: keyof Amounts) => rows.reduce((sum, row) => sum + cents(row[kind]), 0);

/** GET /costs of the month per kind, in cents, as the screen adds it up. */
const costsOf = async (token: string, range = RANGE) => {
  const res = await get(`/api/costs?${range}`, token);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { billing_cycles: { costs: Record<'periodic' | 'full' | 'setup', number> }[]; usage: number };
  const kind = (k: 'periodic' | 'full' | 'setup') => body.billing_cycles.reduce((sum, c) => sum + cents(c.costs[k]), 0);
  const figures = { periodic: kind('periodic'), full: kind('full'), setup: kind('setup'), usage: cents(body.usage) };
  return { ...figures, total: figures.periodic + figures.full + figures.setup + figures.usage };
};

const allocationOf = async (token: string, query = `${RANGE}&field=free:1`, group = false) => {
  const res = await get(`/api/${group ? 'group/' : ''}costs/allocation?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as { month: string; field: { key: string; name: string } | null; rows: Row[]; total: Amounts };
};

const afnamesOf = async (token: string, value: string | null, group = false, field = 'free:1') => {
  const res = await get(`/api/${group ? 'group/' : ''}costs/allocation/afnames?${RANGE}&field=${encodeURIComponent(field)}${value === null ? '' : `&value=${encodeURIComponent(value)}`}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data as Entry[];
};

const KINDS = ['periodic', 'full', 'setup', 'usage', 'total'] as const;
const inCents = (amounts: Amounts) => Object.fromEntries(KINDS.map((kind) => [kind, cents(amounts[kind])]));

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => seedDemoUsage(tx));
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  klant = await t.login('klant@demo.nl');
  kees = await t.login('kees@korenschoof.nl');
}, 120_000);
afterAll(() => t.close());

describe('the fields', () => {
  it("lists the company's labelled free fields and its category fields by name, never a phone number", async () => {
    const res = await get('/api/costs/allocation/fields', klant);
    expect(res.statusCode).toBe(200);
    const { fields, chosen } = res.json().data as { fields: { key: string; name: string; kind: string }[]; chosen: string | null };
    expect(fields.slice(0, 4)).toEqual([
      { key: 'free:1', name: 'Kostenplaats', kind: 'free' },
      { key: 'free:2', name: 'Afdeling', kind: 'free' },
      { key: 'free:3', name: 'Projectcode', kind: 'free' },
      { key: 'free:4', name: 'Opmerking', kind: 'free' },
    ]);
    expect(fields.filter((f) => f.kind === 'category').length).toBeGreaterThan(0);
    expect(fields.every((f) => f.kind === 'free' || f.key === `category:${f.name}`)).toBe(true);
    expect(fields.map((f) => f.name)).not.toContain('Telefoonnummer');
    expect(chosen).toBeNull();
  });

  it("gives another company its own fields: Bakkerij De Korenschoof's 'Filiaal'", async () => {
    const { fields } = (await get('/api/costs/allocation/fields', kees)).json().data as { fields: { key: string; name: string }[] };
    expect(fields[0]).toEqual({ key: 'free:1', name: 'Filiaal', kind: 'free' });
    expect(fields.map((f) => f.name)).not.toContain('Kostenplaats');
  });

  it('remembers the choice for the company, refuses a field it does not have (400), and forgets it with null', async () => {
    expect((await allocationOf(klant, RANGE)).field).toBeNull();
    const refused = await choose(klant, 'free:9');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Onbekend veld.');
    expect((await choose(klant, 'category:Telefoonnummer')).statusCode).toBe(400);

    const chosen = await choose(klant, 'free:2');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toEqual({ chosen: 'free:2' });
    expect((await get('/api/costs/allocation/fields', klant)).json().data.chosen).toBe('free:2');
    const remembered = await allocationOf(klant, RANGE);
    expect(remembered.field).toEqual({ key: 'free:2', name: 'Afdeling', kind: 'free' });
    expect(remembered.rows.map((r) => r.value)).toEqual(['Kantoor', 'Montage', 'Projecten', 'Service', null]);
    // Another company's choice is its own.
    expect((await get('/api/costs/allocation/fields', kees)).json().data.chosen).toBeNull();

    expect((await choose(klant, null)).json().data).toEqual({ chosen: null });
    const none = await allocationOf(klant, RANGE);
    expect(none.field).toBeNull();
    expect(none.rows).toEqual([]);
    expect(inCents(none.total)).toEqual(await costsOf(klant));
  });

  it('refuses an unknown field in a query with 400 and changes nothing', async () => {
    const res = await get(`/api/costs/allocation?${RANGE}&field=category:Bestaat%20niet`, klant);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Onbekend veld.');
  });
});

describe('the rows', () => {
  it("add up, per kind and in all, to GET /costs of the month to the cent, 'Zonder waarde' last", async () => {
    const { rows, total, field } = await allocationOf(klant);
    expect(field).toEqual({ key: 'free:1', name: 'Kostenplaats', kind: 'free' });
    expect(rows.map((r) => r.value)).toEqual(['KP-100', 'KP-110', 'KP-120', 'KP-130', null]);
    const costs = await costsOf(klant);
    expect(inCents(total)).toEqual(costs);
    for (const kind of KINDS) expect(sumCents(rows, kind)).toBe(costs[kind]);
    for (const row of rows) expect(cents(row.total)).toBe(cents(row.periodic) + cents(row.full) + cents(row.setup) + cents(row.usage));
    // Every seventh afname of the demo has no Kostenplaats: 'Zonder waarde' holds those and the bulk units.
    const without = rows.at(-1)!;
    expect(without.afnames).toBeGreaterThan(0);
    expect(cents(without.total)).toBeGreaterThan(0);
  });

  it('are each the sum of the afnames behind them; an afname of a value shows its article, end user and number', async () => {
    const { rows } = await allocationOf(klant);
    for (const row of rows) {
      const entries = await afnamesOf(klant, row.value);
      expect(entries.filter((e) => e.service_id !== null)).toHaveLength(row.afnames);
      for (const kind of KINDS) expect(sumCents(entries, kind)).toBe(cents(row[kind]));
      // Highest total first.
      expect(entries.map((e) => cents(e.total))).toEqual(entries.map((e) => cents(e.total)).sort((a, b) => b - a));
    }
    const [first] = await afnamesOf(klant, 'KP-100');
    expect(first).toMatchObject({ company_name: 'Van Dijk Installatietechniek B.V.', article_name: expect.any(String) });
    const without = await afnamesOf(klant, null);
    expect(without.some((e) => e.service_id !== null)).toBe(true);
    // The bulk units are there too, as lines of no afname, without a number.
    const loose = without.filter((e) => e.service_id === null);
    expect(loose.some((e) => e.article_name.startsWith('Microsoft'))).toBe(true);
    expect(loose.every((e) => e.number === null)).toBe(true);
  });

  it("never shows another company's afnames: Bakkerij De Korenschoof's rows are its own", async () => {
    const { rows, total } = await allocationOf(kees);
    expect(inCents(total)).toEqual(await costsOf(kees));
    const ownIds = new Set((await numberedServices(t.database.db, installatie)).map((s) => s.id));
    for (const row of rows) {
      const entries = await afnamesOf(kees, row.value);
      expect(entries.every((e) => e.company_name === 'Bakkerij De Korenschoof' && !ownIds.has(e.service_id ?? -1))).toBe(true);
    }
  });

  it('refuses a range of more than one month with 400', async () => {
    const next = shiftMonth(month, 1);
    const res = await get(`/api/costs/allocation?costs_date_from=${monthStart(month)}&costs_date_to=${monthStart(next)}&field=free:1`, klant);
    expect(res.statusCode).toBe(400);
  });
});

describe('the rounding difference of the usage', () => {
  it("is a line of 'Zonder waarde', so the total stays the month's: 3 afnames of 0,004 of data each", async () => {
    // Five months back the demo has no usage: only these three records' prices count.
    const quiet = shiftMonth(month, -4);
    const range = rangeOf(quiet);
    const numbered = (await numberedServices(t.database.db, installatie)).filter((s) => s.startTime < new Date(`${monthStart(quiet)}T00:00:00Z`)).slice(0, 3);
    expect(numbered).toHaveLength(3);
    for (const service of numbered) {
      await t.database.db.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
        values (${installatie}, ${monthStart(quiet)}, ${service.id}, ${service.number}, 'data', 'uitgaand', 'out', 1, 1024, 0.004)`);
    }
    await companyMonthsFromMonthly(t.database.db, installatie);

    const costs = await costsOf(klant, range);
    // 3 x 0,004 = 0,012: the month's Verbruik is € 0,01; each afname's is € 0,00.
    expect(costs.usage).toBe(1);
    const { rows, total } = await allocationOf(klant, `${range}&field=free:1`);
    expect(inCents(total)).toEqual(costs);
    expect(rows.filter((r) => r.value !== null).every((r) => cents(r.usage) === 0)).toBe(true);
    const res = await get(`/api/costs/allocation/afnames?${range}&field=free:1`, klant);
    const rounding = (res.json().data as Entry[]).find((e) => e.article_name === 'Afrondingsverschil verbruik');
    expect(rounding).toMatchObject({ service_id: null, usage: 0.01, total: 0.01 });
  });
});

describe("the group's rows", () => {
  it('add up across the branches to the sum of their /costs, and say which branch each afname is of', async () => {
    const group = await allocationOf(klant, `${RANGE}&field=free:1`, true);
    expect(group.rows.map((r) => r.value)).toContain('KP-100');
    // The group's total is the three branches' own totals.
    const own = await costsOf(klant);
    expect(cents(group.total.total)).toBeGreaterThan(own.total);
    const entries = await afnamesOf(klant, 'KP-100', true);
    const branches = new Set(entries.map((e) => e.company_name));
    expect(branches.has('Van Dijk Installatietechniek B.V.')).toBe(true);
    for (const kind of KINDS) expect(sumCents(entries, kind)).toBe(cents(group.rows.find((r) => r.value === 'KP-100')![kind]));
    for (const kind of KINDS) expect(sumCents(group.rows, kind)).toBe(cents(group.total[kind]));
  });

  it('answer 404 for a company without a parent company', async () => {
    const res = await get(`/api/group/costs/allocation?${RANGE}&field=free:1`, kees);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Dit bedrijf hoort niet bij een hoofdbedrijf.');
  });
});

describe('the downloads', () => {
  it('give the rows as CSV with a decimal comma, Zonder waarde and a Totaal row equal to the month', async () => {
    const res = await get(`/api/costs/allocation/download?${RANGE}&field=free:1`, klant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`kosten-per-kostenplaats-${monthKey(month)}.csv`);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Kostenplaats;Afnames;Periodiek;Nieuwe aansluitingen;Set up;Verbruik;Totaal excl. btw');
    expect(lines.at(-2)).toMatch(/^Zonder waarde;[1-9]\d*;/);
    const costs = await costsOf(klant);
    const totalCell = lines.at(-1)!.split(';');
    expect(totalCell[0]).toBe('Totaal');
    expect(totalCell[6]).toBe((costs.total / 100).toFixed(2).replace('.', ','));
  });

  it('give an Excel file with format=xlsx, and refuse without a field', async () => {
    const res = await get(`/api/costs/allocation/download?${RANGE}&field=free:1&format=xlsx`, klant);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const none = await get(`/api/costs/allocation/download?${RANGE}`, klant);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Kies een veld om de kosten over te verdelen.');
  });
});
