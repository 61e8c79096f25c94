import { type BlockState, isSimField } from '../../domain/requests';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type ArticleServiceSort, PHONE_FIELD_NAME, type SortOrder } from '../../domain/listSorts';
import { groupBy } from '../../domain/collections';
import { queryRows, type Db } from '../db';
import { articleGroupFields, articleGroups, articlePriceHistory, articles, billingCycles, bulkServices, companyArticleGroups, services } from '../db/schema';
import { toEpoch } from '../serialize';
import { activeAt } from './serviceRows';

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
    .orderBy(sql`search_text(${articles.name})`, asc(articles.id));
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

/** A row of the article page's services table: what the table shows and links to, no more. */
export interface ArticleServiceRow {
  id: number;
  end_user_id: number | null;
  end_user: { id: number; firstname: string; lastname: string } | null;
  start_time: number;
  end_time: number | null;
  input_field_1: string | null;
  block_state: BlockState | null;
  /** The category values; their names are the article group's fields. */
  article_group_field_inputs: { article_group_field_id: number; value: string }[];
}

/** Which services of an article: those not ended at `notEndedAt` (all when null), in which order, and a window of them. */
export interface ServiceWindow {
  notEndedAt: Date | null;
  /** The order (oldest start first when not given); the category field's id for a phone or SIM number sort. */
  sort?: ServiceOrder;
  /** Skip this many (in the table's order); with `limit` only. */
  offset?: number;
  /** At most this many; without it, all of them. */
  limit?: number;
}

/** How the afnames are sorted: a column, its direction, and for phone_number/sim_number the group's field (null: the group has none). */
export interface ServiceOrder {
  column: ArticleServiceSort;
  direction: SortOrder;
  fieldId?: number | null;
}

/** The category field of an article group that a phone or SIM number sort reads, or null. */
export const sortFieldOf = async (db: Db, articleGroupId: number, column: ArticleServiceSort): Promise<number | null> => {
  if (column !== 'phone_number' && column !== 'sim_number') return null;
  const fields = await db
    .select({ id: articleGroupFields.id, name: articleGroupFields.name })
    .from(articleGroupFields)
    .where(eq(articleGroupFields.articleGroupId, articleGroupId))
    .orderBy(asc(articleGroupFields.id));
  const field = fields.find((f) => (column === 'sim_number' ? isSimField(f.name) : f.name === PHONE_FIELD_NAME));
  return field?.id ?? null;
};

/**
 * The ORDER BY of the afnames: the column, then the id the same way, so equal values keep one
 * order and windows neither repeat nor skip a row. Empty values (no end user, no number, not
 * ended) come last going up, first going down (PostgreSQL's NULLS default), so 'aflopend' is
 * exactly 'oplopend' turned around. Oldest start first is the index
 * services(article_id, start_time, id) (migrations/0003_usage.sql), read backwards for 'aflopend';
 * the other columns sort the article's afnames (a top-N sort for a window).
 */
const serviceOrderBy = ({ column, direction, fieldId = null }: ServiceOrder) => {
  const dir = direction === 'desc' ? sql`desc` : sql`asc`;
  const byValue = (value: SQL) => sql`order by ${value} ${dir}, s.id ${dir}`;
  switch (column) {
    case 'start_time':
      return sql`order by s.article_id ${dir}, s.start_time ${dir}, s.id ${dir}`;
    case 'end_time':
      return byValue(sql`s.end_time`);
    case 'end_user':
      // People the Dutch way, as the end users list: surname without particles, then first name
      // (domain/names.ts comparePeople; the sort keys PostgreSQL keeps, migration 0009).
      return sql`order by e.sort_lastname ${dir}, e.sort_firstname ${dir}, s.id ${dir}`;
    case 'phone_number':
    case 'sim_number':
      return byValue(
        fieldId === null
          ? sql`null::text`
          : sql`(select min(i.value) from service_field_inputs i where i.service_id = s.id and i.article_group_field_id = ${fieldId})`,
      );
    case 'input_field_1':
      return byValue(sql`lower(s.input_field_1)`);
    case 'block_state':
      return byValue(sql`s.block_state`);
  }
};

const articleServicesWhere = (companyId: number, articleId: number, notEndedAt: Date | null) =>
  sql`s.article_id = ${articleId} and s.company_id = ${companyId}
    and ${notEndedAt === null ? sql`true` : sql`(s.end_time is null or s.end_time > ${notEndedAt.toISOString()})`}`;

/** How many services the article's table has in all (the same filter as articleServiceRows). */
export const countArticleServices = async (db: Db, companyId: number, articleId: number, notEndedAt: Date | null) => {
  const [{ count }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from services s where ${articleServicesWhere(companyId, articleId, notEndedAt)}`,
  );
  return count;
};

/**
 * The services of an article, oldest start first, then by id, or in `sort`'s order (serviceOrderBy);
 * only those not ended at `notEndedAt` when given, and only the window `offset`/`limit` when given.
 *
 * All of them: two queries filtered the same way run side by side (services with their end
 * users, then their category values), and Node joins them. Measured on 5,000 services: building
 * the JSON in PostgreSQL (json_build_object with a subquery per service for the values) took
 * longer than this, and its text is larger. A window: the services first, then the values of
 * just those ids.
 */
export const articleServiceRows = async (
  db: Db,
  companyId: number,
  articleId: number,
  { notEndedAt, sort = { column: 'start_time', direction: 'asc' }, offset = 0, limit }: ServiceWindow,
): Promise<ArticleServiceRow[]> => {
  const where = articleServicesWhere(companyId, articleId, notEndedAt);
  const serviceQuery = queryRows<{
    id: number;
    end_user_id: number | null;
    firstname: string | null;
    lastname: string | null;
    start_time: number;
    end_time: number | null;
    input_field_1: string | null;
    block_state: BlockState | null;
  }>(
    db,
    sql`select s.id, s.end_user_id, e.firstname, e.lastname, s.block_state,
        extract(epoch from s.start_time)::bigint::int as start_time,
        extract(epoch from s.end_time)::bigint::int as end_time, s.input_field_1
      from services s left join end_users e on e.id = s.end_user_id
      where ${where}
      ${serviceOrderBy(sort)}
      ${limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`}`,
  );
  type Input = { service_id: number; article_group_field_id: number; value: string };
  let rows: Awaited<typeof serviceQuery>;
  let inputs: Input[];
  if (limit === undefined) {
    [rows, inputs] = await Promise.all([
      serviceQuery,
      queryRows<Input>(
        db,
        sql`select i.service_id, i.article_group_field_id, i.value
          from service_field_inputs i join services s on s.id = i.service_id
          where ${where}
          order by i.article_group_field_id`,
      ),
    ]);
  } else {
    rows = await serviceQuery;
    inputs =
      rows.length === 0
        ? []
        : await queryRows<Input>(
            db,
            sql`select i.service_id, i.article_group_field_id, i.value
              from service_field_inputs i
              where i.company_id = ${companyId} and i.service_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})
              order by i.article_group_field_id`,
          );
  }
  const inputsByService = new Map<number, ArticleServiceRow['article_group_field_inputs']>();
  for (const { service_id, article_group_field_id, value } of inputs) {
    const list = inputsByService.get(service_id);
    if (list) list.push({ article_group_field_id, value });
    else inputsByService.set(service_id, [{ article_group_field_id, value }]);
  }
  return rows.map((r) => ({
    id: r.id,
    end_user_id: r.end_user_id,
    end_user: r.end_user_id === null ? null : { id: r.end_user_id, firstname: r.firstname!, lastname: r.lastname! },
    start_time: r.start_time,
    end_time: r.end_time,
    input_field_1: r.input_field_1,
    block_state: r.block_state,
    article_group_field_inputs: inputsByService.get(r.id) ?? [],
  }));
};
