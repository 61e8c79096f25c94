import { eq, inArray, sql } from 'drizzle-orm';
import { parseId } from '../../../domain/ids';
import type { Db } from '../../db';
import { articleGroups, articles, companies, endUsers, parentCompanies, services, users } from '../../db/schema';

/** An entry as far as naming its object goes. */
export interface AuditSubjectRef {
  entity: string;
  entityId: string | null;
  changes: unknown;
}

type Names = Map<number, string>;

const fullName = sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`;
const endUserName = sql<string>`trim(${endUsers.firstname} || ' ' || ${endUsers.lastname})`;

/** The current names of the objects of one kind, by id. */
const LOOKUPS: Record<string, (db: Db, ids: number[]) => Promise<{ id: number; name: string }[]>> = {
  article: (db, ids) => db.select({ id: articles.id, name: articles.name }).from(articles).where(inArray(articles.id, ids)),
  article_group: (db, ids) => db.select({ id: articleGroups.id, name: articleGroups.name }).from(articleGroups).where(inArray(articleGroups.id, ids)),
  company: (db, ids) => db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, ids)),
  parent_company: (db, ids) =>
    db.select({ id: parentCompanies.id, name: parentCompanies.name }).from(parentCompanies).where(inArray(parentCompanies.id, ids)),
  user: (db, ids) => db.select({ id: users.id, name: fullName }).from(users).where(inArray(users.id, ids)),
  end_user: (db, ids) => db.select({ id: endUsers.id, name: endUserName }).from(endUsers).where(inArray(endUsers.id, ids)),
  // A service is known by its article and, when it has one, its end user.
  service: (db, ids) =>
    db
      .select({ id: services.id, name: sql<string>`${articles.name} || coalesce(' – ' || nullif(${endUserName}, ''), '')` })
      .from(services)
      .innerJoin(articles, eq(articles.id, services.articleId))
      .leftJoin(endUsers, eq(endUsers.id, services.endUserId))
      .where(inArray(services.id, ids)),
};

const articleIdOf = (changes: unknown) => parseId((changes as { article_id?: unknown } | null)?.article_id);

/** Where an entry's object is found: its own row, or (bulk entries, removed services) its article's. */
const lookupOf = ({ entity, entityId, changes }: AuditSubjectRef): { kind: string; id: number } | null => {
  const own = parseId(entityId);
  if (entity === 'bulk_service') {
    const articleId = articleIdOf(changes);
    return articleId === null ? null : { kind: 'article', id: articleId };
  }
  return own !== null && entity in LOOKUPS ? { kind: entity, id: own } : null;
};

/**
 * The names of the entries' objects as they are called now, so the change log shows names and not
 * numbers: one query per kind of object on the page. A removed object has no name here (the entry
 * may have recorded it); a removed service is named by its article.
 */
export const subjectNames = async (db: Db, entries: AuditSubjectRef[]): Promise<(string | null)[]> => {
  const wanted = new Map<string, Set<number>>();
  const want = (kind: string, id: number) => wanted.set(kind, (wanted.get(kind) ?? new Set()).add(id));
  for (const entry of entries) {
    const lookup = lookupOf(entry);
    if (lookup) want(lookup.kind, lookup.id);
    const articleId = entry.entity === 'service' ? articleIdOf(entry.changes) : null;
    if (articleId !== null) want('article', articleId);
  }
  const found = new Map<string, Names>();
  await Promise.all(
    [...wanted].map(async ([kind, ids]) => found.set(kind, new Map((await LOOKUPS[kind](db, [...ids])).map((row) => [row.id, row.name])))),
  );
  const nameOf = (kind: string, id: number | null) => (id === null ? undefined : found.get(kind)?.get(id));
  return entries.map((entry) => {
    const lookup = lookupOf(entry);
    const name = lookup ? nameOf(lookup.kind, lookup.id) : undefined;
    const ofArticle = entry.entity === 'service' ? nameOf('article', articleIdOf(entry.changes)) : undefined;
    return (name ?? ofArticle)?.trim() || null;
  });
};
