/**
 * What a cost specification shows (docs/cost-specification.md, 'What it shows'), worked out from the
 * same cost engine and usage figures as the costs screens, before it is laid out as a PDF. Amounts
 * are euros as exact decimal text with 2 decimals (formatted in Dutch only when drawn).
 */

/** One afname's (or bulk article's) line of a kind, as on the cost screens' article lists. */
export interface SpecificationLine {
  /** The afname's number in the portal; null for the bulk units of an article. */
  serviceId: number | null;
  /** The afname's phone number (its `used_for_cdr` field), or null. */
  number: string | null;
  /** The end user's name, '' without one. */
  endUser: string;
  quantity: number;
  /** The unit price of the line (the period price for longer billing cycles). */
  price: string;
  amount: string;
}

export interface SpecificationArticle {
  name: string;
  /** The billing cycle's name (Maandelijks, Per kwartaal, …). */
  billingCycle: string;
  lines: SpecificationLine[];
  total: string;
}

export interface SpecificationArticleGroup {
  /** The article group (productgroup). */
  name: string;
  articles: SpecificationArticle[];
  total: string;
}

/** Periodiek, Nieuwe aansluitingen or Set up, with its lines per article group and article. */
export interface SpecificationKind {
  kind: 'periodic' | 'full' | 'setup';
  /** 'Periodiek', 'Nieuwe aansluitingen', 'Set up'. */
  label: string;
  groups: SpecificationArticleGroup[];
  total: string;
}

/** A number's usage of the month, as the usage report (Verbruik) shows it to the user. */
export interface SpecificationUsageNumber {
  number: string;
  endUser: string;
  article: string;
  dataBytes: number;
  callSeconds: number;
  sms: number;
  /** The number's priced usage, rounded to cents per number. */
  amount: string;
}

export interface SpecificationUsage {
  /** The costs screen's usage categories, each rounded once: their sum is `total`. */
  categories: { data: string; voice: string; sms: string; bundle: string | null };
  total: string;
  /** Per number, highest amount first. */
  numbers: SpecificationUsageNumber[];
}

export interface SpecificationBundle {
  totalGb: string;
  usedGb: string;
  /** Data beyond the bundle in MB, 3 decimals; '0.000' within it. */
  overageMb: string;
  priceMb: string;
  /** The overage's amount, in Verbruik too. */
  amount: string;
}

/** The totals of the first page: the screen's 'Totale kosten' and the VAT on it. */
export interface SpecificationTotals {
  periodic: string;
  full: string;
  setup: string;
  usage: string;
  total: string;
  vatRate: string;
  vat: string;
  totalIncludingVat: string;
}

/** One company's month. */
export interface CompanySpecification {
  companyId: number;
  companyName: string;
  customerNumber: string | null;
  totals: SpecificationTotals;
  kinds: SpecificationKind[];
  usage: SpecificationUsage;
  bundle: SpecificationBundle | null;
}

/** The whole document: a company's month, or a group's (every branch, one after the other, after the group's totals). */
export interface CostSpecification {
  /** 'Kostenspecificatie oktober 2026' */
  title: string;
  /** YYYY-MM */
  month: string;
  /** dd-mm-jjjj, the month's first and last day. */
  period: { from: string; to: string };
  /** A draft of a month that is not final yet: 'Voorlopig' on every page. */
  draft: boolean;
  /** The stored version it becomes (1, 2, …); null for a draft. */
  version: number | null;
  /** For a correction: its reason, printed under the title. */
  reason: string | null;
  /** dd-mm-jjjj: the day it was made. */
  madeOn: string;
  /** The company's, or the group's as the sum of its branches' (to the cent). */
  totals: SpecificationTotals;
  /** Set for a group's specification: the parent company's name. */
  group: { name: string } | null;
  /** One for a company's specification; every branch for a group's, by name. */
  companies: CompanySpecification[];
}
