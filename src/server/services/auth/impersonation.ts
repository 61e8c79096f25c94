import { eq } from 'drizzle-orm';
import { isProviderStaff } from '../../../domain/permissions';
import type { Db } from '../../db';
import { companies } from '../../db/schema';

/**
 * Decisions section 2: provider staff may act for any company; a customer user with
 * EDIT_PARENT_COMPANY may act for the branches of its own parent company.
 */
export const mayImpersonate = async (
  db: Db,
  user: { roleId: number; companyId: number; canEditParentCompany: boolean },
  targetCompanyId: number,
): Promise<boolean> => {
  if (targetCompanyId === user.companyId) return false;
  const [target] = await db
    .select({ id: companies.id, parentCompanyId: companies.parentCompanyId })
    .from(companies)
    .where(eq(companies.id, targetCompanyId))
    .limit(1);
  if (!target) return false;
  if (isProviderStaff(user.roleId)) return true;
  if (!user.canEditParentCompany || target.parentCompanyId === null) return false;
  const [own] = await db
    .select({ parentCompanyId: companies.parentCompanyId })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  return own?.parentCompanyId === target.parentCompanyId;
};
