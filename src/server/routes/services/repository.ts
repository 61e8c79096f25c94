import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { articleGroupFields, serviceFieldInputs, services } from '../../db/schema';

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

interface ServiceRowRecord {
  id: number;
  article_id: number;
  end_user_id: number | null;
  firstname: string | null;
  lastname: string | null;
  order_reference: string | null;
  start_time: number;
  end_time: number | null;
  input_field_1: string | null;
  inputs: FieldInputDto[];
}

/**
 * The rows of an article page's services table (spec section 2), oldest start first. One query:
 * the category field values come along as JSON, so 5,000 services cost one round trip.
 */
export const serviceRows = async (db: Db, where: SQL) => {
  const rows = await queryRows<ServiceRowRecord>(
    db,
    // `where` is built from the Drizzle columns, so the services table keeps its own name here.
    sql`select services.id, services.article_id, services.end_user_id, e.firstname, e.lastname, services.order_reference,
        extract(epoch from services.start_time)::bigint::int as start_time,
        extract(epoch from services.end_time)::bigint::int as end_time,
        services.input_field_1,
        coalesce((
          select json_agg(json_build_object(
            'article_group_field_id', i.article_group_field_id,
            'article_group_field', json_build_object('name', f.name, 'used_for_cdr', f.used_for_cdr),
            'value', i.value) order by i.article_group_field_id)
          from service_field_inputs i join article_group_fields f on f.id = i.article_group_field_id
          where i.service_id = services.id), '[]'::json) as inputs
      from services left join end_users e on e.id = services.end_user_id
      where ${where}
      order by services.start_time, services.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    article_id: r.article_id,
    end_user_id: r.end_user_id,
    end_user: r.end_user_id === null ? null : { id: r.end_user_id, firstname: r.firstname!, lastname: r.lastname! },
    order_reference: r.order_reference,
    start_time: r.start_time,
    end_time: r.end_time,
    input_field_1: r.input_field_1,
    article_group_field_inputs: typeof r.inputs === 'string' ? (JSON.parse(r.inputs) as FieldInputDto[]) : r.inputs,
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

