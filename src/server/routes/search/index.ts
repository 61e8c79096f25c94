import { search } from '../../services/search';
import { errorResponses, type RouteApp } from '../schemas';
import { searchAnswer, searchQuery } from './schemas';

export default async function searchRoutes(app: RouteApp) {
  app.get(
    '/search',
    { schema: { querystring: searchQuery, response: { 200: searchAnswer, ...errorResponses } } },
    async (request) => search(app.db, request.actor.companyId, request.query.term.trim()),
  );
}
