import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { canonicalNumber } from '../../domain/phoneNumbers';
import { queryRows, type Db } from '../db';
import {
  articleGroupFields,
  articleGroups,
  articles,
  bulkServices,
  companyArticleGroups,
  serviceFieldInputs,
  services,
} from '../db/schema';

export interface ArticleGroupDto {
  id: number;
  name: string;
  icon: string;
  fields: { id: number; name: string; used_for_cdr: boolean }[];
}

/** The article groups on the company's visibility list, with their category fields. */
export const visibleArticleGroups = async (db: Db, companyId: number): Promise<ArticleGroupDto[]> => {
  const groups = await db
    .select({ id: articleGroups.id, name: articleGroups.name, icon: articleGroups.icon })
    .from(articleGroups)
    .innerJoin(companyArticleGroups, eq(companyArticleGroups.articleGroupId, articleGroups.id))
    .where(eq(companyArticleGroups.companyId, companyId))
    .orderBy(asc(articleGroups.sortOrder), asc(articleGroups.id));
  if (groups.length === 0) return [];
  const fields = await db
    .select()
    .from(articleGroupFields)
    .where(sql`${articleGroupFields.articleGroupId} in ${groups.map((g) => g.id)}`)
    .orderBy(asc(articleGroupFields.id));
  return groups.map((g) => ({
    ...g,
    fields: fields
      .filter((f) => f.articleGroupId === g.id)
      .map((f) => ({ id: f.id, name: f.name, used_for_cdr: f.usedForCdr })),
  }));
};

/**
 * Per article group: the company's services active at `at` plus bulk units active at `bulkAt`
 * (the article table's Aantal, summed per group), the groups with any.
 */
export const serviceCountsOfCompany = async (db: Db, companyId: number, at: Date, bulkAt: Date): Promise<Map<number, number>> => {
  const serviceCounts = await db
    .select({ id: articles.articleGroupId, count: sql<number>`count(*)::int` })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .where(
      and(
        eq(services.companyId, companyId),
        lte(services.startTime, at),
        or(isNull(services.endTime), gt(services.endTime, at)),
      ),
    )
    .groupBy(articles.articleGroupId);
  const bulkCounts = await db
    .select({ id: articles.articleGroupId, count: sql<number>`coalesce(sum(${bulkServices.amount}), 0)::int` })
    .from(bulkServices)
    .innerJoin(articles, eq(articles.id, bulkServices.articleId))
    .where(and(eq(bulkServices.companyId, companyId), lte(bulkServices.time, bulkAt)))
    .groupBy(articles.articleGroupId);
  const counts = new Map<number, number>();
  for (const row of [...serviceCounts, ...bulkCounts]) counts.set(row.id, (counts.get(row.id) ?? 0) + row.count);
  return counts;
};

/** Per visible group of the company: its services and bulk units (serviceCountsOfCompany). */
export const serviceCountsPerGroup = async (db: Db, companyId: number, at: Date, bulkAt: Date) => {
  const counts = await serviceCountsOfCompany(db, companyId, at, bulkAt);
  const groups = await visibleArticleGroups(db, companyId);
  return groups.map((g) => ({ id: g.id, services_count: counts.get(g.id) ?? 0 }));
};

/** Every article group with its fields and the companies that see it (GET /article-groups). */
export const allArticleGroups = async (db: Db, onlyId?: number) => {
  const groups = await db
    .select({ id: articleGroups.id, name: articleGroups.name, icon: articleGroups.icon })
    .from(articleGroups)
    .where(onlyId === undefined ? undefined : eq(articleGroups.id, onlyId))
    .orderBy(asc(articleGroups.sortOrder), asc(articleGroups.id));
  const scope = <T extends { articleGroupId: number }>(rows: T[]) =>
    onlyId === undefined ? rows : rows.filter((r) => r.articleGroupId === onlyId);
  const [fields, visibility] = await Promise.all([
    db.select().from(articleGroupFields).orderBy(asc(articleGroupFields.id)),
    db.select().from(companyArticleGroups).orderBy(asc(companyArticleGroups.companyId)),
  ]);
  return groups.map((g) => ({
    ...g,
    fields: scope(fields)
      .filter((f) => f.articleGroupId === g.id)
      .map((f) => ({ id: f.id, name: f.name, used_for_cdr: f.usedForCdr })),
    companies: scope(visibility)
      .filter((v) => v.articleGroupId === g.id)
      .map((v) => v.companyId),
  }));
};

/** How many articles (of any company) belong to the group. */
export const articleCountOf = async (db: Db, articleGroupId: number): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(eq(articles.articleGroupId, articleGroupId));
  return row.count;
};

/** The fields among `fieldIds` that hold a value of some service. */
export const fieldsWithValues = async (db: Db, fieldIds: number[]): Promise<Set<number>> => {
  if (fieldIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: serviceFieldInputs.articleGroupFieldId })
    .from(serviceFieldInputs)
    .where(inArray(serviceFieldInputs.articleGroupFieldId, fieldIds));
  return new Set(rows.map((r) => r.id));
};

/**
 * Whether a value of the field is held by two services at once, among the field's own values and
 * every `used_for_cdr` value of any company: the field cannot then link usage records, because a
 * record would match two services (docs/rules.md, 'Phone numbers are global').
 */
/**
 * A field that starts linking usage records makes its values phone numbers: each stored in its
 * canonical form (domain/phoneNumbers), as the services routes store them, before the overlap check
 * compares them (in the caller's transaction: a refused change leaves them as they were).
 */
export const canonicalizeFieldNumbers = async (db: Db, fieldId: number) => {
  const inputs = await db
    .select({ id: serviceFieldInputs.id, value: serviceFieldInputs.value })
    .from(serviceFieldInputs)
    .where(eq(serviceFieldInputs.articleGroupFieldId, fieldId));
  for (const { id, value } of inputs) {
    const canonical = canonicalNumber(value);
    if (canonical !== null && canonical !== value) await db.update(serviceFieldInputs).set({ value: canonical }).where(eq(serviceFieldInputs.id, id));
  }
};

export const fieldHasOverlappingNumbers = async (db: Db, fieldId: number): Promise<boolean> => {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one
      from service_field_inputs a
        join services sa on sa.id = a.service_id
        join service_field_inputs b on b.value = a.value and b.service_id <> a.service_id
        join article_group_fields fb on fb.id = b.article_group_field_id and (fb.used_for_cdr or fb.id = a.article_group_field_id)
        join services sb on sb.id = b.service_id
      where a.article_group_field_id = ${fieldId}
        and sa.start_time < coalesce(sb.end_time, 'infinity') and sb.start_time < coalesce(sa.end_time, 'infinity')
      limit 1`,
  );
  return rows.length > 0;
};
