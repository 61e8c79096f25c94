import type { EndUserSort, SortOrder } from '../../../domain/listSorts';
import { Type } from 'typebox';
import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { articleGroups, articles, endUsers, services } from '../../db/schema';
import { HttpError } from '../../httpError';
import { audit } from '../../services/audit';
import { likePattern } from '../../services/search';
import { errorResponses, idParams, optionalBody, type RouteApp } from '../schemas';
import { toEpoch } from '../../serialize';
import { fieldInputsOf } from '../../services/serviceRows';
import { endUserAnswer, endUserCountAnswer, endUserCountQuery, endUserWithServicesAnswer, endUsersQuery, nameBody } from './schemas';

/** The end users of the company whose name holds every word of `term` ("firstname lastname", any case or accents). */
const nameMatches = (companyId: number, term: string) => {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = words.map((word) => sql` and search_text(firstname || ' ' || lastname) like search_text(${likePattern(word)})`);
  return sql`company_id = ${companyId}${sql.join(matches)}`;
};

/**
 * The company's end users by last name the Dutch way ('de Boer' under B, domain/names.ts), those
 * whose name holds every word of `term`, at most `limit` of them (`limit null` is no limit) after
 * skipping `offset`; by first name first with `sort` 'firstname', the other way round with `order` 'desc'. Raw SQL: 20,000 rows for a big customer, and the query builder's row mapping
 * costs more than the query; the words use the trigram index and the order the name index of
 * migration 0008.
 */
const endUsersOf = (db: Db, companyId: number, term: string, limit: number | null, offset: number, sort: EndUserSort, order: SortOrder) => {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  // The id last, the same way: equal names keep one order, so windows neither repeat nor skip one.
  const orderBy =
    sort === 'firstname'
      ? sql`search_text(firstname) ${dir}, name_sort_key(lastname) ${dir}, id ${dir}`
      : sql`name_sort_key(lastname) ${dir}, search_text(firstname) ${dir}, id ${dir}`;
  return queryRows<{ id: number; firstname: string; lastname: string }>(
    db,
    sql`select id, firstname, lastname from end_users where ${nameMatches(companyId, term)}
      order by ${orderBy} limit ${limit} offset ${offset}`,
  );
};

export default async function endUserRoutes(app: RouteApp) {
  // An array (docs/api-services.md). Without parameters: every end user. The add-service picker
  // searches with `term` (every word in first or last name) and `limit`; the company screen
  // pages through them with `term`, `offset` and `limit` (and asks /end-users/count for the total).
  app.get(
    '/end-users/all',
    {
      schema: {
        querystring: endUsersQuery,
        response: { 200: Type.Array(endUserAnswer), ...errorResponses },
      },
    },
    async (request) => {
      const { term = '', limit = null, offset = 0, sort = 'lastname', order = 'asc' } = request.query;
      return endUsersOf(app.db, request.actor.companyId, term, limit, offset, sort, order);
    },
  );

  // How many end users /end-users/all answers for `term` (all of them without): the company
  // screen's count, so that the list itself can come in windows.
  app.get(
    '/end-users/count',
    {
      schema: {
        querystring: endUserCountQuery,
        response: { 200: endUserCountAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const [{ count }] = await queryRows<{ count: number }>(
        app.db,
        sql`select count(*)::int as count from end_users where ${nameMatches(request.actor.companyId, request.query.term ?? '')}`,
      );
      return { count };
    },
  );

  app.get(
    '/end-users/:id',
    {
      schema: {
        params: idParams,
        response: { 200: endUserWithServicesAnswer, ...errorResponses },
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
          block_state: s.blockState,
          article: { id: a.id, name: a.name, article_group_id: a.articleGroupId, article_group_name: groupName },
        })),
      };
    },
  );

  // docs/api.md, 'Paths and parameters': the fields as query parameters, or a JSON body.
  app.put(
    '/end-users/:id',
    {
      schema: {
        params: idParams,
        querystring: nameBody,
        body: optionalBody(nameBody),
        response: { 200: endUserAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { companyId } = request.actor;
      const firstname = (request.body?.firstname ?? request.query.firstname ?? '').trim();
      const lastname = (request.body?.lastname ?? request.query.lastname ?? '').trim();
      // docs/screens.md, 'End users': first and last name are required.
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
