import { and, eq, sql } from 'drizzle-orm';
import { ROLE } from '../../../domain/permissions';
import { currentMonth, monthRange, previousMonth } from '../../../domain/time';
import { queryRows } from '../../db';
import { companies, parentCompanies, rolePermissions } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/**
 * A branch's costs, read-only, for the group view (docs/permissions.md, 'The group view'): GET /api/group/branches
 * and GET /api/group/branches/:company_id/costs and /costslines…, the same answers as the branch's own calls,
 * without managing it.
 */

let t: TestApp;
let klant: string;
let ids: { installatie: number; elektro: number; service: number; bakkerij: number };
const range = monthRange(previousMonth(currentMonth()));
const query = `costs_date_from=${range.from}&costs_date_to=${range.to}`;
const CALLS = ['costs', 'costslinesmonthly', 'costslinespartly', 'costslinessetup'];

const get = (url: string, token = klant) => t.app.inject({ method: 'GET', url, headers: auth(token) });
const companyId = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;

/** The number of rows of every table of the portal: a read-only call changes none. */
const rowCounts = async () => {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    [{ rows: counts[name] }] = await queryRows<{ rows: number }>(t.database.db, sql`select count(*)::int as rows from ${sql.identifier(name)}`);
  }
  return counts;
};

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  ids = {
    installatie: await companyId('Van Dijk Installatietechniek B.V.'),
    elektro: await companyId('Van Dijk Elektrotechniek B.V.'),
    service: await companyId('Van Dijk Service & Onderhoud B.V.'),
    bakkerij: await companyId('Bakkerij De Korenschoof'),
  };
});
afterAll(() => t.close());

it('reads a branch without managing it: no impersonation, no audit entry, no row written anywhere', async () => {
  const before = await rowCounts();
  expect((await get('/api/group/branches')).statusCode).toBe(200);
  for (const call of CALLS) {
    const res = await get(`/api/group/branches/${ids.elektro}/${call}?${query}`);
    expect([call, res.statusCode]).toEqual([call, 200]);
  }
  expect(await rowCounts()).toEqual(before);
});

it("answers each branch's costs and lines of the month exactly as the branch's own calls do", async () => {
  const periodic = (await get(`/api/group/branches/${ids.elektro}/costs?${query}`)).json();
  expect(periodic.vat.total).toBeGreaterThan(0);
  let lines = 0;
  for (const branch of [ids.installatie, ids.elektro, ids.service]) {
    // The branch's own calls, as its own users or someone managing it see them.
    const own = branch === ids.installatie ? klant : await t.manage(klant, branch);
    for (const call of CALLS) {
      const readOnly = await get(`/api/group/branches/${branch}/${call}?${query}`);
      const itsOwn = await get(`/api/${call}?${query}`, own);
      expect([branch, call, readOnly.statusCode]).toEqual([branch, call, 200]);
      expect([branch, call, readOnly.json()]).toEqual([branch, call, itsOwn.json()]);
      if (call !== 'costs') lines += readOnly.json().length;
    }
  }
  // The branches differ, so answering another company's figures would show.
  const totals = new Set<number>();
  for (const branch of [ids.installatie, ids.elektro]) totals.add((await get(`/api/group/branches/${branch}/costs?${query}`)).json().vat.total);
  expect(totals.size).toBe(2);
  expect(lines).toBeGreaterThan(0);
});

it('lists the branches with the ones the user may manage: the siblings, not its own company', async () => {
  const res = await get('/api/group/branches');
  expect(res.statusCode).toBe(200);
  const { parent, branches } = res.json().data;
  expect(parent.name).toBe('Van Dijk Groep');
  const byId = new Map(branches.map((b: { company_id: number; may_manage: boolean }) => [b.company_id, b.may_manage]));
  expect([byId.get(ids.installatie), byId.get(ids.elektro), byId.get(ids.service)]).toEqual([false, true, true]);
  const names = branches.map((b: { name: string }) => b.name);
  expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'nl')));

  // A branch that requires two-factor login is managed only with it (POST /auth/impersonate's 403), so not offered.
  await t.database.db.update(companies).set({ requireTwoFactor: true }).where(eq(companies.id, ids.service));
  try {
    const after = (await get('/api/group/branches')).json().data.branches;
    expect(after.find((b: { company_id: number }) => b.company_id === ids.service).may_manage).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${ids.service}`, headers: auth(klant), payload: { reason: 'Controle' } })).statusCode).toBe(403);
  } finally {
    await t.database.db.update(companies).set({ requireTwoFactor: false }).where(eq(companies.id, ids.service));
  }
});

it('offers provider staff managing a branch the other branches to manage, not the one it acts for', async () => {
  const managing = await t.manage(await t.login('admin@demo.nl'), ids.installatie);
  const { branches } = (await get('/api/group/branches', managing)).json().data;
  const byId = new Map(branches.map((b: { company_id: number; may_manage: boolean }) => [b.company_id, b.may_manage]));
  expect([byId.get(ids.installatie), byId.get(ids.elektro), byId.get(ids.service)]).toEqual([false, true, true]);
  // It reads a sibling's costs read-only as well.
  expect((await get(`/api/group/branches/${ids.elektro}/costs?${query}`, managing)).statusCode).toBe(200);
});

it('answers 404 for a company of another group or of none, never its figures', async () => {
  const [other] = await t.database.db.insert(parentCompanies).values({ name: 'Andere Groep' }).returning({ id: parentCompanies.id });
  const [stranger] = await t.database.db
    .insert(companies)
    .values({ name: 'Andere Vestiging B.V.', parentCompanyId: other.id })
    .returning({ id: companies.id });
  for (const id of [stranger.id, ids.bakkerij, 999_999]) {
    for (const call of CALLS) {
      const res = await get(`/api/group/branches/${id}/${call}?${query}`);
      expect([id, call, res.statusCode, res.json()]).toEqual([id, call, 404, { message: 'Bedrijf niet gevonden.' }]);
    }
  }
});

it('answers 404 to a company without a parent company, as the other group calls do', async () => {
  const kees = await t.login('kees@korenschoof.nl');
  expect((await get('/api/group/branches', kees)).statusCode).toBe(404);
  for (const id of [ids.bakkerij, ids.elektro]) {
    const res = await get(`/api/group/branches/${id}/costs?${query}`, kees);
    expect([id, res.statusCode, res.json()]).toEqual([id, 404, { message: 'Dit bedrijf hoort niet bij een hoofdbedrijf.' }]);
  }
});

it('answers 403 without EDIT_PARENT_COMPANY', async () => {
  const grant = and(eq(rolePermissions.roleId, ROLE.endUser), eq(rolePermissions.permissionName, 'EDIT_PARENT_COMPANY'));
  await t.database.db.delete(rolePermissions).where(grant);
  try {
    expect((await get('/api/group/branches')).statusCode).toBe(403);
    for (const call of CALLS) {
      expect([call, (await get(`/api/group/branches/${ids.elektro}/${call}?${query}`)).statusCode]).toEqual([call, 403]);
    }
    // The company's own costs need no permission.
    expect((await get(`/api/costs?${query}`)).statusCode).toBe(200);
  } finally {
    await t.database.db.insert(rolePermissions).values({ roleId: ROLE.endUser, permissionName: 'EDIT_PARENT_COMPANY' });
  }
});

it('answers 400 for a range it cannot read, as GET /costs does', async () => {
  expect((await get(`/api/group/branches/${ids.elektro}/costs?costs_date_from=2026-13-01&costs_date_to=${range.to}`)).statusCode).toBe(400);
  expect((await get(`/api/group/branches/0/costs?${query}`)).statusCode).toBe(400);
});
