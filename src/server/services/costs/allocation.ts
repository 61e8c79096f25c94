import { sql } from 'drizzle-orm';
import type { CostKind } from '../../../domain/costs/types';
import { Decimal } from '../../../domain/money';
import { compareNames } from '../../../domain/names';
import type { Month } from '../../../domain/time';
import { queryRows, type Db } from '../../db';
import { costMonths } from './index';
import { numbersOfServices } from './serviceNumbers';
import { usageByService, usageOfMonths } from './usage';

/**
 * Costs per cost centre (docs/cost-specification.md, 'Costs per cost centre'): a month's costs of a
 * company, or of every branch of a group, per value of a field the company chooses. Every cost
 * line of the month and every afname's priced usage goes to the value of its afname; bulk lines,
 * the group bundle overage and the usage's rounding difference go to 'Zonder waarde' (value null),
 * so the rows add up to the month's totals of /costs to the cent.
 */

/** `free:1` .. `free:4` (the company's labelled free fields) or `category:{name}` (the category fields of that name). */
export type AllocationFieldKey = string;

export interface AllocationField {
  key: AllocationFieldKey;
  name: string;
  kind: 'free' | 'category';
}

/** Euros, exact, per kind of the costs screen. */
export interface AllocationAmounts {
  periodic: Decimal;
  full: Decimal;
  setup: Decimal;
  usage: Decimal;
}

/** What one afname (or a bulk line, the bundle overage, the usage's rounding difference) costs in the month. */
export interface AllocationEntry extends AllocationAmounts {
  /** Null for a line that belongs to no afname. */
  serviceId: number | null;
  companyId: number;
  companyName: string;
  articleId: number | null;
  articleGroupId: number | null;
  articleName: string;
  productgroup: string;
  firstname: string | null;
  lastname: string | null;
  number: string | null;
  /** The afname's value of the field; null: 'Zonder waarde'. */
  value: string | null;
}

export interface AllocationRow extends AllocationAmounts {
  value: string | null;
  afnames: number;
}

const KINDS = ['periodic', 'full', 'setup', 'usage'] as const;
const ZERO = new Decimal(0);
const zeroAmounts = (): AllocationAmounts => ({ periodic: ZERO, full: ZERO, setup: ZERO, usage: ZERO });

export const totalOf = (amounts: AllocationAmounts): Decimal => KINDS.reduce((sum, kind) => sum.plus(amounts[kind]), ZERO);

/** The article name of the line that holds the difference between the month's usage and its afnames' usage, each rounded. */
export const ROUNDING_LINE = 'Afrondingsverschil verbruik';
/** The article name of the group bundle overage's line. */
export const BUNDLE_LINE = 'Data buiten groepsbundel';

const FREE_FIELDS = [1, 2, 3, 4] as const;

/**
 * The fields of the companies to allocate by: the free fields the naming company has a label for
 * (by that label), then the category fields of the article groups any of the companies sees, one
 * per name (the same name in several article groups is one field), phone numbers (`used_for_cdr`)
 * left out.
 */
export const allocationFields = async (db: Db, companyIds: readonly number[], namingCompanyId: number): Promise<AllocationField[]> => {
  const [labels] = await queryRows<{ l1: string | null; l2: string | null; l3: string | null; l4: string | null }>(
    db,
    sql`select input_label_1 as l1, input_label_2 as l2, input_label_3 as l3, input_label_4 as l4 from companies where id = ${namingCompanyId}`,
  );
  const free: AllocationField[] = FREE_FIELDS.flatMap((n) => {
    const label = labels?.[`l${n}`]?.trim();
    return label ? [{ key: `free:${n}`, name: label, kind: 'free' as const }] : [];
  });
  const categories = await queryRows<{ name: string }>(
    db,
    sql`select distinct trim(f.name) as name from article_group_fields f
      join company_article_groups v on v.article_group_id = f.article_group_id
      where v.company_id in (select unnest(${`{${companyIds.join(',')}}`}::int[])) and not f.used_for_cdr and trim(f.name) <> ''`,
  );
  const category = categories
    .map((c) => c.name)
    .sort(compareNames)
    .map((name): AllocationField => ({ key: `category:${name}`, name, kind: 'category' }));
  return [...free, ...category];
};

/** The field of `key` among the fields, or null. */
export const fieldOf = (fields: readonly AllocationField[], key: string | null | undefined): AllocationField | null =>
  (key && fields.find((f) => f.key === key)) || null;

/** The company's remembered field key (companies.cost_allocation_field), or null. */
export const chosenFieldKey = async (db: Db, companyId: number): Promise<string | null> => {
  const [row] = await queryRows<{ key: string | null }>(db, sql`select cost_allocation_field as key from companies where id = ${companyId}`);
  return row?.key ?? null;
};

export const rememberFieldKey = (db: Db, companyId: number, key: string | null) =>
  db.execute(sql`update companies set cost_allocation_field = ${key} where id = ${companyId}`);

/**
 * Each afname's value of the field, of one company, in one query: trimmed of every kind of white
 * space (a tab or a line break too), empty counting as none; of several inputs of a category field
 * the lowest.
 */
const valuesOfServices = async (db: Db, companyId: number, field: AllocationField | null): Promise<Map<number, string>> => {
  if (field === null) return new Map();
  let rows: { service_id: number; value: string }[];
  if (field.kind === 'free') {
    const column = sql.raw(`input_field_${Number(field.key.slice('free:'.length))}`);
    rows = await queryRows(db, sql`select id as service_id, ${column} as value from services where company_id = ${companyId} and ${column} is not null`);
  } else {
    rows = await queryRows(
      db,
      sql`select fi.service_id, fi.value
        from service_field_inputs fi join article_group_fields f on f.id = fi.article_group_field_id
        where fi.company_id = ${companyId} and trim(f.name) = ${field.key.slice('category:'.length)} and not f.used_for_cdr`,
    );
  }
  const values = new Map<number, string>();
  for (const row of rows) {
    const value = row.value.trim();
    const known = values.get(row.service_id);
    if (value !== '' && (known === undefined || value < known)) values.set(row.service_id, value);
  }
  return values;
};

/** The article, article group and end user of each afname of the company (for afnames with usage but no cost line). */
const servicesOf = (db: Db, companyId: number) =>
  queryRows<{ id: number; article_id: number; article_group_id: number; article_name: string; productgroup: string; firstname: string | null; lastname: string | null }>(
    db,
    sql`select s.id, a.id as article_id, a.article_group_id, a.name as article_name, g.name as productgroup, e.firstname, e.lastname
      from services s join articles a on a.id = s.article_id join article_groups g on g.id = a.article_group_id
      left join end_users e on e.id = s.end_user_id
      where s.company_id = ${companyId}`,
  );

/** One company's entries of the month: per afname its cost lines and usage, then the lines of no afname. */
const companyEntries = async (db: Db, company: { id: number; name: string }, month: Month, field: AllocationField | null): Promise<AllocationEntry[]> => {
  const [[costs], perService, [usage], values, numbers, services] = await Promise.all([
    costMonths(db, company.id, { from: month, to: month }),
    usageByService(db, company.id, month),
    usageOfMonths(db, company.id, [month]),
    valuesOfServices(db, company.id, field),
    numbersOfServices(db, company.id),
    servicesOf(db, company.id),
  ]);
  const serviceInfo = new Map(services.map((s) => [s.id, s]));
  const entries = new Map<number, AllocationEntry>();
  const entryOf = (serviceId: number): AllocationEntry => {
    let entry = entries.get(serviceId);
    if (!entry) {
      const info = serviceInfo.get(serviceId);
      entry = {
        serviceId,
        companyId: company.id,
        companyName: company.name,
        articleId: info?.article_id ?? null,
        articleGroupId: info?.article_group_id ?? null,
        articleName: info?.article_name ?? '',
        productgroup: info?.productgroup ?? '',
        firstname: info?.firstname ?? null,
        lastname: info?.lastname ?? null,
        number: numbers.get(serviceId) ?? null,
        value: values.get(serviceId) ?? null,
        ...zeroAmounts(),
      };
      entries.set(serviceId, entry);
    }
    return entry;
  };
  const loose: AllocationEntry[] = [];
  const looseLine = (articleName: string, productgroup: string): AllocationEntry => {
    const entry: AllocationEntry = {
      serviceId: null,
      companyId: company.id,
      companyName: company.name,
      articleId: null,
      articleGroupId: null,
      articleName,
      productgroup,
      firstname: null,
      lastname: null,
      number: null,
      value: null,
      ...zeroAmounts(),
    };
    loose.push(entry);
    return entry;
  };

  for (const line of costs.costs) {
    const kind: CostKind = line.kind;
    const entry = line.service_id === null ? looseLine(line.article_name, line.productgroup) : entryOf(line.service_id);
    entry[kind] = entry[kind].plus(line.total_price);
  }
  let afnamesUsage = ZERO;
  for (const { serviceId, amount } of perService) {
    if (amount.isZero()) continue;
    const entry = entryOf(serviceId);
    entry.usage = entry.usage.plus(amount);
    afnamesUsage = afnamesUsage.plus(amount);
  }
  const overage = usage.overage?.amount ?? ZERO;
  if (!overage.isZero()) looseLine(BUNDLE_LINE, '').usage = overage;
  // The month's usage is rounded per category, the afnames' per afname: the difference (a few cents at most) is a line of its own.
  const rounding = usage.total.minus(overage).minus(afnamesUsage);
  if (!rounding.isZero()) looseLine(ROUNDING_LINE, '').usage = rounding;
  return [...entries.values(), ...loose].filter((entry) => KINDS.some((kind) => !entry[kind].isZero()));
};

/** The entries of the companies' month, by total (highest first), then company and afname; without a field every entry is 'Zonder waarde'. */
export const allocationEntries = async (
  db: Db,
  companies: readonly { id: number; name: string }[],
  month: Month,
  field: AllocationField | null,
): Promise<AllocationEntry[]> => {
  const entries: AllocationEntry[] = [];
  // One company after the other: a group's branches share the pool with everyone else.
  for (const company of companies) entries.push(...(await companyEntries(db, company, month, field)));
  return entries.sort(
    (a, b) => totalOf(b).comparedTo(totalOf(a)) || compareNames(a.companyName, b.companyName) || (a.serviceId ?? Infinity) - (b.serviceId ?? Infinity),
  );
};

/** The rows per value: by value in Dutch order, 'Zonder waarde' last; each the exact sum of its entries. */
export const allocationRows = (entries: readonly AllocationEntry[]): AllocationRow[] => {
  const rows = new Map<string | null, AllocationRow>();
  for (const entry of entries) {
    const row = rows.get(entry.value) ?? { value: entry.value, afnames: 0, ...zeroAmounts() };
    for (const kind of KINDS) row[kind] = row[kind].plus(entry[kind]);
    if (entry.serviceId !== null) row.afnames += 1;
    rows.set(entry.value, row);
  }
  return [...rows.values()].sort((a, b) =>
    a.value === null ? 1 : b.value === null ? -1 : compareNames(a.value, b.value) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
};

/** The sum of rows (or entries): the month's totals. */
export const allocationTotal = (rows: readonly AllocationAmounts[]): AllocationAmounts => {
  const total = zeroAmounts();
  for (const row of rows) for (const kind of KINDS) total[kind] = total[kind].plus(row[kind]);
  return total;
};
