import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { companies, companyArticleGroups, parentCompanies } from '../../db/schema';
import { toEpoch } from '../serialize';

export const findCompany = async (db: Db, id: number) => {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
};

/** The company in the answer shape of spec section 3. */
export const companyDto = async (db: Db, company: typeof companies.$inferSelect) => {
  const groups = await db
    .select({ id: companyArticleGroups.articleGroupId })
    .from(companyArticleGroups)
    .where(eq(companyArticleGroups.companyId, company.id))
    .orderBy(asc(companyArticleGroups.articleGroupId));
  let parentCompany = null;
  if (company.parentCompanyId !== null) {
    const [parent] = await db.select().from(parentCompanies).where(eq(parentCompanies.id, company.parentCompanyId));
    const branches = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.parentCompanyId, [company.parentCompanyId]))
      .orderBy(asc(companies.name));
    parentCompany = parent ? { id: parent.id, name: parent.name, sap_number: parent.sapNumber, companies: branches } : null;
  }
  return {
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
    article_groups: groups.map((g) => g.id),
    parent_company_id: company.parentCompanyId,
    parent_company: parentCompany,
    end_time: toEpoch(company.endTime),
  };
};
