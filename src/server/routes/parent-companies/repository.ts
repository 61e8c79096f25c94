import { and, asc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { companies, parentCompanies } from '../../db/schema';
import { audit, type AuditActor } from '../../services/audit';

type ParentRow = typeof parentCompanies.$inferSelect;

export const findParentCompany = async (db: Db, id: number): Promise<ParentRow | null> => {
  const [row] = await db.select().from(parentCompanies).where(eq(parentCompanies.id, id)).limit(1);
  return row ?? null;
};

const byName = (column: typeof companies.name | typeof parentCompanies.name) => sql`search_text(${column})`;

/** Parent companies in the answer shape `{id, name, sap_number, companies: [{id, name}]}`. */
export const listParentCompanies = async (db: Db, onlyId?: number) => {
  const parents = await db
    .select()
    .from(parentCompanies)
    .where(onlyId === undefined ? undefined : eq(parentCompanies.id, onlyId))
    .orderBy(byName(parentCompanies.name), asc(parentCompanies.id));
  if (parents.length === 0) return [];
  const branches = await db
    .select({ id: companies.id, name: companies.name, parentCompanyId: companies.parentCompanyId })
    .from(companies)
    .where(
      inArray(
        companies.parentCompanyId,
        parents.map((p) => p.id),
      ),
    )
    .orderBy(byName(companies.name), asc(companies.id));
  return parents.map((p) => ({
    id: p.id,
    name: p.name,
    sap_number: p.sapNumber,
    companies: branches.filter((b) => b.parentCompanyId === p.id).map(({ id, name }) => ({ id, name })),
  }));
};

export const parentCompanyDto = async (db: Db, id: number) => (await listParentCompanies(db, id))[0];

/**
 * Makes exactly `companyIds` the branches of the parent company (all of its branches go when
 * `companyIds` is empty). Each company that joins or leaves gets its own audit entry, so its
 * change log shows it.
 */
export const setBranches = async (db: Db, actor: AuditActor, parent: ParentRow, companyIds: number[]) => {
  const leaving = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.parentCompanyId, parent.id),
        companyIds.length > 0 ? notInArray(companies.id, companyIds) : undefined,
      ),
    );
  const joining =
    companyIds.length === 0
      ? []
      : await db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(
            and(
              inArray(companies.id, companyIds),
              or(isNull(companies.parentCompanyId), ne(companies.parentCompanyId, parent.id)),
            ),
          );
  for (const branch of leaving) await moveBranch(db, actor, branch, parent, 'remove');
  for (const branch of joining) await moveBranch(db, actor, branch, parent, 'add');
};

/** One company joins or leaves a parent company, with its audit entry. */
export const moveBranch = async (
  db: Db,
  actor: AuditActor,
  branch: { id: number; name: string },
  parent: ParentRow,
  direction: 'add' | 'remove',
) => {
  const parentCompanyId = direction === 'add' ? parent.id : null;
  await db.update(companies).set({ parentCompanyId }).where(eq(companies.id, branch.id));
  await audit(db, actor, `parent_company.${direction}`, 'company', branch.id, {
    name: branch.name,
    parent_company_id: parentCompanyId,
    parent_company_name: parent.name,
  });
};
