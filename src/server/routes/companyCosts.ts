import { Type, type Static } from 'typebox';
import { sumToCents } from '../../domain/costs/sums';
import type { CostKind } from '../../domain/costs/types';
import { vatOf } from '../../domain/costs/vat';
import type { Db } from '../db';
import { costLines, costsSummary } from '../services/costs';
import { type CostsRangeQuery, monthRangeOf, rangeDates } from './costRange';
import { Nullable } from './schemas';

/**
 * A company's costs of a period and its cost lines, as /kosten shows them (docs/screens.md, 'Kosten'; docs/costs.md):
 * answered for the acting company (`GET /costs`, `/costslines…`, ../costs) and, read-only, for a branch of its
 * group (`GET /group/branches/:company_id/costs…`, ../group), with the same schemas and the same cost engine.
 * Amounts are JSON numbers in euros (docs/api.md, 'Answers'), each the exact sum of cent-rounded lines.
 */

/** What one billing cycle costs, per kind of cost. */
const costFiguresAnswer = Type.Object({ setup: Type.Number(), full: Type.Number(), periodic: Type.Number() });
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

/** A cost line (docs/rules.md, 'Cost lines'), plus the month, billing cycle and quantity (units of a bulk line). */
const costLineAnswer = Type.Object({
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

/** The line calls, by the suffix of their path (`/costslinesmonthly`, …), and the kind of cost line each answers. */
export const LINE_CALLS: Record<string, CostKind> = {
  costslinesmonthly: 'periodic',
  costslinespartly: 'full',
  costslinessetup: 'setup',
};

/** The company's costs of the months the query touches, with their VAT line (GET /costs). */
export const periodCostsOf = async (db: Db, companyId: number, query: CostsRangeQuery, vatRate: string): Promise<PeriodCostsAnswer> => {
  const range = monthRangeOf(query);
  const dates = rangeDates(range);
  const summary = await costsSummary(db, companyId, range);
  const total = sumToCents([
    ...summary.billing_cycles.flatMap((cycle) => [cycle.costs.periodic, cycle.costs.full, cycle.costs.setup].map(String)),
    String(summary.usage),
  ]);
  const vat = vatOf(total, vatRate);
  return {
    ...summary,
    start: { date: dates.from },
    end: { date: dates.to },
    vat: { rate: Number(vat.rate), vat: Number(vat.vat), total: Number(total), total_including_vat: Number(vat.totalIncludingVat) },
  };
};

/** The company's cost lines of one kind in the months the query touches. */
export const costLinesOf = (db: Db, companyId: number, query: CostsRangeQuery, kind: CostKind) =>
  costLines(db, companyId, monthRangeOf(query), kind);
