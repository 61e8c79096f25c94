import { errorResponses, type RouteApp } from '../schemas';
import { supportContactAnswer } from './schemas';

/**
 * docs/screens.md, 'Unknown addresses': the 404 page names a support contact. Public: a visitor who is not logged in
 * reaches an unknown address too. The contact is configuration (config.ts), not data.
 */
export default async function supportRoutes(app: RouteApp) {
  app.get(
    '/support',
    {
      config: { public: true },
      schema: {
        response: {
          200: supportContactAnswer,
          ...errorResponses,
        },
      },
    },
    async () => app.config.support,
  );
}
