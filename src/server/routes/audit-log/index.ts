import { Type } from 'typebox';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { isProviderStaff } from '../../../domain/permissions';
import { auditLog, users } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { errorResponses, integerId, type RouteApp } from '../schemas';
import { nullableInteger, nullableString, toEpoch } from '../serialize';
import { subjectNames } from './subjects';

export const AUDIT_PAGE_SIZE = 50;

const auditEntrySchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    created_at: { type: 'integer' },
    user: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } } },
      ],
    },
    company_id: nullableInteger,
    impersonating_from: nullableInteger,
    action: { type: 'string' },
    entity: { type: 'string' },
    entity_id: nullableString,
    /** The object's name as it is now (an article, end user, company, …); null when it is gone or has none. */
    subject_name: nullableString,
    changes: { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: true }] },
  },
} as const;

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
        querystring: Type.Object(
          {
            company_id: Type.Optional(integerId),
            page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000000 })),
            /** Only the changes of one kind of object: `article`, `service`, `end_user`, … */
            entity: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: auditEntrySchema }, total: { type: 'integer' } },
            required: ['items', 'total'],
          },
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
          .select({ entry: auditLog, user: { id: users.id, firstname: users.firstname, lastname: users.lastname } })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.userId))
          .where(ofCompany)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(AUDIT_PAGE_SIZE)
          .offset((page - 1) * AUDIT_PAGE_SIZE),
        app.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(ofCompany),
      ]);
      const names = await subjectNames(app.db, rows.map(({ entry }) => entry));
      return {
        items: rows.map(({ entry, user }, index) => ({
          id: entry.id,
          created_at: toEpoch(entry.createdAt),
          user: user?.id == null ? null : user,
          company_id: entry.companyId,
          impersonating_from: entry.impersonatingFrom,
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
