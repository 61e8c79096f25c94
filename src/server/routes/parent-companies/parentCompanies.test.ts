import { eq, sql } from 'drizzle-orm';
import { companies, parentCompanies } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** /api/parent-companies and its branch calls (docs/api-company-admin.md). */

let t: TestApp;
let admin: string;
let klant: string;
let ids: { provider: number; installatie: number; elektro: number; service: number; bakkerij: number; groep: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
  const id = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;
  const [groep] = await t.database.db.select().from(parentCompanies).where(eq(parentCompanies.name, 'Van Dijk Groep'));
  ids = {
    provider: await id('Demo ICT Diensten'),
    installatie: await id('Van Dijk Installatietechniek B.V.'),
    elektro: await id('Van Dijk Elektrotechniek B.V.'),
    service: await id('Van Dijk Service & Onderhoud B.V.'),
    bakkerij: await id('Bakkerij De Korenschoof'),
    groep: groep.id,
  };
}, 60_000);
afterAll(() => t.close());

const parentOf = async (companyId: number) =>
  (await t.database.db.select({ p: companies.parentCompanyId }).from(companies).where(eq(companies.id, companyId)))[0].p;
const parentCount = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(parentCompanies))[0].n;
const newCompany = async (name: string, parentCompanyId: number | null = null) =>
  (await t.database.db.insert(companies).values({ name, parentCompanyId }).returning())[0].id;

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: auth(token), payload });
const branchCall = (token: string, parentId: number, direction: 'add' | 'remove', companyId?: number | null) =>
  call(token, 'POST', `/parent-companies/${parentId}/${direction}`, companyId === undefined ? {} : { company_id: companyId });
const impersonate = (token: string, companyId: number) => call(token, 'POST', `/auth/impersonate?company_id=${companyId}`, { reason: 'Test' });

describe('GET /api/parent-companies', () => {
  it('lists every parent company with its branches by name, for provider staff only', async () => {
    const res = await call(admin, 'GET', '/parent-companies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      id: ids.groep,
      name: 'Van Dijk Groep',
      sap_number: '2000100',
      companies: [
        { id: ids.elektro, name: 'Van Dijk Elektrotechniek B.V.' },
        { id: ids.installatie, name: 'Van Dijk Installatietechniek B.V.' },
        { id: ids.service, name: 'Van Dijk Service & Onderhoud B.V.' },
      ],
    });
    expect((await call(klant, 'GET', '/parent-companies')).statusCode).toBe(403);
  });
});

describe('POST, PUT and DELETE /api/parent-companies', () => {
  it('creates a parent company with its branches', async () => {
    const a = await newCompany('Aannemer Noord');
    const b = await newCompany('Aannemer Zuid');
    const res = await call(admin, 'POST', '/parent-companies', { name: ' Aannemers Holding ', sap_number: '2000900', companies: [b, a] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Aannemers Holding',
      sap_number: '2000900',
      companies: [
        { id: a, name: 'Aannemer Noord' },
        { id: b, name: 'Aannemer Zuid' },
      ],
    });
    expect(await parentOf(a)).toBe(res.json().id);
  });

  it("requires a name: \"Veld 'Naam' is verplicht.\"", async () => {
    const before = await parentCount();
    for (const payload of [{}, { name: '  ' }, { name: null, sap_number: '1' }]) {
      const res = await call(admin, 'POST', '/parent-companies', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Veld 'Naam' is verplicht.");
    }
    expect(await parentCount()).toBe(before);
  });

  it("never makes the provider's own company a branch (its customers could act for it)", async () => {
    const before = await parentCount();
    const res = await call(admin, 'POST', '/parent-companies', { name: 'Overname', companies: [ids.provider] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Het bedrijf van de aanbieder kan geen vestiging van een hoofdbedrijf zijn.');
    expect(await parentCount()).toBe(before);
    expect(await parentOf(ids.provider)).toBeNull();
    expect((await call(admin, 'PUT', `/parent-companies/${ids.groep}`, { companies: [ids.provider] })).statusCode).toBe(400);
    expect((await branchCall(admin, ids.groep, 'add', ids.provider)).statusCode).toBe(400);
    expect(await parentOf(ids.provider)).toBeNull();
  });

  it('refuses unknown companies and is refused to customers', async () => {
    const before = await parentCount();
    expect((await call(admin, 'POST', '/parent-companies', { name: 'X', companies: [999999] })).statusCode).toBe(400);
    expect((await call(klant, 'POST', '/parent-companies', { name: 'X' })).statusCode).toBe(403);
    expect(await parentCount()).toBe(before);
  });

  it('renames and sets exactly the branches listed; DELETE detaches them', async () => {
    const a = await newCompany('Transport Oost');
    const b = await newCompany('Transport West');
    const c = await newCompany('Transport Midden');
    const created = (await call(admin, 'POST', '/parent-companies', { name: 'Transport Groep', companies: [a, b] })).json();
    const res = await call(admin, 'PUT', `/parent-companies/${created.id}`, { name: 'Transport Holding', sap_number: null, companies: [b, c] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: created.id,
      name: 'Transport Holding',
      sap_number: null,
      companies: [
        { id: c, name: 'Transport Midden' },
        { id: b, name: 'Transport West' },
      ],
    });
    expect(await parentOf(a)).toBeNull();
    expect((await call(admin, 'PUT', `/parent-companies/${created.id}`, { name: '' })).statusCode).toBe(400);

    const removed = await call(admin, 'DELETE', `/parent-companies/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: "'Transport Holding' succesvol verwijderd." });
    expect([await parentOf(b), await parentOf(c)]).toEqual([null, null]);
    expect(await t.database.db.select().from(companies).where(eq(companies.id, b))).toHaveLength(1);
    expect((await call(admin, 'DELETE', `/parent-companies/${created.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/parent-companies/:id/add and /remove', () => {
  it('lets an admin add a company; the parent company\'s customers may then act for it, until it is removed', async () => {
    expect((await impersonate(klant, ids.bakkerij)).statusCode).toBe(404);

    const added = await branchCall(admin, ids.groep, 'add', ids.bakkerij);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: 'Vestiging succesvol toegevoegd aan hoofdbedrijf.' });
    const acting = await impersonate(klant, ids.bakkerij);
    expect(acting.statusCode).toBe(200);
    const token = acting.json().data.token;
    const bakkerij = await call(token, 'GET', `/company/${ids.bakkerij}`);
    expect(bakkerij.json()).toMatchObject({ name: 'Bakkerij De Korenschoof', parent_company: { id: ids.groep } });

    const removed = await branchCall(admin, ids.groep, 'remove', ids.bakkerij);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Vestiging succesvol verwijderd uit hoofdbedrijf.' });
    expect((await call(token, 'GET', '/auth/policies')).statusCode).toBe(401);
    expect((await impersonate(klant, ids.bakkerij)).statusCode).toBe(404);
  });

  it("lets a customer remove a branch of its own parent company, and an admin put it back", async () => {
    const res = await branchCall(klant, ids.groep, 'remove', ids.service);
    expect(res.statusCode).toBe(200);
    expect(await parentOf(ids.service)).toBeNull();
    expect((await branchCall(admin, ids.groep, 'add', ids.service)).statusCode).toBe(200);
    expect(await parentOf(ids.service)).toBe(ids.groep);
  });

  it('answers 404 to a customer for a company it cannot see, and changes nothing', async () => {
    for (const direction of ['add', 'remove'] as const) {
      const res = await branchCall(klant, ids.groep, direction, ids.bakkerij);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/korenschoof/i);
    }
    expect(await parentOf(ids.bakkerij)).toBeNull();
  });

  it("answers 404 to a customer for another parent company's branches", async () => {
    const otherParent = (await t.database.db.insert(parentCompanies).values({ name: 'Andere Groep' }).returning())[0].id;
    const branch = await newCompany('Andere Vestiging', otherParent);
    expect((await branchCall(klant, otherParent, 'remove', branch)).statusCode).toBe(404);
    expect((await branchCall(klant, otherParent, 'add', ids.installatie)).statusCode).toBe(404);
    expect(await parentOf(branch)).toBe(otherParent);
    expect(await parentOf(ids.installatie)).toBe(ids.groep);
  });

  it("answers 'Selecteer een vestiging' without a company", async () => {
    for (const companyId of [undefined, null]) {
      const res = await branchCall(admin, ids.groep, 'add', companyId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Selecteer een vestiging');
    }
  });

  it('answers 404 for removing a company that is not a branch of the parent company', async () => {
    const res = await branchCall(admin, ids.groep, 'remove', ids.bakkerij);
    expect(res.statusCode).toBe(404);
    expect((await branchCall(admin, 999999, 'add', ids.bakkerij)).statusCode).toBe(404);
  });
});
