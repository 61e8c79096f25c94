import { asc } from 'drizzle-orm';
import { billingCycles } from '../../db/schema';
import { errorResponses, type RouteApp } from '../schemas';

export default async function billingCycleRoutes(app: RouteApp) {
  app.get(
    '/billing-cycles',
    {
      schema: {
        response: {
          200: {
            type: 'array',
            items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async () => app.db.select({ id: billingCycles.id, name: billingCycles.name }).from(billingCycles).orderBy(asc(billingCycles.id)),
  );
}
