import { and, asc, eq } from 'drizzle-orm';
import { keepsTotalsNonNegative } from '../../../domain/bulk';
import { bulkEntryTouchesClosedMonth } from '../../../domain/closedMonths';
import { MSG } from '../../../domain/messages';
import type { Db } from '../../db';
import { articles, bulkServices } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { closedMonthAudit, guardClosedMonths } from '../../services/closedMonths';
import { errorResponses, messageSchema, type RouteApp } from '../schemas';
import { toEpoch } from '../../serialize';
import { articleParams, bulkEntryAnswer, bulkEntryBody, bulkEntryParams } from './schemas';

/**
 * Locks the company's article for the rest of the transaction, so two changes of its bulk
 * entries cannot both pass the running-total check; null when it is not the company's.
 */
const lockArticle = async (tx: Db, companyId: number, articleId: number) => {
  const [row] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.id, articleId), eq(articles.companyId, companyId)))
    .for('update');
  return row ?? null;
};

const entriesOf = async (tx: Db, articleId: number) =>
  (
    await tx
      .select()
      .from(bulkServices)
      .where(eq(bulkServices.articleId, articleId))
      .orderBy(asc(bulkServices.time), asc(bulkServices.id))
  ).map((b) => ({ id: b.id, amount: b.amount, time: toEpoch(b.time)! }));

export default async function bulkServiceRoutes(app: RouteApp) {
  app.post(
    '/articles/:id/bulk-services',
    {
      config: { permission: 'EDIT_BULK_SERVICES' },
      schema: {
        params: articleParams,
        body: bulkEntryBody,
        response: { 201: bulkEntryAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const created = await app.db.transaction(async (tx) => {
        if (!(await lockArticle(tx, actor.companyId, request.params.id))) throw new HttpError(404, 'Artikel niet gevonden.');
        // docs/rules.md, 'Billed months are closed': an entry dated in a billed month changes that month's costs.
        const closedMonth = guardClosedMonths(actor, bulkEntryTouchesClosedMonth(body.time));
        const entries = await entriesOf(tx, request.params.id);
        // docs/rules.md, 'Bulk services': no running total may become negative.
        if (!keepsTotalsNonNegative([...entries, { id: Number.MAX_SAFE_INTEGER, amount: body.amount, time: body.time }])) {
          throw new HttpError(409, MSG.bulkNotEnough);
        }
        const [row] = await tx
          .insert(bulkServices)
          .values({ companyId: actor.companyId, articleId: request.params.id, amount: body.amount, time: new Date(body.time * 1000) })
          .returning();
        await audit(tx, actor, 'bulk_service.create', 'bulk_service', row.id, {
          article_id: request.params.id,
          ...body,
          ...closedMonthAudit(closedMonth, null, { amount: body.amount, time: body.time }),
        });
        return row;
      });
      return reply.code(201).send({ id: created.id, amount: created.amount, time: toEpoch(created.time)! });
    },
  );

  app.delete(
    '/articles/:id/bulk-services/:bulkId',
    {
      config: { permission: 'EDIT_BULK_SERVICES' },
      schema: {
        params: bulkEntryParams,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor } = request;
      const { id, bulkId } = request.params;
      await app.db.transaction(async (tx) => {
        if (!(await lockArticle(tx, actor.companyId, id))) throw new HttpError(404, 'Artikel niet gevonden.');
        const entries = await entriesOf(tx, id);
        const entry = entries.find((e) => e.id === bulkId);
        if (!entry) throw new HttpError(404, 'Bulkafname niet gevonden.');
        const closedMonth = guardClosedMonths(actor, bulkEntryTouchesClosedMonth(entry.time));
        if (!keepsTotalsNonNegative(entries.filter((e) => e.id !== bulkId))) throw new HttpError(409, MSG.bulkNotEnough);
        await tx.delete(bulkServices).where(and(eq(bulkServices.id, bulkId), eq(bulkServices.articleId, id)));
        await audit(tx, actor, 'bulk_service.delete', 'bulk_service', bulkId, {
          article_id: id,
          amount: entry.amount,
          time: entry.time,
          ...closedMonthAudit(closedMonth, { amount: entry.amount, time: entry.time }, null),
        });
      });
      return { message: MSG.bulkDeleted };
    },
  );
}

