import type { FastifyInstance } from 'fastify';
import articleGroupAdminRoutes from './article-groups/admin';
import articleGroupRoutes from './article-groups';
import articleRoutes from './articles';
import auditLogRoutes from './audit-log';
import authRoutes from './auth';
import billingCycleRoutes from './billing-cycles';
import bulkServiceRoutes from './bulk-services';
import companyRoutes from './company';
import endUserRoutes from './end-users';
import endUserImportRoutes from './end-users/import';
import groupBundleRoutes from './group-bundle';
import parentCompanyRoutes from './parent-companies';
import searchRoutes from './search';
import serviceRoutes from './services';
import userRoutes from './users';

/** Every API resource, mounted under /api. */
export const apiRoutes = async (app: FastifyInstance) => {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(companyRoutes);
  await app.register(parentCompanyRoutes);
  await app.register(articleGroupRoutes);
  await app.register(articleGroupAdminRoutes);
  await app.register(billingCycleRoutes);
  await app.register(groupBundleRoutes);
  await app.register(articleRoutes);
  await app.register(bulkServiceRoutes);
  await app.register(serviceRoutes);
  await app.register(endUserRoutes);
  await app.register(endUserImportRoutes);
  await app.register(searchRoutes);
  await app.register(auditLogRoutes);
};
