import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addMonths, businessDateOf, isoDate, todayNoon } from '../../../domain/time';
import { queryRows, type Db } from '../../db';

/** Helpers of the usage tests (not shipped code paths). */

/** A multipart body with one file field, as a browser's FormData sends it. */
export const multipartFile = (field: string, content: string | Buffer, fileName = 'verbruik.csv') => {
  const boundary = `----usage${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export interface NumberedService {
  id: number;
  companyId: number;
  endUserId: number | null;
  startTime: Date;
  endTime: Date | null;
  number: string;
  article: string;
  fromGroupBundle: boolean;
}

/** The services of a company that carry a `used_for_cdr` number, oldest id first. */
export const numberedServices = async (db: Db, companyId: number): Promise<NumberedService[]> =>
  (
    await queryRows<{
      id: number;
      company_id: number;
      end_user_id: number | null;
      start_time: string | Date;
      end_time: string | Date | null;
      number: string;
      article: string;
      from_group_bundle: boolean;
    }>(
      db,
      sql`select s.id, s.company_id, s.end_user_id, s.start_time, s.end_time, fi.value as number, a.name as article, a.from_group_bundle
        from services s
          join service_field_inputs fi on fi.service_id = s.id
          join article_group_fields f on f.id = fi.article_group_field_id and f.used_for_cdr
          join articles a on a.id = s.article_id
        where s.company_id = ${companyId}
        order by s.id`,
    )
  ).map((r) => ({
    id: r.id,
    companyId: r.company_id,
    endUserId: r.end_user_id,
    startTime: new Date(r.start_time),
    endTime: r.end_time === null ? null : new Date(r.end_time),
    number: r.number,
    article: r.article,
    fromGroupBundle: r.from_group_bundle,
  }));

/** The month before the running one (business time), e.g. { year: 2026, month: 10, day: 1 }. */
export const previousMonth = () => {
  const today = businessDateOf(todayNoon());
  return addMonths(today.year, today.month, -1);
};

/** dd-mm-yyyy of a day of a month. */
export const dutchDate = (month: { year: number; month: number }, day: number) =>
  isoDate({ year: month.year, month: month.month, day }).split('-').reverse().join('-');

/**
 * For tests and benchmarks that write usage_monthly rows directly instead of importing: the
 * company totals the import would keep beside them (usage_company_months), made from those rows.
 */
export const companyMonthsFromMonthly = (db: Db, companyId: number) =>
  db.execute(sql`
    insert into usage_company_months (company_id, month, type, bundle, price)
    select company_id, month, type, bundle, sum(price) from usage_monthly
    where company_id = ${companyId}
    group by company_id, month, type, bundle
    on conflict (company_id, month, type, bundle) do update set price = excluded.price`);
