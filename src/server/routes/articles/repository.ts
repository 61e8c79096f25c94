import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { groupBy } from '../../../domain/collections';
import type { Db } from '../../db';
import { articleGroupFields, articleGroups, articlePriceHistory, articles, billingCycles, bulkServices, companyArticleGroups, services } from '../../db/schema';
import { toEpoch } from '../serialize';
import { activeAt } from '../services/repository';

export type ArticleRow = typeof articles.$inferSelect & { billingCycleName: string };

const articleColumns = {
  article: articles,
  billingCycleName: billingCycles.name,
};

export const articleDto = (a: ArticleRow) => ({
  id: a.id,
  name: a.name,
  description: a.description,
  sku: a.sku,
  article_group_id: a.articleGroupId,
  price: Number(a.price),
  setup_price: Number(a.setupPrice),
  billing_cycle_id: a.billingCycleId,
  billing_cycle: { id: a.billingCycleId, name: a.billingCycleName },
  is_visible: a.isVisible,
  gigabyte: a.gigabyte === null ? null : Number(a.gigabyte),
  from_group_bundle: a.fromGroupBundle,
});

/** An article of the company, or null: another company's article is "not there". */
export const findArticle = async (db: Db, companyId: number, id: number): Promise<ArticleRow | null> => {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .innerJoin(billingCycles, eq(billingCycles.id, articles.billingCycleId))
    .where(and(eq(articles.id, id), eq(articles.companyId, companyId)))
    .limit(1);
  return row ? { ...row.article, billingCycleName: row.billingCycleName } : null;
};

export const bulkEntriesOf = async (db: Db, articleIds: number[]) => {
  if (articleIds.length === 0) return [];
  return db
    .select({ id: bulkServices.id, articleId: bulkServices.articleId, amount: bulkServices.amount, time: bulkServices.time })
    .from(bulkServices)
    .where(inArray(bulkServices.articleId, articleIds))
    .orderBy(asc(bulkServices.time), asc(bulkServices.id));
};

/** The article table of a group: each article with its active services count and bulk entries. */
export const listArticles = async (db: Db, companyId: number, articleGroupId: number | undefined, now: Date) => {
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .innerJoin(billingCycles, eq(billingCycles.id, articles.billingCycleId))
    .where(
      and(
        eq(articles.companyId, companyId),
        articleGroupId === undefined ? undefined : eq(articles.articleGroupId, articleGroupId),
      ),
    )
    .orderBy(sql`lower(${articles.name})`, asc(articles.id));
  const ids = rows.map((r) => r.article.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ articleId: services.articleId, count: sql<number>`count(*)::int` })
          .from(services)
          .where(and(eq(services.companyId, companyId), inArray(services.articleId, ids), activeAt(now)))
          .groupBy(services.articleId);
  const countById = new Map(counts.map((c) => [c.articleId, c.count]));
  const bulkById = groupBy(await bulkEntriesOf(db, ids), (b) => b.articleId);
  return rows.map((r) => ({
    ...articleDto({ ...r.article, billingCycleName: r.billingCycleName }),
    services_count: countById.get(r.article.id) ?? 0,
    bulk_services: (bulkById.get(r.article.id) ?? []).map((b) => ({ id: b.id, amount: b.amount, time: toEpoch(b.time)! })),
  }));
};

export const priceHistoryOf = async (db: Db, articleId: number) =>
  (
    await db
      .select()
      .from(articlePriceHistory)
      .where(eq(articlePriceHistory.articleId, articleId))
      .orderBy(asc(articlePriceHistory.fromTime), asc(articlePriceHistory.id))
  ).map((p) => ({ id: p.id, from_time: toEpoch(p.fromTime)!, price: Number(p.price), setup_price: Number(p.setupPrice) }));

/** The group of an article with its category fields, when the company may see the group. */
export const visibleGroupWithFields = async (db: Db, companyId: number, articleGroupId: number) => {
  const [group] = await db
    .select({ id: articleGroups.id, name: articleGroups.name, icon: articleGroups.icon })
    .from(articleGroups)
    .innerJoin(
      companyArticleGroups,
      and(eq(companyArticleGroups.articleGroupId, articleGroups.id), eq(companyArticleGroups.companyId, companyId)),
    )
    .where(eq(articleGroups.id, articleGroupId))
    .limit(1);
  if (!group) return null;
  const fields = await db
    .select()
    .from(articleGroupFields)
    .where(eq(articleGroupFields.articleGroupId, articleGroupId))
    .orderBy(asc(articleGroupFields.id));
  return { ...group, fields: fields.map((f) => ({ id: f.id, name: f.name, used_for_cdr: f.usedForCdr })) };
};
