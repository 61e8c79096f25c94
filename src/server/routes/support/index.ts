import { errorResponses, type RouteApp } from '../schemas';

/**
 * Spec section 2: the 404 page names a support contact. Public: a visitor who is not logged in
 * reaches an unknown address too. The contact is configuration (config.ts), not data.
 */
export default async function supportRoutes(app: RouteApp) {
  app.get(
    '/support',
    {
      config: { public: true },
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { phone: { type: 'string' }, email: { type: 'string' } },
            required: ['phone', 'email'],
          },
          ...errorResponses,
        },
      },
    },
    async () => app.config.support,
  );
}
