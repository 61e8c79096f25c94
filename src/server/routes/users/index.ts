import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { companies, users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { errorResponses, idParams } from '../schemas';
import { nullableString } from '../serialize';

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
    email: { type: 'string' },
    phonenumber: nullableString,
    company_id: { type: 'integer' },
    role_id: { type: 'integer' },
    company: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
} as const;

export default async function userRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: number } }>(
    '/users/:id',
    { schema: { params: idParams, response: { 200: userSchema, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const id = request.params.id;
      // Yourself, or a contact person of the acting company when you may list users.
      const scope =
        id === actor.userId ? eq(users.id, id) : actor.permissions.LIST_USERS ? and(eq(users.id, id), eq(users.companyId, actor.companyId)) : null;
      const [row] = scope
        ? await app.db
            .select({ user: users, company: { id: companies.id, name: companies.name } })
            .from(users)
            .innerJoin(companies, eq(companies.id, users.companyId))
            .where(scope)
            .limit(1)
        : [];
      if (!row) throw new HttpError(404, 'Gebruiker niet gevonden.');
      const { user, company } = row;
      return {
        id: user.id,
        firstname: user.firstname,
        lastname: user.lastname,
        email: user.email,
        phonenumber: user.phonenumber,
        company_id: user.companyId,
        role_id: user.roleId,
        company,
      };
    },
  );
}
