import { and, asc, eq } from 'drizzle-orm';
import { REQUEST_MSG } from '../../../domain/requests';
import { articles, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import type { Actor } from '../../services/auth/actor';
import type { RequestRow } from '../../services/requests/effects';
import { loadRequest } from '../../services/requests/load';
import { addMessage, stepsFor, takeStep } from '../../services/requests/steps';
import { errorResponses, idParams, type RouteApp } from '../schemas';
import { requestAnswerOf } from './answers';
import { queueRequests, queueSummary } from './lists';
import { carryOutBody, messageBody, queueArticlesAnswer, queueQuery, queueSummaryAnswer, reasonBody, requestAnswer, requestsPageAnswer } from './schemas';

/**
 * The provider's queue (docs/requests.md, 'The queue'): the requests of every company, picking
 * up, carrying out, rejecting and messages. A request that waits for the customer's own approval
 * is not the provider's yet: the queue neither lists nor answers it (404).
 */
export default async function requestQueueRoutes(app: RouteApp) {
  const answer = (actor: Actor, row: RequestRow) => requestAnswerOf(app.db, row, stepsFor(actor, row, 'provider'));
  const queued = async (id: number) => {
    const row = await loadRequest(app.db, id, 'all');
    if (row.state === 'awaiting_approval') throw new HttpError(404, REQUEST_MSG.notFound);
    return row;
  };
  const config = { permission: 'HANDLE_REQUESTS' } as const;

  app.get(
    '/request-queue',
    { config, schema: { querystring: queueQuery, response: { 200: requestsPageAnswer, ...errorResponses } } },
    async (request) => {
      const { company_id: companyId, ...filters } = request.query;
      return queueRequests(app.db, request.actor.userId, { ...filters, companyId });
    },
  );

  app.get(
    '/request-queue/summary',
    { config, schema: { response: { 200: queueSummaryAnswer, ...errorResponses } } },
    async () => queueSummary(app.db),
  );

  app.get(
    '/request-queue/:id',
    { config, schema: { params: idParams, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => answer(request.actor, await queued(request.params.id)),
  );

  // The articles the handler may choose when carrying out a porting: those of its article group at
  // the request's company (for any other kind, the group of its afname's article).
  app.get(
    '/request-queue/:id/articles',
    { config, schema: { params: idParams, response: { 200: queueArticlesAnswer, ...errorResponses } } },
    async (request) => {
      const row = await queued(request.params.id);
      const groupId =
        row.articleGroupId ??
        (row.serviceId === null
          ? null
          : ((
              await app.db
                .select({ groupId: articles.articleGroupId })
                .from(services)
                .innerJoin(articles, eq(articles.id, services.articleId))
                .where(eq(services.id, row.serviceId))
            )[0]?.groupId ?? null));
      if (groupId === null) return [];
      return app.db
        .select({ id: articles.id, name: articles.name })
        .from(articles)
        .where(and(eq(articles.companyId, row.companyId), eq(articles.articleGroupId, groupId)))
        .orderBy(asc(articles.name), asc(articles.id));
    },
  );

  app.post(
    '/request-queue/:id/pick-up',
    { config, schema: { params: idParams, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      return answer(actor, await takeStep(app, actor, await queued(request.params.id), 'pick_up', 'provider'));
    },
  );

  app.post(
    '/request-queue/:id/carry-out',
    { config, schema: { params: idParams, body: carryOutBody, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor, body } = request;
      const row = await takeStep(app, actor, await queued(request.params.id), 'carry_out', 'provider', {
        text: body.text,
        carryOut: { simNumber: body.sim_number, articleId: body.article_id, startDate: body.start_date, endUserId: body.end_user_id },
      });
      return answer(actor, row);
    },
  );

  app.post(
    '/request-queue/:id/reject',
    { config, schema: { params: idParams, body: reasonBody, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor, body } = request;
      return answer(actor, await takeStep(app, actor, await queued(request.params.id), 'reject', 'provider', { text: body.reason }));
    },
  );

  app.post(
    '/request-queue/:id/messages',
    { config, schema: { params: idParams, body: messageBody, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor, body } = request;
      const row = await queued(request.params.id);
      await addMessage(app.db, actor, row, body.text, 'provider');
      return answer(actor, await queued(row.id));
    },
  );
}
