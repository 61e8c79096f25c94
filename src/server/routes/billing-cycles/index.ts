import { asc } from 'drizzle-orm';
import { billingCycles } from '../../db/schema';
import { errorResponses, type RouteApp } from '../schemas';
import { billingCycleListAnswer } from './schemas';

export default async function billingCycleRoutes(app: RouteApp) {
  app.get(
    '/billing-cycles',
    {
      schema: {
        response: {
          200: billingCycleListAnswer,
          ...errorResponses,
        },
      },
    },
    async () => app.db.select({ id: billingCycles.id, name: billingCycles.name }).from(billingCycles).orderBy(asc(billingCycles.id)),
  );
}
