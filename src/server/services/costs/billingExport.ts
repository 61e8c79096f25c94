import { sql } from 'drizzle-orm';
import { CostCache, costsOfMonth, monthsInRange } from '../../../domain/costs';
import type { CostInput, CostKind, CostLine, CostMonth } from '../../../domain/costs/types';
import { Decimal } from '../../../domain/money';
import { queryRows, type Db } from '../../db';
import type { CsvCell } from '../csv';
import { loadCostInput } from './input';
import { monthKey, type MonthRange } from '../../../domain/time';
import { usageByService, usageOfMonths, type MonthUsage } from './usage';

/**
 * The billing export (docs/rules.md, 'The billing export'; docs/rules.md, 'Files'): the invoice lines of each month of a range,
 * one line per service (or bulk article) and kind, then the usage per service and the group
 * bundle overage, as input for the provider's billing system. One layout (CSV or .xlsx) for a
 * customer's own export and the provider's export of every company.
 */

export const BILLING_EXPORT_HEADER = [
  'Klantnummer',
  'SAP nummer',
  'Bedrijf',
  'Maand',
  'Soort',
  'Facturatiecyclus',
  'Artikel',
  'Productgroep',
  'Afname',
  'Eindgebruiker',
  'Aantal',
  'Prijs',
  // Amounts exclude VAT: the export says so once (docs/cost-specification.md, 'VAT').
  'Bedrag excl. btw',
];

/** The 'Soort' of a line: the costs screen's row names. */
export const KIND_NAMES: Record<CostKind | 'usage' | 'bundle', string> = {
  periodic: 'Periodiek',
  full: 'Nieuwe aansluitingen',
  setup: 'Set up',
  usage: 'Verbruik',
  bundle: 'Groepsbundel',
};

const KIND_ORDER: Record<CostKind, number> = { periodic: 0, full: 1, setup: 2 };

export interface ExportCompany {
  id: number;
  name: string;
  customer_number: string | null;
  sap_number: string | null;
}

const COMPANY_COLUMNS = sql`id, name, customer_number, sap_number`;

export const exportCompany = async (db: Db, companyId: number): Promise<ExportCompany | null> => {
  const [company] = await queryRows<ExportCompany>(db, sql`select ${COMPANY_COLUMNS} from companies where id = ${companyId}`);
  return company ?? null;
};

/** Every customer company that has services or bulk entries, by name. */
export const exportCompanies = async (db: Db): Promise<ExportCompany[]> =>
  queryRows<ExportCompany>(
    db,
    sql`select ${COMPANY_COLUMNS} from companies c
      where not c.is_provider
        and (exists (select 1 from services s where s.company_id = c.id)
          or exists (select 1 from bulk_services b where b.company_id = c.id))
      order by c.name, c.id`,
  );

/**
 * An amount cell: a number with a decimal comma and at least `decimals` decimals (a price per MB
 * keeps its sixth), never neutralised, so a negative amount (a discount) stays a number.
 */
const amountCell = (value: Decimal.Value, decimals = 2): CsvCell => {
  const amount = new Decimal(value);
  return { number: amount.toFixed(Math.max(decimals, amount.decimalPlaces())) };
};

const endUserName = (firstname: string | null, lastname: string | null) => [firstname, lastname].filter(Boolean).join(' ');

const byLineOrder = (a: CostLine, b: CostLine) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
  (a.article_name < b.article_name ? -1 : a.article_name > b.article_name ? 1 : 0) ||
  a.article_id - b.article_id ||
  (a.service_id ?? 0) - (b.service_id ?? 0);

/** The rows of one company and month: invoice lines, usage per service, bundle overage. */
const monthRows = (
  company: ExportCompany,
  input: CostInput,
  invoice: CostLine[],
  usage: MonthUsage,
  usagePerService: { serviceId: number; amount: Decimal }[],
  cycleNames: Map<number, string>,
): CsvCell[][] => {
  const head = [company.customer_number, company.sap_number, company.name, { month: monthKey(usage.month) }];
  const rows: CsvCell[][] = [...invoice].sort(byLineOrder).map((line) => [
    ...head,
    KIND_NAMES[line.kind],
    cycleNames.get(line.billing_cycle_id) ?? '',
    line.article_name,
    line.productgroup,
    line.service_id,
    endUserName(line.firstname, line.lastname),
    line.quantity,
    amountCell(line.price),
    amountCell(line.total_price),
  ]);

  const services = new Map(input.services.map((s) => [s.id, s]));
  const articles = new Map(input.articles.map((a) => [a.id, a]));
  for (const { serviceId, amount } of usagePerService) {
    if (amount.isZero()) continue;
    const service = services.get(serviceId);
    const article = service ? articles.get(service.articleId) : undefined;
    rows.push([
      ...head,
      KIND_NAMES.usage,
      cycleNames.get(1) ?? '',
      article?.name ?? '',
      article?.productgroup ?? '',
      serviceId,
      service ? endUserName(service.firstname, service.lastname) : '',
      1,
      null,
      amountCell(amount),
    ]);
  }

  if (usage.overage) {
    const { mb, priceMb, amount } = usage.overage;
    rows.push([...head, KIND_NAMES.bundle, cycleNames.get(1) ?? '', 'Data buiten groepsbundel (MB)', '', null, '', amountCell(mb.toDecimalPlaces(3), 0), amountCell(priceMb), amountCell(amount)]);
  }
  return rows;
};

/** The export rows of one company for every month of the range. */
const companyRows = async (db: Db, company: ExportCompany, range: MonthRange, cycleNames: Map<number, string>, cache: CostCache) => {
  const months: CostMonth[] = monthsInRange(range.from, range.to);
  const [input, usage, perService] = await Promise.all([
    loadCostInput(db, company.id, range),
    usageOfMonths(db, company.id, months),
    Promise.all(months.map((month) => usageByService(db, company.id, month))),
  ]);
  return months.flatMap((month, i) => monthRows(company, input, costsOfMonth(input, month, cache).invoice, usage[i], perService[i], cycleNames));
};

/** The billing export rows of these companies, one after another, under BILLING_EXPORT_HEADER (written as CSV or .xlsx). */
export const billingExportRows = async (db: Db, companies: readonly ExportCompany[], range: MonthRange): Promise<CsvCell[][]> => {
  const cycles = await queryRows<{ id: number; name: string }>(db, sql`select id, name from billing_cycles`);
  const cycleNames = new Map(cycles.map((c) => [c.id, c.name]));
  const rows: CsvCell[][] = [];
  // The companies' months share most rounded amounts: one engine cache for the whole export.
  const cache = new CostCache();
  // One company at a time: memory holds one company's services, whatever the number of companies.
  for (const company of companies) rows.push(...(await companyRows(db, company, range, cycleNames, cache)));
  return rows;
};

/** docs/rules.md, 'Files': `{YYYY-MM}-facturatie-input.csv`; a range of months names its first and last. */
export const billingExportFileName = (range: MonthRange) => {
  const from = monthKey(range.from);
  const to = monthKey(range.to);
  return from === to ? `${from}-facturatie-input.csv` : `${from}-tot-${to}-facturatie-input.csv`;
};
