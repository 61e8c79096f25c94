import { Type, type Static } from 'typebox';

/** The answers of the billing cycles (docs/api.md, 'How an answer is declared'). */

export const billingCycleAnswer = Type.Object({ id: Type.Integer(), name: Type.String() });
export type BillingCycleAnswer = Static<typeof billingCycleAnswer>;

export const billingCycleListAnswer = Type.Array(billingCycleAnswer);
