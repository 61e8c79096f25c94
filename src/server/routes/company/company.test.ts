import { and, asc, eq } from 'drizzle-orm';
import { articleGroups, companies, companyArticleGroups, parentCompanies } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/company/:id: the company with the fields of docs/api-company-admin.md, 'Company fields'. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const company = async (name: string) => (await findCompanyByName(t.database.db, name))!;
const getCompany = (id: number, token: string) => t.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: auth(token) });

describe('GET /api/company/:id', () => {
  it('answers a branch with every company field and its parent company with all branches', async () => {
    const installatie = await company('Van Dijk Installatietechniek B.V.');
    const [group] = await t.database.db.select().from(parentCompanies).where(eq(parentCompanies.name, 'Van Dijk Groep'));
    const defaultGroups = (await t.database.db.select().from(articleGroups).orderBy(asc(articleGroups.sortOrder)))
      .slice(0, 6)
      .map((g) => g.id)
      .sort((a, b) => a - b);

    const res = await getCompany(installatie.id, await t.login('klant@demo.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: installatie.id,
      name: 'Van Dijk Installatietechniek B.V.',
      aliases: null,
      customer_number: '100234',
      zipcode: '3011 AB',
      address: 'Coolsingel 42',
      city: 'Rotterdam',
      sap_number: '4000123',
      price_mb: 0.012,
      input_label_1: 'Kostenplaats',
      input_label_2: 'Afdeling',
      input_label_3: 'Projectcode',
      input_label_4: 'Opmerking',
      article_groups: defaultGroups,
      parent_company_id: group.id,
      parent_company: {
        id: group.id,
        name: 'Van Dijk Groep',
        sap_number: '2000100',
        companies: [
          { id: (await company('Van Dijk Elektrotechniek B.V.')).id, name: 'Van Dijk Elektrotechniek B.V.' },
          { id: installatie.id, name: 'Van Dijk Installatietechniek B.V.' },
          { id: (await company('Van Dijk Service & Onderhoud B.V.')).id, name: 'Van Dijk Service & Onderhoud B.V.' },
        ],
      },
      end_time: null,
      require_two_factor: false,
    });
  });

  it('answers a company without parent company with parent_company null', async () => {
    const bakkerij = await company('Bakkerij De Korenschoof');
    const res = await getCompany(bakkerij.id, await t.login('kees@korenschoof.nl'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bakkerij.id, parent_company_id: null, parent_company: null, input_label_2: null });
  });

  it('answers end_time in Unix seconds and the visibility list as it is', async () => {
    const bakkerij = await company('Bakkerij De Korenschoof');
    const end = new Date('2027-01-01T00:00:00+01:00');
    await t.database.db.update(companies).set({ endTime: end }).where(eq(companies.id, bakkerij.id));
    const [hosting] = await t.database.db.select().from(articleGroups).where(eq(articleGroups.name, 'Hosting'));
    await t.database.db
      .delete(companyArticleGroups)
      .where(and(eq(companyArticleGroups.companyId, bakkerij.id), eq(companyArticleGroups.articleGroupId, hosting.id)));

    const body = (await getCompany(bakkerij.id, await t.login('kees@korenschoof.nl'))).json();
    expect(body.end_time).toBe(end.getTime() / 1000);
    expect(body.article_groups).not.toContain(hosting.id);
    expect(body.article_groups).toHaveLength(5);
  });

  it("answers 404 for another customer's company, without its data", async () => {
    const bakkerij = await company('Bakkerij De Korenschoof');
    const res = await getCompany(bakkerij.id, await t.login('klant@demo.nl'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(res.body).not.toMatch(/Korenschoof|100410|4000300/);
  });

  it('answers 404 for a sibling branch until the customer acts for it', async () => {
    const elektro = await company('Van Dijk Elektrotechniek B.V.');
    const token = await t.login('klant@demo.nl');
    expect((await getCompany(elektro.id, token)).statusCode).toBe(404);
    const acting = await t.app.inject({ method: 'POST', url: `/api/auth/impersonate?company_id=${elektro.id}`, headers: auth(token), payload: { reason: 'Test' } });
    const res = await getCompany(elektro.id, acting.json().data.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Van Dijk Elektrotechniek B.V.');
    // While acting for the branch, its own company is another company.
    const own = await company('Van Dijk Installatietechniek B.V.');
    expect((await getCompany(own.id, acting.json().data.token)).statusCode).toBe(404);
  });

  it('lets provider staff read any company, and answers 404 for one that does not exist', async () => {
    const token = await t.login('admin@demo.nl');
    const bakkerij = await company('Bakkerij De Korenschoof');
    expect((await getCompany(bakkerij.id, token)).json()).toMatchObject({ name: 'Bakkerij De Korenschoof' });
    expect((await getCompany(999999, token)).statusCode).toBe(404);
  });
});
