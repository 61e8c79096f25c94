import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isProviderStaff } from '../../../domain/permissions';
import { auditLog, companies, impersonations, parentCompanies, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { endOf, type Impersonation, minutesLasted } from '../../services/auth/impersonation';
import { errorResponses, type RouteApp } from '../schemas';
import { toEpoch } from '../../serialize';
import { auditLogPageAnswer, auditLogQuery } from './schemas';
import { subjectNames } from './subjects';

export const AUDIT_PAGE_SIZE = 50;

const impersonationOut = (impersonation: Impersonation | null, now: Date) => {
  if (!impersonation) return null;
  const end = endOf(impersonation, now);
  return {
    id: impersonation.id,
    reason: impersonation.reason,
    started_at: toEpoch(impersonation.startedAt),
    ended_at: toEpoch(end),
    expires_at: toEpoch(impersonation.expiresAt),
    minutes: minutesLasted(impersonation, end ?? now),
  };
};

/** Where someone acting for the company came from: the provider, or a customer's parent company. */
const fromCompany = alias(companies, 'from_company');
const fromParent = alias(parentCompanies, 'from_parent');
const fromNameOf = (from: { name: string | null; isProvider: boolean | null; parentName: string | null } | null) =>
  from?.isProvider ? from.name : (from?.parentName ?? from?.name ?? null);

/**
 * The change log of a company: what was done while acting for it, and what was done to the
 * company itself from elsewhere (provider staff editing it, a branch joining or leaving a parent
 * company). Customers read their acting company's log only; provider staff any company's.
 */
export default async function auditLogRoutes(app: RouteApp) {
  app.get(
    '/audit-log',
    {
      schema: {
        querystring: auditLogQuery,
        response: {
          200: auditLogPageAnswer,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { actor } = request;
      const companyId = request.query.company_id ?? actor.companyId;
      const reachesAll = isProviderStaff(actor.roleId) && actor.permissions.LIST_COMPANIES;
      if (companyId !== actor.companyId && !reachesAll) throw new HttpError(404, 'Bedrijf niet gevonden.');
      const page = request.query.page ?? 1;
      const { entity } = request.query;
      const ofCompany = and(
        or(eq(auditLog.companyId, companyId), and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(companyId)))),
        entity === undefined ? undefined : eq(auditLog.entity, entity),
      );
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({
            entry: auditLog,
            user: { id: users.id, firstname: users.firstname, lastname: users.lastname },
            impersonation: impersonations,
            from: { name: fromCompany.name, isProvider: fromCompany.isProvider, parentName: fromParent.name },
          })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.userId))
          .leftJoin(impersonations, eq(impersonations.id, auditLog.impersonationId))
          .leftJoin(fromCompany, eq(fromCompany.id, auditLog.impersonatingFrom))
          .leftJoin(fromParent, eq(fromParent.id, fromCompany.parentCompanyId))
          .where(ofCompany)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((page - 1) * AUDIT_PAGE_SIZE),
        app.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(ofCompany),
      ]);
      const names = await subjectNames(app.db, rows.map(({ entry }) => entry));
      const now = new Date();
      return {
        items: rows.map(({ entry, user, impersonation, from }, index) => ({
          id: entry.id,
          created_at: toEpoch(entry.createdAt),
          user: user?.id == null ? null : user,
          company_id: entry.companyId,
          impersonating_from: entry.impersonatingFrom,
          impersonating_from_name: fromNameOf(from),
          impersonation: impersonationOut(impersonation, now),
          action: entry.action,
          entity: entry.entity,
          entity_id: entry.entityId,
          subject_name: names[index],
          changes: entry.changes,
        })),
        total,
      };
    },
  );
}
