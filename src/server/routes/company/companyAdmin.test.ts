import { and, eq, sql } from 'drizzle-orm';
import { articles, auditLog, companies, companyArticleGroups, endUsers, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /companies, POST /company/register, PUT and DELETE /company/:id (docs/api-company-admin.md). */

let t: TestApp;
let admin: string;
let klant: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.nl');
  klant = await t.login('klant@demo.nl');
}, 60_000);
afterAll(() => t.close());

let sequence = 0;
const unique = () => `${Date.now() % 100000}${(sequence += 1)}`;
const company = async (name: string) => (await findCompanyByName(t.database.db, name))!;
const companyRow = async (id: number) => (await t.database.db.select().from(companies).where(eq(companies.id, id)))[0];
const companyCount = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies))[0].n;
const validCompany = () => ({
  name: `Installatiebedrijf ${unique()} B.V.`,
  zipcode: '3511 AA',
  address: 'Domplein 1',
  city: 'Utrecht',
  sap_number: `S${unique()}`,
});

const register = (token: string, payload?: object, query?: Record<string, string | string[]>) =>
  t.app.inject({ method: 'POST', url: '/api/company/register', headers: auth(token), payload, query });
const edit = (token: string, id: number, payload?: object, query?: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: `/api/company/${id}`, headers: auth(token), payload, query });
const remove = (token: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/company/${id}`, headers: auth(token) });
const read = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: auth(admin) })).json();

/** A company without contact person, as a quick fixture. */
const bareCompany = async () => {
  const { sap_number: sapNumber, ...fields } = validCompany();
  return (await t.database.db.insert(companies).values({ ...fields, sapNumber }).returning())[0];
};

describe('GET /api/companies', () => {
  it('lists every company with its users for provider staff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Bakkerij De Korenschoof', 'Demo ICT Diensten', 'Van Dijk Installatietechniek B.V.']),
    );
    const installatie = list.find((c: { name: string }) => c.name === 'Van Dijk Installatietechniek B.V.');
    expect(installatie).toMatchObject({ customer_number: '100234', sap_number: '4000123', price_mb: 0.012, parent_company: { name: 'Van Dijk Groep' } });
    // The provider's own company is marked, so the branch pickers leave it out (the server refuses it as a branch).
    expect(list.filter((c: { is_provider: boolean }) => c.is_provider).map((c: { name: string }) => c.name)).toEqual(['Demo ICT Diensten']);
    expect(installatie.is_provider).toBe(false);
    expect(installatie.users).toContainEqual({ id: expect.any(Number), firstname: 'Pieter', lastname: 'van Dijk', email: 'klant@demo.nl', activated: true });
    const elektro = list.find((c: { name: string }) => c.name === 'Van Dijk Elektrotechniek B.V.');
    expect(elektro.users).toContainEqual(expect.objectContaining({ email: 'i.bakker@vandijk-elektro.nl', activated: false }));
    expect(res.body).not.toMatch(/password|scrypt/);
  });

  it('is refused to customers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/companies', headers: auth(klant) })).statusCode).toBe(403);
  });
});

describe('POST /api/company/register', () => {
  it('creates a company from query params, with groups 1-6, an exact price per MB and its contact person', async () => {
    const fields = validCompany();
    const email = `contact${unique()}@nieuwbedrijf.nl`;
    const res = await register(admin, undefined, {
      ...fields,
      customer_number: `K${unique()}`,
      price_mb: '0,000125',
      input_label_1: 'Kostenplaats',
      contact_firstname: 'Eva',
      contact_lastname: 'Vos',
      contact_email: email,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ...fields,
      price_mb: 0.000125,
      input_label_1: 'Kostenplaats',
      article_groups: [1, 2, 3, 4, 5, 6],
      parent_company_id: null,
      parent_company: null,
      end_time: null,
    });
    expect((await companyRow(created.id)).priceMb).toBe('0.000125');
    const [contact] = await t.database.db.select().from(users).where(eq(users.companyId, created.id));
    expect(contact).toMatchObject({ firstname: 'Eva', lastname: 'Vos', email, roleId: 3, passwordHash: null });
  });

  it('takes a JSON body with its own visibility list', async () => {
    const res = await register(admin, { ...validCompany(), article_groups: [2, 7], price_mb: 0.5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ article_groups: [2, 7], price_mb: 0.5 });
  });

  it.each(['name', 'zipcode', 'address', 'sap_number', 'city'])("answers 'Alle velden zijn verplicht' without %s", async (field) => {
    const before = await companyCount();
    const res = await register(admin, { ...validCompany(), [field]: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Alle velden zijn verplicht', errors: [{ field, message: 'Alle velden zijn verplicht' }] });
    expect(await companyCount()).toBe(before);
  });

  it('answers 409 for a customer number or SAP number already registered, and creates nothing', async () => {
    const before = await companyCount();
    for (const taken of [{ customer_number: '100234' }, { sap_number: '4000123' }]) {
      const res = await register(admin, { ...validCompany(), ...taken });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Het klantnummer is al geregistreerd.' });
    }
    expect(await companyCount()).toBe(before);
  });

  it('checks the contact person: all of it or none, a valid and free e-mail address', async () => {
    const before = await companyCount();
    const partial = await register(admin, { ...validCompany(), contact_firstname: 'Eva' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe("Velden 'Voornaam', 'Achternaam', 'SAP klantnummer' en 'E-mailadres' zijn verplicht.");
    const contact = { contact_firstname: 'Eva', contact_lastname: 'Vos' };
    const invalid = await register(admin, { ...validCompany(), ...contact, contact_email: 'eva@' });
    expect(invalid.json().message).toBe("'E-mailadres' veld is niet correct ingevoerd");
    const taken = await register(admin, { ...validCompany(), ...contact, contact_email: 'KLANT@demo.nl' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Het emailadres is al geregistreerd.' });
    expect(await companyCount()).toBe(before);
  });

  it('refuses unknown article groups, unknown parent companies and fields that are not writable', async () => {
    const before = await companyCount();
    expect((await register(admin, { ...validCompany(), article_groups: [999] })).statusCode).toBe(400);
    expect((await register(admin, { ...validCompany(), parent_company_id: 999 })).statusCode).toBe(400);
    expect((await register(admin, { ...validCompany(), is_provider: true })).statusCode).toBe(400);
    expect((await register(admin, { ...validCompany(), price_mb: '-1' })).statusCode).toBe(400);
    expect((await register(admin, { ...validCompany(), price_mb: '0.0000001' })).statusCode).toBe(400);
    expect(await companyCount()).toBe(before);
  });

  it('is refused to customers', async () => {
    const before = await companyCount();
    expect((await register(klant, validCompany())).statusCode).toBe(403);
    expect(await companyCount()).toBe(before);
  });
});

describe('PUT /api/company/:id', () => {
  it('ends a company with only end_time (Unix seconds), and clears it with null', async () => {
    const bakkerij = await company('Bakkerij De Korenschoof');
    const end = Math.floor(new Date('2027-07-01T00:00:00+02:00').getTime() / 1000);
    const res = await edit(admin, bakkerij.id, { end_time: end });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ end_time: end, name: 'Bakkerij De Korenschoof', sap_number: '4000300' });
    expect((await companyRow(bakkerij.id)).endTime).toEqual(new Date(end * 1000));
    expect((await edit(admin, bakkerij.id, { end_time: null })).json().end_time).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.end'), eq(auditLog.entityId, String(bakkerij.id))));
    expect(entry.changes).toEqual({ name: 'Bakkerij De Korenschoof', end_time: end });
  });

  it('takes the full company as GET /company/:id answers it, with the changes', async () => {
    const elektro = await company('Van Dijk Elektrotechniek B.V.');
    const current = await read(elektro.id);
    const res = await edit(admin, elektro.id, { ...current, city: 'Nieuwegein', price_mb: '0.0175', article_groups: [1, 2] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...current, city: 'Nieuwegein', price_mb: 0.0175, article_groups: [1, 2] });
    expect((await companyRow(elektro.id)).priceMb).toBe('0.017500');
    const groups = await t.database.db.select().from(companyArticleGroups).where(eq(companyArticleGroups.companyId, elektro.id));
    expect(groups.map((g) => g.articleGroupId).sort()).toEqual([1, 2]);
  });

  it("answers 409 'Bedrijfsnummer al in gebruik.' for another company's numbers, and keeps its own", async () => {
    const elektro = await company('Van Dijk Elektrotechniek B.V.');
    for (const taken of [{ customer_number: '100410' }, { sap_number: '4000300' }]) {
      const res = await edit(admin, elektro.id, { ...(await read(elektro.id)), ...taken });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Bedrijfsnummer al in gebruik.' });
    }
    expect(await companyRow(elektro.id)).toMatchObject({ customerNumber: '100235', sapNumber: '4000124' });
    expect((await edit(admin, elektro.id, { ...(await read(elektro.id)), name: 'Van Dijk Elektrotechniek B.V.' })).statusCode).toBe(200);
  });

  it('requires a contact person when the company has none, and creates it', async () => {
    const bare = await bareCompany();
    const current = await read(bare.id);
    const refused = await edit(admin, bare.id, { ...current, city: 'Zeist' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("Velden 'Voornaam', 'Achternaam', 'SAP klantnummer' en 'E-mailadres' zijn verplicht.");
    const withoutSap = await edit(admin, bare.id, {
      ...current,
      sap_number: '',
      contact_firstname: 'Tess',
      contact_lastname: 'Smit',
      contact_email: `tess${unique()}@zeist.nl`,
    });
    expect(withoutSap.json().message).toBe("Velden 'Voornaam', 'Achternaam', 'SAP klantnummer' en 'E-mailadres' zijn verplicht.");
    expect((await companyRow(bare.id)).city).toBe('Utrecht');

    const email = `tess${unique()}@zeist.nl`;
    const res = await edit(admin, bare.id, { ...current, city: 'Zeist', contact_firstname: 'Tess', contact_lastname: 'Smit', contact_email: email });
    expect(res.statusCode).toBe(200);
    expect(res.json().city).toBe('Zeist');
    const [contact] = await t.database.db.select().from(users).where(eq(users.companyId, bare.id));
    expect(contact).toMatchObject({ email, roleId: 3 });
    // Now it has one: an edit needs no contact fields any more.
    expect((await edit(admin, bare.id, { ...current, city: 'Driebergen' })).statusCode).toBe(200);
  });

  it('keeps the add-company rule on an edit, and the provider company out of parent companies', async () => {
    const elektro = await company('Van Dijk Elektrotechniek B.V.');
    const res = await edit(admin, elektro.id, { ...(await read(elektro.id)), name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Alle velden zijn verplicht');
    const provider = await company('Demo ICT Diensten');
    const groep = (await read(elektro.id)).parent_company_id;
    const refused = await edit(admin, provider.id, { ...(await read(provider.id)), parent_company_id: groep });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Het bedrijf van de aanbieder kan geen vestiging van een hoofdbedrijf zijn.');
    expect((await companyRow(provider.id)).parentCompanyId).toBeNull();
  });

  it("never ends the provider's own company (its staff could no longer log in): 400, nothing changed", async () => {
    const provider = await company('Demo ICT Diensten');
    const before = await companyRow(provider.id);
    const now = Math.floor(Date.now() / 1000);
    for (const res of [
      await edit(admin, provider.id, { end_time: now }),
      await edit(admin, provider.id, undefined, { end_time: '0' }),
      await edit(admin, provider.id, { ...(await read(provider.id)), city: 'Elders', end_time: now - 86400 }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Het bedrijf van de aanbieder kan niet worden beëindigd.');
    }
    expect(await companyRow(provider.id)).toEqual(before);
    // Staff still log in; sending no end (null) is no change and is fine.
    expect((await edit(await t.login('admin@demo.nl'), provider.id, { end_time: null })).statusCode).toBe(200);
  });

  it('is refused to customers, also for their own company', async () => {
    const installatie = await company('Van Dijk Installatietechniek B.V.');
    expect((await edit(klant, installatie.id, { end_time: 0 })).statusCode).toBe(403);
    expect((await companyRow(installatie.id)).endTime).toBeNull();
  });

  it('answers 404 for a company that does not exist', async () => {
    expect((await edit(admin, 999999, { end_time: null })).statusCode).toBe(404);
  });
});

describe('DELETE /api/company/:id', () => {
  it('removes a company with its users and end users', async () => {
    const created = (await register(admin, { ...validCompany(), contact_firstname: 'A', contact_lastname: 'B', contact_email: `weg${unique()}@weg.nl` })).json();
    await t.database.db.insert(endUsers).values({ companyId: created.id, firstname: 'Jan', lastname: 'Weg' });
    const res = await remove(admin, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `'${created.name}' succesvol verwijderd.` });
    expect(await companyRow(created.id)).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.companyId, created.id))).toEqual([]);
    expect(await t.database.db.select().from(endUsers).where(eq(endUsers.companyId, created.id))).toEqual([]);
    expect((await remove(admin, created.id)).statusCode).toBe(404);
  });

  it('refuses (409) a company that still has articles or services, and (400) the provider company', async () => {
    const installatie = await company('Van Dijk Installatietechniek B.V.');
    const withServices = await remove(admin, installatie.id);
    expect(withServices.statusCode).toBe(409);
    expect(withServices.json()).toEqual({ message: expect.stringContaining('Van Dijk Installatietechniek B.V.') });
    const bare = await bareCompany();
    await t.database.db.insert(articles).values({ companyId: bare.id, articleGroupId: 1, name: 'Los artikel' });
    expect((await remove(admin, bare.id)).statusCode).toBe(409);
    const provider = await company('Demo ICT Diensten');
    const refused = await remove(admin, provider.id);
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'Het bedrijf van de aanbieder kan niet worden verwijderd.' }]);
    expect(await companyRow(installatie.id)).toBeDefined();
    expect(await companyRow(bare.id)).toBeDefined();
    expect(await companyRow(provider.id)).toBeDefined();
  });

  it('refuses to remove the company an admin is acting for', async () => {
    const bare = await bareCompany();
    const acting = (await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${bare.id}`, headers: auth(admin), payload: { reason: 'Test' } })).json()
      .data.token;
    expect((await remove(acting, bare.id)).statusCode).toBe(409);
  });

  it('is refused to customers', async () => {
    const bare = await bareCompany();
    expect((await remove(klant, bare.id)).statusCode).toBe(403);
    expect(await companyRow(bare.id)).toBeDefined();
  });
});
