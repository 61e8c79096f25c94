/**
 * The cost engine (its rules explained with worked examples in docs/costs.md): what a
 * month costs and what is invoiced in it, per service and per article's bulk units. Pure: the
 * same input and month always give the same lines, the input is never changed, and the module
 * keeps nothing between calls.
 *
 * One set of rules decides a month: an article's plan (prices and billing period, ./periods.ts), a
 * service's terms (`decideService`) and the amounts of those terms (`serviceAmounts`, both in
 * ./serviceTerms.ts), an article's bulk amounts (`bulkAmounts`, ./bulkUnits.ts). This module holds
 * the two paths that only consume them: `costsOfMonth` builds a line per amount, `monthsTotals`
 * counts services with the same terms and adds each amount times its count (./totals.ts).
 *
 * Every line is rounded half-up to cents once, from unrounded intermediates, and totals are sums
 * of the rounded lines (docs/rules.md, 'Exact money'; ./amounts.ts). Quantities and day counts are
 * integers and stay plain numbers.
 */
import { assertMonth } from './calendar';
import { CostCache } from './amounts';
import { planMonth, plansById, type ArticlePlan, type ArticlePrices } from './periods';
import { decideService, newAmounts, newTerms, serviceAmounts, termsKey, termsOfKey } from './serviceTerms';
import { bulkAmounts, bulkUnitsByArticle, type BulkTerms, type BulkUnits } from './bulkUnits';
import { CycleCounts } from './totals';
import type { CostInput, CostKind, CostLine, CostMonth, CostService, KindTotals, MonthCosts } from './types';

/* The line path: one line per amount. */

const serviceLine = (
  kind: CostKind,
  plan: ArticlePlan,
  service: CostService,
  price: string,
  total: string,
): CostLine => ({
  kind,
  article_id: plan.article.id,
  article_name: plan.article.name,
  productgroup: plan.article.productgroup,
  billing_cycle_id: plan.article.billingCycleId,
  service_id: service.id,
  firstname: service.firstname,
  lastname: service.lastname,
  quantity: 1,
  price,
  total_price: total,
});

const bulkLine = (kind: CostKind, plan: ArticlePlan, quantity: number, total: string): CostLine => ({
  kind,
  article_id: plan.article.id,
  article_name: plan.article.name,
  productgroup: plan.article.productgroup,
  billing_cycle_id: plan.article.billingCycleId,
  service_id: null,
  firstname: null,
  lastname: null,
  quantity,
  price: plan.price,
  total_price: total,
});

const bulkLines = (plan: ArticlePlan, terms: BulkTerms): CostLine[] => {
  const lines: CostLine[] = [];
  if (terms.periodic !== null) lines.push(bulkLine('periodic', plan, terms.periodicUnits, terms.periodic));
  if (terms.full !== null) lines.push(bulkLine('full', plan, terms.fullUnits, terms.full));
  return lines;
};

/**
 * What a month costs and what is invoiced in it (docs/costs.md, '5. What a month costs' and '7. What is invoiced in a month'). Lines come
 * per service in input order (its periodic or full line, then its setup line), then the bulk lines
 * per article in input order. Lines that round to 0.00 are left out. Services and bulk entries of
 * an article missing from the input are ignored. For a 1-month cycle the invoice holds the very
 * same line objects as the costs: treat lines as read-only. A line is one service: a service with
 * a `count` other than 1 (collapsed services, for `monthsTotals` only) is a RangeError.
 */
export const costsOfMonth = (input: CostInput, month: CostMonth, cache = new CostCache()): MonthCosts => {
  assertMonth(month);
  const plans = plansById(planMonth(cache, input.articles, month));
  const calendar = cache.calendar(month);
  const costs: CostLine[] = [];
  const invoice: CostLine[] = [];
  const terms = newTerms();
  const amounts = newAmounts();
  for (const service of input.services) {
    if (service.count !== undefined && service.count !== 1) {
      throw new RangeError(`costsOfMonth needs one service per line: service ${service.id} has count ${service.count}`);
    }
    const plan = plans.get(service.articleId);
    if (!plan) continue;
    decideService(terms, calendar, plan, service.startTime, service.endTime ?? Infinity);
    serviceAmounts(amounts, cache, calendar, plan, service.price, service.setupPrice, terms);
    const price = service.price ?? plan.price;
    const cost = amounts.cost === null ? null : serviceLine(amounts.costKind, plan, service, price, amounts.cost);
    const setup =
      amounts.setup === null ? null : serviceLine('setup', plan, service, service.setupPrice ?? plan.setupPrice, amounts.setup);
    let billed: CostLine | null = null;
    if (amounts.invoiceIsCost) billed = cost;
    else if (amounts.invoice !== null) billed = serviceLine(amounts.invoiceKind, plan, service, price, amounts.invoice);
    if (cost) costs.push(cost);
    if (setup) costs.push(setup);
    if (billed) invoice.push(billed);
    if (setup) invoice.push(setup);
  }
  const bulk = bulkUnitsByArticle(input.bulkEntries);
  for (const article of input.articles) {
    const units = bulk.get(article.id);
    if (!units) continue;
    const plan = plans.get(article.id)!;
    const amountsOfBulk = bulkAmounts(cache, calendar, plan, units);
    const lines = bulkLines(plan, amountsOfBulk.costs);
    costs.push(...lines);
    invoice.push(...(amountsOfBulk.invoice === amountsOfBulk.costs ? lines : bulkLines(plan, amountsOfBulk.invoice)));
  }
  return { month: { year: month.year, month: month.month }, costs, invoice };
};

/* The totals path: services with the same terms counted, each amount added times its count. */

/** Totals of one month, costs and invoice, in the shape of `totalsByCycle`. */
export interface MonthTotals {
  costs: Map<number, KindTotals>;
  invoice: Map<number, KindTotals>;
}

/** Services of one article with the same own prices: the same amounts whenever their terms are the same. */
interface PriceGroup {
  /** The place in `articles` of the plan of the group's article id (the last article with that id). */
  place: number;
  ownPrice: string | null;
  ownSetupPrice: string | null;
}

/**
 * The input prepared once for any number of months: each service's price group (-1 when its
 * article is missing from the input), times (Infinity for no end) and count; bulk entries per
 * article in time order.
 */
interface PreparedInput {
  groups: PriceGroup[];
  groupOf: Int32Array;
  startTimes: Float64Array;
  endTimes: Float64Array;
  /** How many services each stands for (`CostService.count`). */
  counts: Float64Array;
  /** Per article (by place in `articles`): its bulk units, and the place of its id's plan. */
  bulk: (BulkUnits | undefined)[];
  planPlaceOf: Int32Array;
  /** Each article's last prices, for the next month (see `planMonth`). */
  prices: (ArticlePrices | undefined)[];
}

const prepareInput = (input: CostInput): PreparedInput => {
  const { articles, services } = input;
  // The plan of an article id is the one of the last article with that id (as in `plansById`).
  const lastPlace = new Map<number, number>();
  articles.forEach((article, i) => lastPlace.set(article.id, i));
  const groups: PriceGroup[] = [];
  // Most services have neither own price: one number lookup for those.
  const plainGroups = new Map<number, number>();
  const ownGroups = new Map<string, number>();
  const groupOf = new Int32Array(services.length);
  const startTimes = new Float64Array(services.length);
  const endTimes = new Float64Array(services.length);
  const counts = new Float64Array(services.length);
  services.forEach((service, i) => {
    const count = service.count ?? 1;
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new RangeError(`service ${service.id}: count must be a positive integer, not ${count}`);
    }
    const place = lastPlace.get(service.articleId);
    if (place === undefined) {
      groupOf[i] = -1;
      return;
    }
    const { price: ownPrice, setupPrice: ownSetupPrice } = service;
    const plain = ownPrice === null && ownSetupPrice === null;
    const ownKey = plain ? '' : JSON.stringify([place, ownPrice, ownSetupPrice]);
    let group = plain ? plainGroups.get(place) : ownGroups.get(ownKey);
    if (group === undefined) {
      group = groups.push({ place, ownPrice, ownSetupPrice }) - 1;
      if (plain) plainGroups.set(place, group);
      else ownGroups.set(ownKey, group);
    }
    groupOf[i] = group;
    startTimes[i] = service.startTime;
    endTimes[i] = service.endTime ?? Infinity;
    counts[i] = count;
  });
  const bulk = bulkUnitsByArticle(input.bulkEntries);
  return {
    groups,
    groupOf,
    startTimes,
    endTimes,
    counts,
    bulk: articles.map((article) => bulk.get(article.id)),
    planPlaceOf: Int32Array.from(articles, (article) => lastPlace.get(article.id)!),
    prices: [],
  };
};

const totalsOfMonth = (cache: CostCache, input: CostInput, prepared: PreparedInput, month: CostMonth): MonthTotals => {
  const plans = planMonth(cache, input.articles, month, prepared.prices);
  const calendar = cache.calendar(month);
  const { groups, groupOf, startTimes, endTimes, counts } = prepared;
  // Per price group: how many services have each terms (by `termsKey`).
  const tallies = groups.map(() => new Map<number, number>());
  const groupPlans = groups.map((g) => plans[g.place]);
  const terms = newTerms();
  for (let i = 0; i < groupOf.length; i += 1) {
    const group = groupOf[i];
    if (group < 0) continue;
    decideService(terms, calendar, groupPlans[group], startTimes[i], endTimes[i]);
    const tally = tallies[group];
    const key = termsKey(terms);
    tally.set(key, (tally.get(key) ?? 0) + counts[i]);
  }

  const costs = new CycleCounts();
  const invoice = new CycleCounts();
  const amounts = newAmounts();
  tallies.forEach((tally, group) => {
    const { ownPrice, ownSetupPrice } = groups[group];
    const plan = groupPlans[group];
    const cycle = plan.article.billingCycleId;
    for (const [key, count] of tally) {
      termsOfKey(key, terms);
      serviceAmounts(amounts, cache, calendar, plan, ownPrice, ownSetupPrice, terms);
      costs.add(cycle, amounts.costKind, amounts.cost, count);
      costs.add(cycle, 'setup', amounts.setup, count);
      invoice.add(cycle, amounts.invoiceKind, amounts.invoice, count);
      invoice.add(cycle, 'setup', amounts.setup, count);
    }
  });

  // Bulk lines per article in input order, each with the plan of its id (as `costsOfMonth`).
  prepared.bulk.forEach((units, i) => {
    if (!units) return;
    const plan = plans[prepared.planPlaceOf[i]];
    const cycle = plan.article.billingCycleId;
    const bulk = bulkAmounts(cache, calendar, plan, units);
    costs.add(cycle, 'periodic', bulk.costs.periodic);
    costs.add(cycle, 'full', bulk.costs.full);
    invoice.add(cycle, 'periodic', bulk.invoice.periodic);
    invoice.add(cycle, 'full', bulk.invoice.full);
  });
  return { costs: costs.totals(), invoice: invoice.totals() };
};

/**
 * The totals of several months without building lines: for each month exactly
 * `totalsByCycle(costsOfMonth(input, month).costs)` and `.invoice`. Services of an article with
 * the same own prices and the same terms in a month are counted together, and the amounts of each
 * such count are added times the count, exactly. Grouping the services and sorting the bulk
 * entries are done once for all months. A service with `count` N counts as N services with its
 * fields (N a positive integer). Counts are summed as doubles: exact while they stay below 2^53.
 */
export const monthsTotals = (input: CostInput, months: readonly CostMonth[], cache = new CostCache()): MonthTotals[] => {
  months.forEach(assertMonth);
  if (months.length === 0) return [];
  const prepared = prepareInput(input);
  return months.map((month) => totalsOfMonth(cache, input, prepared, month));
};

/** The totals of one month without building lines: `monthsTotals` of that month. */
export const monthTotals = (input: CostInput, month: CostMonth, cache = new CostCache()): MonthTotals =>
  monthsTotals(input, [month], cache)[0];
