import { eq } from 'drizzle-orm';
import { articleGroups, articles, endUsers, parentCompanies, services, users } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { audit } from '../../services/audit';
import { auth, createTestApp, linkIn, type TestApp } from '../../testing/testApp';

/** GET /api/audit-log?company_id&page (docs/api-company-admin.md). */

let t: TestApp;
let klant: string;
let admin: string;
let ids: { provider: number; installatie: number; elektro: number; service: number; bakkerij: number };
let pieter: typeof users.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  klant = await t.login('klant@demo.nl');
  admin = await t.login('admin@demo.nl');
  const id = async (name: string) => (await findCompanyByName(t.database.db, name))!.id;
  ids = {
    provider: await id('Demo ICT Diensten'),
    installatie: await id('Van Dijk Installatietechniek B.V.'),
    elektro: await id('Van Dijk Elektrotechniek B.V.'),
    service: await id('Van Dijk Service & Onderhoud B.V.'),
    bakkerij: await id('Bakkerij De Korenschoof'),
  };
  [pieter] = await t.database.db.select().from(users).where(eq(users.email, 'klant@demo.nl'));
}, 60_000);
afterAll(() => t.close());

interface Entry {
  id: number;
  created_at: number;
  user: { id: number; firstname: string; lastname: string } | null;
  company_id: number | null;
  impersonating_from: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  subject_name: string | null;
  changes: Record<string, unknown> | null;
}

const log = (token: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: '/api/audit-log',
    headers: auth(token),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const items = async (token: string, query: Record<string, string | number> = {}): Promise<Entry[]> => (await log(token, query)).json().items;
const impersonate = async (token: string, companyId: number) =>
  (await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${companyId}`, headers: auth(token), payload: { reason: 'Test' } })).json().data
    .token as string;

describe('GET /api/audit-log', () => {
  it("shows a customer its acting company's changes, newest first, with who made them", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(klant),
      payload: { firstname: 'Lotte', lastname: 'Hendriks', email: 'lotte@vandijk.nl' },
    });
    const res = await log(klant);
    expect(res.statusCode).toBe(200);
    const [newest] = res.json().items;
    expect(newest).toEqual({
      id: expect.any(Number),
      created_at: expect.any(Number),
      user: { id: pieter.id, firstname: 'Pieter', lastname: 'van Dijk' },
      company_id: ids.installatie,
      impersonating_from: null,
      impersonating_from_name: null,
      impersonation: null,
      action: 'user.create',
      entity: 'user',
      entity_id: String(created.json().id),
      subject_name: 'Lotte Hendriks',
      changes: { firstname: 'Lotte', lastname: 'Hendriks', email: 'lotte@vandijk.nl', phonenumber: null, approves_requests: true, receives_cost_specification: false, role_id: 3 },
    });
    expect(Math.abs(newest.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect(res.json().total).toBeGreaterThanOrEqual(1);
    expect((await log(klant, { company_id: ids.installatie })).json()).toEqual(res.json());
  });

  it("answers 404 to a customer for another company's log, a sibling branch included", async () => {
    for (const companyId of [ids.bakkerij, ids.elektro, ids.provider]) {
      const res = await log(klant, { company_id: companyId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it("never shows a customer another company's changes", async () => {
    const kees = await t.login('kees@korenschoof.nl');
    const [endUser] = (await t.app.inject({ method: 'GET', url: '/api/end-users/all', headers: auth(kees) })).json();
    await t.app.inject({ method: 'PUT', url: `/api/end-users/${endUser.id}`, headers: auth(kees), payload: { firstname: 'Geheim', lastname: 'Bakker' } });
    expect((await items(kees)).map((e) => e.action)).toContain('end_user.update');
    const mine = await log(klant);
    expect(mine.body).not.toMatch(/Geheim|Korenschoof/);
    expect((mine.json().items as Entry[]).every((e) => e.company_id === ids.installatie || e.entity_id === String(ids.installatie))).toBe(
      true,
    );
  });

  it('shows changes by provider staff acting for the company, marked as such', async () => {
    const acting = await impersonate(admin, ids.installatie);
    await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: auth(acting),
      payload: { firstname: 'Via', lastname: 'Beheer', email: 'via.beheer@vandijk.nl' },
    });
    const [newest] = await items(klant);
    expect(newest).toMatchObject({
      action: 'user.create',
      company_id: ids.installatie,
      impersonating_from: ids.provider,
      impersonating_from_name: 'Demo ICT Diensten',
      impersonation: { reason: 'Test', ended_at: null },
      user: { firstname: 'Mark', lastname: 'Jansen' },
    });
  });

  it('shows changes made to the company itself from elsewhere: an edit by an admin, a parent company move', async () => {
    const end = 1893452400;
    await t.app.inject({ method: 'PUT', url: `/api/company/${ids.installatie}`, headers: auth(admin), payload: { end_time: end } });
    const [ended] = await items(klant);
    expect(ended).toMatchObject({
      action: 'company.end',
      entity: 'company',
      entity_id: String(ids.installatie),
      company_id: ids.provider,
      changes: { name: 'Van Dijk Installatietechniek B.V.', end_time: end },
    });
    await t.app.inject({ method: 'PUT', url: `/api/company/${ids.installatie}`, headers: auth(admin), payload: { end_time: null } });

    const [groep] = await t.database.db.select().from(parentCompanies).where(eq(parentCompanies.name, 'Van Dijk Groep'));
    await t.app.inject({ method: 'POST', url: `/api/parent-companies/${groep.id}/remove`, headers: auth(klant), payload: { company_id: ids.service } });
    const serviceLog = await items(admin, { company_id: ids.service });
    expect(serviceLog[0]).toMatchObject({
      action: 'parent_company.remove',
      entity: 'company',
      entity_id: String(ids.service),
      company_id: ids.installatie,
      user: { firstname: 'Pieter' },
      changes: { name: 'Van Dijk Service & Onderhoud B.V.', parent_company_id: null, parent_company_name: 'Van Dijk Groep' },
    });
    await t.app.inject({ method: 'POST', url: `/api/parent-companies/${groep.id}/add`, headers: auth(admin), payload: { company_id: ids.service } });
  });

  it("lets provider staff read any company's log", async () => {
    const res = await log(admin, { company_id: ids.bakkerij });
    expect(res.statusCode).toBe(200);
    expect((res.json().items as Entry[]).map((e) => e.action)).toContain('end_user.update');
  });

  it('pages by 50, newest first, with the total', async () => {
    const [groep] = await t.database.db.insert(parentCompanies).values({ name: 'Leeg' }).returning();
    const company = (
      await t.app.inject({
        method: 'POST',
        url: '/api/company/register',
        headers: auth(admin),
        payload: { name: 'Logboek B.V.', zipcode: '1000 AA', address: 'Weg 1', city: 'Amsterdam', sap_number: 'LOG-1', parent_company_id: groep.id },
      })
    ).json();
    for (let i = 1; i <= 60; i += 1) {
      await audit(t.database.db, { userId: pieter.id, companyId: company.id, impersonatingFrom: null }, 'end_user.update', 'end_user', i);
    }
    const first = (await log(admin, { company_id: company.id })).json();
    expect(first.total).toBe(61);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].entity_id).toBe('60');
    const second = (await log(admin, { company_id: company.id, page: 2 })).json();
    expect(second.items.map((e: Entry) => e.entity_id)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1', String(company.id)]);
    expect(second.items.at(-1).action).toBe('company.create');
    expect((await log(admin, { company_id: company.id, page: 3 })).json()).toEqual({ items: [], total: 61 });
    expect((await log(admin, { page: 0 })).statusCode).toBe(400);
  });

  it('names the objects as they are called now: a service by its article and end user, a bulk entry by its article', async () => {
    const db = t.database.db;
    const [service] = await db
      .select({ id: services.id, articleId: services.articleId, article: articles.name, firstname: endUsers.firstname, lastname: endUsers.lastname })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .innerJoin(endUsers, eq(endUsers.id, services.endUserId))
      .where(eq(services.companyId, ids.installatie))
      .limit(1);
    const [group] = await db.select().from(articleGroups).limit(1);
    const actor = { userId: pieter.id, companyId: ids.installatie, impersonatingFrom: null };
    await audit(db, actor, 'article_group.update', 'article_group', group.id, {});
    await audit(db, actor, 'bulk_service.create', 'bulk_service', 999999, { article_id: service.articleId, amount: 5 });
    await audit(db, actor, 'service.delete', 'service', 999998, { article_id: service.articleId });
    await audit(db, actor, 'service.update', 'service', service.id, {});
    await audit(db, actor, 'end_user.delete', 'end_user', 999997, {});

    const [goneEndUser, updated, deleted, bulk, groupEntry] = await items(klant);
    expect(updated).toMatchObject({ entity_id: String(service.id), subject_name: `${service.article} – ${service.firstname} ${service.lastname}` });
    expect(deleted).toMatchObject({ entity_id: '999998', subject_name: service.article });
    expect(bulk).toMatchObject({ entity_id: '999999', subject_name: service.article });
    expect(groupEntry).toMatchObject({ entity: 'article_group', subject_name: group.name });
    expect(goneEndUser).toMatchObject({ entity: 'end_user', subject_name: null });
  });

  it('filters by kind of object, with the total of that kind', async () => {
    const all = (await log(klant)).json();
    const onlyServices = (await log(klant, { entity: 'service' })).json();
    expect(onlyServices.items.length).toBeGreaterThan(0);
    expect((onlyServices.items as Entry[]).every((e) => e.entity === 'service')).toBe(true);
    expect(onlyServices.total).toBeLessThan(all.total);
    expect((await log(klant, { entity: 'bestaat_niet' })).json()).toEqual({ items: [], total: 0 });
    expect((await log(klant, { entity: "service' or 1=1" })).statusCode).toBe(400);
    // Changes made to the company itself from elsewhere are of its kind too.
    const companies = await items(admin, { company_id: ids.installatie, entity: 'company' });
    expect(companies.every((e) => e.entity === 'company')).toBe(true);
    expect(companies.map((e) => e.action)).toContain('company.end');
  });

  it('records no passwords and no tokens', async () => {
    const colleague = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: auth(klant),
        payload: { firstname: 'Sem', lastname: 'Visser', email: 'sem@vandijk.nl' },
      })
    ).json();
    const before = t.outbox().length;
    await t.app.inject({ method: 'GET', url: `/api/users/activate/${colleague.id}`, headers: auth(klant) });
    const token = new URL(linkIn(t.outbox()[before])).searchParams.get('token')!;
    await t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { token, password: 'Verborgen-Kiezel-Tulp-9' } });
    const res = await log(klant);
    expect((res.json().items as Entry[]).slice(0, 2).map((e) => e.action)).toEqual(['password.reset', 'user.activate']);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain('Verborgen-Kiezel-Tulp-9');
    expect(res.body).not.toMatch(/"(password|password_hash|token)"/);
  });
});
