/**
 * The totals tables grow by the new records (docs/usage.md, 'Import', step 3; the report and the
 * costs read them): `usage_monthly` (per service and kind), `usage_number_months` (the report's
 * row per number and month), `usage_number_days` (month-to-date per day), `usage_company_months`
 * (the costs' categories), and the numbers shared by several services. From the typer's exact sums
 * when the landing table became the month's partition, else summed from the inserted rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { USAGE_KIND_COLUMNS, USAGE_KINDS } from '../../db/schema/usage';
import { copyInto, type RawClient } from './copyRows';
import { step } from './importTiming';
import type { RecordTyper } from './recordTyper';

/**
 * One sum per kind of record and measure, the report tables' columns (USAGE_KIND_COLUMNS order):
 * over the staged totals (`records` a column of counts) or over records (each counts one).
 */
const kindSumsOver = (rows: 'totals' | 'records') =>
  USAGE_KINDS.flatMap(({ type, direction, bundle, column }) => {
    const where = `type = '${type}' and direction = '${direction}' and bundle = '${bundle}'`;
    return [
      { column: `${column}_records`, sum: rows === 'totals' ? `coalesce(sum(records) filter (where ${where}), 0)` : `count(*) filter (where ${where})` },
      { column: `${column}_length`, sum: `coalesce(sum(length) filter (where ${where}), 0)` },
      { column: `${column}_price_micros`, sum: `coalesce(sum(price) filter (where ${where}), 0) * 1000000` },
    ];
  });

const kindSums = kindSumsOver('totals');

/**
 * The new records' totals per company, month, service and kind (`usage_new_totals`): the typer's
 * sums when it has them for exactly the inserted rows (`typer`), else one aggregate of the rows.
 */
export const stageNewTotals = async (tx: Db, client: RawClient, source: string, typer: RecordTyper | null) => {
  if (typer) {
    await tx.execute(sql`create temp table usage_new_totals (company_id integer, month date, service_id integer, number text,
      type text, direction text, bundle text, records integer, length numeric, price numeric) on commit drop`);
    await copyInto(client, 'copy usage_new_totals', typer.totalChunks());
  } else {
    await tx.execute(sql`create temp table usage_new_totals on commit drop as
      select company_id, month, service_id, max(number) as number, type, direction, bundle,
        count(*)::int as records, sum(length) as length, sum(price) as price
      from ${sql.raw(source)} group by company_id, month, service_id, type, direction, bundle`);
  }
  step('new totals');
};

/** The costs' and the group bundle's totals (per service and kind) grow by the new records. */
export const addToMonthly = async (tx: Db) => {
  await tx.execute(sql`insert into usage_monthly (company_id, month, service_id, number, type, direction, bundle, records, length, price)
    select company_id, month, service_id, number, type, direction, bundle, records, length, price from usage_new_totals
    on conflict (company_id, month, service_id, type, direction, bundle) do update set
      number = excluded.number, records = usage_monthly.records + excluded.records,
      length = usage_monthly.length + excluded.length, price = usage_monthly.price + excluded.price`);
  step('usage_monthly');
};

/** The report's row per number and month grows by the new records, each kind in its own columns. */
export const addToNumberMonths = async (tx: Db) => {
  await tx.execute(sql.raw(`insert into usage_number_months (company_id, month, service_id, number, ${kindSums.map((k) => k.column).join(', ')})
    select company_id, month, service_id, max(number), ${kindSums.map((k) => k.sum).join(', ')}
    from usage_new_totals group by company_id, month, service_id
    on conflict (company_id, month, service_id) do update set number = excluded.number,
      ${kindSums.map((k) => `${k.column} = usage_number_months.${k.column} + excluded.${k.column}`).join(', ')}`));
  step('usage_number_months');
};

/**
 * The daily report table (usage_number_days: per company, business day and service, the month's
 * totals up to and including the day, on every day from the service's first day with records in
 * the month to the month's last day) grows by the new records. The usual monthly file (its
 * landing table became the month's partition, and the typer summed it exactly) is COPYed from the
 * typer's day sums: the month had no records, so it has no day rows yet. Otherwise the inserted
 * rows are summed per service and day, run up to the month's end, and added to the rows there are
 * (a record on the 3rd adds to the 3rd and every later day of its month).
 */
export const addToNumberDays = async (tx: Db, client: RawClient, source: string, typer: RecordTyper | null) => {
  if (typer) {
    // Only the kinds the file has (the other columns keep their default, 0): fewer fields for COPY to read.
    const columns = typer.dayKinds().flatMap((kind) => USAGE_KIND_COLUMNS.slice(kind * 3, kind * 3 + 3));
    if (columns.length) await copyInto(client, `copy usage_number_days (company_id, day, service_id, number, ${columns.join(', ')})`, typer.dayChunks());
  } else {
    const columns = USAGE_KIND_COLUMNS;
    await tx.execute(sql.raw(`with new_days as (
        select company_id, (record_time at time zone 'Europe/Amsterdam')::date as day, service_id, max(number) as number,
          ${kindSumsOver('records').map((k) => `${k.sum} as ${k.column}`).join(', ')}
        from ${source} group by 1, 2, 3
      ), spans as (
        select company_id, service_id, date_trunc('month', day)::date as month, min(day) as first, max(number) as number
        from new_days group by 1, 2, 3
      )
      insert into usage_number_days (company_id, day, service_id, number, ${columns.join(', ')})
      select s.company_id, g.day::date, s.service_id, s.number, ${columns.map((c) => `coalesce(sum(n.${c}) over month_to_date, 0)`).join(', ')}
      from spans s
        cross join lateral generate_series(s.first, s.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
        left join new_days n on n.company_id = s.company_id and n.service_id = s.service_id and n.day = g.day::date
      window month_to_date as (partition by s.company_id, s.service_id, s.month order by g.day)
      on conflict (company_id, day, service_id) do update set number = excluded.number,
        ${columns.map((c) => `${c} = usage_number_days.${c} + excluded.${c}`).join(', ')}`));
  }
  step('usage_number_days');
};

/** A number with rows of more than one service in a month is marked `shared`: the report sums only those numbers. */
export const markSharedNumbers = async (tx: Db) => {
  await tx.execute(sql`update usage_number_months u set shared = true
    from (
      select company_id, month, number from usage_number_months
      where (company_id, month) in (select distinct company_id, month from usage_new_totals)
      group by company_id, month, number having count(*) > 1
    ) d
    where u.company_id = d.company_id and u.month = d.month and u.number = d.number and not u.shared`);
  step('shared');
};

/** The costs' category totals (per company, month, type and bundle) grow by the new records. */
export const addToCompanyMonths = async (tx: Db) => {
  await tx.execute(sql`insert into usage_company_months (company_id, month, type, bundle, price)
    select company_id, month, type, bundle, sum(price) from usage_new_totals group by company_id, month, type, bundle
    on conflict (company_id, month, type, bundle) do update set price = usage_company_months.price + excluded.price`);
  step('usage_company_months');
};
