import { and, eq } from 'drizzle-orm';
import { isSimField } from '../../../domain/requests';
import type { Db } from '../../db';
import { articleGroupFields, articles, serviceFieldInputs, services } from '../../db/schema';

/**
 * The 'SIM nummer' field of a mobile article group (domain/requests.ts, SIM_FIELD_NAME) and an
 * afname's value of it: what a new SIM replaces and what the PUK look-up reads (docs/requests.md).
 */

/** The afname with its article group's SIM nummer field (null: the group has none) and its value there (null: none). */
export const simOfService = async (db: Db, companyId: number, serviceId: number) => {
  const [service] = await db
    .select({ service: services, articleGroupId: articles.articleGroupId })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .where(and(eq(services.id, serviceId), eq(services.companyId, companyId)))
    .limit(1);
  if (!service) return null;
  const fields = await db.select().from(articleGroupFields).where(eq(articleGroupFields.articleGroupId, service.articleGroupId));
  const field = fields.find((f) => isSimField(f.name)) ?? null;
  const [input] = field
    ? await db
        .select()
        .from(serviceFieldInputs)
        .where(and(eq(serviceFieldInputs.serviceId, serviceId), eq(serviceFieldInputs.articleGroupFieldId, field.id)))
        .limit(1)
    : [];
  return { service: service.service, articleGroupId: service.articleGroupId, field, input: input ?? null };
};
