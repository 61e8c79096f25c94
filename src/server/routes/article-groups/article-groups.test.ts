import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { todayNoon } from '../../../domain/time';
import { articleGroupFields, articleGroups, articles, bulkServices, companyArticleGroups, services } from '../../db/schema';
import { findCompanyByName } from '../../seed/demo';
import { auth, createTestApp, type TestApp } from '../../testing/testApp';

/** GET /api/article-groups/visible and /count: the acting company's groups and their Aantal. */

let t: TestApp;
let klantToken: string;
let installatie: number;
let bakkerij: number;
beforeAll(async () => {
  t = await createTestApp();
  klantToken = await t.login('klant@demo.nl');
  installatie = (await findCompanyByName(t.database.db, 'Van Dijk Installatietechniek B.V.'))!.id;
  bakkerij = (await findCompanyByName(t.database.db, 'Bakkerij De Korenschoof'))!.id;
}, 60_000);
afterAll(() => t.close());

const groupId = async (name: string) => (await t.database.db.select().from(articleGroups).where(eq(articleGroups.name, name)))[0].id;
const visible = async (token = klantToken) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/article-groups/visible', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; name: string; icon: string; fields: { id: number; name: string; used_for_cdr: boolean }[] }[];
};
const counts = async (token = klantToken): Promise<Record<string, number>> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/article-groups/count', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const names = Object.fromEntries((await t.database.db.select().from(articleGroups)).map((g) => [g.id, g.name]));
  return Object.fromEntries((res.json() as { id: number; services_count: number }[]).map((r) => [names[r.id], r.services_count]));
};

const DAY = 24 * 3600 * 1000;
const noon = new Date(todayNoon() * 1000);
const at = (offsetMs: number) => new Date(noon.getTime() + offsetMs);

const addArticle = async (companyId: number, group: string, name = 'Testartikel') =>
  (
    await t.database.db
      .insert(articles)
      .values({ companyId, articleGroupId: await groupId(group), name, price: '10', setupPrice: '0' })
      .returning()
  )[0];
const addService = (companyId: number, articleId: number, startTime: Date, endTime: Date | null = null) =>
  t.database.db.insert(services).values({ companyId, articleId, startTime, endTime });
const addBulk = (companyId: number, articleId: number, amount: number, time: Date) =>
  t.database.db.insert(bulkServices).values({ companyId, articleId, amount, time });

describe('GET /api/article-groups/visible', () => {
  it("answers the company's visible groups in order, with their category fields", async () => {
    const fields = await t.database.db.select().from(articleGroupFields);
    const fieldsOf = (id: number) =>
      fields
        .filter((f) => f.articleGroupId === id)
        .map((f) => ({ id: f.id, name: f.name, used_for_cdr: f.usedForCdr }));
    const groups = await visible();
    expect(groups.map((g) => g.name)).toEqual(['Mobiele telefonie', 'Vaste telefonie', 'Applicaties', 'Hardware', 'Hosting', 'Connectiviteit']);
    for (const g of groups) expect(g.fields).toEqual(fieldsOf(g.id));
    expect(groups[0]).toEqual({
      id: await groupId('Mobiele telefonie'),
      name: 'Mobiele telefonie',
      icon: 'mobile',
      fields: [
        { id: expect.any(Number), name: 'Telefoonnummer', used_for_cdr: true },
        { id: expect.any(Number), name: 'SIM nummer', used_for_cdr: false },
        { id: expect.any(Number), name: 'Data', used_for_cdr: false },
      ],
    });
  });

  it('follows the visibility list of the acting company only, in the groups sort order', async () => {
    const diensten = await groupId('Diensten');
    const hardware = await groupId('Hardware');
    await t.database.db.insert(companyArticleGroups).values({ companyId: installatie, articleGroupId: diensten });
    await t.database.db
      .delete(companyArticleGroups)
      .where(and(eq(companyArticleGroups.companyId, installatie), eq(companyArticleGroups.articleGroupId, hardware)));
    await t.database.db.update(articleGroups).set({ sortOrder: 0 }).where(eq(articleGroups.name, 'Hosting'));
    try {
      expect((await visible()).map((g) => g.name)).toEqual(['Hosting', 'Mobiele telefonie', 'Vaste telefonie', 'Applicaties', 'Connectiviteit', 'Diensten']);
      // Another company's list is its own.
      expect((await visible(await t.login('kees@korenschoof.nl'))).map((g) => g.name)).toContain('Hardware');
      expect((await visible(await t.login('kees@korenschoof.nl'))).map((g) => g.name)).not.toContain('Diensten');
    } finally {
      await t.database.db.update(articleGroups).set({ sortOrder: 5 }).where(eq(articleGroups.name, 'Hosting'));
      await t.database.db
        .delete(companyArticleGroups)
        .where(and(eq(companyArticleGroups.companyId, installatie), eq(companyArticleGroups.articleGroupId, diensten)));
      await t.database.db.insert(companyArticleGroups).values({ companyId: installatie, articleGroupId: hardware });
    }
  });

  it('answers all seven groups for the provider company', async () => {
    expect(await visible(await t.login('admin@demo.nl'))).toHaveLength(7);
  });
});

describe('GET /api/article-groups/count', () => {
  it('lists every visible group, in the same order as /visible', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/article-groups/count', headers: auth(klantToken) });
    expect(res.json().map((r: { id: number }) => r.id)).toEqual((await visible()).map((g) => g.id));
    for (const row of res.json()) expect(row).toEqual({ id: expect.any(Number), services_count: expect.any(Number) });
  });

  it('adds the active bulk units to the active services (Applicaties: 25 + 5 - 3 in the past, +10 in the future)', async () => {
    const applicaties = await groupId('Applicaties');
    const now = new Date();
    const [{ active }] = await t.database.db
      .select({ active: sql<number>`count(*)::int` })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .where(
        and(
          eq(services.companyId, installatie),
          eq(articles.articleGroupId, applicaties),
          lte(services.startTime, now),
          or(isNull(services.endTime), gt(services.endTime, now)),
        ),
      );
    expect((await counts()).Applicaties).toBe(active + 27);
  });

  it('counts services active now and bulk units up to today 12:00, exactly', async () => {
    const article = await addArticle(installatie, 'Hosting');
    const base = await counts();
    expect(base.Hosting).toBe(0);
    const hosting = async () => (await counts()).Hosting;

    await addService(installatie, article.id, at(-10 * DAY));
    expect(await hosting()).toBe(1);
    await addService(installatie, article.id, at(-10 * DAY), at(DAY)); // ends tomorrow: active now
    expect(await hosting()).toBe(2);
    await addService(installatie, article.id, at(-10 * DAY), at(-DAY)); // ended yesterday
    await addService(installatie, article.id, at(DAY)); // starts tomorrow
    expect(await hosting()).toBe(2);

    await addBulk(installatie, article.id, 5, at(-30 * DAY));
    expect(await hosting()).toBe(7);
    await addBulk(installatie, article.id, 4, at(DAY)); // future mutation
    expect(await hosting()).toBe(7);
    await addBulk(installatie, article.id, -2, at(-DAY));
    expect(await hosting()).toBe(5);
    await addBulk(installatie, article.id, 3, at(0)); // today at 12:00 is not after today 12:00
    expect(await hosting()).toBe(8);
    await addBulk(installatie, article.id, 6, at(1000)); // one second after
    expect(await hosting()).toBe(8);

    // Nothing else moved.
    const after = await counts();
    expect({ ...after, Hosting: 0 }).toEqual({ ...base, Hosting: 0 });
  });

  it("ignores another company's services and groups the company does not see", async () => {
    const before = await counts();
    const foreign = await addArticle(bakkerij, 'Hosting', 'Bakkerij hosting');
    await addService(bakkerij, foreign.id, at(-10 * DAY));
    await addBulk(bakkerij, foreign.id, 50, at(-10 * DAY));
    const hidden = await addArticle(installatie, 'Diensten', 'Verborgen dienst');
    await addService(installatie, hidden.id, at(-10 * DAY));
    const after = await counts();
    expect(after).toEqual(before);
    expect(after).not.toHaveProperty('Diensten');
    expect((await counts(await t.login('kees@korenschoof.nl'))).Hosting).toBe(51);
  });
});
