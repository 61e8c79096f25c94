import { Type } from 'typebox';
import { and, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { withRunningTotals } from '../../../domain/bulk';
import { MSG } from '../../../domain/messages';
import { Decimal, parseAmount } from '../../../domain/money';
import { articlePriceHistory, articles, bulkServices, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import type { Actor } from '../../services/auth/actor';
import { epochSeconds, errorResponses, idParams, integerId, messageSchema, type RouteApp } from '../schemas';
import { toEpoch } from '../../serialize';
import { serviceRows } from '../../services/serviceRows';
import {
  articleDto,
  articleServiceRows,
  bulkEntriesOf,
  countArticleServices,
  findArticle,
  listArticles,
  priceHistoryOf,
  sortFieldOf,
  visibleGroupWithFields,
} from '../../services/articles';
import {
  articleAnswer,
  articleCreateInput,
  articleDetailAnswer,
  articleDetailQuery,
  articleInput,
  articleListAnswer,
  articleServicesAnswer,
  type ArticleInput,
} from './schemas';

const amountOrZero = (value: number | string | undefined, field: string): string => {
  if (value === undefined) return '0';
  const parsed = parseAmount(value);
  if (parsed === null) throw new HttpError(400, `Veld '${field}' is geen geldig bedrag.`);
  return parsed;
};

const gigabyteOf = (value: number | string | null | undefined): string | null => {
  if (value === undefined || value === null) return null;
  return amountOrZero(value, 'Gigabyte');
};

/**
 * docs/permissions.md, 'Who may edit prices': prices and setup prices feed the billing export, so only a role with
 * EDIT_PRICES changes them (the answer of the auth hook's permission check).
 */
const requirePriceRight = (actor: Actor, from: { price: string; setupPrice: string }, to: { price: string; setupPrice: string }) => {
  const changed = !new Decimal(to.price).eq(from.price) || !new Decimal(to.setupPrice).eq(from.setupPrice);
  if (changed && !actor.permissions.EDIT_PRICES) throw new HttpError(403, 'Geen toestemming voor deze actie.');
};

/** docs/screens.md, 'Article forms': the add-article rules, with the exact messages. */
const requireNameAndDescription = (body: ArticleInput) => {
  if (!body.name?.trim()) throw new HttpError(400, MSG.articleNameRequired);
  if (!body.description?.trim()) throw new HttpError(400, MSG.articleDescriptionRequired);
};

export default async function articleRoutes(app: RouteApp) {
  app.get(
    '/articles',
    {
      schema: {
        querystring: Type.Object({ article_group_id: Type.Optional(integerId) }),
        response: { 200: articleListAnswer, ...errorResponses },
      },
    },
    async (request) => listArticles(app.db, request.actor.companyId, request.query.article_group_id, new Date()),
  );

  // The article with its services (docs/api-services.md). Without services_limit all of them (the
  // contract as before); with it only that window, in the same order (sort/order, or oldest start first). services_count is always
  // the total, so the article page's virtualised table knows its size from the first window.
  app.get(
    '/articles/:id',
    {
      schema: {
        params: idParams,
        querystring: articleDetailQuery,
        response: { 200: articleDetailAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.actor;
      const { show_historic, services_offset, services_limit, sort = 'start_time', order = 'asc' } = request.query;
      if (services_offset !== undefined && services_limit === undefined) {
        throw new HttpError(400, "Parameter 'services_offset' vraagt ook 'services_limit'.");
      }
      const article = await findArticle(app.db, companyId, request.params.id);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      const notEndedAt = show_historic ? null : new Date();
      const windowed = services_limit !== undefined;
      const serviceOrder = { column: sort, direction: order, fieldId: await sortFieldOf(app.db, article.articleGroupId, sort) };
      const [group, rows, count, bulk, priceHistory] = await Promise.all([
        visibleGroupWithFields(app.db, companyId, article.articleGroupId),
        articleServiceRows(app.db, companyId, article.id, { notEndedAt, sort: serviceOrder, offset: services_offset, limit: services_limit }),
        windowed ? countArticleServices(app.db, companyId, article.id, notEndedAt) : null,
        bulkEntriesOf(app.db, [article.id]),
        priceHistoryOf(app.db, article.id),
      ]);
      return {
        ...articleDto(article),
        article_group: group ?? { id: article.articleGroupId, name: '', icon: 'services', fields: [] },
        services: rows,
        services_count: count ?? rows.length,
        bulk_services: withRunningTotals(bulk.map((b) => ({ id: b.id, amount: b.amount, time: toEpoch(b.time)! }))),
        price_history: priceHistory,
      };
    },
  );

  app.get(
    '/articles/:id/services',
    {
      schema: {
        params: idParams,
        querystring: Type.Object({
          start_time: Type.Optional(epochSeconds),
          end_time: Type.Optional(epochSeconds),
        }),
        response: { 200: articleServicesAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.actor;
      const article = await findArticle(app.db, companyId, request.params.id);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      const { start_time: from, end_time: to } = request.query;
      // Services active at some moment of [from, to): started before `to`, not ended before `from`.
      return serviceRows(
        app.db,
        and(
          eq(services.articleId, article.id),
          eq(services.companyId, companyId),
          to === undefined ? undefined : lte(services.startTime, new Date(to * 1000)),
          from === undefined ? undefined : or(isNull(services.endTime), gte(services.endTime, new Date(from * 1000))),
        )!,
      );
    },
  );

  app.post(
    '/articles/create',
    {
      config: { permission: 'CREATE_ARTICLE' },
      schema: {
        body: articleCreateInput,
        response: { 201: articleAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, body } = request;
      requireNameAndDescription(body);
      const group = await visibleGroupWithFields(app.db, actor.companyId, body.article_group_id);
      if (!group) throw new HttpError(404, 'Artikelgroep niet gevonden.');
      const price = amountOrZero(body.price, 'Prijs');
      const setupPrice = amountOrZero(body.setup_price, 'Eenmalige kosten');
      requirePriceRight(actor, { price: '0', setupPrice: '0' }, { price, setupPrice });
      const id = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(articles)
          .values({
            companyId: actor.companyId,
            articleGroupId: group.id,
            name: body.name!.trim(),
            description: body.description!.trim(),
            sku: body.sku?.trim() || null,
            price,
            setupPrice,
            billingCycleId: body.billing_cycle_id ?? 1,
            isVisible: body.is_visible ?? true,
            gigabyte: gigabyteOf(body.gigabyte),
            fromGroupBundle: body.from_group_bundle ?? false,
          })
          .returning({ id: articles.id, createdAt: articles.createdAt });
        await tx
          .insert(articlePriceHistory)
          .values({ articleId: created.id, companyId: actor.companyId, fromTime: created.createdAt, price, setupPrice });
        await audit(tx, actor, 'article.create', 'article', created.id, { name: body.name, price, setup_price: setupPrice });
        return created.id;
      });
      return reply.code(201).send(articleDto((await findArticle(app.db, actor.companyId, id))!));
    },
  );

  app.put(
    '/articles/:id',
    {
      config: { permission: 'CREATE_ARTICLE' },
      schema: { params: idParams, body: articleInput, response: { 200: articleAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const article = await findArticle(app.db, actor.companyId, request.params.id);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      requireNameAndDescription({ name: body.name ?? article.name, description: body.description ?? article.description });
      // docs/screens.md, 'Article forms': the billing cycle of an existing article is locked.
      if (body.billing_cycle_id !== undefined && body.billing_cycle_id !== article.billingCycleId) {
        throw new HttpError(400, 'De facturatiecyclus van een bestaand artikel kan niet worden gewijzigd.');
      }
      if (body.article_group_id !== undefined && body.article_group_id !== article.articleGroupId) {
        throw new HttpError(400, 'De artikelgroep van een bestaand artikel kan niet worden gewijzigd.');
      }
      const price = body.price === undefined ? article.price : amountOrZero(body.price, 'Prijs');
      const setupPrice = body.setup_price === undefined ? article.setupPrice : amountOrZero(body.setup_price, 'Eenmalige kosten');
      requirePriceRight(actor, article, { price, setupPrice });
      const priceChanged = !new Decimal(price).eq(article.price) || !new Decimal(setupPrice).eq(article.setupPrice);
      await app.db.transaction(async (tx) => {
        await tx
          .update(articles)
          .set({
            name: body.name?.trim() ?? article.name,
            description: body.description?.trim() ?? article.description,
            sku: body.sku === undefined ? article.sku : body.sku?.trim() || null,
            price,
            setupPrice,
            isVisible: body.is_visible ?? article.isVisible,
            gigabyte: body.gigabyte === undefined ? article.gigabyte : gigabyteOf(body.gigabyte),
            fromGroupBundle: body.from_group_bundle ?? article.fromGroupBundle,
          })
          .where(and(eq(articles.id, article.id), eq(articles.companyId, actor.companyId)));
        // A price change starts a new price history entry (docs/costs.md, '3. The price for a month', picks from it).
        if (priceChanged) {
          await tx
            .insert(articlePriceHistory)
            .values({ articleId: article.id, companyId: actor.companyId, fromTime: new Date(), price, setupPrice });
        }
        await audit(tx, actor, 'article.update', 'article', article.id, {
          ...body,
          ...(priceChanged ? { previous_price: Number(article.price), previous_setup_price: Number(article.setupPrice) } : {}),
        });
      });
      return articleDto((await findArticle(app.db, actor.companyId, article.id))!);
    },
  );

  app.delete(
    '/articles/:id',
    {
      config: { permission: 'CREATE_ARTICLE' },
      schema: { params: idParams, response: { 200: messageSchema, ...errorResponses } },
    },
    async (request) => {
      const { actor } = request;
      const article = await findArticle(app.db, actor.companyId, request.params.id);
      if (!article) throw new HttpError(404, 'Artikel niet gevonden.');
      const [{ count }] = await app.db
        .select({
          count: sql<number>`(select count(*) from ${services} where ${services.articleId} = ${article.id})
            + (select count(*) from ${bulkServices} where ${bulkServices.articleId} = ${article.id})`.mapWith(Number),
        })
        .from(articles)
        .where(eq(articles.id, article.id));
      if (count > 0) {
        throw new HttpError(409, 'Dit artikel heeft nog (historische) afnames of bulkafnames en kan niet worden verwijderd.');
      }
      await app.db.transaction(async (tx) => {
        await tx.delete(articles).where(and(eq(articles.id, article.id), eq(articles.companyId, actor.companyId)));
        await audit(tx, actor, 'article.delete', 'article', article.id, { name: article.name });
      });
      return { message: 'Artikel verwijderd.' };
    },
  );
}
