import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { hasGroupBundle, recalculateGroupBundle } from '../groupBundle';

/**
 * The key the import gave a record imported without a price (docs/usage.md, Idempotent: SHA-256
 * of its normalized fields joined by U+001F, the price empty, first 16 bytes), for rows of
 * `usage_records`. A stored record whose key is this one came without a price: its stored price
 * is the import's (0, or MB x price_mb for out-of-bundle data), not the file's.
 */
const PRICELESS_KEY_SQL = sql`substr(sha256(convert_to(concat_ws(E'\\x1f',
    to_char(record_time at time zone 'Europe/Amsterdam', 'YYYY-MM-DD'), to_char(record_time at time zone 'Europe/Amsterdam', 'HH24:MI:SS'),
    sender, receiver, direction, type, length::text, bundle, ''), 'UTF8')), 1, 16)`;

/**
 * Kept-aside usage belongs to nobody until provider staff attach it (docs/rules.md): the records
 * of a hard-deleted service go back to `usage_unmatched` as they were imported (their fields, the
 * price as the file gave it, their key and import; line 0, as the line is not kept with a matched
 * record), so nothing is destroyed and a re-import of their file stays idempotent. Answers how
 * many were returned.
 */
const returnRecordsToKept = async (tx: Db, companyId: number, serviceId: number): Promise<number> => {
  const [{ n }] = await queryRows<{ n: number }>(
    tx,
    sql`with gone as (
        delete from usage_records where company_id = ${companyId} and service_id = ${serviceId}
        returning import_id, record_time, sender, receiver, direction, type, length, bundle, price, record_key
      ), kept as (
        insert into usage_unmatched (import_id, line, record_time, sender, receiver, direction, type, length, bundle, price, record_key)
        select (select i.id from usage_imports i where i.id = gone.import_id), 0, record_time, sender, receiver, direction, type, length, bundle,
          case when record_key = ${PRICELESS_KEY_SQL} then null else price end, record_key
        from gone
        on conflict (record_key) do nothing
        returning 1
      ) select count(*)::int as n from kept`,
  );
  return n;
};

/**
 * A hard-deleted service is gone from every month's costs (docs/costs.md): its usage
 * records return to the kept-aside list, its totals go (the company's category totals lose its
 * prices), and the stored group bundle figures of the months it had usage in are recomputed
 * without it. Run in the transaction that deletes the service; answers how many records were
 * kept aside.
 */
export const removeUsageOfService = async (tx: Db, companyId: number, serviceId: number): Promise<number> => {
  const keptAside = await returnRecordsToKept(tx, companyId, serviceId);
  await tx.execute(sql`delete from usage_number_days where company_id = ${companyId} and service_id = ${serviceId}`);
  await tx.execute(sql`with gone as (
      delete from usage_number_months where company_id = ${companyId} and service_id = ${serviceId} returning month, number
    )
    update usage_number_months u set shared = exists (select 1 from usage_number_months o
      where o.company_id = u.company_id and o.month = u.month and o.number = u.number and o.service_id <> u.service_id
        and o.service_id <> ${serviceId})
    from gone where u.company_id = ${companyId} and u.month = gone.month and u.number = gone.number and u.shared`);
  const months = await queryRows<{ month: string }>(
    tx,
    sql`with gone as (
        delete from usage_monthly where company_id = ${companyId} and service_id = ${serviceId} returning month, type, bundle, price
      ), per_kind as (
        select month, type, bundle, sum(price) as price from gone group by month, type, bundle
      ), lowered as (
        update usage_company_months c set price = c.price - k.price from per_kind k
        where c.company_id = ${companyId} and c.month = k.month and c.type = k.type and c.bundle = k.bundle
      )
      select distinct month::text as month from per_kind order by month`,
  );
  if (months.length > 0 && (await hasGroupBundle(tx, companyId))) {
    for (const { month } of months) {
      const [year, m] = month.split('-').map(Number);
      await recalculateGroupBundle(tx, companyId, { year, month: m, day: 1 });
    }
  }
  return keptAside;
};
