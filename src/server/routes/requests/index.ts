import { and, eq } from 'drizzle-orm';
import { initialRequestState } from '../../../domain/requests';
import { companies, requests } from '../../db/schema';
import { uniqueViolationOf } from '../../input';
import { audit } from '../../services/audit';
import type { Actor } from '../../services/auth/actor';
import { onRequestSubmitted, type RequestRow } from '../../services/requests/effects';
import { loadRequest, userNameOf } from '../../services/requests/load';
import { requestMails, sendRequestMails } from '../../services/requests/mails';
import { addMessage, recordEvent, stepsFor, takeStep } from '../../services/requests/steps';
import { errorResponses, idParams, type RouteApp } from '../schemas';
import { requestAnswerOf } from './answers';
import { checkNewRequest } from './input';
import { companyRequests } from './lists';
import {
  approvalSettingsAnswer,
  approvalSettingsBody,
  createRequestBody,
  idempotencyHeaders,
  messageBody,
  reasonBody,
  requestAnswer,
  requestListQuery,
  requestsPageAnswer,
} from './schemas';

/**
 * The company's requests (docs/requests.md): asking, the list 'Aanvragen', withdrawing, approving
 * and rejecting a colleague's request, messages and the approval setting. Everything is of the
 * acting company: another company's request answers 404.
 */
export default async function requestRoutes(app: RouteApp) {
  /** The request as the caller in the company's 'Aanvragen' sees it, with the steps it may take. */
  const answer = (actor: Actor, row: RequestRow) => requestAnswerOf(app.db, row, stepsFor(actor, row, 'customer'));
  const ownRequest = (actor: Actor, id: number) => loadRequest(app.db, id, { companyId: actor.companyId });
  const byKey = async (companyId: number, key: string) => {
    const [row] = await app.db
      .select()
      .from(requests)
      .where(and(eq(requests.companyId, companyId), eq(requests.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  };

  app.get(
    '/requests',
    { config: { permission: 'REQUEST_CHANGES' }, schema: { querystring: requestListQuery, response: { 200: requestsPageAnswer, ...errorResponses } } },
    async (request) => companyRequests(app.db, request.actor.companyId, request.query),
  );

  app.get(
    '/requests/settings',
    { config: { permission: 'REQUEST_CHANGES' }, schema: { response: { 200: approvalSettingsAnswer, ...errorResponses } } },
    async (request) => {
      const [company] = await app.db
        .select({ approvalRequired: companies.requestsNeedApproval })
        .from(companies)
        .where(eq(companies.id, request.actor.companyId));
      return { approval_required: company.approvalRequired };
    },
  );

  app.put(
    '/requests/settings',
    {
      config: { permission: 'APPROVE_REQUESTS' },
      schema: { body: approvalSettingsBody, response: { 200: approvalSettingsAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      await app.db.transaction(async (tx) => {
        await tx.update(companies).set({ requestsNeedApproval: body.approval_required }).where(eq(companies.id, actor.companyId));
        await audit(tx, actor, 'company.requests_need_approval', 'company', actor.companyId, { requests_need_approval: body.approval_required });
      });
      return { approval_required: body.approval_required };
    },
  );

  /**
   * Asking (docs/requests.md, 'Kinds'): 201 with the new request. With an `Idempotency-Key` the
   * company has used before, 200 with the request that key made, and nothing new.
   */
  app.post(
    '/requests',
    {
      config: { permission: 'REQUEST_CHANGES' },
      schema: { headers: idempotencyHeaders, body: createRequestBody, response: { 200: requestAnswer, 201: requestAnswer, ...errorResponses } },
    },
    async (request, reply) => {
      const { actor, body } = request;
      const key = request.headers['idempotency-key'] ?? null;
      const earlier = key === null ? null : await byKey(actor.companyId, key);
      if (earlier) return reply.code(200).send(await answer(actor, earlier));
      const input = await checkNewRequest(app.db, actor.companyId, body);
      const [company] = await app.db.select({ approval: companies.requestsNeedApproval }).from(companies).where(eq(companies.id, actor.companyId));
      const state = initialRequestState(input.kind, company.approval, actor.permissions.APPROVE_REQUESTS);
      let created: { row: RequestRow; mails: Awaited<ReturnType<typeof requestMails>> };
      try {
        created = await app.db.transaction(async (tx) => {
          const userName = await userNameOf(tx, actor.userId);
          const [row] = await tx
            .insert(requests)
            .values({
              companyId: actor.companyId,
              kind: input.kind,
              state,
              serviceId: input.serviceId,
              articleGroupId: input.articleGroupId,
              details: input.details,
              requestedBy: actor.userId,
              requestedByName: userName,
              idempotencyKey: key,
            })
            .returning();
          await recordEvent(tx, actor, row.id, { state, text: null, userName, byProvider: false });
          await onRequestSubmitted(tx, row);
          await audit(tx, actor, 'request.create', 'request', row.id, {
            kind: row.kind,
            state,
            service_id: row.serviceId,
            article_group_id: row.articleGroupId,
            details: row.details,
          });
          return { row, mails: await requestMails(tx, app.config.publicUrl, row, state, actor.userId) };
        });
      } catch (error) {
        // The same key at the same moment: the other submission made the request.
        const raced = key !== null && uniqueViolationOf(error) !== null ? await byKey(actor.companyId, key) : null;
        if (raced) return reply.code(200).send(await answer(actor, raced));
        throw error;
      }
      sendRequestMails(app, created.mails);
      return reply.code(201).send(await answer(actor, created.row));
    },
  );

  app.get(
    '/requests/:id',
    { config: { permission: 'REQUEST_CHANGES' }, schema: { params: idParams, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => answer(request.actor, await ownRequest(request.actor, request.params.id)),
  );

  app.post(
    '/requests/:id/withdraw',
    { config: { permission: 'REQUEST_CHANGES' }, schema: { params: idParams, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const row = await takeStep(app, actor, await ownRequest(actor, request.params.id), 'withdraw', 'customer');
      return answer(actor, row);
    },
  );

  app.post(
    '/requests/:id/approve',
    { config: { permission: 'APPROVE_REQUESTS' }, schema: { params: idParams, response: { 200: requestAnswer, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const row = await takeStep(app, actor, await ownRequest(actor, request.params.id), 'approve', 'customer');
      return answer(actor, row);
    },
  );

  app.post(
    '/requests/:id/reject',
    {
      config: { permission: 'APPROVE_REQUESTS' },
      schema: { params: idParams, body: reasonBody, response: { 200: requestAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const row = await takeStep(app, actor, await ownRequest(actor, request.params.id), 'reject_approval', 'customer', { text: body.reason });
      return answer(actor, row);
    },
  );

  app.post(
    '/requests/:id/messages',
    {
      config: { permission: 'REQUEST_CHANGES' },
      schema: { params: idParams, body: messageBody, response: { 200: requestAnswer, ...errorResponses } },
    },
    async (request) => {
      const { actor, body } = request;
      const row = await ownRequest(actor, request.params.id);
      await addMessage(app.db, actor, row, body.text, 'customer');
      return answer(actor, await ownRequest(actor, row.id));
    },
  );
}
