import type { Month } from '../time';

/**
 * The cost engine's inputs and outputs (docs/costs.md). Pure data: the server fills them
 * from the database, the engine (./engine.ts) turns them into cost lines, and the client may run
 * the same engine on the same shapes. Amounts are exact decimal strings in euros; times are Unix
 * seconds; days and months are counted in Europe/Amsterdam.
 */

/** A month of the calendar (domain/time's Month): month 1..12. */
export type CostMonth = Month;

/** Periodiek, Nieuwe aansluitingen, Set up. Usage (Verbruik) comes from usage records, not from here. */
export type CostKind = 'periodic' | 'full' | 'setup';

/** One entry of an article's price history: valid from `fromTime` on. */
export interface PriceEntry {
  fromTime: number;
  price: string;
  setupPrice: string;
}

export interface CostArticle {
  id: number;
  name: string;
  /** The article group's name ("productgroup" of a cost line). */
  productgroup: string;
  /** 1 monthly, 2 quarterly, 3 half-yearly, 4 yearly. */
  billingCycleId: number;
  /** The current price and setup price, used when the history is empty. */
  price: string;
  setupPrice: string;
  priceHistory: readonly PriceEntry[];
}

export interface CostService {
  id: number;
  articleId: number;
  startTime: number;
  endTime: number | null;
  /** The service's own price and setup price; null takes the article's (docs/rules.md, 'A service's own price'). */
  price: string | null;
  setupPrice: string | null;
  firstname: string | null;
  lastname: string | null;
  /**
   * How many identical services this one stands for (default 1): the totals path (`monthsTotals`)
   * counts it that many times, so a loader may collapse services that behave alike in every month
   * it asks into one. Lines name one service each: `costsOfMonth` takes only count 1.
   */
  count?: number;
}

/** A bulk service entry: a positive amount adds units from `time`, a negative one removes them. */
export interface CostBulkEntry {
  articleId: number;
  amount: number;
  time: number;
}

export interface CostInput {
  articles: readonly CostArticle[];
  /** Hard-deleted services are simply absent. */
  services: readonly CostService[];
  bulkEntries: readonly CostBulkEntry[];
}

/**
 * One line: a service (or the bulk units of an article, `service_id` null) and one kind of cost
 * in one month. `price` is the unit amount before rounding, `total_price` the line amount rounded
 * half-up to cents once (docs/rules.md, 'Exact money'); totals are sums of `total_price`.
 */
export interface CostLine {
  kind: CostKind;
  article_id: number;
  article_name: string;
  productgroup: string;
  billing_cycle_id: number;
  service_id: number | null;
  firstname: string | null;
  lastname: string | null;
  /** 1 for a service; the number of units for bulk. */
  quantity: number;
  /** The period price or setup price that applied (exact decimal string). */
  price: string;
  /** The amount of the line in euros, 2 decimals (decimal string). */
  total_price: string;
}

export interface MonthCosts {
  month: CostMonth;
  /** What the month costs: periodic, full (pro rata) and setup lines. */
  costs: CostLine[];
  /** What is billed in the month: for a 1-month cycle the same as `costs`. */
  invoice: CostLine[];
}

/** Totals per kind of one billing cycle, decimal strings with 2 decimals. */
export interface KindTotals {
  setup: string;
  full: string;
  periodic: string;
}
