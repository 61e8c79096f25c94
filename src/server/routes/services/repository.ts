import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db';
import { articleGroupFields, endUsers, serviceFieldInputs, services } from '../../db/schema';
import { toEpoch } from '../serialize';

export interface FieldInputDto {
  article_group_field_id: number;
  article_group_field: { name: string; used_for_cdr: boolean };
  value: string;
}

/** The category field values of services, grouped per service id. */
export const fieldInputsOf = async (db: Db, serviceIds: number[]): Promise<Map<number, FieldInputDto[]>> => {
  const byService = new Map<number, FieldInputDto[]>();
  if (serviceIds.length === 0) return byService;
  const rows = await db
    .select({
      serviceId: serviceFieldInputs.serviceId,
      fieldId: serviceFieldInputs.articleGroupFieldId,
      name: articleGroupFields.name,
      usedForCdr: articleGroupFields.usedForCdr,
      value: serviceFieldInputs.value,
    })
    .from(serviceFieldInputs)
    .innerJoin(articleGroupFields, eq(articleGroupFields.id, serviceFieldInputs.articleGroupFieldId))
    .where(inArray(serviceFieldInputs.serviceId, serviceIds))
    .orderBy(asc(serviceFieldInputs.articleGroupFieldId));
  for (const r of rows) {
    const list = byService.get(r.serviceId) ?? [];
    list.push({
      article_group_field_id: r.fieldId,
      article_group_field: { name: r.name, used_for_cdr: r.usedForCdr },
      value: r.value,
    });
    byService.set(r.serviceId, list);
  }
  return byService;
};

/** Active at `at`: started and not yet ended (decisions section 5). */
export const activeAt = (at: Date): SQL =>
  and(lte(services.startTime, at), or(isNull(services.endTime), gt(services.endTime, at)))!;

export const serviceRowColumns = {
  id: services.id,
  articleId: services.articleId,
  endUserId: services.endUserId,
  startTime: services.startTime,
  endTime: services.endTime,
  orderReference: services.orderReference,
  inputField1: services.inputField1,
  firstname: endUsers.firstname,
  lastname: endUsers.lastname,
};

/** The rows of an article page's services table (spec section 2), oldest start first. */
export const serviceRows = async (db: Db, where: SQL) => {
  const rows = await db
    .select(serviceRowColumns)
    .from(services)
    .leftJoin(endUsers, eq(endUsers.id, services.endUserId))
    .where(where)
    .orderBy(asc(services.startTime), asc(services.id));
  const inputs = await fieldInputsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    article_id: r.articleId,
    end_user_id: r.endUserId,
    end_user: r.endUserId === null ? null : { id: r.endUserId, firstname: r.firstname!, lastname: r.lastname! },
    order_reference: r.orderReference,
    start_time: toEpoch(r.startTime)!,
    end_time: toEpoch(r.endTime),
    input_field_1: r.inputField1,
    article_group_field_inputs: inputs.get(r.id) ?? [],
  }));
};

export const serviceRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    article_id: { type: 'integer' },
    end_user_id: { type: ['integer', 'null'] },
    end_user: {
      anyOf: [
        { type: 'null' },
        { type: 'object', properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } } },
      ],
    },
    order_reference: { type: ['string', 'null'] },
    start_time: { type: 'integer' },
    end_time: { type: ['integer', 'null'] },
    input_field_1: { type: ['string', 'null'] },
    article_group_field_inputs: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          article_group_field_id: { type: 'integer' },
          article_group_field: { type: 'object', properties: { name: { type: 'string' }, used_for_cdr: { type: 'boolean' } } },
          value: { type: 'string' },
        },
      },
    },
  },
} as const;

export const notEndedFilter = (now: Date) => or(isNull(services.endTime), gt(services.endTime, now))!;

