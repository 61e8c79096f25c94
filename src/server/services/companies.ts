import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { articleGroups, articles, companies, companyArticleGroups, parentCompanies, services, users } from '../db/schema';
import { toEpoch } from '../serialize';

type CompanyRow = typeof companies.$inferSelect;
type ParentRow = typeof parentCompanies.$inferSelect;
type Branch = { id: number; name: string };

export const findCompany = async (db: Db, id: number) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
};

/** The company in the answer shape of docs/api-company-admin.md, 'Company fields', from rows loaded beforehand. */
const toCompanyDto = (company: CompanyRow, groupIds: number[], parent: ParentRow | null, branches: Branch[]) => ({
  id: company.id,
  name: company.name,
  aliases: company.aliases,
  customer_number: company.customerNumber,
  zipcode: company.zipcode,
  address: company.address,
  city: company.city,
  sap_number: company.sapNumber,
  price_mb: Number(company.priceMb),
  input_label_1: company.inputLabel1,
  input_label_2: company.inputLabel2,
  input_label_3: company.inputLabel3,
  input_label_4: company.inputLabel4,
  article_groups: groupIds,
  parent_company_id: company.parentCompanyId,
  parent_company: parent ? { id: parent.id, name: parent.name, sap_number: parent.sapNumber, companies: branches } : null,
  end_time: toEpoch(company.endTime),
  require_two_factor: company.requireTwoFactor,
});

const byName = sql`search_text(${companies.name})`;

/** The company in the answer shape of docs/api-company-admin.md, 'Company fields'. */
export const companyDto = async (db: Db, company: CompanyRow) => {
  const groups = await db
    .select({ id: companyArticleGroups.articleGroupId })
    .from(companyArticleGroups)
    .where(eq(companyArticleGroups.companyId, company.id))
    .orderBy(asc(companyArticleGroups.articleGroupId));
  let parent: ParentRow | null = null;
  let branches: Branch[] = [];
  if (company.parentCompanyId !== null) {
    [parent = null] = await db.select().from(parentCompanies).where(eq(parentCompanies.id, company.parentCompanyId));
    branches = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.parentCompanyId, company.parentCompanyId))
      .orderBy(byName, asc(companies.id));
  }
  return toCompanyDto(company, groups.map((g) => g.id), parent, branches);
};

/** GET /companies: every company with its users, in four queries whatever the number of companies. */
export const listCompanies = async (db: Db) => {
  const [rows, groups, parents, people] = await Promise.all([
    db.select().from(companies).orderBy(byName, asc(companies.id)),
    db.select().from(companyArticleGroups).orderBy(asc(companyArticleGroups.articleGroupId)),
    db.select().from(parentCompanies),
    db
      .select({
        id: users.id,
        companyId: users.companyId,
        firstname: users.firstname,
        lastname: users.lastname,
        email: users.email,
        activated: sql<boolean>`${users.passwordHash} is not null`,
      })
      .from(users)
      .orderBy(sql`lower(${users.lastname})`, sql`lower(${users.firstname})`, asc(users.id)),
  ]);
  const groupsOf = groupBy(groups, (g) => g.companyId);
  const branchesOf = groupBy(rows, (c) => c.parentCompanyId);
  const usersOf = groupBy(people, (u) => u.companyId);
  const parentById = new Map(parents.map((p) => [p.id, p]));
  return rows.map((company) => {
    const parent = company.parentCompanyId === null ? null : (parentById.get(company.parentCompanyId) ?? null);
    const branches = (branchesOf.get(company.parentCompanyId) ?? []).map((c) => ({ id: c.id, name: c.name }));
    return {
      ...toCompanyDto(company, (groupsOf.get(company.id) ?? []).map((g) => g.articleGroupId), parent, branches),
      is_provider: company.isProvider,
      users: (usersOf.get(company.id) ?? []).map(({ companyId: _companyId, ...user }) => user),
    };
  });
};

const groupBy = <T, K>(items: T[], key: (item: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
};

/** docs/rules.md, 'Customer and SAP numbers are unique': the company other than `exceptId` that holds this customer or SAP number. */
export const companyNumberTaken = async (
  db: Db,
  numbers: { customerNumber: string | null; sapNumber: string | null },
  exceptId?: number,
): Promise<boolean> => {
  const taken = [
    numbers.customerNumber === null ? undefined : eq(companies.customerNumber, numbers.customerNumber),
    numbers.sapNumber === null ? undefined : eq(companies.sapNumber, numbers.sapNumber),
  ].filter((c) => c !== undefined);
  if (taken.length === 0) return false;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(or(...taken), exceptId === undefined ? undefined : ne(companies.id, exceptId)))
    .limit(1);
  return row !== undefined;
};

/** The ids among `ids` that are no article group. */
export const unknownArticleGroups = async (db: Db, ids: number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const found = await db.select({ id: articleGroups.id }).from(articleGroups).where(inArray(articleGroups.id, ids));
  return ids.filter((id) => !found.some((g) => g.id === id));
};

/** docs/rules.md, 'Article groups': a new company sees article groups 1-6 (those of them that exist). */
export const defaultArticleGroups = async (db: Db): Promise<number[]> => {
  const rows = await db
    .select({ id: articleGroups.id })
    .from(articleGroups)
    .where(inArray(articleGroups.id, [1, 2, 3, 4, 5, 6]))
    .orderBy(asc(articleGroups.id));
  return rows.map((r) => r.id);
};

export const hasUsers = async (db: Db, companyId: number): Promise<boolean> => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)).limit(1);
  return row !== undefined;
};

/** Articles and services of the company: while there are any, it cannot be removed. */
export const catalogueCount = async (db: Db, companyId: number): Promise<number> => {
  const [row] = await db
    .select({
      count: sql<number>`(select count(*) from ${articles} where ${articles.companyId} = ${companyId})
        + (select count(*) from ${services} where ${services.companyId} = ${companyId})`.mapWith(Number),
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.count ?? 0;
};

/**
 * The provider's own company (`is_provider`, the company of its staff) stays active and on its
 * own (docs/rules.md, 'The provider's company'): ended, every staff account would be locked
 * out; as a branch, its parent's customers could act for it; deleted, its staff would be gone. A
 * write that tries answers 400 and changes nothing.
 */
export const PROVIDER_NOT_A_BRANCH = 'Het bedrijf van de aanbieder kan geen vestiging van een hoofdbedrijf zijn.';
export const PROVIDER_NOT_ENDED = 'Het bedrijf van de aanbieder kan niet worden beëindigd.';
export const PROVIDER_NOT_DELETED = 'Het bedrijf van de aanbieder kan niet worden verwijderd.';
