import { Type, type Static } from 'typebox';
import { Nullable } from '../schemas';

/**
 * The answers of the costs screens (docs/api.md, 'How an answer is declared'; docs/costs.md).
 * Amounts are JSON numbers in euros (docs/api.md, 'Answers'), each the exact sum of cent-rounded lines.
 */

// The month's costs and its cost lines are declared once for the acting company and a branch of its group.
export type { CostFiguresAnswer, CostLineAnswer, PeriodCostsAnswer } from '../companyCosts';

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
