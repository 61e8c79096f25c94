import { type SQL, sql } from 'drizzle-orm';
import { sumToCents } from '../../../domain/costs/sums';
import { compareNames } from '../../../domain/names';
import { businessTimeToEpoch, type Month, monthKey, monthStart, shiftMonth } from '../../../domain/time';
import { type Db, queryRows } from '../../db';
import { serviceCountsOfCompany } from '../articleGroups';
import { groupBundleFigures, referenceInstants } from '../groupBundle';
import { costsByMonth } from './index';

/**
 * The group view (docs/rules.md, 'The group view'): for the month, every branch of the acting company's parent company
 * side by side with
 * - its costs, the figures of its own /costsbymonth (the same cost engine), and the group's as the
 *   exact sums of the branches' cents, so the group total is the sum of the branch totals to the cent;
 * - its services per article group, counted as its dashboard tiles count them (services active at
 *   the month's instant plus bulk units, article-groups/repository), at the instant the month's
 *   group bundle is read (docs/rules.md, 'Bundle size and use': the month's last day, or now in the running month);
 * - its group bundle use of the month, as its own bundle bar shows it (services/groupBundle).
 *
 * A branch's figures of a month are stored once computed (company_month_figures, migration 0010)
 * and shown again while nothing they come from has changed: every change of the company's
 * services, bulk entries, articles, prices, usage totals or bundle figures is noted in
 * company_changes (database triggers), the company's version is its number of changes, and a
 * stored row counts only at the version it was computed at. Of the
 * running month (whose services are counted now) a row counts for a minute. So a parent with 20
 * branches of 50,000 services each opens in milliseconds instead of seconds, and a change shows
 * at once (docs/performance.md, Group view).
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

export interface BranchOfGroup extends BranchCosts {
  /** Services and bulk units per article group of GroupCosts.article_groups (0 when none). */
  services: { article_group_id: number; count: number }[];
  /** The branch's group bundle of the month, null when it has none. */
  bundle: { total_gb: number; gb_used: number } | null;
}

export interface GroupCosts {
  parent: { id: number; name: string };
  /** 'YYYY-MM'. */
  month: string;
  /** The article groups any branch sees, in the catalogue's order. */
  article_groups: { id: number; name: string }[];
  branches: BranchOfGroup[];
  group: Omit<BranchCosts, 'company_id' | 'name'> & { services: BranchOfGroup['services'] };
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

/** The article groups on any of the companies' visibility lists, in the catalogue's order. */
const articleGroupsOf = (db: Db, companyIds: readonly number[]) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select g.id, g.name from article_groups g
      where exists (select 1 from company_article_groups v where v.article_group_id = g.id
        and v.company_id in (select unnest(${`{${companyIds.join(',')}}`}::int[])))
      order by g.sort_order, g.id`,
  );

/** A branch's figures of a month as stored (company_month_figures.figures). */
interface StoredFigures extends Omit<BranchCosts, 'company_id' | 'name'> {
  /** Services and bulk units per article group id, the groups with any. */
  services: Record<string, number>;
  bundle: BranchOfGroup['bundle'];
}

/** The company's version (SQL text): its number of changes so far. */
const versionOf = (companyId: SQL) => sql`(select coalesce(sum(changes), 0) from company_changes where company_id = ${companyId})::text`;

/** Above this many rows of a company's changes they are added up into one, so its version stays one short read. */
const CHANGES_KEPT = 1000;

/** Adds up the company's rows of changes into one when they are many (the sum, its version, stays). */
const compactChanges = async (db: Db, companyId: number) => {
  const [{ rows }] = await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from company_changes where company_id = ${companyId}`);
  if (rows <= CHANGES_KEPT) return;
  await db.execute(sql`with gone as (delete from company_changes where company_id = ${companyId} returning changes)
    insert into company_changes (company_id, changes) select ${companyId}, sum(changes) from gone`);
};

/** How long stored figures of the running month count: its services are counted now, and now moves. */
export const RUNNING_MONTH_FIGURES_MS = 60_000;

/** Branches computed at once when their figures are not stored: a few connections of the pool, no more. */
const COMPUTED_AT_ONCE = 4;

/**
 * One branch's figures of the month, with the version of its data they belong to. The version is
 * read first: every change it counts was committed before the figures were read, so they hold it;
 * a change they miss came later and raises the version past the one they are stored at.
 */
const computeFigures = async (db: Db, companyId: number, month: Month, nowMs: number) => {
  const [{ version }] = await queryRows<{ version: string }>(db, sql`select ${versionOf(sql`${companyId}`)} as version`);
  const [costs] = await costsByMonth(db, companyId, { from: month, to: month });
  const { servicesAt, bulkAt } = referenceInstants(month, nowMs);
  const counts = await serviceCountsOfCompany(db, companyId, new Date(servicesAt), new Date(bulkAt));
  const bundle = await groupBundleFigures(db, companyId, { ...month, day: 1 });
  const figures: StoredFigures = {
    periodic: costs.periodic,
    full: costs.full,
    setup: costs.setup,
    usage: costs.usage,
    total: Number(sumToCents([costs.periodic, costs.full, costs.setup, costs.usage].map(String))),
    services: Object.fromEntries([...counts].filter(([, count]) => count !== 0)),
    bundle: bundle.has_group_bundle ? { total_gb: bundle.total_gb, gb_used: bundle.gb_used } : null,
  };
  return { version, figures };
};

/** Stores computed figures, unless figures of a later version are stored already. */
const storeFigures = (db: Db, companyId: number, month: Month, version: string, figures: StoredFigures, nowMs: number) =>
  db.execute(sql`insert into company_month_figures (company_id, month, version, computed_at, figures)
    values (${companyId}, ${monthStart(month)}, ${version}, ${new Date(nowMs).toISOString()}, ${JSON.stringify(figures)}::jsonb)
    on conflict (company_id, month) do update set version = excluded.version, computed_at = excluded.computed_at, figures = excluded.figures
    where company_month_figures.version <= excluded.version`);

/** The stored figures of the branches' month that still count, by company id. */
const storedFigures = async (db: Db, companyIds: readonly number[], month: Month, nowMs: number) => {
  const next = shiftMonth(month, 1);
  const monthOver = businessTimeToEpoch(next.year, next.month, 1, 0) * 1000;
  const rows = await queryRows<{ company_id: number; current: string; version: string; computed_at: string; figures: StoredFigures }>(
    db,
    sql`select f.company_id, ${versionOf(sql`f.company_id`)} as current, f.version::text as version, f.computed_at::text as computed_at, f.figures
      from company_month_figures f
      where f.month = ${monthStart(month)} and f.company_id in (select unnest(${`{${companyIds.join(',')}}`}::int[]))`,
  );
  const counting = rows.filter((row) => {
    const computedAt = Date.parse(row.computed_at);
    return row.version === row.current && (computedAt >= monthOver || nowMs - computedAt < RUNNING_MONTH_FIGURES_MS);
  });
  return new Map(counting.map((row) => [row.company_id, row.figures]));
};

/** The branches' figures of the month: stored ones that count, the others computed (a few at a time) and stored. */
const figuresOfBranches = async (db: Db, companyIds: readonly number[], month: Month, nowMs: number) => {
  const figures = await storedFigures(db, companyIds, month, nowMs);
  const missing = companyIds.filter((id) => !figures.has(id));
  for (let i = 0; i < missing.length; i += COMPUTED_AT_ONCE) {
    await Promise.all(
      missing.slice(i, i + COMPUTED_AT_ONCE).map(async (companyId) => {
        const computed = await computeFigures(db, companyId, month, nowMs);
        await storeFigures(db, companyId, month, computed.version, computed.figures, nowMs);
        await compactChanges(db, companyId);
        figures.set(companyId, computed.figures);
      }),
    );
  }
  return figures;
};

/** The group's figures of `month`, or null when the company has no parent company. */
export const groupCosts = async (db: Db, companyId: number, month: Month, nowMs = Date.now()): Promise<GroupCosts | null> => {
  const group = await groupOf(db, companyId);
  if (!group) return null;
  const articleGroups = await articleGroupsOf(db, group.branches.map((b) => b.id));
  const figures = await figuresOfBranches(db, group.branches.map((b) => b.id), month, nowMs);
  const branches: BranchOfGroup[] = group.branches.map(({ id, name }) => {
    const { services, ...rest } = figures.get(id)!;
    return {
      company_id: id,
      name,
      ...rest,
      services: articleGroups.map((g) => ({ article_group_id: g.id, count: services[g.id] ?? 0 })),
    };
  });
  const totals = Object.fromEntries(KINDS.map((kind) => [kind, Number(sumToCents(branches.map((b) => String(b[kind]))))])) as Record<(typeof KINDS)[number], number>;
  const services = articleGroups.map((g, i) => ({
    article_group_id: g.id,
    count: branches.reduce((sum, b) => sum + b.services[i].count, 0),
  }));
  return { parent: group.parent, month: monthKey(month), article_groups: articleGroups, branches, group: { ...totals, services } };
};
