import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';

/** Each afname's phone number: the value of its `used_for_cdr` category field (the lowest when it has several). One query for the company. */
export const numbersOfServices = async (db: Db, companyId: number): Promise<Map<number, string>> => {
  const rows = await queryRows<{ service_id: number; number: string }>(
    db,
    sql`select fi.service_id, min(fi.value) as number
      from service_field_inputs fi join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
      where fi.company_id = ${companyId} and fi.value <> ''
      group by fi.service_id`,
  );
  return new Map(rows.map((r) => [r.service_id, r.number]));
};

