// stand-in until the renderer lands: the real content (kinds, usage per number, the group bundle)
// comes with the PDF renderer; this one carries the month's totals only, so the storage, the
// routes and their tests work meanwhile.
import { sql } from 'drizzle-orm';
import { sumToCents } from '../../../domain/costs/sums';
import { vatOf } from '../../../domain/costs/vat';
import { formatIsoDate } from '../../../domain/format';
import { monthKey, monthLabel, monthRange, type Month } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { costsByMonth } from '../costs';
import type { CompanySpecification, CostSpecification, SpecificationTotals } from './types';

const totalsOf = (figures: { periodic: string; full: string; setup: string; usage: string }, vatRate: string): SpecificationTotals => {
  const total = sumToCents([figures.periodic, figures.full, figures.setup, figures.usage]);
  const vat = vatOf(total, vatRate);
  return { ...figures, total, vatRate: vat.rate, vat: vat.vat, totalIncludingVat: vat.totalIncludingVat };
};

const companyContent = async (db: Db, company: { id: number; name: string; customer_number: string | null }, month: Month, vatRate: string): Promise<CompanySpecification> => {
  const [costs] = await costsByMonth(db, company.id, { from: month, to: month });
  const figures = { periodic: costs.periodic.toFixed(2), full: costs.full.toFixed(2), setup: costs.setup.toFixed(2), usage: costs.usage.toFixed(2) };
  return {
    companyId: company.id,
    companyName: company.name,
    customerNumber: company.customer_number,
    totals: totalsOf(figures, vatRate),
    kinds: [],
    usage: { categories: { data: '0.00', voice: '0.00', sms: '0.00', bundle: null }, total: figures.usage, numbers: [] },
    bundle: null,
  };
};

const document = (month: Month, totals: SpecificationTotals, companies: CompanySpecification[], group: { name: string } | null): CostSpecification => {
  const range = monthRange(month);
  return {
    title: `Kostenspecificatie ${monthLabel(month)}`,
    month: monthKey(month),
    period: { from: formatIsoDate(range.from), to: formatIsoDate(range.to) },
    draft: true,
    version: null,
    reason: null,
    madeOn: formatIsoDate(range.to),
    totals,
    group,
    companies,
  };
};

/** The content of a company's month. */
export const companySpecification = async (db: Db, companyId: number, month: Month, vatRate: string): Promise<CostSpecification> => {
  const [company] = await queryRows<{ id: number; name: string; customer_number: string | null }>(
    db,
    sql`select id, name, customer_number from companies where id = ${companyId}`,
  );
  const content = await companyContent(db, company, month, vatRate);
  return document(month, content.totals, [content], null);
};

/** The content of a group's month: every branch of the parent company, and their sums. */
export const groupSpecification = async (db: Db, parentCompanyId: number, month: Month, vatRate: string): Promise<CostSpecification> => {
  const [parent] = await queryRows<{ name: string }>(db, sql`select name from parent_companies where id = ${parentCompanyId}`);
  const branches = await queryRows<{ id: number; name: string; customer_number: string | null }>(
    db,
    sql`select id, name, customer_number from companies where parent_company_id = ${parentCompanyId} order by name, id`,
  );
  const companies: CompanySpecification[] = [];
  for (const branch of branches) companies.push(await companyContent(db, branch, month, vatRate));
  const sum = (pick: (t: SpecificationTotals) => string) => sumToCents(companies.map((c) => pick(c.totals)));
  const totals = totalsOf({ periodic: sum((t) => t.periodic), full: sum((t) => t.full), setup: sum((t) => t.setup), usage: sum((t) => t.usage) }, vatRate);
  return document(month, totals, companies, { name: parent.name });
};
