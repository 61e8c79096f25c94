import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { businessDateOf, isoDate, todayNoon } from '../../domain/time';
import { queryRows } from '../db';
import { articleGroups, articlePriceHistory, articles, bulkServices, companies, parentCompanies, services, users } from '../db/schema';
import { auth, createTestApp, type TestApp } from '../testing/testApp';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TWO_FACTOR_SECRETS, findCompanyByName } from './demo';

/** README.md, 'Demo accounts': the demo data set a first start in demo mode shows. */

let t: TestApp;
let installatie: number;
beforeAll(async () => {
  t = await createTestApp();
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
}, 60_000);
afterAll(() => t.close());

describe('the demo accounts', () => {
  it.each([
    ['superadmin@demo.nl', 1, 'Demo ICT Diensten', true],
    ['admin@demo.nl', 2, 'Demo ICT Diensten', true],
    ['klant@demo.nl', 3, 'Van Dijk Installatietechniek B.V.', false],
  ])('%s has role %i in %s and logs in with the demo password', async (email, roleId, companyName, isProvider) => {
    const [row] = await t.database.db
      .select({ roleId: users.roleId, company: companies.name, isProvider: companies.isProvider })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, email));
    expect(row).toEqual({ roleId, company: companyName, isProvider });
    const token = await t.login(email, DEMO_PASSWORD);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/policies', headers: auth(token) });
    expect(me.statusCode).toBe(200);
  });

  it('asks the staff for a code of their published secret, and the customers for the password alone', async () => {
    const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD } });
    for (const [email, secret] of Object.entries(DEMO_TWO_FACTOR_SECRETS)) {
      const first = await login(email);
      expect(first.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
      // The next step's code (a phone's clock a little ahead): the test above used the current one.
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });
      const second = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge: first.json().challenge, code } });
      expect(second.statusCode).toBe(200);
    }
    for (const email of ['klant@demo.nl', 'collega@demo.nl', 'kees@korenschoof.nl']) expect((await login(email)).json()).toEqual({ token: expect.any(String) });
  });

  it('are the accounts the start-up banner lists', () => {
    expect(DEMO_ACCOUNTS.map((a) => [a.email, a.company])).toEqual([
      ['superadmin@demo.nl', 'Demo ICT Diensten'],
      ['admin@demo.nl', 'Demo ICT Diensten'],
      ['klant@demo.nl', 'Van Dijk Installatietechniek B.V.'],
      ['collega@demo.nl', 'Van Dijk Installatietechniek B.V.'],
    ]);
  });
});

describe('the customer', () => {
  it("is a branch of 'Van Dijk Groep' with at least two more branches", async () => {
    const branches = await t.database.db
      .select({ name: companies.name })
      .from(companies)
      .innerJoin(parentCompanies, eq(parentCompanies.id, companies.parentCompanyId))
      .where(eq(parentCompanies.name, 'Van Dijk Groep'));
    const names = branches.map((b) => b.name);
    expect(names).toContain('Van Dijk Installatietechniek B.V.');
    expect(names.length).toBeGreaterThanOrEqual(3);
  });

  it('has active services in at least four article groups', async () => {
    const now = new Date();
    const groups = await t.database.db
      .selectDistinct({ group: articleGroups.name })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .innerJoin(articleGroups, eq(articleGroups.id, articles.articleGroupId))
      .where(and(eq(services.companyId, installatie), lte(services.startTime, now), or(isNull(services.endTime), gt(services.endTime, now))));
    expect(groups.length).toBeGreaterThanOrEqual(4);
  });

  it('has a group bundle with a non-zero size', async () => {
    const bundle = await t.database.db
      .select()
      .from(articles)
      .where(and(eq(articles.companyId, installatie), eq(articles.fromGroupBundle, true), isNotNull(articles.gigabyte)));
    expect(bundle.length).toBeGreaterThan(0);
    const today = businessDateOf(todayNoon());
    const month = isoDate({ ...today, day: 1 });
    const figures = await t.app.inject({
      method: 'GET',
      url: `/api/groupbundlecosts?costs_date_from=${month}`,
      headers: auth(await t.login('klant@demo.nl')),
    });
    expect(figures.json()).toMatchObject({ has_group_bundle: true });
    expect(figures.json().total_gb).toBeGreaterThan(0);
  });

  it('has bulk services with past and future entries', async () => {
    const rows = await t.database.db.select().from(bulkServices).where(eq(bulkServices.companyId, installatie));
    const now = Date.now();
    expect(rows.some((r) => r.time.getTime() < now)).toBe(true);
    expect(rows.some((r) => r.time.getTime() > now)).toBe(true);
    // The running total never goes below zero (docs/rules.md, 'Bulk services').
    const byArticle = new Map<number, typeof rows>();
    for (const r of rows) byArticle.set(r.articleId, [...(byArticle.get(r.articleId) ?? []), r]);
    for (const entries of byArticle.values()) {
      let total = 0;
      for (const e of entries.sort((a, b) => a.time.getTime() - b.time.getTime())) {
        total += e.amount;
        expect(total).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('has price history with changes of price', async () => {
    const changed = await queryRows<{ article_id: number }>(
      t.database.db,
      sql`select ${articlePriceHistory.articleId} as article_id from ${articlePriceHistory}
          where ${articlePriceHistory.companyId} = ${installatie}
          group by ${articlePriceHistory.articleId} having count(distinct ${articlePriceHistory.price}) > 1`,
    );
    expect(changed.length).toBeGreaterThan(0);
  });

  it('has every article priced by at least one history entry', async () => {
    const without = await queryRows<{ id: number }>(
      t.database.db,
      sql`select a.id from articles a where not exists (select 1 from article_price_history h where h.article_id = a.id)`,
    );
    expect(without).toEqual([]);
  });

  it('has ended services', async () => {
    const ended = await t.database.db
      .select()
      .from(services)
      .where(and(eq(services.companyId, installatie), lte(services.endTime, new Date())));
    expect(ended.length).toBeGreaterThan(0);
  });

  it('keeps every tenant-owned row in the company of its article', async () => {
    const mismatched = await queryRows<{ id: number }>(
      t.database.db,
      sql`select s.id from services s join articles a on a.id = s.article_id where s.company_id <> a.company_id
          union all select b.id from bulk_services b join articles a on a.id = b.article_id where b.company_id <> a.company_id
          union all select s.id from services s join end_users e on e.id = s.end_user_id where s.company_id <> e.company_id`,
    );
    expect(mismatched).toEqual([]);
  });
});
