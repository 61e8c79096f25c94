import type { FastifyInstance } from 'fastify';
import { isProviderStaff } from '../../../domain/permissions';
import { HttpError } from '../../plugins/errors';
import { errorResponses, idParams } from '../schemas';
import { nullableInteger, nullableNumber, nullableString } from '../serialize';
import { companyDto, findCompany } from './repository';

const branchSchema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } as const;

export const companySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    aliases: nullableString,
    customer_number: nullableString,
    zipcode: nullableString,
    address: nullableString,
    city: nullableString,
    sap_number: nullableString,
    price_mb: { type: 'number' },
    input_label_1: nullableString,
    input_label_2: nullableString,
    input_label_3: nullableString,
    input_label_4: nullableString,
    article_groups: { type: 'array', items: { type: 'integer' } },
    parent_company_id: nullableInteger,
    parent_company: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            sap_number: nullableString,
            companies: { type: 'array', items: branchSchema },
          },
        },
      ],
    },
    end_time: nullableNumber,
  },
} as const;

export default async function companyRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: number } }>(
    '/company/:id',
    { schema: { params: idParams, response: { 200: companySchema, ...errorResponses } } },
    async (request) => {
      const { actor } = request;
      const id = request.params.id;
      // The acting company is always readable; other companies only by provider staff.
      const mayRead = id === actor.companyId || (isProviderStaff(actor.roleId) && actor.permissions.LIST_COMPANIES);
      const company = mayRead ? await findCompany(app.db, id) : null;
      if (!company) throw new HttpError(404, 'Bedrijf niet gevonden.');
      return companyDto(app.db, company);
    },
  );
}
