import { sql, type SQL } from 'drizzle-orm';
import { canonicalNumber } from '../../../domain/phoneNumbers';
import { OPEN_REQUEST_STATES, oneWorkingDayBefore, QUEUE_STATES, type RequestKind, type RequestState } from '../../../domain/requests';
import { queryRows, type Db } from '../../db';
import type { QueueSummaryAnswer, RequestsPageAnswer } from './schemas';
import { likePattern } from '../../services/search';
import { requestPage } from './answers';

/** The lists of requests: the company's 'Aanvragen' and the provider's queue (docs/requests.md, 'The queue'). */

export const DEFAULT_LIMIT = 50;

interface CommonFilters {
  state?: RequestState;
  kind?: RequestKind;
  q?: string;
  offset?: number;
  limit?: number;
}

/**
 * A search term matches the afname's field values (its numbers: a number as typed or in its
 * canonical form), the number porting asks for, the article and who asked.
 */
const searchCondition = (q: string | undefined): SQL | null => {
  const term = q?.trim();
  if (!term) return null;
  const patterns = [...new Set([likePattern(term), ...(canonicalNumber(term) ? [likePattern(canonicalNumber(term)!)] : [])])];
  return sql.join(
    patterns.map(
      (p) => sql`(exists (select 1 from service_field_inputs i where i.service_id = r.service_id and lower(i.value) like ${p})
        or lower(a.name) like ${p} or lower(r.requested_by_name) like ${p} or lower(r.details->>'number') like ${p})`,
    ),
    sql` or `,
  );
};

const commonConditions = (filters: CommonFilters): SQL[] => {
  const search = searchCondition(filters.q);
  return [
    ...(filters.state ? [sql`r.state = ${filters.state}`] : []),
    ...(filters.kind ? [sql`r.kind = ${filters.kind}`] : []),
    ...(search ? [sql`(${search})`] : []),
  ];
};

/** The company's requests, newest first; `open`: only those still waiting for someone. */
export const companyRequests = (db: Db, companyId: number, filters: CommonFilters & { open?: boolean }): Promise<RequestsPageAnswer> =>
  requestPage(db, {
    where: [
      sql`r.company_id = ${companyId}`,
      ...commonConditions(filters),
      ...(filters.open && !filters.state ? [sql`r.state in (${sql.join(OPEN_REQUEST_STATES.map((s) => sql`${s}`), sql`, `)})`] : []),
    ],
    orderBy: sql`r.created_at desc, r.id desc`,
    offset: filters.offset ?? 0,
    limit: filters.limit ?? DEFAULT_LIMIT,
  });

/** The queue states as SQL, written as the partial index requests_queue_idx is (db/schema/requests.ts). */
const OPEN_IN_QUEUE = sql.raw(`r.state in (${QUEUE_STATES.map((s) => `'${s}'`).join(', ')})`);

export interface QueueFilters extends CommonFilters {
  companyId?: number;
  /** 'me', 'none' or a user id. */
  handler?: string;
}

/**
 * The provider's queue. Without a state: the open requests (Ingediend, In behandeling), blocks
 * first and then the oldest first, in the order of the partial index requests_queue_idx
 * (`(kind <> 'block'), created_at, id where state in ('submitted', 'in_progress')`), so the page
 * is read from the index. With a state: that state's requests, oldest first.
 */
export const queueRequests = (db: Db, userId: number, filters: QueueFilters): Promise<RequestsPageAnswer> => {
  const handler =
    filters.handler === undefined
      ? []
      : filters.handler === 'none'
        ? [sql`r.handler_id is null`]
        : [sql`r.handler_id = ${filters.handler === 'me' ? userId : Number(filters.handler)}`];
  return requestPage(db, {
    where: [
      // A request awaiting the customer's own approval is not the provider's yet (docs/requests.md, 'Approval').
      filters.state ? sql`r.state <> 'awaiting_approval'` : OPEN_IN_QUEUE,
      ...commonConditions(filters),
      ...(filters.companyId === undefined ? [] : [sql`r.company_id = ${filters.companyId}`]),
      ...handler,
    ],
    orderBy: filters.state ? sql`r.created_at, r.id` : sql`(r.kind <> 'block'), r.created_at, r.id`,
    offset: filters.offset ?? 0,
    limit: filters.limit ?? DEFAULT_LIMIT,
  });
};

/** The staff dashboard's figures of the queue (docs/requests.md, 'The queue'). */
export const queueSummary = async (db: Db, nowMs: number = Date.now()): Promise<QueueSummaryAnswer> => {
  const before = new Date(oneWorkingDayBefore(nowMs));
  const [row] = await queryRows<{ open: number; oldest_block: number | null; older: number }>(
    db,
    sql`select count(*)::int as open,
        floor(extract(epoch from min(r.created_at) filter (where r.kind = 'block')))::bigint::int as oldest_block,
        (count(*) filter (where r.created_at < ${before.toISOString()}::timestamptz))::int as older
      from requests r where ${OPEN_IN_QUEUE}`,
  );
  return {
    open: row.open,
    oldest_block_seconds: row.oldest_block === null ? null : Math.max(0, Math.floor(nowMs / 1000) - row.oldest_block),
    older_than_working_day: row.older,
  };
};
