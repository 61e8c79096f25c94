import type { BlockState } from '../../domain/requests';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { groupBy } from '../../domain/collections';
import { queryRows, type Db } from '../db';
import { articleGroupFields, serviceFieldInputs, services } from '../db/schema';

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

/** Active at `at`: started and not yet ended (docs/costs.md, '1. Active days'). */
export const activeAt = (at: Date): SQL =>
  and(lte(services.startTime, at), or(isNull(services.endTime), gt(services.endTime, at)))!;

/**
 * The rows of an article page's services table (docs/screens.md, 'Article page'), oldest start first. Two
 * queries filtered the same way (services, then their category values), so 5,000 services
 * cost two round trips and no list of ids.
 */
export const serviceRows = async (db: Db, where: SQL) => {
  // Raw SQL (the `where` comes from Drizzle columns, so the services table keeps its name):
  // for thousands of rows the query builder's row mapping cost more than the queries.
  const [rows, inputs] = await Promise.all([
    queryRows<{
      id: number;
      article_id: number;
      end_user_id: number | null;
      firstname: string | null;
      lastname: string | null;
      order_reference: string | null;
      start_time: number;
      end_time: number | null;
      input_field_1: string | null;
      block_state: BlockState | null;
    }>(
      db,
      sql`select services.id, services.article_id, services.end_user_id, e.firstname, e.lastname,
          services.order_reference, extract(epoch from services.start_time)::bigint::int as start_time,
          extract(epoch from services.end_time)::bigint::int as end_time, services.input_field_1, services.block_state
        from services left join end_users e on e.id = services.end_user_id
        where ${where}
        order by services.start_time, services.id`,
    ),
    queryRows<{ service_id: number; field_id: number; name: string; used_for_cdr: boolean; value: string }>(
      db,
      sql`select i.service_id, i.article_group_field_id as field_id, f.name, f.used_for_cdr, i.value
        from service_field_inputs i
          join services on services.id = i.service_id
          join article_group_fields f on f.id = i.article_group_field_id
        where ${where}
        order by i.article_group_field_id`,
    ),
  ]);
  const inputsByService = groupBy(inputs, (i) => i.service_id);
  return rows.map((r) => ({
    id: r.id,
    article_id: r.article_id,
    end_user_id: r.end_user_id,
    end_user: r.end_user_id === null ? null : { id: r.end_user_id, firstname: r.firstname!, lastname: r.lastname! },
    order_reference: r.order_reference,
    start_time: r.start_time,
    end_time: r.end_time,
    input_field_1: r.input_field_1,
    block_state: r.block_state,
    article_group_field_inputs: (inputsByService.get(r.id) ?? []).map((i) => ({
      article_group_field_id: i.field_id,
      article_group_field: { name: i.name, used_for_cdr: i.used_for_cdr },
      value: i.value,
    })),
  }));
};

