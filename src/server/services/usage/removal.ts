import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db';
import { hasGroupBundle, recalculateGroupBundle } from '../groupBundle';

/**
 * A hard-deleted service is gone from every month (decisions section 5): its usage records and
 * totals go with it (the company's category totals lose its prices), and the stored group bundle
 * figures of the months it had usage in are recomputed without it. Run in the transaction that
 * deletes the service.
 */
export const removeUsageOfService = async (tx: Db, companyId: number, serviceId: number): Promise<void> => {
  await tx.execute(sql`delete from usage_records where company_id = ${companyId} and service_id = ${serviceId}`);
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
  if (months.length === 0 || !(await hasGroupBundle(tx, companyId))) return;
  for (const { month } of months) {
    const [year, m] = month.split('-').map(Number);
    await recalculateGroupBundle(tx, companyId, { year, month: m, day: 1 });
  }
};
