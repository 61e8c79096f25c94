import type { FastifyInstance } from 'fastify';
import articleGroupRoutes from './article-groups';
import authRoutes from './auth';
import billingCycleRoutes from './billing-cycles';
import companyRoutes from './company';
import groupBundleRoutes from './group-bundle';
import userRoutes from './users';

/** Every API resource, mounted under /api. */
export const apiRoutes = async (app: FastifyInstance) => {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(articleGroupRoutes);
  await app.register(billingCycleRoutes);
  await app.register(groupBundleRoutes);
};
