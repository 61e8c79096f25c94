import { sumToCents, toCents } from '../../../domain/costs/sums';
import { formatDecimal, formatEuro } from '../../../domain/format';
import { compareNames, comparePeople } from '../../../domain/names';
import { type Month, monthKey } from '../../../domain/time';
import { chartMonths } from './costsMonths';
import type { CostFigures, CostLine, CostLineKind, CostsForecast, MonthCosts, PeriodCosts } from './costsApi';

/**
 * The figures of the costs screens, computed exactly (docs/rules.md, 'Exact money'): amounts arrive as
 * JSON numbers in euros and are only ever read through decimal.js. Every shown figure is rounded
 * half-up to cents once, and a total is the exact sum of the figures shown above it, so the
 * table always adds up to the cent. Pure functions; the selectors in selectors.ts run them.
 */

export type CostKind = keyof CostFigures | 'usage';

/** docs/screens.md, 'Detail screens': the detail screens of /kosten, by the path segment that names them. */
export const COSTS_TYPES = {
  maandelijks: { kind: 'periodic', label: 'Periodiek', lines: 'monthly' },
  'nieuwe-aansluitingen': { kind: 'full', label: 'Nieuwe aansluitingen', lines: 'partly' },
  setup: { kind: 'setup', label: 'Set up', lines: 'setup' },
  verbruik: { kind: 'usage', label: 'Verbruik', lines: null },
} as const satisfies Record<string, { kind: CostKind; label: string; lines: CostLineKind | null }>;

export type CostsType = keyof typeof COSTS_TYPES;

export const isCostsType = (value: string | undefined): value is CostsType =>
  value !== undefined && Object.hasOwn(COSTS_TYPES, value);

/** The costs types that have lines per service (all but usage). */
export type LinesCostsType = { [T in CostsType]: (typeof COSTS_TYPES)[T]['lines'] extends null ? never : T }[CostsType];

export const hasLines = (costsType: CostsType): costsType is LinesCostsType => COSTS_TYPES[costsType].lines !== null;

/** Exact amount in euros, rounded to cents: "12.30" (domain/costs/sums.ts). */
export type Cents = string;

export const isPositive = (amount: Cents) => Number(amount) > 0;

const SHORT_MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];

// ---------------------------------------------------------------------------------------------
// The month summary of /kosten

export interface SummaryRow {
  costsType: CostsType;
  label: string;
  /** What the month costs. */
  amount: Cents;
  /** What is billed in the month. */
  invoiced: Cents;
}

export interface CostsSummary {
  rows: SummaryRow[];
  /** docs/screens.md, 'Month overview': Totale kosten = setup + full + periodic + usage. */
  total: Cents;
  invoicedTotal: Cents;
  /** Some cycle bills otherwise than it costs (quarterly and longer articles are billed in advance). */
  invoiceDiffers: boolean;
  /** docs/cost-specification.md, 'VAT': the server's VAT line and total incl. VAT of the month. */
  vat: SummaryVat;
}

export interface SummaryVat {
  /** The rate in Dutch notation, without needless decimals: '21', '9', '20,5'. */
  rate: string;
  vat: Cents;
  totalIncludingVat: Cents;
}

/** A VAT rate as a percentage in Dutch notation: 21 -> '21', 20.5 -> '20,5'. */
export const vatRateText = (rate: number): string => {
  const decimals = (String(rate).split('.')[1] ?? '').length;
  return formatDecimal(rate, Math.min(decimals, 4));
};

const cycleSum = (costs: PeriodCosts, pick: (cycle: PeriodCosts['billing_cycles'][number]) => number) =>
  sumToCents(costs.billing_cycles.map(pick));

/** The summary table: the billing cycles' figures per kind, plus usage, and their total. */
export const summarizeCosts = (costs: PeriodCosts): CostsSummary => {
  const rows = (Object.keys(COSTS_TYPES) as CostsType[]).map((costsType): SummaryRow => {
    const { kind, label } = COSTS_TYPES[costsType];
    if (kind === 'usage') {
      // Usage is billed as it is used.
      const usage = toCents(costs.usage);
      return { costsType, label, amount: usage, invoiced: usage };
    }
    return {
      costsType,
      label,
      amount: cycleSum(costs, (cycle) => cycle.costs[kind]),
      invoiced: cycleSum(costs, (cycle) => cycle.invoice[kind]),
    };
  });
  return {
    rows,
    total: sumToCents(rows.map((row) => row.amount)),
    invoicedTotal: sumToCents(rows.map((row) => row.invoiced)),
    invoiceDiffers: rows.some((row) => row.amount !== row.invoiced),
    vat: { rate: vatRateText(costs.vat.rate), vat: toCents(costs.vat.vat), totalIncludingVat: toCents(costs.vat.total_including_vat) },
  };
};

// ---------------------------------------------------------------------------------------------
// The forecast of the current month (docs/rules.md, 'Expected costs of the current month')

/** How the expected costs were found, in Dutch: the certain costs plus the usage and what it rests on. */
export const forecastBasis = (forecast: CostsForecast): string => {
  const sum = `vaste kosten ${formatEuro(forecast.certain)} plus verbruik ${formatEuro(forecast.expected_usage)}`;
  if (forecast.through === null) return `${sum}: nog geen verbruik deze maand`;
  if (forecast.days_covered === forecast.days_in_month) return `${sum}, het verbruik van de hele maand (t/m ${forecast.through})`;
  return `${sum}, geschat uit het verbruik t/m ${forecast.through} (${forecast.days_covered} van ${forecast.days_in_month} dagen)`;
};

// ---------------------------------------------------------------------------------------------
// The bar chart of /kosten

export interface ChartSeries {
  kind: CostKind;
  name: string;
  /** One amount per month, oldest first; numbers for drawing only. */
  data: number[];
}

export interface MonthlyChart {
  /** Dutch month labels, oldest first: "jun 2025" … "mei 2026". */
  categories: string[];
  series: ChartSeries[];
  /** Exact totals per month, for the tooltips. */
  totals: Cents[];
}

/** docs/screens.md, 'Month overview': four stacked cost types per month; a month without an answer counts zero. */
export const monthlyChart = (months: readonly MonthCosts[], lastMonth: Month): MonthlyChart => {
  const shown = chartMonths(lastMonth);
  const byMonth = new Map(months.map((entry) => [entry.month, entry]));
  const answers = shown.map((d) => byMonth.get(monthKey(d)));
  const amountsOf = (kind: CostKind) => answers.map((answer) => toCents(answer?.[kind] ?? 0));
  const series = (Object.keys(COSTS_TYPES) as CostsType[]).map((costsType) => {
    const { kind, label } = COSTS_TYPES[costsType];
    return { kind, name: label, amounts: amountsOf(kind) };
  });
  return {
    categories: shown.map((d) => `${SHORT_MONTHS[d.month - 1]} ${d.year}`),
    series: series.map(({ kind, name, amounts }) => ({ kind, name, data: amounts.map(Number) })),
    totals: shown.map((_, i) => sumToCents(series.map((entry) => entry.amounts[i]))),
  };
};

// ---------------------------------------------------------------------------------------------
// The detail screens

export interface ArticleCosts {
  articleId: number;
  articleName: string;
  productgroup: string;
  /** Services (and bulk units) that make the amount. */
  services: number;
  amount: Cents;
}

const byAmountThenName = <T extends { amount: Cents }>(name: (row: T) => string) => (a: T, b: T) =>
  Number(b.amount) - Number(a.amount) || compareNames(name(a), name(b));

/**
 * docs/screens.md, 'Detail screens': the lines above zero, per article, highest amount first. An article's
 * amount is the exact sum of its lines' amounts.
 */
export const costsPerArticle = (lines: readonly CostLine[]): ArticleCosts[] => {
  const groups = new Map<number, { first: CostLine; amounts: Cents[]; services: number }>();
  for (const line of lines) {
    const amount = toCents(line.total_price);
    if (!isPositive(amount)) continue;
    const units = line.quantity ?? 1;
    const group = groups.get(line.article_id);
    if (group) {
      group.amounts.push(amount);
      group.services += units;
    } else {
      groups.set(line.article_id, { first: line, amounts: [amount], services: units });
    }
  }
  return [...groups.values()]
    .map(({ first, amounts, services }) => ({
      articleId: first.article_id,
      articleName: first.article_name,
      productgroup: first.productgroup,
      services,
      amount: sumToCents(amounts),
    }))
    .sort(byAmountThenName((row) => row.articleName));
};

export interface ServiceCosts {
  key: string;
  serviceId: number | null;
  firstname: string | null;
  lastname: string | null;
  /** Units the amount is for: 1 for a service, the number of bulk units for the bulk line. */
  quantity: number;
  /** The price of one unit that applied (a period or setup price), rounded for display. */
  price: Cents;
  amount: Cents;
}

/** The lines above zero of one article, highest first. */
export const serviceCostsOf = (lines: readonly CostLine[], articleId: number): ServiceCosts[] =>
  lines
    .map((line, index) => ({ line, index, amount: toCents(line.total_price) }))
    .filter(({ line, amount }) => line.article_id === articleId && isPositive(amount))
    .map(({ line, index, amount }) => ({
      key: `${line.service_id ?? 'bulk'}-${index}`,
      serviceId: line.service_id,
      firstname: line.firstname,
      lastname: line.lastname,
      quantity: line.quantity ?? 1,
      price: toCents(line.price),
      amount,
    }))
    .sort((a, b) => Number(b.amount) - Number(a.amount) || comparePeople(a, b));

/** Usage categories of `usagedetail.costs`, by the names the screens show. */
const USAGE_CATEGORIES: Record<string, string> = {
  data: 'Data',
  voice: 'Bellen',
  sms: 'SMS',
  bundle: 'Groepsbundel',
};

const categoryLabel = (key: string) => USAGE_CATEGORIES[key] ?? key.charAt(0).toUpperCase() + key.slice(1);

export interface UsageCategoryCosts {
  key: string;
  label: string;
  amount: Cents;
}

/** The usage categories above zero, highest first. */
export const usageCategories = (usage: Record<string, number>): UsageCategoryCosts[] =>
  Object.entries(usage)
    .map(([key, amount]) => ({ key, label: categoryLabel(key), amount: toCents(amount) }))
    .filter((row) => isPositive(row.amount))
    .sort(byAmountThenName((row) => row.label));

/** The total of a detail table: the exact sum of its rows. */
export const totalOf = (rows: readonly { amount: Cents }[]): Cents => sumToCents(rows.map((row) => row.amount));

// ---------------------------------------------------------------------------------------------
// Groepsoverzicht's order (docs/screens.md, 'Sorting')

/** The columns Groepsoverzicht sorts by, as the address names them (`?sorteer=totaal`), and the figure each sorts on. */
export const GROUP_SORT_KEYS = ['vestiging', 'periodiek', 'nieuwe-aansluitingen', 'setup', 'verbruik', 'totaal'] as const;
export type GroupSortKey = (typeof GROUP_SORT_KEYS)[number];

type GroupAmount = 'periodic' | 'full' | 'setup' | 'usage' | 'total';

const GROUP_SORT_AMOUNTS: Record<Exclude<GroupSortKey, 'vestiging'>, GroupAmount> = {
  periodiek: 'periodic',
  'nieuwe-aansluitingen': 'full',
  setup: 'setup',
  verbruik: 'usage',
  totaal: 'total',
};

/** An amount as whole cents, exactly: 1245 euros is 124500n (no float compares two amounts). */
const centsOf = (amount: number): bigint => BigInt(toCents(amount).replace('.', ''));

/** Compares two amounts exactly, to the cent. */
export const compareAmounts = (a: number, b: number): number => {
  const [x, y] = [centsOf(a), centsOf(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The branches in the table's order: by name the Dutch way, or by an amount (equal amounts by name, A-Z). The group's own
 * total row is not among them: it stays below, whatever the order.
 */
export const sortBranches = <Row extends { name: string } & Record<GroupAmount, number>>(
  branches: readonly Row[],
  key: GroupSortKey,
  direction: 'asc' | 'desc',
): Row[] => {
  const sign = direction === 'asc' ? 1 : -1;
  if (key === 'vestiging') return [...branches].sort((a, b) => sign * compareNames(a.name, b.name));
  const amount = GROUP_SORT_AMOUNTS[key];
  return [...branches].sort((a, b) => sign * compareAmounts(a[amount], b[amount]) || compareNames(a.name, b.name));
};
