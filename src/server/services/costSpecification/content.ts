import { sql } from 'drizzle-orm';
import type { CostKind, CostLine } from '../../../domain/costs/types';
import { vatOf } from '../../../domain/costs/vat';
import { Decimal, roundCents } from '../../../domain/money';
import { compareNames, comparePeople } from '../../../domain/names';
import { businessDateOf, daysInMonth, monthKey, monthLabel, monthStart, type Month } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { hasGroupBundle } from '../groupBundle';
import { costMonths } from '../costs';
import { bundleFiguresOfMonths, usageOfMonths } from '../costs/usage';
import { usageReport } from '../usage/report';
import { numbersOfServices } from '../costs/serviceNumbers';
import type {
  CompanySpecification,
  CostSpecification,
  SpecificationArticleGroup,
  SpecificationBundle,
  SpecificationKind,
  SpecificationLine,
  SpecificationTotals,
  SpecificationUsage,
} from './types';

/**
 * The content of a cost specification (docs/cost-specification.md, 'What it shows'), worked out from
 * the same cost engine and usage figures as the costs screens: the kinds' lines are the engine's
 * cost lines of the month (`costMonths`, as /costslines* answer them), Verbruik is `usageOfMonths`
 * (as GET /costs), the usage per number is the usage report (Verbruik) of the month. Every
 * subtotal is the exact sum of the lines under it, so the kind totals are GET /costs's to the cent.
 * Memory stays bounded: usage records are never read, only the per-number totals the import keeps.
 */

/** The kinds of a specification, in the order of the costs screen. */
const KINDS: { kind: CostKind; label: string }[] = [
  { kind: 'periodic', label: 'Periodiek' },
  { kind: 'full', label: 'Nieuwe aansluitingen' },
  { kind: 'setup', label: 'Set up' },
];

const ZERO = new Decimal(0);
const sum = (amounts: Iterable<Decimal.Value>) => {
  let total = ZERO;
  for (const amount of amounts) total = total.plus(amount);
  return total;
};

/** 'Jan de Vries', '' without a name. */
const personName = (firstname: string | null, lastname: string | null) => [firstname, lastname].filter(Boolean).join(' ').trim();

/** dd-mm-jjjj */
const dutchDate = (year: number, month: number, day: number) =>
  `${String(day).padStart(2, '0')}-${String(month).padStart(2, '0')}-${year}`;

/** The totals of the first page: the four kinds, their sum (excl. VAT), the VAT on it and the total including VAT. */
const totalsOf = (kinds: { periodic: Decimal.Value; full: Decimal.Value; setup: Decimal.Value; usage: Decimal.Value }, vatRate: string): SpecificationTotals => {
  const total = sum([kinds.periodic, kinds.full, kinds.setup, kinds.usage]);
  const vat = vatOf(total, vatRate);
  return {
    periodic: new Decimal(kinds.periodic).toFixed(2),
    full: new Decimal(kinds.full).toFixed(2),
    setup: new Decimal(kinds.setup).toFixed(2),
    usage: new Decimal(kinds.usage).toFixed(2),
    total: total.toFixed(2),
    vatRate: vat.rate,
    vat: vat.vat,
    totalIncludingVat: vat.totalIncludingVat,
  };
};

/**
 * The lines of one kind per article group (in the catalogue's order) and article (by name), each
 * line as the article lists of /kosten show it: lines of 0.00 left out, highest amount first, then
 * by end user. Every subtotal is the exact sum of its lines.
 */
const kindOf = (
  kind: CostKind,
  label: string,
  lines: readonly CostLine[],
  numbers: ReadonlyMap<number, string>,
  cycles: ReadonlyMap<number, string>,
  groupOrder: ReadonlyMap<string, number>,
): SpecificationKind => {
  const groups = new Map<string, Map<number, CostLine[]>>();
  for (const line of lines) {
    if (line.kind !== kind || new Decimal(line.total_price).isZero()) continue;
    const articles = groups.get(line.productgroup) ?? new Map<number, CostLine[]>();
    groups.set(line.productgroup, articles);
    const articleLines = articles.get(line.article_id) ?? [];
    articles.set(line.article_id, articleLines);
    articleLines.push(line);
  }
  const specificationGroups: SpecificationArticleGroup[] = [...groups]
    .sort(([a], [b]) => (groupOrder.get(a) ?? Infinity) - (groupOrder.get(b) ?? Infinity) || compareNames(a, b))
    .map(([name, articles]) => {
      const specificationArticles = [...articles.values()]
        .map((articleLines) => {
          const sorted = [...articleLines].sort(
            (a, b) =>
              new Decimal(b.total_price).comparedTo(a.total_price) ||
              comparePeople(a, b) ||
              (a.service_id ?? 0) - (b.service_id ?? 0),
          );
          const shown: SpecificationLine[] = sorted.map((line) => ({
            serviceId: line.service_id,
            number: line.service_id === null ? null : (numbers.get(line.service_id) ?? null),
            endUser: personName(line.firstname, line.lastname),
            quantity: line.quantity,
            price: roundCents(line.price).toFixed(2),
            amount: new Decimal(line.total_price).toFixed(2),
          }));
          const first = articleLines[0];
          return {
            name: first.article_name,
            billingCycle: cycles.get(first.billing_cycle_id) ?? '',
            lines: shown,
            total: sum(shown.map((l) => l.amount)).toFixed(2),
          };
        })
        .sort((a, b) => compareNames(a.name, b.name) || compareNames(a.billingCycle, b.billingCycle));
      return { name, articles: specificationArticles, total: sum(specificationArticles.map((a) => a.total)).toFixed(2) };
    });
  return { kind, label, groups: specificationGroups, total: sum(specificationGroups.map((g) => g.total)).toFixed(2) };
};

/**
 * One company's month (docs/cost-specification.md, 'What it shows'): the totals per kind as GET /costs
 * answers them for the month, with the VAT at `vatRate` (percent, `app.config.vatRate`); the lines
 * per kind, article group, article and afname; Verbruik per category and per number; the group
 * bundle. Null when there is no such company.
 */
export const companySpecification = async (db: Db, companyId: number, month: Month, vatRate: string): Promise<CompanySpecification | null> => {
  const [company] = await queryRows<{ name: string; customer_number: string | null }>(
    db,
    sql`select name, customer_number from companies where id = ${companyId}`,
  );
  if (!company) return null;
  const range = { from: month, to: month };
  const lastDay = { ...month, day: daysInMonth(month.year, month.month) };
  // One after the other: inside a transaction they share one connection.
  const [costs] = await costMonths(db, companyId, range);
  const [usage] = await usageOfMonths(db, companyId, [month]);
  const numbers = await numbersOfServices(db, companyId);
  const cycleRows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from billing_cycles`);
  const groupRows = await queryRows<{ name: string; sort_order: number }>(db, sql`select name, sort_order from article_groups`);
  const report = await usageReport(db, companyId, { from: { ...month, day: 1 }, to: lastDay }, {});
  const bundle = await bundleOf(db, companyId, month, usage.overage);

  const cycles = new Map(cycleRows.map((c) => [c.id, c.name]));
  const groupOrder = new Map(groupRows.map((g) => [g.name, g.sort_order]));
  const kinds = KINDS.map(({ kind, label }) => kindOf(kind, label, costs.costs, numbers, cycles, groupOrder));
  const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.total])) as Record<CostKind, string>;

  const specificationUsage: SpecificationUsage = {
    categories: {
      data: usage.categories.data.toFixed(2),
      voice: usage.categories.voice.toFixed(2),
      sms: usage.categories.sms.toFixed(2),
      bundle: usage.categories.bundle === undefined ? null : usage.categories.bundle.toFixed(2),
    },
    total: usage.total.toFixed(2),
    numbers: report
      .map((row) => ({
        number: row.mobile_number,
        endUser: personName(row.firstname, row.lastname),
        article: row.product_name,
        dataBytes: row.data,
        callSeconds: row.call_seconds,
        sms: row.sms,
        amount: new Decimal(row.total_price).toFixed(2),
      }))
      .sort((a, b) => new Decimal(b.amount).comparedTo(a.amount) || compareNames(a.number, b.number)),
  };

  return {
    companyId,
    companyName: company.name,
    customerNumber: company.customer_number,
    totals: totalsOf({ ...byKind, usage: usage.total }, vatRate),
    kinds,
    usage: specificationUsage,
    bundle,
  };
};

/** The group bundle of the month as the bundle bar shows it, with the overage Verbruik charges; null without a group bundle. */
const bundleOf = async (
  db: Db,
  companyId: number,
  month: Month,
  overage: Awaited<ReturnType<typeof usageOfMonths>>[number]['overage'],
): Promise<SpecificationBundle | null> => {
  if (!(await hasGroupBundle(db, companyId))) return null;
  const figures = (await bundleFiguresOfMonths(db, companyId, [month])).get(monthStart(month));
  const [company] = await queryRows<{ price_mb: string }>(db, sql`select price_mb::text as price_mb from companies where id = ${companyId}`);
  return {
    totalGb: new Decimal(figures?.total_gb ?? 0).toString(),
    usedGb: new Decimal(figures?.gb_used ?? 0).toString(),
    overageMb: (overage?.mb ?? ZERO).toFixed(3),
    priceMb: new Decimal(overage?.priceMb ?? company?.price_mb ?? 0).toString(),
    amount: (overage?.amount ?? ZERO).toFixed(2),
  };
};

/** A group's month: every branch's specification and the group's totals as their exact sums, the VAT on the group's total. */
export interface GroupSpecification {
  parentCompanyId: number;
  name: string;
  totals: SpecificationTotals;
  /** Every branch of the parent company, by name. */
  companies: CompanySpecification[];
}

/**
 * The group's month (docs/cost-specification.md, 'What it shows'): every branch (companies with that
 * parent company, by name), each its own CompanySpecification; the group's totals per kind are
 * the exact sums of the branches', the VAT is worked out once on the group's total. Null when there
 * is no such parent company.
 */
export const groupSpecification = async (db: Db, parentCompanyId: number, month: Month, vatRate: string): Promise<GroupSpecification | null> => {
  const [parent] = await queryRows<{ name: string }>(db, sql`select name from parent_companies where id = ${parentCompanyId}`);
  if (!parent) return null;
  const branchRows = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from companies where parent_company_id = ${parentCompanyId}`,
  );
  branchRows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
  const companies: CompanySpecification[] = [];
  // One branch after the other: the memory of one branch at a time on top of the finished ones.
  for (const branch of branchRows) {
    const specification = await companySpecification(db, branch.id, month, vatRate);
    if (specification) companies.push(specification);
  }
  const of = (pick: (t: SpecificationTotals) => string) => sum(companies.map((c) => pick(c.totals)));
  return {
    parentCompanyId,
    name: parent.name,
    totals: totalsOf({ periodic: of((t) => t.periodic), full: of((t) => t.full), setup: of((t) => t.setup), usage: of((t) => t.usage) }, vatRate),
    companies,
  };
};

/** How a specification is marked: a draft of an open month, or the stored version it becomes, with a correction's reason. */
export interface SpecificationEdition {
  draft: boolean;
  /** 1, 2, …; null for a draft. */
  version: number | null;
  reason: string | null;
  /** When it is made: its date (business time) is printed, and the PDF's creation date is that day. */
  madeAt: Date;
}

/**
 * The whole document of a company's or a group's month: the title ('Kostenspecificatie oktober
 * 2026'), the period (the month's first and last day, dd-mm-jjjj) and how it is marked.
 */
export const specificationOf = (month: Month, content: CompanySpecification | GroupSpecification, edition: SpecificationEdition): CostSpecification => {
  const made = businessDateOf(Math.floor(edition.madeAt.getTime() / 1000));
  const isGroup = 'parentCompanyId' in content;
  return {
    title: `Kostenspecificatie ${monthLabel(month)}`,
    month: monthKey(month),
    period: { from: dutchDate(month.year, month.month, 1), to: dutchDate(month.year, month.month, daysInMonth(month.year, month.month)) },
    draft: edition.draft,
    version: edition.draft ? null : edition.version,
    reason: edition.reason,
    madeOn: dutchDate(made.year, made.month, made.day),
    totals: content.totals,
    group: isGroup ? { name: content.name } : null,
    companies: isGroup ? content.companies : [content],
  };
};
