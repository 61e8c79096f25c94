import type { BlockState } from '../../domain/requests';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db';

/** Rows per section; the screen pages through them 10 at a time. */
export const SEARCH_LIMIT = 200;

/** `%`, `_` and `\` in a term match themselves (LIKE's escape character is `\`). */
export const likePattern = (term: string): string => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ArticleHit {
  id: number;
  name: string;
  description: string;
  sku: string | null;
  article_group_id: number;
  article_group_name: string;
}

interface ServiceRef {
  service_id: number;
  article_id: number;
  article_name: string;
  article_group_id: number;
  article_group_name: string;
  end_user_id: number | null;
  firstname: string | null;
  lastname: string | null;
  block_state: BlockState | null;
}

/**
 * Substring search over one company's articles, end users, category field values and free
 * fields, ignoring case and accents ('zoe' finds 'Zoë', 'zoë' finds 'Zoe'): both sides go
 * through the database's search_text (lower + unaccent). Each expression matches a trigram index
 * of migration 0008. End users come in the Dutch order of the portal's lists ('de Boer' under B).
 */
export const search = async (db: Db, companyId: number, term: string) => {
  const pattern = likePattern(term);
  const [articles, endUsers, fieldInputs, freeFields] = await Promise.all([
    queryRows<ArticleHit>(
      db,
      sql`select a.id, a.name, a.description, a.sku, a.article_group_id, g.name as article_group_name
        from articles a join article_groups g on g.id = a.article_group_id
        where a.company_id = ${companyId}
          and search_text(a.name || ' ' || coalesce(a.sku, '') || ' ' || a.description) like search_text(${pattern})
        order by search_text(a.name), a.id limit ${SEARCH_LIMIT}`,
    ),
    queryRows<{ id: number; firstname: string; lastname: string }>(
      db,
      sql`select id, firstname, lastname from end_users
        where company_id = ${companyId} and search_text(firstname || ' ' || lastname) like search_text(${pattern})
        order by name_sort_key(lastname), search_text(firstname), id limit ${SEARCH_LIMIT}`,
    ),
    queryRows<ServiceRef & { id: number; value: string; field_name: string }>(
      db,
      sql`select i.id, i.value, f.name as field_name, s.id as service_id, s.article_id, a.name as article_name,
          a.article_group_id, g.name as article_group_name, s.end_user_id, e.firstname, e.lastname, s.block_state
        from service_field_inputs i
          join services s on s.id = i.service_id
          join articles a on a.id = s.article_id
          join article_groups g on g.id = a.article_group_id
          join article_group_fields f on f.id = i.article_group_field_id
          left join end_users e on e.id = s.end_user_id
        where i.company_id = ${companyId} and search_text(i.value) like search_text(${pattern})
        order by i.value, i.id limit ${SEARCH_LIMIT}`,
    ),
    queryRows<ServiceRef & { input_field_1: string | null; input_field_2: string | null; input_field_3: string | null; input_field_4: string | null }>(
      db,
      sql`select s.id as service_id, s.article_id, a.name as article_name, a.article_group_id, g.name as article_group_name,
          s.end_user_id, e.firstname, e.lastname, s.block_state, s.input_field_1, s.input_field_2, s.input_field_3, s.input_field_4
        from services s
          join articles a on a.id = s.article_id
          join article_groups g on g.id = a.article_group_id
          left join end_users e on e.id = s.end_user_id
        where s.company_id = ${companyId}
          and search_text(coalesce(s.input_field_1, '') || ' ' || coalesce(s.input_field_2, '') || ' ' || coalesce(s.input_field_3, '') || ' ' || coalesce(s.input_field_4, '')) like search_text(${pattern})
        order by s.id limit ${SEARCH_LIMIT}`,
    ),
  ]);
  const serviceOf = (r: ServiceRef) => ({
    id: r.service_id,
    article_id: r.article_id,
    article: { id: r.article_id, name: r.article_name, article_group_id: r.article_group_id, article_group_name: r.article_group_name },
    end_user: r.end_user_id === null ? null : { id: r.end_user_id, firstname: r.firstname!, lastname: r.lastname! },
    block_state: r.block_state,
  });
  return {
    article: articles,
    end_user: endUsers,
    service_article_group_field_input: fieldInputs.map((r) => ({
      id: r.id,
      value: r.value,
      article_group_field: { name: r.field_name },
      service_id: r.service_id,
      service: serviceOf(r),
    })),
    input_field: freeFields.map((r) => ({
      service_id: r.service_id,
      end_user_id: r.end_user_id,
      article: serviceOf(r).article,
      service: serviceOf(r),
      input_field_1: r.input_field_1,
      input_field_2: r.input_field_2,
      input_field_3: r.input_field_3,
      input_field_4: r.input_field_4,
    })),
  };
};
