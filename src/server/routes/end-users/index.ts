import type { FastifyInstance } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db';
import { articleGroups, articles, endUsers, services } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { audit } from '../../services/audit';
import { errorResponses, idParams } from '../schemas';
import { toEpoch } from '../serialize';
import { fieldInputsOf, serviceRowSchema } from '../services/repository';

const endUserSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } },
} as const;

const endUserServiceSchema = {
  type: 'object',
  properties: {
    ...serviceRowSchema.properties,
    article: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        article_group_id: { type: 'integer' },
        article_group_name: { type: 'string' },
      },
    },
  },
} as const;

const nameBody = {
  type: 'object',
  properties: { firstname: { type: 'string', maxLength: 100 }, lastname: { type: 'string', maxLength: 100 } },
} as const;

export default async function endUserRoutes(app: FastifyInstance) {
  app.get(
    '/end-users/all',
    { schema: { response: { 200: { type: 'array', items: endUserSchema }, ...errorResponses } } },
    // Raw SQL: 20,000 rows for a big customer, and the query builder's row mapping costs more than the query.
    async (request) =>
      queryRows<{ id: number; firstname: string; lastname: string }>(
        app.db,
        sql`select id, firstname, lastname from end_users where company_id = ${request.actor.companyId}
          order by lower(lastname), lower(firstname), id`,
      ),
  );

  app.get<{ Params: { id: number } }>(
    '/end-users/:id',
    {
      schema: {
        params: idParams,
        response: {
          200: { type: 'object', properties: { ...endUserSchema.properties, services: { type: 'array', items: endUserServiceSchema } } },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { companyId } = request.actor;
      const [endUser] = await app.db
        .select()
        .from(endUsers)
        .where(and(eq(endUsers.id, request.params.id), eq(endUsers.companyId, companyId)));
      if (!endUser) throw new HttpError(404, 'Eindgebruiker niet gevonden.');
      const rows = await app.db
        .select({ service: services, article: articles, groupName: articleGroups.name })
        .from(services)
        .innerJoin(articles, eq(articles.id, services.articleId))
        .innerJoin(articleGroups, eq(articleGroups.id, articles.articleGroupId))
        .where(and(eq(services.endUserId, endUser.id), eq(services.companyId, companyId)))
        .orderBy(asc(services.startTime), asc(services.id));
      const inputs = await fieldInputsOf(app.db, rows.map((r) => r.service.id));
      return {
        id: endUser.id,
        firstname: endUser.firstname,
        lastname: endUser.lastname,
        services: rows.map(({ service: s, article: a, groupName }) => ({
          id: s.id,
          article_id: s.articleId,
          end_user_id: s.endUserId,
          end_user: { id: endUser.id, firstname: endUser.firstname, lastname: endUser.lastname },
          order_reference: s.orderReference,
          start_time: toEpoch(s.startTime),
          end_time: toEpoch(s.endTime),
          input_field_1: s.inputField1,
          article_group_field_inputs: inputs.get(s.id) ?? [],
          article: { id: a.id, name: a.name, article_group_id: a.articleGroupId, article_group_name: groupName },
        })),
      };
    },
  );

  // Spec section 7: "fields as query params"; a JSON body is accepted too (decisions section 12).
  app.put<{ Params: { id: number }; Querystring: { firstname?: string; lastname?: string }; Body: { firstname?: string; lastname?: string } | undefined }>(
    '/end-users/:id',
    {
      schema: {
        params: idParams,
        querystring: nameBody,
        body: { anyOf: [{ type: 'null' }, nameBody] },
        response: { 200: endUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.actor;
      const firstname = (request.body?.firstname ?? request.query.firstname ?? '').trim();
      const lastname = (request.body?.lastname ?? request.query.lastname ?? '').trim();
      // Spec section 5: first and last name are required.
      if (!firstname) throw new HttpError(400, "Veld 'Voornaam' is verplicht.");
      if (!lastname) throw new HttpError(400, "Veld 'Achternaam' is verplicht.");
      const [updated] = await app.db
        .update(endUsers)
        .set({ firstname, lastname })
        .where(and(eq(endUsers.id, request.params.id), eq(endUsers.companyId, companyId)))
        .returning({ id: endUsers.id, firstname: endUsers.firstname, lastname: endUsers.lastname });
      if (!updated) throw new HttpError(404, 'Eindgebruiker niet gevonden.');
      await audit(app.db, request.actor, 'end_user.update', 'end_user', updated.id, { firstname, lastname });
      return updated;
    },
  );
}
