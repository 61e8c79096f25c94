import { HttpError } from '../../plugins/errors';
import { groupCosts } from '../../services/costs/group';
import { costsRangeQuery, oneMonthOf } from '../costs/range';
import { errorResponses, type RouteApp } from '../schemas';

/**
 * The group view (issue 20), for users who may act for the branches of their parent company
 * (EDIT_PARENT_COMPANY, decisions section 2): scoped to the parent of the acting company, never
 * another group's. A company without a parent company answers 404.
 */

const figures = {
  periodic: { type: 'number' },
  full: { type: 'number' },
  setup: { type: 'number' },
  usage: { type: 'number' },
  total: { type: 'number' },
} as const;
const FIGURES = ['periodic', 'full', 'setup', 'usage', 'total'];

const groupCostsSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        parent: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
        month: { type: 'string' },
        branches: {
          type: 'array',
          items: {
            type: 'object',
            properties: { company_id: { type: 'integer' }, name: { type: 'string' }, ...figures },
            required: ['company_id', 'name', ...FIGURES],
          },
        },
        group: { type: 'object', properties: figures, required: FIGURES },
      },
      required: ['parent', 'month', 'branches', 'group'],
    },
  },
  required: ['data'],
} as const;

export const NO_GROUP = 'Dit bedrijf hoort niet bij een hoofdbedrijf.';

export default async function groupRoutes(app: RouteApp) {
  app.get(
    '/group/costs',
    {
      config: { permission: 'EDIT_PARENT_COMPANY' },
      schema: { querystring: costsRangeQuery, response: { 200: groupCostsSchema, ...errorResponses } },
    },
    async (request) => {
      const month = oneMonthOf(request.query, 'Ongeldige periode: het groepsoverzicht gaat over één maand.');
      const costs = await groupCosts(app.db, request.actor.companyId, month);
      if (!costs) throw new HttpError(404, NO_GROUP);
      return { data: costs };
    },
  );
}
