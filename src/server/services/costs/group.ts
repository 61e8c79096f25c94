import { sql } from 'drizzle-orm';
import { sumToCents } from '../../../domain/costs/sums';
import { compareNames } from '../../../domain/names';
import { type Month, monthKey } from '../../../domain/time';
import { type Db, queryRows } from '../../db';
import { costsByMonth } from './index';

/**
 * The group view (issue 20): the month's costs of every branch of the acting company's parent
 * company side by side, each branch's figures those of its own /costsbymonth (the same cost
 * engine), and the group's the exact sums of the branches' cents, so the group total is the sum
 * of the branch totals to the cent.
 */

export interface BranchCosts {
  company_id: number;
  name: string;
  periodic: number;
  full: number;
  setup: number;
  usage: number;
  /** periodic + full + setup + usage. */
  total: number;
}

export interface GroupCosts {
  parent: { id: number; name: string };
  /** 'YYYY-MM'. */
  month: string;
  branches: BranchCosts[];
  group: Omit<BranchCosts, 'company_id' | 'name'>;
}

const KINDS = ['periodic', 'full', 'setup', 'usage', 'total'] as const;

/** The parent company of the company and its branches (all, ended ones too: their costs are the month's), or null without one. */
export const groupOf = async (db: Db, companyId: number) => {
  const [parent] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select p.id, p.name from companies c join parent_companies p on p.id = c.parent_company_id where c.id = ${companyId}`,
  );
  if (!parent) return null;
  const branches = await queryRows<{ id: number; name: string }>(db, sql`select id, name from companies where parent_company_id = ${parent.id}`);
  return { parent, branches: branches.sort((a, b) => compareNames(a.name, b.name)) };
};

/** The group's costs of `month`, or null when the company has no parent company. */
export const groupCosts = async (db: Db, companyId: number, month: Month): Promise<GroupCosts | null> => {
  const group = await groupOf(db, companyId);
  if (!group) return null;
  const branches: BranchCosts[] = [];
  // One branch after another: each is a /costsbymonth of its own, and a pool is shared with every other request.
  for (const branch of group.branches) {
    const [figures] = await costsByMonth(db, branch.id, { from: month, to: month });
    const total = Number(sumToCents([figures.periodic, figures.full, figures.setup, figures.usage].map(String)));
    branches.push({ company_id: branch.id, name: branch.name, periodic: figures.periodic, full: figures.full, setup: figures.setup, usage: figures.usage, total });
  }
  const groupTotals = Object.fromEntries(KINDS.map((kind) => [kind, Number(sumToCents(branches.map((b) => String(b[kind]))))])) as GroupCosts['group'];
  return { parent: group.parent, month: monthKey(month), branches, group: groupTotals };
};

