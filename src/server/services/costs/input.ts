import { sql, type SQL } from 'drizzle-orm';
import { addMonths, businessTimeToEpoch, type MonthRange } from '../../../domain/time';
import { groupBy } from '../../../domain/collections';
import type { CostArticle, CostBulkEntry, CostInput, CostMonth, CostService } from '../../../domain/costs/types';
import { queryRows, type Db } from '../../db';

/** Epoch seconds of the first instant of a month in the business time zone. */
export const monthStartEpoch = (month: CostMonth) => businessTimeToEpoch(month.year, month.month, 1);

/**
 * The instants the engine may look at for these months: from the start of the calendar year of
 * the first month to the end of the calendar year of the last. Billing periods are aligned to the
 * calendar year and the longest is a year (docs/costs.md, '2. Billing cycles and periods'), so every period an invoice of
 * the range bills lies inside this window.
 */
export const costWindow = (range: MonthRange) => ({
  start: monthStartEpoch({ year: range.from.year, month: 1 }),
  end: monthStartEpoch(addMonths(range.to.year, 12, 1)),
});

/**
 * Epoch seconds of a timestamp column as float8, which both drivers read as a JS number (int8
 * comes as text from node-postgres, and int4 ends in 2038), so rows need no conversion.
 */
const epoch = (column: SQL) => sql`floor(extract(epoch from ${column}))::float8`;

/** The articles of a company with their group name and price history, as the engine takes them. */
const loadArticles = async (db: Db, companyId: number): Promise<CostArticle[]> => {
  const [articleRows, historyRows] = await Promise.all([
    queryRows<{ id: number; name: string; productgroup: string; billing_cycle_id: number; price: string; setup_price: string }>(
      db,
      sql`select a.id, a.name, g.name as productgroup, a.billing_cycle_id, a.price::text as price,
          a.setup_price::text as setup_price
        from articles a join article_groups g on g.id = a.article_group_id
        where a.company_id = ${companyId}`,
    ),
    queryRows<{ article_id: number; fromTime: number; price: string; setupPrice: string }>(
      db,
      sql`select h.article_id, ${epoch(sql`h.from_time`)} as "fromTime", h.price::text as price,
          h.setup_price::text as "setupPrice"
        from article_price_history h join articles a on a.id = h.article_id
        where a.company_id = ${companyId}
        order by h.article_id, h.from_time, h.id`,
    ),
  ]);
  const historyByArticle = groupBy(historyRows, (h) => h.article_id);
  return articleRows.map((a) => ({
    id: a.id,
    name: a.name,
    productgroup: a.productgroup,
    billingCycleId: a.billing_cycle_id,
    price: a.price,
    setupPrice: a.setup_price,
    priceHistory: (historyByArticle.get(a.id) ?? []).map(({ fromTime, price, setupPrice }) => ({ fromTime, price, setupPrice })),
  }));
};

/** The bulk entries up to the window's end (a running total needs the older ones too). */
const loadBulkEntries = (db: Db, companyId: number, window: { end: number }) =>
  queryRows<CostBulkEntry>(
    db,
    sql`select article_id as "articleId", amount, ${epoch(sql`time`)} as time
      from bulk_services
      where company_id = ${companyId} and time < to_timestamp(${window.end})
      order by time, id`,
  );

/** Services active at some instant of the window (hard-deleted ones are gone from the table). */
const inWindow = (window: { start: number; end: number }) =>
  sql`s.start_time < to_timestamp(${window.end}) and (s.end_time is null or s.end_time > to_timestamp(${window.start}))`;

/**
 * Everything the cost engine needs of one company for the months of `range`: its articles with
 * their group name and price history, the services that are active at some instant of the
 * window (hard-deleted ones are gone from the table) with their end user's name, and the bulk
 * entries up to the window's end (a running total needs the older ones too).
 *
 * `endUserNames: false` leaves the names out (null) for callers that only need totals.
 *
 * Four plain SQL queries, one per table, with only the columns the engine reads: for the large
 * customer (2,000 articles, 50,000 services, 5,000 bulk entries) the query builder's row mapping
 * cost more than the queries. Times come as epoch seconds, amounts as exact decimal text, and the
 * service and bulk rows already have the engine's field names.
 */
export const loadCostInput = async (
  db: Db,
  companyId: number,
  range: MonthRange,
  { endUserNames = true }: { endUserNames?: boolean } = {},
): Promise<CostInput> => {
  const window = costWindow(range);
  // Totals need no names: leaving out the join with end_users saves a third of the services query.
  const names = endUserNames
    ? sql`e.firstname, e.lastname from services s left join end_users e on e.id = s.end_user_id`
    : sql`null as firstname, null as lastname from services s`;
  const [articles, services, bulkEntries] = await Promise.all([
    loadArticles(db, companyId),
    // Rows come out as the engine's CostService as they are: no second object per service.
    queryRows<CostService>(
      db,
      sql`select s.id, s.article_id as "articleId", ${epoch(sql`s.start_time`)} as "startTime",
          ${epoch(sql`s.end_time`)} as "endTime", s.price::text as price, s.setup_price::text as "setupPrice", ${names}
        where s.company_id = ${companyId} and ${inWindow(window)}`,
    ),
    loadBulkEntries(db, companyId, window),
  ]);
  return { articles, services, bulkEntries };
};

/**
 * The cost input for totals only (`monthsTotals` of months of `range`, never lines): as
 * `loadCostInput`, but services that count alike in every month of the range are one row with
 * their `count`. The engine compares service times only with midnights (Europe/Amsterdam) inside
 * the window (`costWindow`: every period a month of the range touches), so without changing any
 * total a service's times become
 * - its start: 00:00 of its start date, or the last second before the window when it started
 *   before the window;
 * - its end: 00:00 of its end date, or none when it ends at or after the window's end;
 * and services with the same article, own price, own setup price (equal as numbers) and these two
 * times are one row, grouped in SQL by their business dates (one time zone conversion per
 * service; the dates become epochs per group). The id is the smallest of the group's; names are
 * null. For the large customer 50,000 services become ≈2,700 rows.
 */
export const loadCostTotalsInput = async (db: Db, companyId: number, range: MonthRange): Promise<CostInput> => {
  const window = costWindow(range);
  const midnight = (date: SQL) => sql`floor(extract(epoch from ${date}::timestamp at time zone 'Europe/Amsterdam'))::float8`;
  const [articles, services, bulkEntries] = await Promise.all([
    loadArticles(db, companyId),
    queryRows<CostService>(
      db,
      sql`select min(id) as id, article_id as "articleId",
          case when start_date is null then ${window.start - 1}::float8 else ${midnight(sql`start_date`)} end as "startTime",
          ${midnight(sql`end_date`)} as "endTime",
          price::text as price, setup_price::text as "setupPrice", null as firstname, null as lastname, count(*)::int as count
        from (
          select s.id, s.article_id, s.price, s.setup_price,
            case when s.start_time >= to_timestamp(${window.start}) then (s.start_time at time zone 'Europe/Amsterdam')::date end as start_date,
            case when s.end_time < to_timestamp(${window.end}) then (s.end_time at time zone 'Europe/Amsterdam')::date end as end_date
          from services s
          where s.company_id = ${companyId} and ${inWindow(window)}
        ) s
        group by article_id, price, setup_price, start_date, end_date`,
    ),
    loadBulkEntries(db, companyId, window),
  ]);
  return { articles, services, bulkEntries };
};
