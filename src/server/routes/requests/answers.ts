import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { isSimField, type RequestKind, type RequestState, type RequestStep } from '../../../domain/requests';
import { queryRows, type Db } from '../../db';
import { articleGroups, articles, endUsers, requestEvents, services } from '../../db/schema';
import type { RequestAnswer, RequestSummaryAnswer } from './schemas';
import { toEpoch } from '../../serialize';
import { fieldInputsOf } from '../../services/serviceRows';
import type { RequestRow } from '../../services/requests/effects';

/**
 * Requests in the API's shape (routes/requests/schemas.ts): the summary a list shows, and the
 * whole request with its afname as it is now, its details, its timeline and the caller's steps.
 */

interface SummaryRow {
  id: number;
  kind: RequestKind;
  state: RequestState;
  company_id: number;
  company_name: string;
  service_id: number | null;
  service_label: string | null;
  article_name: string | null;
  article_group_name: string | null;
  requested_by: number | null;
  requested_by_name: string;
  handler_id: number | null;
  handler_name: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * The joins every list reads through: `r` the request, `s` its afname, `a` the afname's article,
 * `g` the article group (the afname's, or porting's own).
 */
const FROM = sql`requests r
  join companies c on c.id = r.company_id
  left join services s on s.id = r.service_id
  left join articles a on a.id = s.article_id
  left join article_groups g on g.id = coalesce(a.article_group_id, r.article_group_id)`;

/**
 * How a list names the afname: its phone number (the first `used_for_cdr` value), else its first
 * field value, else the number porting asks for, else the article.
 */
const SERVICE_LABEL = sql`coalesce(
  (select i.value from service_field_inputs i join article_group_fields f on f.id = i.article_group_field_id
    where i.service_id = r.service_id and f.used_for_cdr order by f.id limit 1),
  (select i.value from service_field_inputs i where i.service_id = r.service_id order by i.article_group_field_id limit 1),
  r.details->>'number',
  a.name)`;

const toSummary = (r: SummaryRow): RequestSummaryAnswer => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  company: { id: r.company_id, name: r.company_name },
  service_id: r.service_id,
  service_label: r.service_label,
  article_name: r.article_name,
  article_group_name: r.article_group_name,
  requested_by: { id: r.requested_by, name: r.requested_by_name },
  handler: r.handler_name === null ? null : { id: r.handler_id, name: r.handler_name },
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export interface PageOptions {
  /** Conditions on `r`, `s`, `a`, `g` (see FROM), joined with and. */
  where: SQL[];
  orderBy: SQL;
  offset: number;
  limit: number;
}

/** One page of requests and how many match in all. */
export const requestPage = async (db: Db, { where, orderBy, offset, limit }: PageOptions): Promise<{ items: RequestSummaryAnswer[]; total: number }> => {
  const condition = where.length > 0 ? sql.join(where, sql` and `) : sql`true`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<SummaryRow>(
      db,
      sql`select r.id, r.kind, r.state, r.company_id, c.name as company_name, r.service_id, ${SERVICE_LABEL} as service_label,
          a.name as article_name, g.name as article_group_name, r.requested_by, r.requested_by_name, r.handler_id, r.handler_name,
          extract(epoch from r.created_at)::bigint::int as created_at, extract(epoch from r.updated_at)::bigint::int as updated_at
        from ${FROM}
        where ${condition}
        order by ${orderBy}
        limit ${limit} offset ${offset}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from ${FROM} where ${condition}`),
  ]);
  return { items: rows.map(toSummary), total };
};

/** The afname a request is about, as it is now (null once it is deleted). */
const serviceOf = async (db: Db, serviceId: number | null): Promise<RequestAnswer['service']> => {
  if (serviceId === null) return null;
  const [row] = await db
    .select({ service: services, article: articles, group: articleGroups, endUser: endUsers })
    .from(services)
    .innerJoin(articles, eq(articles.id, services.articleId))
    .innerJoin(articleGroups, eq(articleGroups.id, articles.articleGroupId))
    .leftJoin(endUsers, eq(endUsers.id, services.endUserId))
    .where(eq(services.id, serviceId))
    .limit(1);
  if (!row) return null;
  const inputs = (await fieldInputsOf(db, [serviceId])).get(serviceId) ?? [];
  const { service: s, article: a, group: g, endUser } = row;
  return {
    id: s.id,
    article_id: a.id,
    article_name: a.name,
    article_group_id: g.id,
    article_group_name: g.name,
    end_user_name: endUser ? `${endUser.firstname} ${endUser.lastname}`.trim() : null,
    number: inputs.find((i) => i.article_group_field.used_for_cdr)?.value ?? null,
    sim_number: inputs.find((i) => isSimField(i.article_group_field.name))?.value ?? null,
    input_field_1: s.inputField1,
    start_time: toEpoch(s.startTime),
    end_time: toEpoch(s.endTime),
    block_state: s.blockState,
    article_group_field_inputs: inputs,
  };
};

/** The details as stored, with the name of a tariff change's new article. */
const detailsOf = async (db: Db, request: RequestRow): Promise<RequestAnswer['details']> => {
  const details = { ...request.details } as RequestAnswer['details'];
  if (request.kind === 'tariff_change' && typeof details.article_id === 'number') {
    const [article] = await db.select({ name: articles.name }).from(articles).where(eq(articles.id, details.article_id)).limit(1);
    if (article) details.article_name = article.name;
  }
  return details;
};

const outcomeOf = (outcome: Record<string, unknown> | null): RequestAnswer['outcome'] => {
  if (!outcome) return null;
  return {
    ...(typeof outcome.sim_number === 'string' ? { sim_number: outcome.sim_number } : {}),
    ...(typeof outcome.service_id === 'number' ? { service_id: outcome.service_id } : {}),
  };
};

/** The whole request: its summary, afname, details, outcome, timeline and the steps the caller may take now. */
export const requestAnswerOf = async (db: Db, request: RequestRow, steps: RequestStep[]): Promise<RequestAnswer> => {
  const [{ items }, service, details, events, group] = await Promise.all([
    requestPage(db, { where: [sql`r.id = ${request.id}`], orderBy: sql`r.id`, offset: 0, limit: 1 }),
    serviceOf(db, request.serviceId),
    detailsOf(db, request),
    db.select().from(requestEvents).where(eq(requestEvents.requestId, request.id)).orderBy(asc(requestEvents.id)),
    request.articleGroupId === null
      ? Promise.resolve([])
      : db.select({ id: articleGroups.id, name: articleGroups.name }).from(articleGroups).where(eq(articleGroups.id, request.articleGroupId)),
  ]);
  return {
    ...items[0],
    service,
    article_group: group[0] ?? (service ? { id: service.article_group_id, name: service.article_group_name } : null),
    details,
    outcome: outcomeOf(request.outcome),
    events: events.map((e) => ({
      id: e.id,
      state: e.state,
      text: e.text,
      user_name: e.userName,
      by_provider: e.byProvider,
      created_at: toEpoch(e.createdAt),
    })),
    steps,
  };
};
