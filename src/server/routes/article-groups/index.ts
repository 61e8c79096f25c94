import { todayNoon } from '../../../domain/time';
import { errorResponses, type RouteApp } from '../schemas';
import { serviceCountsPerGroup, visibleArticleGroups } from '../../services/articleGroups';
import { articleGroupCountsAnswer, visibleArticleGroupsAnswer } from './schemas';

export default async function articleGroupRoutes(app: RouteApp) {
  app.get(
    '/article-groups/visible',
    { schema: { response: { 200: visibleArticleGroupsAnswer, ...errorResponses } } },
    async (request) => visibleArticleGroups(app.db, request.actor.companyId),
  );

  app.get(
    '/article-groups/count',
    { schema: { response: { 200: articleGroupCountsAnswer, ...errorResponses } } },
    async (request) =>
      serviceCountsPerGroup(app.db, request.actor.companyId, new Date(), new Date(todayNoon() * 1000)),
  );
}
