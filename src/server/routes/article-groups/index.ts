import { todayNoon } from '../../../domain/time';
import { errorResponses, type RouteApp } from '../schemas';
import { serviceCountsPerGroup, visibleArticleGroups } from '../../services/articleGroups';

export const articleGroupSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    icon: { type: 'string' },
    fields: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, used_for_cdr: { type: 'boolean' } },
      },
    },
  },
} as const;

export default async function articleGroupRoutes(app: RouteApp) {
  app.get(
    '/article-groups/visible',
    { schema: { response: { 200: { type: 'array', items: articleGroupSchema }, ...errorResponses } } },
    async (request) => visibleArticleGroups(app.db, request.actor.companyId),
  );

  app.get(
    '/article-groups/count',
    {
      schema: {
        response: {
          200: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, services_count: { type: 'integer' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) =>
      serviceCountsPerGroup(app.db, request.actor.companyId, new Date(), new Date(todayNoon() * 1000)),
  );
}
