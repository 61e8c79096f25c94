import { Type, type Static } from 'typebox';
import { Nullable } from '../schemas';

/**
 * The answers of the costs screens (docs/api.md, 'How an answer is declared'; docs/costs.md).
 * Amounts are JSON numbers in euros (docs/api.md, 'Answers'), each the exact sum of cent-rounded lines.
 */

/** What one billing cycle costs, per kind of cost. */
export const costFiguresAnswer = Type.Object({ setup: Type.Number(), full: Type.Number(), periodic: Type.Number() });
export type CostFiguresAnswer = Static<typeof costFiguresAnswer>;

/** A billing cycle's costs of the period. */
const billingCycleCostsAnswer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** What the period costs. */
  costs: costFiguresAnswer,
  /** What is billed in the period (quarterly and longer cycles in advance; docs/costs.md, '7. What is invoiced in a month'). */
  invoice: costFiguresAnswer,
});

/** GET /costs: the costs of a period. */
export const periodCostsAnswer = Type.Object({
  billing_cycles: Type.Array(billingCycleCostsAnswer),
  usage: Type.Number(),
  /** Usage per category: data, voice, sms and, for a company with a group bundle, its overage (bundle). */
  usagedetail: Type.Object({
    costs: Type.Object({ data: Type.Number(), voice: Type.Number(), sms: Type.Number(), bundle: Type.Optional(Type.Number()) }),
  }),
  /** The first and last day of the months the period touches (YYYY-MM-DD). */
  start: Type.Object({ date: Type.String() }),
  end: Type.Object({ date: Type.String() }),
  /**
   * VAT (docs/cost-specification.md, 'VAT'): `total` is what the period costs excluding VAT (every
   * billing cycle's periodic, full and setup costs plus usage), `vat` the rate (percent, `VAT_RATE`)
   * of it rounded half-up to cents once, `total_including_vat` their sum.
   */
  vat: Type.Object({ rate: Type.Number(), vat: Type.Number(), total: Type.Number(), total_including_vat: Type.Number() }),
});
export type PeriodCostsAnswer = Static<typeof periodCostsAnswer>;

/** A month of GET /costsbymonth. */
export const monthCostsAnswer = Type.Object({
  /** YYYY-MM */
  month: Type.String(),
  periodic: Type.Number(),
  full: Type.Number(),
  setup: Type.Number(),
  usage: Type.Number(),
});
export type MonthCostsAnswer = Static<typeof monthCostsAnswer>;

export const costsByMonthAnswer = Type.Array(monthCostsAnswer);

/** A cost line (docs/rules.md, 'Cost lines'), plus the month, billing cycle and quantity (units of a bulk line). */
export const costLineAnswer = Type.Object({
  /** YYYY-MM */
  month: Type.String(),
  article_id: Type.Integer(),
  article_name: Type.String(),
  productgroup: Type.String(),
  billing_cycle_id: Type.Integer(),
  /** Null for the bulk units of an article. */
  service_id: Nullable(Type.Integer()),
  firstname: Nullable(Type.String()),
  lastname: Nullable(Type.String()),
  /** Units of the line: 1 for a service, the number of bulk units for a bulk line. */
  quantity: Type.Integer(),
  price: Type.Number(),
  total_price: Type.Number(),
});
export type CostLineAnswer = Static<typeof costLineAnswer>;

export const costLinesAnswer = Type.Array(costLineAnswer);

/**
 * `GET /costs/forecast`: the month's expected costs, the certain costs plus the usage so far
 * projected over the month (docs/rules.md, 'Expected costs of the current month'). Euros, 2 decimals.
 */
export const costsForecastAnswer = Type.Object({
  data: Type.Object({
    /** The month is the current business month: its figures are not final. */
    provisional: Type.Boolean(),
    /** dd-mm-yyyy: the last day the usage records cover, or null without usage yet. */
    through: Nullable(Type.String()),
    days_covered: Type.Integer(),
    days_in_month: Type.Integer(),
    /** Periodiek + Nieuwe aansluitingen + Set up. */
    certain: Type.Number(),
    usage_so_far: Type.Number(),
    expected_usage: Type.Number(),
    expected_total: Type.Number(),
  }),
});
export type CostsForecastAnswer = Static<typeof costsForecastAnswer>;

// The cost specification's and 'Per kostenplaats' answers, declared beside their calls, as the client takes them (docs/api.md, 'How an answer is declared').
export type { SpecificationCorrectionBody, SpecificationVersionAnswer, SpecificationVersionsAnswer } from './specificationSchemas';
export type { AllocationAfnameAnswer, AllocationAnswer, AllocationFieldsAnswer, AllocationRowAnswer } from './allocationSchemas';
